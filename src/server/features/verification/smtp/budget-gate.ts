import type { Pending } from './pending';
import type { SessionOwner } from './session-owner';

/**
 * The one gate of the probe budget (decision 0860): a session's recipients, as taken from the host's
 * queue, are spent from their workspace's budget before anything is written to the server. A session
 * is charged one probe for each workspace it carries (at its first recipient of that workspace: the
 * connection, EHLO and MAIL FROM are what the server sees of us too). Addresses refused go back to
 * their caller unjudged, with the hold that says when the window turns. A catch-all probe refused
 * hands back the accepted addresses that waited for it (asked again, whole, when the run resumes).
 */
export async function admitRecipients(
  owner: SessionOwner,
  taken: Pending[],
  charged: Set<string>,
): Promise<Pending[]> {
  const budget = owner.ctx.budget;
  if (!budget) return taken;
  const out: Pending[] = [];
  const groups = new Map<string, { workspace: string; domain: string; asks: Pending[] }>();
  for (const p of taken) {
    if (p.workspace === undefined) {
      out.push(p);
      continue;
    }
    const key = `${p.workspace}\n${p.job.domain}`;
    let g = groups.get(key);
    if (!g) {
      g = { workspace: p.workspace, domain: p.job.domain, asks: [] };
      groups.set(key, g);
    }
    g.asks.push(p);
  }
  for (const { workspace, domain, asks } of groups.values()) {
    const fee = charged.has(workspace) ? 0 : 1;
    const early = budget.held(workspace, domain);
    const { granted, hold } = early
      ? { granted: 0, hold: early }
      : await budget.spend({ workspace, domain, n: asks.length + fee });
    if (granted > 0) charged.add(workspace);
    const allowed = Math.max(0, granted - fee);
    out.push(...asks.slice(0, allowed));
    // A store that grants fewer always says why; without a hold, a minute's pause rather than a loss.
    const why = hold ?? { limit: 'hour' as const, allowance: 0, resumesAt: Date.now() + 60_000 };
    if (allowed < asks.length) owner.overBudget(workspace, why, asks.slice(allowed));
  }
  return out;
}
