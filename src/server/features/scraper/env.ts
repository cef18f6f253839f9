import { envInt, envString, envText, envUrl } from '../../platform/config/env-helpers';

// The scraper's settings: Apify (decision 0300) and the website e-mail look-up.
export const scraperEnv = {
  APIFY_TOKEN: envString(),
  APIFY_API_URL: envUrl(),
  APIFY_SEARCH_ACTOR: envText('apify/instagram-search-scraper'),
  APIFY_PROFILE_ACTOR: envText('apify/instagram-profile-scraper'),
  // How many profile websites are fetched at once while a job runs.
  SCRAPE_WEBSITE_CONCURRENCY: envInt(5, 1, 50),
  // Seconds one Apify poll waits on the API side (the job records a heartbeat between polls).
  APIFY_POLL_SECONDS: envInt(10, 0, 60),
};
