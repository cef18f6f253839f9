import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { type BounceGroup, bounceGroup } from '../../../shared/calibration';
import type { Db } from '../../platform/db/client';
import { sendOutcomes } from './schema';

// The workspace's bounce rate per verdict the lists gave an address before it was sent (recorded at
// its first outcome, 0221/0241): "accepted" by a server that is not catch-all, catch-all, or other.

export async function bounceRatesByVerdict(db: Db, workspaceId: string): Promise<BounceGroup[]> {
  const verdict = sql<string>`CASE WHEN ${sendOutcomes.accepted} THEN 'valid'
    WHEN ${sendOutcomes.catchAll} THEN 'catch_all' ELSE 'other' END`;
  const rows = await db
    .select({
      verdict,
      sends: count(),
      bounced: sql<number>`count(*) FILTER (WHERE ${sendOutcomes.bouncedAt} IS NOT NULL)::int`,
    })
    .from(sendOutcomes)
    .where(and(eq(sendOutcomes.workspaceId, workspaceId), isNotNull(sendOutcomes.sentAt)))
    .groupBy(verdict);
  const labels: Record<string, string> = { valid: 'valid', catch_all: 'catch-all', other: 'other verdicts' };
  return ['valid', 'catch_all', 'other'].flatMap((k) => {
    const r = rows.find((x) => x.verdict === k);
    return r ? [bounceGroup(k, labels[k], Number(r.sends), Number(r.bounced))] : [];
  });
}

/** Each sent address's recorded verdict (at its first outcome) and whether it bounced: the score bands' rates. */
export async function sentVerdicts(
  db: Db,
  workspaceId: string,
): Promise<
  { email: string; accepted: boolean; catchAll: boolean; provider: string | null; bounced: boolean }[]
> {
  const rows = await db
    .select({
      email: sendOutcomes.email,
      accepted: sendOutcomes.accepted,
      catchAll: sendOutcomes.catchAll,
      provider: sendOutcomes.provider,
      bounced: sql<boolean>`${sendOutcomes.bouncedAt} IS NOT NULL`,
    })
    .from(sendOutcomes)
    .where(and(eq(sendOutcomes.workspaceId, workspaceId), isNotNull(sendOutcomes.sentAt)));
  return rows.map((r) => ({
    email: r.email,
    accepted: r.accepted === true,
    catchAll: r.catchAll === true,
    provider: r.provider,
    bounced: Boolean(r.bounced),
  }));
}
