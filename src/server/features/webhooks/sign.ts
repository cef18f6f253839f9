import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature scheme of webhook deliveries (documented in /api/openapi.json): an HMAC-SHA256 over
// the timestamp and the raw body, so a receiver can check both origin and freshness (no replays).

export const SIGNATURE_TOLERANCE_S = 300;

export function signature(opts: { secret: string; timestamp: number; body: string }): string {
  const v1 = createHmac('sha256', opts.secret).update(`${opts.timestamp}.${opts.body}`, 'utf8').digest('hex');
  return `t=${opts.timestamp},v1=${v1}`;
}

/**
 * What a receiver does with a delivery: parse `t` and `v1`, recompute the HMAC over the raw body,
 * compare in constant time, and refuse timestamps too far from its own clock.
 */
export function verifyWebhookSignature(opts: {
  secret: string;
  header: string | undefined;
  body: string;
  nowSeconds?: number;
  toleranceS?: number;
}): boolean {
  const parts = Object.fromEntries(
    (opts.header ?? '').split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string') return false;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (opts.toleranceS ?? SIGNATURE_TOLERANCE_S)) return false;
  const expected = Buffer.from(
    signature({ secret: opts.secret, timestamp: t, body: opts.body }).split('v1=')[1],
  );
  const got = Buffer.from(parts.v1);
  return expected.length === got.length && timingSafeEqual(expected, got);
}
