import { envBool, envInt } from '../../platform/config/env-helpers';

// Settings of the scraper beyond the Apify ones kept in config/index.ts.
export const scraperEnv = {
  // Test-only: lets the website email lookup reach fakes on loopback. Private ranges stay refused.
  SAFE_FETCH_ALLOW_LOOPBACK: envBool(false),
  // How many profile websites are fetched at once while a job runs.
  SCRAPE_WEBSITE_CONCURRENCY: envInt(5, 1, 50),
  // Seconds one Apify poll waits on the API side (the job records a heartbeat between polls).
  APIFY_POLL_SECONDS: envInt(10, 0, 60),
};
