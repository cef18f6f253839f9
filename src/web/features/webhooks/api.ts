import { queryOptions } from '@tanstack/react-query';
import type { CreateWebhookInput, WebhookDelivery, WebhookEndpoint } from '../../../shared/webhooks';
import { apiRequest } from '../../lib/api';

export const webhookQueries = {
  endpoints: () => queryOptions<WebhookEndpoint[]>({ queryKey: ['/api/webhooks'] }),
  /** One endpoint's delivery log; refreshes while a delivery is still being retried. */
  deliveries: (endpointId: string) =>
    queryOptions<WebhookDelivery[]>({
      queryKey: ['/api/webhooks', endpointId, 'deliveries'],
      refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
    }),
};

/** Adds an endpoint; its signing secret is in this answer only. */
export async function createWebhook(input: CreateWebhookInput): Promise<{ secret: string }> {
  return (await (await apiRequest('POST', '/api/webhooks', input)).json()) as { secret: string };
}

export async function sendTestEvent(id: string): Promise<void> {
  await apiRequest('POST', `/api/webhooks/${id}/test`);
}

export async function deleteWebhook(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/webhooks/${id}`);
}
