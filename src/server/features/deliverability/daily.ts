import { asc, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import { type CheckConfig, recheckDomain } from './recheck';
import type { DomainResolver } from './resolver';
import { sendingDomains } from './schema';
import { type MailboxSummary, syncMailboxDomains } from './store';

/** A domain checked this recently is not checked again by the daily run (a retried job does no more). */
export const RECHECK_AFTER_MS = 20 * 3600_000;

/**
 * The daily recheck: first the domains of each workspace's mailboxes (new ones are added), then every
 * domain not checked in the last 20 hours, oldest first. One workspace's Smartlead failing skips its
 * mailbox sync only; its domains are still checked.
 */
export async function recheckDue(opts: {
  db: Db;
  config: CheckConfig;
  resolver: DomainResolver;
  now: Date;
  queue?: JobSender;
  /** Workspaces whose mailboxes to read, and how. */
  mailboxes?: { workspaceIds: string[]; read: (workspaceId: string) => Promise<MailboxSummary[]> };
  onError?: (workspaceId: string, err: unknown) => void;
}): Promise<{ checked: number; changed: number }> {
  const { db, now } = opts;
  for (const workspaceId of opts.mailboxes?.workspaceIds ?? []) {
    try {
      await syncMailboxDomains({ db, workspaceId, mailboxes: await opts.mailboxes!.read(workspaceId) });
    } catch (err) {
      opts.onError?.(workspaceId, err);
    }
  }
  const due = await db
    .select()
    .from(sendingDomains)
    .where(
      or(
        isNull(sendingDomains.checkedAt),
        lt(sendingDomains.checkedAt, new Date(now.getTime() - RECHECK_AFTER_MS)),
      ),
    )
    .orderBy(asc(sendingDomains.checkedAt));
  let changed = 0;
  for (const row of due) {
    const out = await recheckDomain({
      db,
      config: opts.config,
      resolver: opts.resolver,
      row,
      now,
      queue: opts.queue,
    });
    if (out.changed) changed++;
  }
  return { checked: due.length, changed };
}
