import { eq } from 'drizzle-orm';
import { CHECK_LABELS, type DomainState } from '../../../shared/deliverability';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { JobSender } from '../../platform/jobs/registry';
import { parseDnsServers } from '../verification';
import { emitWebhookEvent } from '../webhooks';
import { checkSendingDomain } from './check-domain';
import { httpsFetcher } from './https-fetch';
import { listZones } from './lists';
import { configuredResolver, type DomainResolver } from './resolver';
import { type SendingDomainRow, sendingDomains } from './schema';

export type CheckConfig = Pick<
  Config,
  | 'DELIVERABILITY_DOMAIN_LISTS'
  | 'DELIVERABILITY_IP_LISTS'
  | 'SPAMHAUS_DQS_KEY'
  | 'DELIVERABILITY_TRACKING_CNAME'
  | 'DELIVERABILITY_HTTPS_PORT'
  | 'SAFE_FETCH_ALLOW_LOOPBACK'
  | 'SAFE_FETCH_EXTRA_CA'
  | 'DNS_SERVERS'
  | 'DNS_TIMEOUT_MS'
>;

const NOW: Record<DomainState, string> = {
  pass: 'now passes every check',
  warn: 'now has warnings',
  fail: 'now fails a check',
  unknown: 'could not be fully checked',
  unchecked: 'is not checked yet',
};
const BEFORE: Record<DomainState, string> = {
  pass: 'it passed',
  warn: 'it had warnings',
  fail: 'it failed',
  unknown: 'it could not be checked',
  unchecked: 'not checked',
};

/** What the app says when a domain's state changes: the state, then what now fails or warns. */
export function changeNotice(row: SendingDomainRow, from: DomainState): string {
  const bad = row.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
  const detail = bad.length ? `: ${bad.map((c) => `${CHECK_LABELS[c.key]} ${c.status}s`).join(', ')}` : '';
  return `${row.domain} ${NOW[row.state]} (before, ${BEFORE[from]})${detail}.`;
}

/**
 * Runs a domain's checks and stores them. When a checked domain's state changes, the change is kept as
 * the row's notice (shown in the app until dismissed) and sent as a `domain.changed` webhook event; the
 * event's key names the check, so a job run twice reports it once.
 */
export async function recheckDomain(opts: {
  db: Db;
  config: CheckConfig;
  resolver: DomainResolver;
  row: SendingDomainRow;
  now: Date;
  queue?: JobSender;
}): Promise<{ row: SendingDomainRow; changed: boolean }> {
  const { row, now } = opts;
  const result = await checkSendingDomain({
    resolver: opts.resolver,
    domain: row.domain,
    provider: row.provider,
    dkimSelector: row.dkimSelector,
    trackingDomain: row.trackingDomain,
    smtpHost: row.smtpHost,
    zones: listZones(opts.config),
    trackingTarget: opts.config.DELIVERABILITY_TRACKING_CNAME,
    dns: { servers: parseDnsServers(opts.config.DNS_SERVERS), timeoutMs: opts.config.DNS_TIMEOUT_MS },
    fetch: httpsFetcher({
      resolver: opts.resolver,
      allowLoopback: opts.config.SAFE_FETCH_ALLOW_LOOPBACK,
      port: opts.config.DELIVERABILITY_HTTPS_PORT,
      extraCa: opts.config.SAFE_FETCH_EXTRA_CA,
    }),
  });
  const changed = row.state !== 'unchecked' && row.state !== result.state;
  const next = { ...row, checks: result.checks, state: result.state, checkedAt: now };
  const notice = changed ? changeNotice(next, row.state) : row.notice;
  const [saved] = await opts.db
    .update(sendingDomains)
    .set({ checks: result.checks, state: result.state, checkedAt: now, notice })
    .where(eq(sendingDomains.id, row.id))
    .returning();
  if (changed) {
    await emitWebhookEvent({
      db: opts.db,
      queue: opts.queue,
      workspaceId: row.workspaceId,
      type: 'domain.changed',
      key: `domain.changed:${row.id}:${now.toISOString()}`,
      now,
      data: {
        domain: row.domain,
        from: row.state,
        to: result.state,
        checks: result.checks.map((c) => ({ key: c.key, status: c.status, summary: c.summary })),
      },
    });
  }
  return { row: saved ?? next, changed };
}

/** Checks these rows now, one after the other, through one resolver (a person or a token waits). */
export async function checkRowsNow(opts: {
  db: Db;
  config: CheckConfig & Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'DNS_TRIES'>;
  queue?: JobSender;
  now: Date;
  rows: SendingDomainRow[];
}): Promise<SendingDomainRow[]> {
  const resolver = configuredResolver(opts.config);
  try {
    const out: SendingDomainRow[] = [];
    for (const row of opts.rows) {
      out.push((await recheckDomain({ ...opts, resolver, row })).row);
    }
    return out;
  } finally {
    resolver.close();
  }
}
