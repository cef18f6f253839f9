import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, WebhookDelivery, WebhookEndpoint } from '../../../shared/webhooks';
import { apiRequest } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

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
async function createWebhook(input: CreateWebhookInput): Promise<{ secret: string }> {
  return (await (await apiRequest('POST', '/api/webhooks', input)).json()) as { secret: string };
}

async function sendTestEvent(id: string): Promise<void> {
  await apiRequest('POST', `/api/webhooks/${id}/test`);
}

async function deleteWebhook(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/webhooks/${id}`);
}

/** Adds an endpoint and refreshes the list; the answer carries its signing secret, once. */
export function useCreateWebhook(cb: MutationCallbacks<{ secret: string }, CreateWebhookInput> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    ...cb,
    onSuccess: (r, input) => {
      void qc.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey });
      cb.onSuccess?.(r, input);
    },
  });
}

/** Sends a test event to an endpoint; its delivery log refreshes. */
export function useSendTestEvent(cb: MutationCallbacks<void, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    ...cb,
    onSuccess: (r, id) => {
      void qc.invalidateQueries({ queryKey: webhookQueries.deliveries(id).queryKey });
      cb.onSuccess?.(r, id);
    },
  });
}

export function useDeleteWebhook(cb: MutationCallbacks<void, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    ...cb,
    onSuccess: (r, id) => {
      void qc.invalidateQueries({ queryKey: webhookQueries.endpoints().queryKey });
      cb.onSuccess?.(r, id);
    },
  });
}
