import { queryOptions } from '@tanstack/react-query';
import type { AddSuppressionInput, ImportResult, SuppressionList } from '../../../shared/suppressions';
import { apiRequest, queryClient } from '../../lib/api';

export const suppressionQueries = {
  all: () => ['/api/suppressions'] as const,
  page: (page: number, search: string) =>
    queryOptions<SuppressionList>({
      queryKey: [`/api/suppressions?${new URLSearchParams({ page: String(page), search })}`],
    }),
};

/** Every page of the list is stale after a change (their keys all start with the list's URL). */
export const refreshSuppressions = () =>
  queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith(suppressionQueries.all()[0]),
  });

export async function addSuppression(input: AddSuppressionInput): Promise<ImportResult> {
  return (await apiRequest('POST', '/api/suppressions', input)).json();
}

export async function importSuppressions(csv: string): Promise<ImportResult> {
  return (await apiRequest('POST', '/api/suppressions/import', { csv })).json();
}

export async function removeSuppression(email: string): Promise<void> {
  await apiRequest('DELETE', `/api/suppressions/${encodeURIComponent(email)}`);
}

export const SUPPRESSIONS_EXPORT_URL = '/api/suppressions/export';
