import { and, desc, eq } from 'drizzle-orm';
import {
  type CreateWebhookInput,
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../shared/webhooks';
import type { Config } from '../../platform/config';
import { decryptSecret, encryptSecret } from '../../platform/crypto/secret-box';
import { randomToken } from '../../platform/crypto/tokens';
import type { Db } from '../../platform/db/client';
import { badRequest, notFound } from '../../platform/http/errors';
import { assertSafeUrl, UnsafeUrlError } from '../../platform/net/safe-fetch';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
} from './schema';

type KeyConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SAFE_FETCH_ALLOW_LOOPBACK'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const context = (workspaceId: string) => `webhook:${workspaceId}`;

export const toEndpoint = (r: WebhookEndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: r.events,
  secretHint: r.secretHint,
  createdAt: r.createdAt.toISOString(),
});

export const toDelivery = (r: WebhookDeliveryRow): WebhookDelivery => ({
  id: r.id,
  endpointId: r.endpointId,
  eventId: r.eventId,
  type: r.type,
  status: r.status as WebhookDelivery['status'],
  attempts: r.attempts,
  lastStatusCode: r.lastStatusCode,
  lastError: r.lastError,
  nextAttemptAt: r.status === 'pending' ? (r.nextAttemptAt?.toISOString() ?? null) : null,
  createdAt: r.createdAt.toISOString(),
  deliveredAt: r.deliveredAt?.toISOString() ?? null,
});

const UNDELIVERABLE_URL =
  'This URL cannot receive webhooks. Use a public http:// or https:// address without a user name or password.';

/** Refuses URLs the server must not call: not http(s), credentials, or any non-public address (SSRF). */
export async function assertDeliverableUrl(url: string, config: KeyConfig): Promise<void> {
  try {
    await assertSafeUrl(url, { allowLoopback: config.SAFE_FETCH_ALLOW_LOOPBACK });
  } catch (err) {
    // One answer for every refusal: naming what a host resolved to (probe finding 5) maps internal
    // names to addresses for whoever asks.
    if (err instanceof UnsafeUrlError) throw badRequest(UNDELIVERABLE_URL);
    throw err;
  }
}

/** Adds an endpoint; its signing secret is returned this once and stored sealed. */
export async function createWebhookEndpoint(opts: {
  db: Db;
  config: KeyConfig;
  workspaceId: string;
  input: CreateWebhookInput;
  now: Date;
}): Promise<WebhookEndpoint & { secret: string }> {
  const { db, workspaceId } = opts;
  const existing = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspaceId));
  if (existing.length >= MAX_WEBHOOK_ENDPOINTS) {
    throw badRequest(`At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`);
  }
  await assertDeliverableUrl(opts.input.url, opts.config);
  const secret = `whsec_${randomToken(24)}`;
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      workspaceId,
      url: opts.input.url,
      events: [...new Set(opts.input.events)],
      secretSealed: encryptSecret({ config: opts.config, plaintext: secret, context: context(workspaceId) }),
      secretHint: secret.slice(-4),
      createdAt: opts.now,
    })
    .returning();
  return { ...toEndpoint(row), secret };
}

export async function listWebhookEndpoints(opts: {
  db: Db;
  workspaceId: string;
}): Promise<WebhookEndpoint[]> {
  const rows = await opts.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, opts.workspaceId))
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

/** The workspace's endpoint (another workspace's id is the same 404 as a missing one). */
export async function findOwnEndpoint(opts: { db: Db; workspaceId: string; endpointId: string }) {
  if (!UUID.test(opts.endpointId)) throw notFound('Webhook endpoint not found');
  const [row] = await opts.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, opts.endpointId), eq(webhookEndpoints.workspaceId, opts.workspaceId)));
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

export async function deleteWebhookEndpoint(opts: { db: Db; workspaceId: string; endpointId: string }) {
  const row = await findOwnEndpoint(opts);
  await opts.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

/** The endpoint's latest deliveries, newest first (the delivery log of the settings screen). */
export async function listDeliveries(opts: {
  db: Db;
  workspaceId: string;
  endpointId: string;
  limit?: number;
}) {
  const row = await findOwnEndpoint(opts);
  const rows = await opts.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, row.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(opts.limit ?? 50);
  return rows.map(toDelivery);
}

export function openSecret(opts: { config: KeyConfig; endpoint: WebhookEndpointRow }): string {
  return decryptSecret({
    config: opts.config,
    ciphertext: opts.endpoint.secretSealed,
    context: context(opts.endpoint.workspaceId),
  });
}
