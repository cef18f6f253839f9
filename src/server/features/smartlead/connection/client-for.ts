import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import type { Sleep } from '../../../platform/retry';
import type { PriceConfig } from '../../billing';
import { userAgentName } from '../../branding';
import { createSmartleadClient, RETRY_POLICIES, type SmartleadClient } from './client';
import { loadApiKey } from './settings';

// The one place a Smartlead client is built (scripts/check-boundaries.mjs fails on another): every call
// for a workspace carries its key, goes through the key's one rate limiter (limiterFor, shared by the
// process and, on PostgreSQL, the fleet), retries by one of two named policies, and names the workspace's
// product in its User-Agent (Verilead unless White Label).

export type SmartleadConfig = Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL'> & PriceConfig;

/** What a workspace's Smartlead work needs: the workspace (its key) and how to reach Smartlead. */
export interface SmartleadDeps {
  db: Db;
  config: SmartleadConfig;
  workspaceId: string;
  sleep?: Sleep;
}

/**
 * Who waits for the answer, which picks the retry policy (client.ts, RETRY_POLICIES): `interactive` for a
 * person's request (answers quickly rather than waiting out an outage), `background` for jobs (the send,
 * the outcome poll, reading imported campaigns), which are patient before handing back to the queue.
 */
export type SmartleadCaller = keyof typeof RETRY_POLICIES;

/**
 * The workspace's Smartlead client. Throws the usual 400 when the workspace has no key (or it can no
 * longer be read). `now` only decides whether White Label still applies to the product name.
 */
export async function smartleadClientFor(
  opts: SmartleadDeps & { caller: SmartleadCaller; now?: Date },
): Promise<SmartleadClient> {
  const apiKey = await loadApiKey(opts);
  return createSmartleadClient({
    baseUrl: opts.config.SMARTLEAD_API_URL,
    apiKey,
    product: await userAgentName({
      db: opts.db,
      config: opts.config,
      workspaceId: opts.workspaceId,
      now: opts.now ?? new Date(),
    }),
    retries: RETRY_POLICIES[opts.caller],
    sleep: opts.sleep,
  });
}
