import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type AddResult,
  type AddSuppressionInput,
  addResultSchema,
  type ImportResult,
  importResultSchema,
  type SuppressionList,
  suppressionListSchema,
} from '../../../shared/suppressions';
import { apiJson, apiRequest, queryClient } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const suppressionQueries = {
  all: () => ['/api/suppressions'] as const,
  page: (page: number, search: string) =>
    queryOptions<SuppressionList>({
      queryKey: [`/api/suppressions?${new URLSearchParams({ page: String(page), search })}`],
      meta: { schema: suppressionListSchema },
    }),
};

/** Every page of the list is stale after a change (their keys all start with the list's URL). */
const refreshSuppressions = () =>
  queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(suppressionQueries.all()[0]),
  });

async function addSuppression(input: AddSuppressionInput): Promise<AddResult> {
  return apiJson(addResultSchema, 'POST', '/api/suppressions', input);
}

async function importSuppressions(csv: string): Promise<ImportResult> {
  return apiJson(importResultSchema, 'POST', '/api/suppressions/import', { csv });
}

async function removeSuppression(email: string): Promise<void> {
  await apiRequest('DELETE', `/api/suppressions/${encodeURIComponent(email)}`);
}

export const SUPPRESSIONS_EXPORT_URL = '/api/suppressions/export';

/** Runs `fn`, then refreshes every page of the list before the screen's own callbacks. */
function useSuppressionChange<T, V>(fn: (v: V) => Promise<T>, cb: MutationCallbacks<T, V>) {
  return useMutation({
    mutationFn: fn,
    ...cb,
    onSuccess: (r: T, v: V) => {
      void refreshSuppressions();
      cb.onSuccess?.(r, v);
    },
  });
}

export const useAddSuppression = (cb: MutationCallbacks<AddResult, AddSuppressionInput> = {}) =>
  useSuppressionChange(addSuppression, cb);

/** Imports a CSV file (refused above `maxBytes` before anything is sent). */
export const useImportSuppressions = (maxBytes: number, cb: MutationCallbacks<ImportResult, File> = {}) =>
  useSuppressionChange(async (f: File) => {
    if (f.size > maxBytes) throw new Error('The file is too large (at most 5 MB).');
    return importSuppressions(await f.text());
  }, cb);

export const useRemoveSuppression = (cb: MutationCallbacks<void, string> = {}) =>
  useSuppressionChange(removeSuppression, cb);
