import { and, eq, isNotNull } from 'drizzle-orm';
import type { SendableEmail, SendableGroup } from '../../../../shared/smartlead';
import type { Db } from '../../../platform/db/client';
import { listAddresses, scoresOfVerdicts, sendableRowsOf } from '../../lists';
import { suppressedByReason } from '../../suppressions';
import { smartleadCampaignLeads, smartleadCampaigns } from '../schema';
import { extraFields } from './leads';

/**
 * The workspace's addresses that may go to Smartlead, grouped by upload (newest first): valid rows, and
 * risky rows whose risk is a catch-all server or a role address (the send screen offers those only
 * behind an explicit "include risky" choice). Each carries its upload's other columns by merge key
 * and the campaigns it was already sent to. Suppressed addresses are left out; `heldBack` counts them by
 * reason (the send screen says how many and why).
 */
export async function sendableGroups(opts: {
  db: Db;
  workspaceId: string;
  now: Date;
  /** REVERIFY_AFTER_DAYS: addresses last checked longer ago are checked again before they go. */
  reverifyAfterDays: number;
}) {
  const rows = await sendableRowsOf(opts);
  const heldBack = await suppressedByReason(opts.db, {
    workspaceId: opts.workspaceId,
    among: listAddresses(opts.workspaceId),
  });
  const sent = await sentCampaigns(opts);
  // Each row's confidence score, for the send screen's bounce projection (decision 0221).
  const scores = await scoresOfVerdicts(
    opts.db,
    opts.workspaceId,
    rows.map((r) => ({ email: r.email, finalStatus: r.final_status, reason: r.verdict_reason, mx: r.mx })),
  );
  // An address is stale when its latest check, in any list, is older than REVERIFY_AFTER_DAYS: the send
  // will ask again before it goes (decision 0221), and the screen says so before confirming.
  const lastChecked = new Map<string, number>();
  for (const r of rows) {
    const key = r.email.trim().toLowerCase();
    const at = r.checked_at ? new Date(r.checked_at).getTime() : 0;
    lastChecked.set(key, Math.max(lastChecked.get(key) ?? 0, at));
  }
  const cutoff = opts.now.getTime() - opts.reverifyAfterDays * 86_400_000;
  const stale = (email: string) =>
    opts.reverifyAfterDays > 0 && (lastChecked.get(email.trim().toLowerCase()) ?? 0) < cutoff;
  const groups = new Map<string, SendableGroup>();
  let valid = 0;
  for (const [i, r] of rows.entries()) {
    let g = groups.get(r.upload_id);
    if (!g) {
      g = {
        uploadId: r.upload_id,
        uploadName: r.upload_name,
        uploadedAt: new Date(r.uploaded_at).toISOString(),
        emails: [],
      };
      groups.set(r.upload_id, g);
    }
    if (r.final_status === 'valid') valid++;
    g.emails.push({
      id: String(r.id),
      email: r.email,
      name: r.name,
      company: r.company,
      status: r.final_status,
      reason: r.reason,
      fields: extraFields(r),
      sentTo: sent.get(r.email.trim().toLowerCase()) ?? [],
      score: scores[i],
      stale: stale(r.email),
    } satisfies SendableEmail);
  }
  return {
    groups: [...groups.values()],
    total: valid,
    risky: rows.length - valid,
    heldBack: heldBack.map((h) => ({ reason: h.reason, count: Number(h.count) })),
    reverifyAfterDays: opts.reverifyAfterDays,
  };
}

/** Address → campaigns it went to (only campaigns that exist in Smartlead). */
async function sentCampaigns(opts: { db: Db; workspaceId: string }) {
  const rows = await opts.db
    .select({ email: smartleadCampaignLeads.email, id: smartleadCampaigns.id, name: smartleadCampaigns.name })
    .from(smartleadCampaignLeads)
    .innerJoin(smartleadCampaigns, eq(smartleadCampaigns.id, smartleadCampaignLeads.campaignId))
    .where(
      and(
        eq(smartleadCampaignLeads.workspaceId, opts.workspaceId),
        isNotNull(smartleadCampaigns.smartleadId),
      ),
    );
  const map = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) {
    const list = map.get(r.email) ?? [];
    list.push({ id: r.id, name: r.name });
    map.set(r.email, list);
  }
  return map;
}
