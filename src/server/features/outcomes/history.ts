import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SendHistory } from '../../../shared/score';
import type { Db } from '../../platform/db/client';
import { sendOutcomes } from './schema';

// What the workspace's campaigns taught about each address (decision 0220): the latest time of each kind
// of event, and what the lists said about the address when its first outcome arrived (0221). Smartlead's
// event intake writes it; the lists read it for bounces and the score's calibration.

export type OutcomeKind = 'sent' | 'bounced' | 'replied' | 'unsubscribed';

const COLUMN = {
  sent: ['sentAt', sendOutcomes.sentAt],
  bounced: ['bouncedAt', sendOutcomes.bouncedAt],
  replied: ['repliedAt', sendOutcomes.repliedAt],
  unsubscribed: ['unsubscribedAt', sendOutcomes.unsubscribedAt],
} as const;

/** Keeps the latest time of this kind of event for the address (an older event changes nothing). */
export async function recordOutcome(opts: {
  db: Db;
  workspaceId: string;
  email: string;
  kind: OutcomeKind;
  occurredAt: Date;
  now: Date;
}): Promise<void> {
  const [key, column] = COLUMN[opts.kind];
  await opts.db
    .insert(sendOutcomes)
    .values({ workspaceId: opts.workspaceId, email: opts.email, [key]: opts.occurredAt, updatedAt: opts.now })
    .onConflictDoUpdate({
      target: [sendOutcomes.workspaceId, sendOutcomes.email],
      set: { [key]: sql`greatest(${column}, excluded.${sql.identifier(column.name)})`, updatedAt: opts.now },
    });
}

/** What the lists said about the address, recorded once: at its first outcome. */
export async function noteFirstVerdict(opts: {
  db: Db;
  workspaceId: string;
  email: string;
  verdict: { catchAll: boolean; accepted: boolean; provider: string | null };
}): Promise<void> {
  await opts.db
    .update(sendOutcomes)
    .set(opts.verdict)
    .where(
      and(
        eq(sendOutcomes.workspaceId, opts.workspaceId),
        eq(sendOutcomes.email, opts.email),
        isNull(sendOutcomes.catchAll),
      ),
    );
}

const tally = { sent: count(), bounced: count(sendOutcomes.bouncedAt) };

/** Sent rows the lists called "accepted", and their bounces, over the whole workspace (decision 0221). */
export async function acceptedHistory(opts: { db: Db; workspaceId: string }): Promise<SendHistory> {
  const [row] = await opts.db
    .select(tally)
    .from(sendOutcomes)
    .where(and(eq(sendOutcomes.workspaceId, opts.workspaceId), eq(sendOutcomes.accepted, true)));
  return { sent: Number(row?.sent ?? 0), bounced: Number(row?.bounced ?? 0) };
}

/** Sent catch-all rows and their bounces, per domain and per provider (the score's calibration). */
export async function catchAllHistory(opts: {
  db: Db;
  workspaceId: string;
  domains: string[];
  providers: string[];
}) {
  const catchAll = and(eq(sendOutcomes.workspaceId, opts.workspaceId), eq(sendOutcomes.catchAll, true));
  const domains = new Map<string, SendHistory>();
  const providers = new Map<string, SendHistory>();
  if (opts.domains.length) {
    const domain = sql<string>`split_part(${sendOutcomes.email}, '@', 2)`;
    const rows = await opts.db
      .select({ k: domain, ...tally })
      .from(sendOutcomes)
      .where(and(catchAll, inArray(domain, opts.domains)))
      .groupBy(domain);
    for (const r of rows) domains.set(r.k, { sent: Number(r.sent), bounced: Number(r.bounced) });
  }
  if (opts.providers.length) {
    const rows = await opts.db
      .select({ k: sendOutcomes.provider, ...tally })
      .from(sendOutcomes)
      .where(and(catchAll, inArray(sendOutcomes.provider, opts.providers)))
      .groupBy(sendOutcomes.provider);
    for (const r of rows) if (r.k) providers.set(r.k, { sent: Number(r.sent), bounced: Number(r.bounced) });
  }
  return { domains, providers };
}
