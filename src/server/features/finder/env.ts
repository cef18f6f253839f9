import { z } from 'zod';
import { envInt } from '../../platform/config/env-helpers';

// The finder's settings (decision 0350): how long a company's website may take, how long a single find
// holds its request open, and how long what a website published is kept.
export const finderEnv = {
  // Time for all pages of one company's website together (robots.txt, home, contact, about, team).
  FINDER_SITE_BUDGET_MS: envInt(6000, 500, 60_000),
  // Bytes read of one page (the rest is cut off; addresses sit near the top or in the footer).
  FINDER_SITE_PAGE_BYTES: envInt(256 * 1024, 4096, 2 * 1024 * 1024),
  // Days a website's published addresses are kept before it is read again.
  FINDER_SITE_TTL_DAYS: envInt(30, 0, 365),
  // How long a single find waits for the mail server before answering 202 (poll the job then).
  FINDER_SINGLE_WAIT_MS: envInt(25_000, 0, 120_000),
  // People of one bulk find asked at once (across domains; each domain's server keeps its own cap).
  FINDER_CONCURRENCY: envInt(400, 1, 2000),
  // Test worlds only: fetch websites over plain http on this port (fakes on loopback cannot take 443).
  FINDER_WEB_PORT: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number().int().min(1).max(65535).optional(),
  ),
};
