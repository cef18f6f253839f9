/**
 * Stable error codes (clients and logs may rely on them) and the HTTP status each one answers with:
 * the one table that maps failures to HTTP.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  unprocessable: 422,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  upstream_failed: 502,
  not_configured: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A failure the user should read, with two messages (decision 0936): `userMessage`, the text shown
 * (the error body's `message`), and `detail`, what only the log keeps (an upstream's answer, an id):
 * the error handler logs it and never sends it. The body is `{ code, message, ...extra }`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    /** Shown to the user as is: no internals in it. */
    public readonly userMessage: string,
    public readonly extra: Record<string, unknown> = {},
    /** For the log only. */
    public readonly detail?: string,
  ) {
    super(userMessage);
    this.statusCode = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError('bad_request', message, extra);
export const unauthorized = (message = 'Unauthorized') => new AppError('unauthorized', message);
export const paymentRequired = (message: string) =>
  new AppError('payment_required', message, { upgradeUrl: '/subscribe' });
export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooManyRequests = (message: string, extra?: Record<string, unknown>) =>
  new AppError('rate_limited', message, extra);
export const upstreamFailed = (message: string) => new AppError('upstream_failed', message);
export const notConfigured = (message: string) => new AppError('not_configured', message);

/** The one error body: the text the user reads, and what some errors add (`code`, `field`, `retryAfterSeconds`…). */
export function errorBody(message: string, extra: Record<string, unknown> = {}) {
  return { message, ...extra };
}
