import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebhookInput,
  createdWebhookSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookDeliveryListSchema,
  webhookEndpointListSchema,
} from '../../../shared/webhooks';
import { apiJson, apiRequest } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const webhookQueries = {
  endpoints: () =>
    queryOptions<WebhookEndpoint[]>({
      queryKey: ['/api/webhooks'],
      meta: { schema: webhookEndpointListSchema },
    }),
  /** One endpoint's delivery log; refreshes while a delivery is still being retried. */
  deliveries: (endpointId: string) =>
    queryOptions<WebhookDelivery[]>({
      queryKey: ['/api/webhooks', endpointId, 'deliveries'],
      meta: { schema: webhookDeliveryListSchema },
      refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
    }),
};

/** Adds an endpoint; its signing secret is in this answer only. */
async function createWebhook(input: CreateWebhookInput): Promise<{ secret: string }> {
  return apiJson(createdWebhookSchema, 'POST', '/api/webhooks', input);
}

async function sendTestEvent(id: string): Promise<void> {
  await apiRequest('POST', `/api/webhooks/${id}/test`);
}

async function deleteWebhook(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/webhooks/${id}`);
}

/** Runs `fn`, then refreshes what it changed (`changed`) before the screen's own callbacks. */
function useWebhookChange<T, V>(
  fn: (v: V) => Promise<T>,
  changed: (v: V) => readonly unknown[],
  cb: MutationCallbacks<T, V>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...cb,
    onSuccess: (r: T, v: V) => {
      void qc.invalidateQueries({ queryKey: changed(v) });
      cb.onSuccess?.(r, v);
    },
  });
}

const endpointsKey = () => webhookQueries.endpoints().queryKey;

/** Adds an endpoint and refreshes the list; the answer carries its signing secret, once. */
export const useCreateWebhook = (cb: MutationCallbacks<{ secret: string }, CreateWebhookInput> = {}) =>
  useWebhookChange(createWebhook, endpointsKey, cb);

/** Sends a test event to an endpoint; its delivery log refreshes. */
export const useSendTestEvent = (cb: MutationCallbacks<void, string> = {}) =>
  useWebhookChange(sendTestEvent, (id) => webhookQueries.deliveries(id).queryKey, cb);

export const useDeleteWebhook = (cb: MutationCallbacks<void, string> = {}) =>
  useWebhookChange(deleteWebhook, endpointsKey, cb);
