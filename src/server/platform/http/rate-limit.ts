import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from '../clock';
import { AppError } from './errors';

// Request-rate limits, opt-in per route (`global: false`): a route spreads `rateLimited({...})` into its
// `config`. Counts live in this process's memory with a fixed window per key, read from the app's clock
// so tests move time instead of sleeping. The HTTP server is one process, so one count per key holds;
// failed sign-ins are limited separately, in the database (auth/login-limit.ts).

interface Entry {
  count: number;
  start: number;
}

/**
 * A bounded fixed-window store on the app's clock; the oldest keys go first when it is full. Every route's
 * store shares one map: a route counts under its own prefix, and routes with the same `groupId` (API v1)
 * count together, so one token's allowance is not multiplied by the number of routes it calls.
 */
function clockStore(clock: Clock, capacity = 20_000) {
  const shared = new Map<string, Entry>();
  return class ClockStore {
    private readonly entries = shared;
    // The plugin constructs the root store with its options (unused: the window comes with each call).
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    private live(key: string, windowMs: number, now: number): Entry | undefined {
      const e = this.entries.get(this.prefix + key);
      return e && e.start + windowMs > now ? e : undefined;
    }

    incr(
      key: string,
      cb: (err: Error | null, res: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      const now = clock().getTime();
      const e = this.live(key, windowMs, now) ?? { count: 0, start: now };
      e.count += 1;
      this.entries.delete(this.prefix + key);
      this.entries.set(this.prefix + key, e);
      if (this.entries.size > capacity) this.entries.delete(this.entries.keys().next().value as string);
      cb(null, { current: e.count, ttl: e.start + windowMs - now });
    }

    read(
      key: string,
      cb: (err: Error | null, res: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      const now = clock().getTime();
      const e = this.live(key, windowMs, now);
      cb(null, e ? { current: e.count, ttl: e.start + windowMs - now } : { current: 0, ttl: 0 });
    }

    child(routeOptions: unknown) {
      // Typed as the route's options; at run time the merged limit settings, with the route in routeInfo.
      const route = routeOptions as { groupId?: string; routeInfo?: { method?: unknown; url?: string } };
      // The plugin appends the groupId to grouped routes' keys itself.
      if (route.groupId) return new ClockStore(undefined, 'group:');
      return new ClockStore(undefined, `${String(route.routeInfo?.method)} ${route.routeInfo?.url}:`);
    }
  };
}

const wait = (seconds: number) => {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** Registers the plugin with no limit anywhere until a route asks for one. Call before any route. */
export async function installRateLimit(app: FastifyInstance, opts: { clock: Clock }) {
  await app.register(rateLimit, {
    global: false,
    store: clockStore(opts.clock),
    errorResponseBuilder: (_req, ctx) => limitError('Too many requests.', ctx.ttl),
  });
}

function limitError(what: string, ttlMs: number) {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('rate_limited', `${what} Please try again in ${wait(seconds)}.`, {
    retryAfterSeconds: seconds,
  });
}

export interface RouteRateLimit {
  /** Requests allowed per key in one window. */
  max: number;
  windowMs: number;
  /** The first sentence of the 429 message, e.g. "Too many sign-ups from this address." */
  message?: string;
  /** Whose requests are counted together; by default the client address (IPv6 by its /64). */
  keyGenerator?: (req: FastifyRequest) => string | Promise<string>;
  /**
   * When to count: `onRequest` (default, before the body is read) or `preHandler`, after the request's
   * user is known (`req.user`, `req.authKind`), for limits keyed by account or API token.
   */
  hook?: 'onRequest' | 'preHandler';
  /** Routes with the same group share one count per key (e.g. all of API v1 per token). */
  groupId?: string;
  /**
   * Answer the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers (what
   * automation tools read) instead of the `x-ratelimit-*` ones.
   */
  standardHeaders?: boolean;
}

const STANDARD_LABELS = {
  rateLimit: 'ratelimit-limit',
  rateRemaining: 'ratelimit-remaining',
  rateReset: 'ratelimit-reset',
  retryAfter: 'retry-after',
};
const allOf = (labels: Record<string, string>) =>
  Object.fromEntries(Object.values(labels).map((l) => [l, true]));

/**
 * Route config for a per-route limit: `config: { ...rateLimited({ max, windowMs }) }`. Over the limit the
 * route answers 429 with `Retry-After` (seconds) and the usual `{message, error}` body.
 */
export function rateLimited(limit: RouteRateLimit): { rateLimit: RateLimitOptions } {
  const message = limit.message ?? 'Too many requests.';
  return {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      ...(limit.keyGenerator ? { keyGenerator: limit.keyGenerator } : {}),
      ...(limit.hook ? { hook: limit.hook } : {}),
      ...(limit.groupId ? { groupId: limit.groupId } : {}),
      // Route settings are merged over the plugin's, labels included (the options' type omits them).
      ...(limit.standardHeaders
        ? ({
            labels: STANDARD_LABELS,
            addHeaders: allOf(STANDARD_LABELS),
            addHeadersOnExceeding: allOf({
              l: 'ratelimit-limit',
              r: 'ratelimit-remaining',
              t: 'ratelimit-reset',
            }),
          } as object)
        : {}),
      errorResponseBuilder: (_req, ctx) => limitError(message, ctx.ttl),
    },
  };
}

/**
 * A further limit for a route that already has one (the plugin runs one limit per request): a preHandler
 * that counts `key(req)` in its own group, e.g. per email address on top of the per-client limit.
 */
export function extraLimit(
  app: FastifyInstance,
  limit: Required<Pick<RouteRateLimit, 'max' | 'windowMs'>> & {
    message: string;
    /** Counted under `${group}:${key(req)}`, apart from every route's own counts. */
    group: string;
    key: (req: FastifyRequest) => string;
  },
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => `${limit.group}:${limit.key(req)}`,
  });
  return async (req) => {
    const res = await check(req);
    if (!res.isAllowed && res.isExceeded) throw limitError(limit.message, res.ttl);
  };
}
