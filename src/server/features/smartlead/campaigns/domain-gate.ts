import { CHECK_LABELS, domainOfEmail, SENDING_DOMAIN_FAILING } from '../../../../shared/deliverability';
import type { Db } from '../../../platform/db/client';
import { AppError } from '../../../platform/http/errors';
import { failingDomains } from '../../deliverability';
import type { RemoteAccount } from './remote';

/**
 * A send or a launch from a mailbox whose domain fails its DNS checks (no SPF or DMARC, on a blocklist)
 * burns the domain: it is refused unless the person confirmed (`force`). Reads the checks' last result,
 * never DNS: the daily recheck and the Deliverability page keep it fresh. Mailboxes are read only when
 * the workspace has a failing domain at all.
 */
export async function assertSendingDomainsPass(opts: {
  db: Db;
  workspaceId: string;
  /** The mailboxes that will send (read lazily), narrowed to `accountIds` when given. */
  accounts: () => Promise<RemoteAccount[]>;
  accountIds?: number[];
  force?: boolean;
}): Promise<void> {
  if (opts.force || opts.accountIds?.length === 0) return;
  const failing = await failingDomains({ db: opts.db, workspaceId: opts.workspaceId });
  if (!failing.length) return;
  const ids = opts.accountIds ? new Set(opts.accountIds) : null;
  const used = new Set(
    (await opts.accounts())
      .filter((a) => !ids || ids.has(a.id))
      .map((a) => domainOfEmail(a.from_email ?? '')),
  );
  const bad = failing.filter((d) => used.has(d.domain));
  if (!bad.length) return;
  const domains = bad.map((d) => ({
    domain: d.domain,
    failing: d.checks.filter((c) => c.status === 'fail').map((c) => CHECK_LABELS[c.key]),
  }));
  const words = domains.map((d) => `${d.domain} (${d.failing.join(', ')})`).join('; ');
  throw new AppError(
    'conflict',
    `A sending mailbox's domain fails its DNS checks: ${words}. Mail from it is likely to land in spam or be refused. Fix it on the Deliverability page, or confirm to send anyway.`,
    { reason: SENDING_DOMAIN_FAILING, domains },
  );
}
