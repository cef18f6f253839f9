import { envInt } from '../../platform/config/env-helpers';

// Settings of the public API and webhooks: a fragment of the main config schema (config/index.ts).
export const apiEnv = {
  /** How long POST /api/v1/verify waits for both steps before answering `pending` with the list id. */
  API_VERIFY_TIMEOUT_MS: envInt(25_000, 100, 120_000),
  /** Requests per minute one API token may make (then 429 with Retry-After). */
  API_RATE_LIMIT_PER_MINUTE: envInt(120, 1, 100_000),
  /** Addresses one JSON list may carry (a CSV is bounded by its 10 MB instead). */
  API_MAX_JSON_EMAILS: envInt(100_000, 1, 1_000_000),
  /** First retry delay of a failed webhook delivery; it doubles with each attempt. */
  WEBHOOK_RETRY_BASE_MS: envInt(30_000, 10, 3_600_000),
  /** Attempts before a webhook delivery is given up. */
  WEBHOOK_MAX_ATTEMPTS: envInt(8, 1, 30),
  /** Time one webhook attempt may take (connect to last byte). */
  WEBHOOK_TIMEOUT_MS: envInt(10_000, 100, 60_000),
};
