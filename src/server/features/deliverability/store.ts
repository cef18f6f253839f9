import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type AddSendingDomainInput,
  addSendingDomainSchema,
  domainOfEmail,
  type SendingDomain,
} from '../../../shared/deliverability';
import { senderRequirements } from '../../../shared/sender-requirements';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/http/errors';
import { sendingProviderOf } from './providers';
import { lockDomainAdds } from './queries';
import { type SendingDomainRow, sendingDomains } from './schema';

/** A workspace may keep this many sending domains (each costs about twenty look-ups a day). */
export const MAX_SENDING_DOMAINS = 200;

export function domainView(r: SendingDomainRow): SendingDomain {
  return {
    id: r.id,
    domain: r.domain,
    source: r.source,
    provider: r.provider,
    dkimSelector: r.dkimSelector,
    trackingDomain: r.trackingDomain,
    smtpHost: r.smtpHost,
    state: r.state,
    checks: r.checks,
    checkedAt: r.checkedAt?.toISOString() ?? null,
    notice: r.notice,
    requirements: r.checkedAt ? senderRequirements(r.checks) : [],
  };
}

export function listSendingDomains(opts: { db: Db; workspaceId: string }): Promise<SendingDomainRow[]> {
  return opts.db
    .select()
    .from(sendingDomains)
    .where(eq(sendingDomains.workspaceId, opts.workspaceId))
    .orderBy(asc(sendingDomains.domain));
}

/** One of the workspace's domains; another workspace's is as missing as a deleted one. */
export async function findSendingDomain(opts: { db: Db; workspaceId: string; id: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(opts.id)) throw notFound('Domain not found');
  const [row] = await opts.db
    .select()
    .from(sendingDomains)
    .where(and(eq(sendingDomains.workspaceId, opts.workspaceId), eq(sendingDomains.id, opts.id)));
  if (!row) throw notFound('Domain not found');
  return row;
}

/** A domain typed in: added, or its settings (provider, DKIM selector, tracking domain) changed. */
export async function addSendingDomain(opts: {
  db: Db;
  workspaceId: string;
  input: AddSendingDomainInput;
}): Promise<SendingDomainRow> {
  const input = addSendingDomainSchema.parse(opts.input);
  const settings = {
    provider: input.provider ?? null,
    dkimSelector: input.dkimSelector ?? null,
    trackingDomain: input.trackingDomain ?? null,
  };
  return opts.db.transaction(async (tx) => {
    await query(tx, lockDomainAdds({ workspaceId: opts.workspaceId }));
    const [{ held, known } = { held: 0, known: 0 }] = await tx
      .select({
        held: sql<number>`count(*)::int`,
        known: sql<number>`count(*) FILTER (WHERE ${sendingDomains.domain} = ${input.domain})::int`,
      })
      .from(sendingDomains)
      .where(eq(sendingDomains.workspaceId, opts.workspaceId));
    if (held >= MAX_SENDING_DOMAINS && !known) {
      throw conflict(`A workspace can check at most ${MAX_SENDING_DOMAINS} domains. Remove one first.`);
    }
    const [row] = await tx
      .insert(sendingDomains)
      .values({ workspaceId: opts.workspaceId, domain: input.domain, source: 'manual', ...settings })
      .onConflictDoUpdate({ target: [sendingDomains.workspaceId, sendingDomains.domain], set: settings })
      .returning();
    return row!;
  });
}

export interface MailboxSummary {
  email: string;
  type?: string | null;
  smtpHost?: string | null;
}

/**
 * Where a workspace's sending mailboxes are read (Smartlead's). Passed in by the features list
 * (features/index.ts) rather than imported: smartlead stands on deliverability (its send gate reads the
 * failing domains), so deliverability may not stand on smartlead.
 */
export interface MailboxSource {
  /** The workspaces that have mailboxes to read (the daily sync visits these). */
  workspaceIds(db: Db): Promise<string[]>;
  read(opts: { db: Db; config: Deps['config']; workspaceId: string }): Promise<MailboxSummary[]>;
}

/** The domains of the workspace's connected mailboxes, added when new (rows already there are kept). */
export async function syncMailboxDomains(opts: {
  db: Db;
  workspaceId: string;
  mailboxes: MailboxSummary[];
}): Promise<number> {
  const byDomain = new Map<string, MailboxSummary>();
  for (const m of opts.mailboxes) {
    const d = domainOfEmail(m.email);
    if (d && !byDomain.has(d)) byDomain.set(d, m);
  }
  if (!byDomain.size) return 0;
  return opts.db.transaction(async (tx) => {
    // Under the same lock as a typed add: the mailboxes fill what the cap leaves, never past it.
    await query(tx, lockDomainAdds({ workspaceId: opts.workspaceId }));
    const held = await tx
      .select({ domain: sendingDomains.domain })
      .from(sendingDomains)
      .where(eq(sendingDomains.workspaceId, opts.workspaceId));
    const known = new Set(held.map((r) => r.domain));
    const fresh = [...byDomain].filter(([d]) => !known.has(d));
    const room = Math.max(0, MAX_SENDING_DOMAINS - held.length);
    if (!fresh.length || !room) return 0;
    const rows = fresh.slice(0, room).map(([domain, m]) => {
      const provider = sendingProviderOf({ type: m.type });
      return {
        workspaceId: opts.workspaceId,
        domain,
        source: 'mailbox' as const,
        provider: provider === 'other' ? null : provider,
        // Google's and Microsoft's servers are theirs to keep clean; a server of one's own is looked up.
        smtpHost: provider === 'other' ? (m.smtpHost?.trim().toLowerCase() ?? null) : null,
      };
    });
    const added = await tx.insert(sendingDomains).values(rows).onConflictDoNothing().returning();
    return added.length;
  });
}

export async function removeSendingDomain(opts: { db: Db; workspaceId: string; id: string }): Promise<void> {
  const row = await findSendingDomain(opts);
  await opts.db.delete(sendingDomains).where(eq(sendingDomains.id, row.id));
}

export async function dismissNotices(opts: { db: Db; workspaceId: string }): Promise<void> {
  await opts.db
    .update(sendingDomains)
    .set({ notice: null })
    .where(eq(sendingDomains.workspaceId, opts.workspaceId));
}

/** The workspace's domains whose last check failed (the send gate reads them; no DNS asked). */
export function failingDomains(opts: { db: Db; workspaceId: string }): Promise<SendingDomainRow[]> {
  return opts.db
    .select()
    .from(sendingDomains)
    .where(and(eq(sendingDomains.workspaceId, opts.workspaceId), eq(sendingDomains.state, 'fail')));
}
