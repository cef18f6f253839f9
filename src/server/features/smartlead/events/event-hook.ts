import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../platform/config';
import { decryptSecret, encryptSecret } from '../../../platform/crypto/secret-box';
import type { Db } from '../../../platform/db/client';
import { smartleadEventHooks } from '../schema';

// The per-workspace events endpoint: /api/smartlead/events/<hookId>/<signature>. The hook id names the
// workspace; the signature is an HMAC of it under the workspace's own random secret (sealed at rest), so
// nobody can forge or guess another workspace's URL, and a wrong one is refused with 401. Smartlead
// cannot sign its requests' bodies, so the secret travels in the URL it is given (HTTPS in production).

type KeyConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir'>;
const context = (workspaceId: string) => `smartlead-event-hook:${workspaceId}`;

const sign = (secret: string, hookId: string) =>
  createHmac('sha256', secret).update(hookId).digest('base64url');

/** The workspace's hook, made on first use (two requests racing make one). */
export async function ensureEventHook(opts: { db: Db; config: KeyConfig; workspaceId: string }) {
  const { db, workspaceId } = opts;
  await db
    .insert(smartleadEventHooks)
    .values({
      workspaceId,
      hookId: randomBytes(12).toString('base64url'),
      secretSealed: encryptSecret({
        config: opts.config,
        plaintext: randomBytes(32).toString('base64url'),
        context: context(workspaceId),
      }),
    })
    .onConflictDoNothing({ target: smartleadEventHooks.workspaceId });
  const [hook] = await db
    .select()
    .from(smartleadEventHooks)
    .where(eq(smartleadEventHooks.workspaceId, workspaceId));
  const secret = decryptSecret({
    config: opts.config,
    ciphertext: hook!.secretSealed,
    context: context(workspaceId),
  });
  return { hookId: hook!.hookId, signature: sign(secret, hook!.hookId) };
}

/** The URL Smartlead is given for the workspace's campaigns (PUBLIC_URL must be set). */
export function eventHookUrl(publicUrl: string, hook: { hookId: string; signature: string }): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/smartlead/events/${hook.hookId}/${hook.signature}`;
}

/** The workspace an events URL belongs to, or null when the hook is unknown or the signature wrong. */
export async function workspaceOfHook(opts: {
  db: Db;
  config: KeyConfig;
  hookId: string;
  signature: string;
}): Promise<string | null> {
  const [hook] = await opts.db
    .select()
    .from(smartleadEventHooks)
    .where(eq(smartleadEventHooks.hookId, opts.hookId));
  // An unknown hook costs the same HMAC as a known one, so timing does not tell which ids exist.
  const secret = hook
    ? decryptSecret({
        config: opts.config,
        ciphertext: hook.secretSealed,
        context: context(hook.workspaceId),
      })
    : 'no-such-hook';
  const expected = Buffer.from(sign(secret, opts.hookId));
  const given = Buffer.from(opts.signature);
  const ok = expected.length === given.length && timingSafeEqual(expected, given);
  return hook && ok ? hook.workspaceId : null;
}
