import { z } from 'zod';

// Webhooks (decision 0600): per-account endpoints, signed deliveries, a delivery log. Used by server and web.

export const WEBHOOK_EVENTS = [
  'list.completed',
  'list.failed',
  'list.cancelled',
  'campaign.sent',
  'domain.changed',
  'find.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'test';
export const WEBHOOK_EVENT_LABELS: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  'list.completed': 'A list finished verifying',
  'list.failed': 'A list verification failed',
  'list.cancelled': 'A list verification was stopped',
  'campaign.sent': 'A campaign was sent to Smartlead',
  'domain.changed': "A sending domain's DNS checks changed (passing, warning or failing)",
  'find.completed': 'A bulk email find finished (or was stopped)',
};

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` */
export const SIGNATURE_HEADER = 'verilead-signature';
export const EVENT_HEADER = 'verilead-event';
export const DELIVERY_HEADER = 'verilead-delivery';
/**
 * The same three under names without a product name, as the webhooks card documents them (White Label
 * workspaces show no product name of ours). The verilead-* names stay for receivers built against them.
 */
export const NEUTRAL_HEADERS = {
  signature: 'webhook-signature',
  event: 'webhook-event',
  delivery: 'webhook-delivery',
} as const;
export const MAX_WEBHOOK_ENDPOINTS = 10;

export const createWebhookSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL that should receive events')
    .max(2000, 'The URL is too long')
    .url('Enter a full URL, like https://example.com/hooks/verilead'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Pick at least one event'),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** The secret's last characters, to tell endpoints apart; the secret itself is shown once. */
  secretHint: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

/** The JSON body of every delivery. */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: Record<string, unknown>;
}
