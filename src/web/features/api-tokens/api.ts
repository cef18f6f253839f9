import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApiToken,
  apiTokenListSchema,
  type CreateApiTokenInput,
  createdApiTokenSchema,
} from '../../../shared/api-tokens';
import { apiJson, apiRequest } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const apiTokenQueries = {
  list: () =>
    queryOptions<ApiToken[]>({ queryKey: ['/api/api-tokens'], meta: { schema: apiTokenListSchema } }),
};

/** Creates a token; its secret is in this answer only. */
async function createApiToken(input: CreateApiTokenInput): Promise<{ token: string }> {
  return apiJson(createdApiTokenSchema, 'POST', '/api/api-tokens', input);
}

async function revokeApiToken(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/api-tokens/${id}`);
}

/** When a token was created or last used, in the browser's locale. */
/** Runs `fn`, then refreshes the token list before the screen's own callbacks. */
function useTokenChange<T, V>(fn: (v: V) => Promise<T>, cb: MutationCallbacks<T, V>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...cb,
    onSuccess: (r: T, v: V) => {
      void qc.invalidateQueries({ queryKey: apiTokenQueries.list().queryKey });
      cb.onSuccess?.(r, v);
    },
  });
}

export const useCreateApiToken = (cb: MutationCallbacks<{ token: string }, CreateApiTokenInput> = {}) =>
  useTokenChange(createApiToken, cb);

export const useRevokeApiToken = (cb: MutationCallbacks<void, string> = {}) =>
  useTokenChange(revokeApiToken, cb);
