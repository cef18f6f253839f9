import { queryOptions } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenInput } from '../../../shared/api-tokens';
import { apiRequest } from '../../lib/api';
import { formatDateTime } from '../../lib/format';

export const apiTokenQueries = {
  list: () => queryOptions<ApiToken[]>({ queryKey: ['/api/api-tokens'] }),
};

/** Creates a token; its secret is in this answer only. */
export async function createApiToken(input: CreateApiTokenInput): Promise<{ token: string }> {
  return (await (await apiRequest('POST', '/api/api-tokens', input)).json()) as { token: string };
}

export async function revokeApiToken(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/api-tokens/${id}`);
}

/** When a token was created or last used, in the browser's locale. */
export const tokenTime = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');
