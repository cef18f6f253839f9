import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { DomainCheck } from '../../shared/branding';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { badRequest, conflict, notFound } from '../http/errors';
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

/**
 * Claims a host name for the workspace (already normalised and checked by the contract): never one of
 * ours or under it, never one another workspace holds. A new name starts pending with a fresh token;
 * claiming the current name again changes nothing.
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
  const [taken] = await db
    .select({ id: workspaceBranding.workspaceId })
    .from(workspaceBranding)
    .where(
      and(eq(workspaceBranding.customDomain, domain), ne(workspaceBranding.workspaceId, opts.workspaceId)),
    );
  if (taken) throw conflict(`${domain} is already claimed by another workspace.`);
  const values = {
    customDomain: domain,
    domainToken: randomBytes(16).toString('hex'),
    domainVerifiedAt: null,
    domainCheckedAt: null,
    domainCheckReason: null,
    updatedAt: opts.now,
  };
  try {
    await db
      .insert(workspaceBranding)
      .values({ workspaceId: opts.workspaceId, ...values })
      .onConflictDoUpdate({ target: workspaceBranding.workspaceId, set: values });
  } catch (err) {
    // Two workspaces claiming one name at once: the unique index decides.
    const e = err as { code?: string; cause?: { code?: string } };
    if ((e.code ?? e.cause?.code) === '23505')
      throw conflict(`${domain} is already claimed by another workspace.`);
    throw err;
  }
  return domainState(await findBranding(db, opts.workspaceId));
}

export async function releaseDomain(opts: { db: Db; workspaceId: string; now: Date }): Promise<void> {
  await opts.db
    .update(workspaceBranding)
    .set({
      customDomain: null,
      domainToken: null,
      domainVerifiedAt: null,
      domainCheckedAt: null,
      domainCheckReason: null,
      updatedAt: opts.now,
    })
    .where(eq(workspaceBranding.workspaceId, opts.workspaceId));
}

/**
 * "Check now": looks the TXT record up and records the outcome. A verified domain stays verified (the
 * record may be removed afterwards); a resolver that cannot answer changes nothing.
 */
export async function checkDomain(opts: {
  db: Db;
  config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'DNS_TRIES'>;
  workspaceId: string;
  now: Date;
}): Promise<DomainCheck> {
  const row = await findBranding(opts.db, opts.workspaceId);
  const state = domainState(row);
  if (!row?.customDomain || !row.domainToken || !state) throw notFound('No custom domain claimed');
  if (row.domainVerifiedAt)
    return { result: 'verified', message: `${row.customDomain} is verified.`, domain: state };
  const check = await checkChallenge({
    config: opts.config,
    domain: row.customDomain,
    token: row.domainToken,
  });
  if (check.result !== 'unknown') {
    await opts.db
      .update(workspaceBranding)
      .set({
        domainCheckedAt: opts.now,
        domainCheckReason: check.result === 'pending' ? check.message : null,
        domainVerifiedAt: check.result === 'verified' ? opts.now : null,
      })
      // The token checked must still be the current one (a release or new claim meanwhile wins).
      .where(
        and(
          eq(workspaceBranding.workspaceId, opts.workspaceId),
          eq(workspaceBranding.domainToken, row.domainToken),
        ),
      );
  }
  const after = domainState(await findBranding(opts.db, opts.workspaceId)) ?? state;
  return { ...check, domain: after };
}
