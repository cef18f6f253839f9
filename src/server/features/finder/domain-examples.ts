import { and, eq, inArray } from 'drizzle-orm';
import { nameParts } from '../../../shared/finder';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { Resolver } from '../../platform/net/safe-fetch';
import { workspaceRowsAtDomain } from '../lists';
import type { Example } from './evidence';
import { earlierAnswers } from './queries';
import { findResults } from './schema';
import { putSite, siteOf } from './site-cache';
import { readCompanySite } from './website';

// What the product knows about a domain's addresses, for one workspace: its own list rows (with the
// names its lists give them, and what bounced), its earlier finds, and the company's public website
// (read once and shared by every workspace: it is public). One workspace's rows are never another's.

const DAY_MS = 86_400_000;
/** A website that could not be read is tried again after a day, not after the full lifetime. */
const FAILED_SITE_MS = DAY_MS;

export interface ExampleDeps {
  db: Db;
  config: Pick<
    Config,
    | 'FINDER_SITE_BUDGET_MS'
    | 'FINDER_SITE_PAGE_BYTES'
    | 'FINDER_SITE_TTL_DAYS'
    | 'FINDER_WEB_PORT'
    | 'SAFE_FETCH_ALLOW_LOOPBACK'
  >;
  resolve: Resolver;
  now: () => Date;
}

export async function siteExamples(
  d: ExampleDeps,
  domain: string,
): Promise<{ examples: Example[]; problem: string | null }> {
  const now = d.now();
  const cached = await siteOf(d.db, domain);
  const life = cached?.pages ? d.config.FINDER_SITE_TTL_DAYS * DAY_MS : FAILED_SITE_MS;
  let site = cached && now.getTime() - cached.readAt.getTime() < life ? cached : null;
  if (!site) {
    const read = await readCompanySite(domain, {
      budgetMs: d.config.FINDER_SITE_BUDGET_MS,
      pageBytes: d.config.FINDER_SITE_PAGE_BYTES,
      allowLoopback: d.config.SAFE_FETCH_ALLOW_LOOPBACK,
      port: d.config.FINDER_WEB_PORT,
      resolve: d.resolve,
    });
    site = { domain, addresses: read.addresses, pages: read.pages, problem: read.problem, readAt: now };
    // A guard's refusal is about our network, not the site's content: the shared cache never keeps it.
    if (!read.refused) await putSite(d.db, site);
  }
  return {
    examples: site.addresses.map((a) => ({ address: a.address, names: a.names, source: 'website' as const })),
    problem: site.problem,
  };
}

export async function workspaceExamples(db: Db, workspaceId: string, domain: string): Promise<Example[]> {
  const out: Example[] = [];
  for (const r of await workspaceRowsAtDomain({ db, workspaceId, domain })) {
    const bounced = r.reason === 'bounced';
    // A mailbox the server rejected teaches nothing about the pattern; a bounce counts against it.
    if (r.status === 'invalid' && !bounced) continue;
    const named = Boolean(r.name && nameParts({ fullName: r.name }));
    out.push({
      address: r.email,
      names: named ? [r.name as string] : [],
      source: 'workspace',
      bounced,
      owned: named && !bounced,
    });
  }
  for (const r of await earlierAnswers(db, workspaceId, domain)) {
    if (r.status !== 'valid' || !r.email) continue;
    const name = nameParts({ firstName: r.firstName, lastName: r.lastName, fullName: r.fullName })?.display;
    out.push({ address: r.email, names: name ? [name] : [], source: 'workspace' });
  }
  return out;
}

/**
 * Whom the workspace asked about at a domain and found no address of theirs for (not found, ambiguous,
 * unknown, a catch-all guess): people of that company all the same, a namesake's rivals (decision 0350).
 */
async function workspacePeople(db: Db, workspaceId: string, domain: string): Promise<string[]> {
  const rows = await db
    .select({
      firstName: findResults.firstName,
      lastName: findResults.lastName,
      fullName: findResults.fullName,
    })
    .from(findResults)
    .where(
      and(
        eq(findResults.workspaceId, workspaceId),
        eq(findResults.domain, domain),
        inArray(findResults.status, ['not_found', 'ambiguous', 'unknown', 'accept_all']),
      ),
    )
    .limit(200);
  const names = rows.map((r) => nameParts(r)?.display);
  return [...new Set(names.filter((n): n is string => Boolean(n)))];
}

/** Both, as the finder's examples of one domain for one workspace, and the people asked about there. */
export async function domainExamples(d: ExampleDeps, workspaceId: string, domain: string) {
  const [site, own, people] = await Promise.all([
    siteExamples(d, domain),
    workspaceExamples(d.db, workspaceId, domain),
    workspacePeople(d.db, workspaceId, domain),
  ]);
  return { examples: [...own, ...site.examples], siteProblem: site.problem, people };
}
