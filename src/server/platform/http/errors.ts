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
 * A failure the user should read. The HTTP error body carries the text under both `message` and
 * `error`, because some screens read one field and some the other, and the code as `code`.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
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

export function errorBody(message: string, extra: Record<string, unknown> = {}) {
  return { message, error: message, ...extra };
}
