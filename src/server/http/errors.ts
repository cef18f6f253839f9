/**
 * A failure the user should read. The HTTP error body carries the text under both `message` and
 * `error`, because SPEC §7 has some screens read one field and some the other.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, message, extra);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const paymentRequired = (message: string) => new AppError(402, message, { upgradeUrl: '/subscribe' });
export const forbidden = (message = 'Forbidden') => new AppError(403, message);
export const notFound = (what = 'Not found') => new AppError(404, what);
export const conflict = (message: string) => new AppError(409, message);

export function errorBody(message: string, extra: Record<string, unknown> = {}) {
  return { message, error: message, ...extra };
}
