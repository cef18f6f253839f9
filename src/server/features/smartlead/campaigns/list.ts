import { desc, eq } from 'drizzle-orm';
import type { Campaign } from '../../../../shared/smartlead';
import type { Config } from '../../../platform/config';
import type { Db } from '../../../platform/db/client';
import type { Sleep } from '../../../platform/retry';
import type { PriceConfig } from '../../billing';
import { type RemoteAnalytics, SmartleadError } from '../connection/client';
import { smartleadClientFor } from '../connection/client-for';
import { smartleadCampaigns } from '../schema';
import type { CampaignRow } from './campaigns';
import { sendProgress } from './campaigns';

/** Analytics are fetched for this many of the newest campaigns (each is one Smartlead request). */
const ANALYTICS_LIMIT = 25;

export interface RemoteSnapshot {
  status: Map<number, string>;
  analytics: Map<number, RemoteAnalytics>;
}

/**
 * Smartlead's view of a workspace's campaigns, kept for a short time per workspace so several open tabs (each
 * refreshing every 30 s) share one set of requests instead of exhausting the rate limit. Concurrent
 * requests share one in-flight fetch. The last good snapshot is kept to show while Smartlead is down.
 */
export function createRemoteCache(ttlMs = 20_000) {
  const entries = new Map<string, { at: number; snap: Promise<RemoteSnapshot> }>();
  const lastGood = new Map<string, RemoteSnapshot>();
  return {
    async get(workspaceId: string, now: Date, load: () => Promise<RemoteSnapshot>): Promise<RemoteSnapshot> {
      const hit = entries.get(workspaceId);
      if (hit && now.getTime() - hit.at < ttlMs) return hit.snap;
      const snap = load();
      entries.set(workspaceId, { at: now.getTime(), snap });
      try {
        const value = await snap;
        lastGood.set(workspaceId, value);
        return value;
      } catch (err) {
        entries.delete(workspaceId);
        throw err;
      }
    },
    stale: (workspaceId: string) => lastGood.get(workspaceId) ?? null,
    invalidate(workspaceId: string) {
      entries.delete(workspaceId);
    },
  };
}
export type RemoteCache = ReturnType<typeof createRemoteCache>;

const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export function campaignView(row: CampaignRow, remote: RemoteSnapshot | null, appUrl: string): Campaign {
  const id = row.smartleadId;
  const a = id !== null ? remote?.analytics.get(id) : undefined;
  const status = (id !== null && (remote?.status.get(id) ?? a?.status)) || 'DRAFTED';
  const sent = a ? a.unique_sent_count || a.sent_count : 0;
  return {
    id: row.id,
    name: row.name,
    status,
    created_at: row.createdAt.toISOString(),
    total_leads: a?.total_count || row.addedCount || row.totalLeads,
    sent_count: a?.sent_count ?? 0,
    smartlead_id: id,
    analytics: a ? { open_rate: pct(a.unique_open_count, sent), reply_rate: pct(a.reply_count, sent) } : null,
    viewUrl: id !== null ? `${appUrl.replace(/\/+$/, '')}/app/email-campaign/${id}/analytics` : null,
    send: sendProgress(row),
    imported: row.importedAt !== null && row.importedAt !== undefined,
  };
}

/**
 * The workspace's campaigns created here, newest first, with Smartlead's status and analytics merged in.
 * `remoteAvailable` is false when Smartlead could not be asked (no key, rejected key, outage); the local
 * data (and the last good snapshot, if any) is still returned.
 */
export async function listCampaigns(opts: {
  db: Db;
  config: Pick<Config, 'ENCRYPTION_KEY' | 'dataDir' | 'SMARTLEAD_API_URL' | 'SMARTLEAD_APP_URL'> &
    PriceConfig;
  workspaceId: string;
  cache: RemoteCache;
  now: Date;
  sleep?: Sleep;
}): Promise<{ campaigns: Campaign[]; remoteAvailable: boolean }> {
  const rows = await opts.db
    .select()
    .from(smartleadCampaigns)
    .where(eq(smartleadCampaigns.workspaceId, opts.workspaceId))
    .orderBy(desc(smartleadCampaigns.createdAt))
    .limit(500);
  const ids = rows.flatMap((r) => (r.smartleadId !== null ? [r.smartleadId] : []));
  let remote: RemoteSnapshot | null = null;
  let remoteAvailable = true;
  if (ids.length) {
    try {
      const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
      remote = await opts.cache.get(opts.workspaceId, opts.now, async () => {
        const status = new Map((await client.listCampaigns()).map((c) => [c.id, c.status ?? 'DRAFTED']));
        const analytics = new Map<number, RemoteAnalytics>();
        for (const id of ids.slice(0, ANALYTICS_LIMIT)) {
          try {
            analytics.set(id, await client.analytics(id));
          } catch (err) {
            // A campaign deleted in Smartlead has no analytics; the others still do.
            if (!(err instanceof SmartleadError && err.kind === 'not_found')) throw err;
          }
        }
        return { status, analytics };
      });
    } catch {
      remoteAvailable = false;
      remote = opts.cache.stale(opts.workspaceId);
    }
  }
  return {
    campaigns: rows.map((r) => campaignView(r, remote, opts.config.SMARTLEAD_APP_URL)),
    remoteAvailable,
  };
}
