import { AppError } from '../http/errors';
import { SmartleadError } from './client';

// Our API's answer to a Smartlead failure. A rejected key is a 400 (not 401: to the web app a 401 means
// "your Verilead session ended"); a Smartlead rate limit is passed on as 429; outages are a 502.
const STATUS: Record<SmartleadError['kind'], number> = {
  auth: 400,
  bad_request: 400,
  not_found: 400,
  rate_limit: 429,
  unreachable: 502,
  server: 502,
};

export function toAppError(err: unknown): unknown {
  if (err instanceof SmartleadError) return new AppError(STATUS[err.kind], err.message, { reason: err.kind });
  return err;
}
