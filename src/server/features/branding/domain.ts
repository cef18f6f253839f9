import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DomainCheck } from '../../../shared/branding';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors';
import { workspaceBranding } from './schema';
import { domainState, findBranding } from './settings';
import { checkChallenge } from './txt';

/** The host names this deployment answers as itself (PUBLIC_URL, and the host the request came to). */
export function ownHosts(config: Pick<Config, 'PUBLIC_URL'>, requestHost: string | null): string[] {
  const hosts = new Set<string>();
  if (config.PUBLIC_URL) hosts.add(new URL(config.PUBLIC_URL).hostname.toLowerCase());
  if (requestHost) hosts.add(requestHost.toLowerCase());
  return [...hosts];
}

const isUnder = (host: string, parent: string) => host === parent || host.endsWith(`.${parent}`);

// Only a verified domain belongs to a workspace (0811_domain_claims.sql): any number of workspaces may
// hold a pending claim on a name, the first to publish its TXT record wins and the others' claims are
// dropped, and a pending claim lapses after DOMAIN_CLAIM_TTL_HOURS (probe finding 4: an unverified
// claim had blocked the real owner forever). The refusal names no claimant.
const cannotUse = (domain: string) =>
  `${domain} cannot be used for branding here. Choose another host name, or write to support if it is yours.`;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === '23505';
};

/**
 * Claims a host name for the workspace (already normalised and checked by the contract): never one of
 * ours or under it, never one another workspace has verified. A new name starts pending with a fresh
 * token; claiming the current name again changes nothing.
 */
export async function claimDomain(opts: {
  db: Db;
  workspaceId: string;
  domain: string;
  ownHosts: string[];
  now: Date;
}) {
  const { db, domain } = opts;
  if (opts.ownHosts.some((own) => isUnder(domain, own))) {
    throw badRequest(
      `${domain} is this service's own address; claim a domain of yours, e.g. app.yourcompany.com.`,
    );
  }
  const current = await findBranding(db, opts.workspaceId);
  if (current?.customDomain === domain) return domainState(current);
  const [verified] = await db
    .select({ id: workspaceBranding.workspaceId })
    .from(workspaceBranding)
    .where(
      and(
        eq(workspaceBranding.customDomain, domain),
        isNotNull(workspaceBranding.domainVerifiedAt),
        ne(workspaceBranding.workspaceId, opts.workspaceId),
      ),
    );
  if (verified) throw conflict(cannotUse(domain));
  const values = {
    customDomain: domain,
    domainToken: randomBytes(16).toString('hex'),
    domainVerifiedAt: null,
    domainClaimedAt: opts.now,
    domainCheckedAt: null,
    domainCheckReason: null,
    updatedAt: opts.now,
  };
  await db
    .insert(workspaceBranding)
    .values({ workspaceId: opts.workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: values });
  return domainState(await findBranding(db, opts.workspaceId));
}

const released = {
  customDomain: null,
  domainToken: null,
  domainVerifiedAt: null,
  domainClaimedAt: null,
  domainCheckedAt: null,
  domainCheckReason: null,
};

/**
 * Lets the workspace's pending claim lapse once it is older than `ttlHours` (a claim made before claims
 * had a date counts from the row's last change). True when one lapsed.
 */
export async function lapseStaleClaim(opts: { db: Db; workspaceId: string; now: Date; ttlHours: number }) {
  const cutoff = new Date(opts.now.getTime() - opts.ttlHours * 3_600_000);
  const rows = await opts.db
    .update(workspaceBranding)
    .set(released)
    .where(
      and(
        eq(workspaceBranding.workspaceId, opts.workspaceId),
        isNotNull(workspaceBranding.customDomain),
        isNull(workspaceBranding.domainVerifiedAt),
        lte(sql`coalesce(${workspaceBranding.domainClaimedAt}, ${workspaceBranding.updatedAt})`, cutoff),
      ),
    )
    .returning({ domain: workspaceBranding.workspaceId });
  return rows.length > 0;
}

export async function releaseDomain(opts: { db: Db; workspaceId: string; now: Date }): Promise<void> {
  await opts.db
    .update(workspaceBranding)
    .set({ ...released, updatedAt: opts.now })
    .where(eq(workspaceBranding.workspaceId, opts.workspaceId));
}

/**
 * "Check now": looks the TXT record up and records the outcome. A verified domain stays verified (the
 * record may be removed afterwards); a resolver that cannot answer changes nothing.
 */
export async function checkDomain(opts: {
  db: Db;
  config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'DNS_TRIES' | 'DOMAIN_CLAIM_TTL_HOURS'>;
  workspaceId: string;
  now: Date;
}): Promise<DomainCheck> {
  const before = await findBranding(opts.db, opts.workspaceId);
  if (
    await lapseStaleClaim({
      db: opts.db,
      workspaceId: opts.workspaceId,
      now: opts.now,
      ttlHours: opts.config.DOMAIN_CLAIM_TTL_HOURS,
    })
  ) {
    throw new AppError(
      'gone',
      `The claim on ${before?.customDomain} lapsed: it was not verified within ${opts.config.DOMAIN_CLAIM_TTL_HOURS} hours. Claim the domain again for a new TXT record.`,
    );
  }
  const row = before;
  const state = domainState(row);
  if (!row?.customDomain || !row.domainToken || !state) throw notFound('No custom domain claimed');
  if (row.domainVerifiedAt)
    return { result: 'verified', message: `${row.customDomain} is verified.`, domain: state };
  const check = await checkChallenge({
    config: opts.config,
    domain: row.customDomain,
    token: row.domainToken,
  });
  const domain = row.customDomain;
  const token = row.domainToken;
  let outcome: DomainCheck['result'] = check.result;
  let message = check.message;
  if (check.result !== 'unknown') {
    const record = (verified: boolean, reason: string | null) =>
      opts.db
        .update(workspaceBranding)
        .set({
          domainCheckedAt: opts.now,
          domainCheckReason: reason,
          domainVerifiedAt: verified ? opts.now : null,
        })
        // The token checked must still be the current one (a release or new claim meanwhile wins).
        .where(
          and(eq(workspaceBranding.workspaceId, opts.workspaceId), eq(workspaceBranding.domainToken, token)),
        );
    try {
      await record(check.result === 'verified', check.result === 'pending' ? check.message : null);
    } catch (err) {
      // Another workspace verified the name first (the unique index on verified domains decides).
      if (!isUniqueViolation(err)) throw err;
      outcome = 'pending';
      message = cannotUse(domain);
      await record(false, message);
    }
    if (outcome === 'verified') {
      // The proven owner has it: other workspaces' pending claims on the name go.
      await opts.db
        .update(workspaceBranding)
        .set(released)
        .where(
          and(
            eq(workspaceBranding.customDomain, domain),
            isNull(workspaceBranding.domainVerifiedAt),
            ne(workspaceBranding.workspaceId, opts.workspaceId),
          ),
        );
    }
  }
  const after = domainState(await findBranding(opts.db, opts.workspaceId)) ?? state;
  return { ...check, result: outcome, message, domain: after };
}
