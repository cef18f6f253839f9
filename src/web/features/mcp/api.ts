import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateApiTokenInput, createdApiTokenSchema } from '../../../shared/api-tokens';
import {
  type ConsentView,
  consentAnswerSchema,
  consentViewSchema,
  type McpConnectionList,
  mcpConnectionListSchema,
} from '../../../shared/mcp-oauth';
import { apiJson, apiRequest } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const mcpQueries = {
  connections: () =>
    queryOptions<McpConnectionList>({
      queryKey: ['/api/mcp/connections'],
      meta: { schema: mcpConnectionListSchema },
    }),
  /** The consent screen's view of an authorization request (its query string, passed as is). */
  consent: (search: string) =>
    queryOptions<ConsentView>({
      queryKey: ['/api/mcp/oauth/consent', search],
      queryFn: () => apiJson(consentViewSchema, 'GET', `/api/mcp/oauth/consent?${search}`),
      retry: false,
    }),
};

export function useRevokeConnection(cb: MutationCallbacks<void, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/mcp/connections/${id}`);
    },
    ...cb,
    onSuccess: (r, id) => {
      void qc.invalidateQueries({ queryKey: mcpQueries.connections().queryKey });
      cb.onSuccess?.(r, id);
    },
  });
}

/** A token for an assistant (the scopes the person left ticked), shown once and filled into the configurations. */
export function useCreateAssistantToken(cb: MutationCallbacks<{ token: string }, CreateApiTokenInput> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) =>
      apiJson(createdApiTokenSchema, 'POST', '/api/api-tokens', input),
    ...cb,
    onSuccess: (r, input) => {
      void qc.invalidateQueries({ queryKey: ['/api/api-tokens'] });
      cb.onSuccess?.(r, input);
    },
  });
}

/** The person's answer on the consent screen; the browser then goes where it says. */
export function useConsentDecision(
  cb: MutationCallbacks<{ redirectTo: string }, Record<string, unknown>> = {},
) {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiJson(consentAnswerSchema, 'POST', '/api/mcp/oauth/consent', body),
    ...cb,
  });
}
