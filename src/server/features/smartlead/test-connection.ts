import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { Sleep } from '../../platform/retry';
import { createSmartleadClient, INTERACTIVE } from './client';
import { toAppError } from './errors';
import { getSettings, loadApiKey, recordTest } from './settings';

/**
 * Asks Smartlead for the campaign list with the saved key: the cheapest call that proves the key works.
 * Smartlead's public API has no account endpoint, so account email and plan stay empty unless it answers
 * with them. The last tested time is recorded only on success.
 */
export async function testConnection(opts: {
  db: Db;
  config: Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL'>;
  workspaceId: string;
  now: Date;
  sleep?: Sleep;
}) {
  const apiKey = await loadApiKey(opts);
  const client = createSmartleadClient({
    baseUrl: opts.config.SMARTLEAD_API_URL,
    apiKey,
    retries: INTERACTIVE,
    sleep: opts.sleep,
  });
  try {
    await client.listCampaigns();
  } catch (err) {
    throw toAppError(err);
  }
  await recordTest({ db: opts.db, workspaceId: opts.workspaceId, now: opts.now });
  return {
    success: true as const,
    message: 'Successfully connected to Smartlead API.',
    ...(await getSettings(opts)),
  };
}
