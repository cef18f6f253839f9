import type { FastifyReply } from 'fastify';
import { AppError, type ErrorCode } from '../../../platform/http/errors';
import { SmartleadError } from './client';

// Our API's answer to a Smartlead failure. A rejected key is a 400 (not 401: to the web app a 401 means
// "your Verilead session ended"); a Smartlead rate limit is passed on as 429; outages are a 502.
const CODE: Record<SmartleadError['kind'], ErrorCode> = {
  auth: 'bad_request',
  bad_request: 'bad_request',
  not_found: 'bad_request',
  rate_limit: 'rate_limited',
  unreachable: 'upstream_failed',
  server: 'upstream_failed',
};

export function toAppError(err: unknown): unknown {
  // Smartlead's HTTP status stays in the log; the user reads what it means.
  if (err instanceof SmartleadError)
    return new AppError(
      CODE[err.kind],
      err.message,
      { reason: err.kind },
      `Smartlead answered ${err.status}`,
    );
  return err;
}

/**
 * Runs a request's Smartlead work and answers a Smartlead failure as ours (toAppError); a rate limit
 * carries Smartlead's wait on as our own Retry-After header.
 */
export async function smartleadCall<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SmartleadError && err.kind === 'rate_limit' && err.retryAfterMs) {
      reply.header('retry-after', String(Math.ceil(err.retryAfterMs / 1000)));
    }
    throw toAppError(err);
  }
}

/**
 * A send that cannot go on (not an HTTP answer: sends run in background jobs). The message is shown to
 * the user on the send and the campaign list.
 */
export class SendAbortedError extends Error {
  constructor(
    public readonly reason: 'create_expired' | 'batch_gave_up',
    message: string,
  ) {
    super(message);
  }
}
