import { envInt } from '../../platform/config/env-helpers';

// Retention of what is not a list (decision 0610; lists have LISTS_RETENTION_DAYS). Usage logs 90 days,
// data exportable for 30 days after cancellation. A fragment of the main config schema (config/index.ts).
export const retentionEnv = {
  /** Scrape jobs and their profiles are deleted this many days after the job was started. */
  SCRAPES_RETENTION_DAYS: envInt(30, 1, 3650),
  /** Activity log entries (who did what in a workspace) are deleted after this many days. */
  ACTIVITY_RETENTION_DAYS: envInt(90, 1, 3650),
  /** Monthly usage counters kept, this month included (the usage screen charts six). */
  USAGE_RETENTION_MONTHS: envInt(6, 1, 120),
};
