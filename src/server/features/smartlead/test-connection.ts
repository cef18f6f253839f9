import { type SmartleadDeps, smartleadClientFor } from './connection/client-for';
import { toAppError } from './connection/errors';
import { getSettings, recordTest } from './connection/settings';

/**
 * Asks Smartlead for the campaign list with the saved key: the cheapest call that proves the key works.
 * Smartlead's public API has no account endpoint, so account email and plan stay empty unless it answers
 * with them. The last tested time is recorded only on success.
 */
export async function testConnection(opts: SmartleadDeps & { now: Date }) {
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
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
