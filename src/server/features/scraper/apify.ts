import { ApifyClient } from 'apify-client';
import type { Config } from '../../platform/config';
import { notConfigured } from '../../platform/http/errors';
import { externalCall } from '../../platform/ops/external-calls';

// The one client of the scraping provider. Actor names and the API address are configuration, so tests
// point it at tests/fakes/apify.ts on loopback.

// Customer-facing: the person reading these cannot set server variables (the README tells the operator).
export const NOT_CONFIGURED = "Scraping isn't available on this server yet. Please contact support.";
export const scraperNotConfigured = () => notConfigured(NOT_CONFIGURED);

export const TERMINAL = new Set(['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED-OUT', 'TIMED_OUT']);

export function isScraperConfigured(config: Config): boolean {
  return Boolean(config.APIFY_TOKEN);
}

export function apifyClient(config: Config): ApifyClient {
  if (!config.APIFY_TOKEN) throw scraperNotConfigured();
  return new ApifyClient({
    token: config.APIFY_TOKEN,
    ...(config.APIFY_API_URL ? { baseUrl: config.APIFY_API_URL } : {}),
    // 429s and 5xx are retried by the client; a few tries keep a stuck provider from holding a job forever.
    maxRetries: 4,
    minDelayBetweenRetriesMillis: config.NODE_ENV === 'test' ? 10 : 500,
    timeoutSecs: 120,
  });
}

/**
 * Input of the search actor for one keyword (users only: we want profiles, not posts). Only inputs the
 * actor documents: it has no location filter (docs/decisions/0300-scraper-ai.md).
 */
export function searchInput(keyword: string, limit: number) {
  return { search: keyword, searchType: 'user', searchLimit: limit };
}

/** Input of the profile actor: usernames (it accepts names or profile URLs). */
export function profileInput(usernames: string[]) {
  return { usernames };
}

export async function startRun(client: ApifyClient, actor: string, input: object) {
  const run = await externalCall('apify', () => client.actor(actor).start(input));
  return { runId: run.id, datasetId: run.defaultDatasetId, status: run.status };
}

/** One poll; the API holds the request up to `waitSecs` while the run is still going. */
export async function pollRun(client: ApifyClient, runId: string, waitSecs: number) {
  const run = await externalCall('apify', () => client.run(runId).waitForFinish({ waitSecs }));
  return { status: run.status as string, datasetId: run.defaultDatasetId };
}

export async function runItems(client: ApifyClient, datasetId: string, limit: number) {
  const { items } = await externalCall('apify', () =>
    client.dataset(datasetId).listItems({ limit, clean: true }),
  );
  return items as Record<string, unknown>[];
}

/** A readable reason from the provider client's errors (never the token or the request URL). */
export function providerMessage(err: unknown): string {
  const e = err as { statusCode?: number; message?: string };
  if (e?.statusCode === 401 || e?.statusCode === 403)
    return "The scraping service didn't accept this server's credentials. Please contact support.";
  if (e?.statusCode === 404) return 'The scraping provider does not know the configured actor';
  if (e?.statusCode === 429)
    return 'The scraping provider is rate limiting requests; try again in a few minutes';
  const msg = (e?.message ?? 'An error occurred').split('\n')[0];
  return msg.replace(/token=[^&\s]+/g, 'token=…').slice(0, 300);
}
