// How long Smartlead asks us to wait before the next request with a key: the Retry-After header, the
// 429 body's retry_after, or a spent window in the rate-limit headers. Never longer than a minute, so a
// wrong clock or a wild header cannot stall a send.

const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Smartlead's rate-limit headers (api.smartlead.ai/guides/rate-limits): `X-RateLimit-Remaining` left in
 * the window, `X-RateLimit-Reset` its end as a Unix time in seconds. Milliseconds to hold the key when
 * nothing is left (0 otherwise), at most MAX_RETRY_AFTER_MS.
 */
export function windowSpentFor(headers: Headers, now = Date.now()): number {
  if (headers.get('x-ratelimit-remaining') !== '0') return 0;
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (!Number.isFinite(reset) || reset <= 0) return 0;
  return Math.min(Math.max(reset * 1000 - now, 0), MAX_RETRY_AFTER_MS);
}

/** The 429 body's `error.retry_after` (seconds) as the guide documents it, when there is no header. */
export function bodyRetryAfter(text: string): string | null {
  try {
    const seconds = (JSON.parse(text) as { error?: { retry_after?: unknown } })?.error?.retry_after;
    return typeof seconds === 'number' && Number.isFinite(seconds) ? String(seconds) : null;
  } catch {
    return null;
  }
}

export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 2_000;
  const secs = Number(value);
  const ms = Number.isFinite(secs) ? secs * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return 2_000;
  return Math.min(Math.max(ms, 250), MAX_RETRY_AFTER_MS);
}
