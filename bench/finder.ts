// `npm run bench:finder`: the email finder on a world of known truth (tests/fakes/finder-world.ts):
// ≥ 1,000 people over ≥ 200 domains, 1 in 5 catch-all, 1 in 3 with Postfix's error limits (soft 10,
// hard 20, 1 s sleep), websites that publish colleagues (some forbid it in robots.txt), colleagues the
// workspace already knows, Jane/John Smith collisions, accents, umlauts, Cyrillic and Greek names, and
// every server spending COMMAND_MS on each command. It runs the finder's defaults (the prober's own
// settings, the website budget, FINDER_CONCURRENCY) and prints accuracy, RCPTs per person and the
// share of the polite ceiling (bench/ceiling.ts: the fastest a client keeping the cap could ask the
// truth, one RCPT per person and a probe per domain, with no search at all).

import type { Discovery, DiscoveryStore } from '../src/server/features/finder/discovery';
import { finderEnv } from '../src/server/features/finder/env';
import type { Example } from '../src/server/features/finder/evidence';
import { findMany } from '../src/server/features/finder/find-many';
import type { Found } from '../src/server/features/finder/find-person';
import { siteResolver } from '../src/server/features/finder/site-resolver';
import { readCompanySite } from '../src/server/features/finder/website';
import { createVerifier } from '../src/server/features/verification';
import { acceptDomainSuffixes } from '../src/shared/public-domain';
import { startFinderWorld, worldExamples } from '../tests/fakes/finder-world';
import { errorBudgetOf, serverCeiling } from './ceiling';

const DOMAINS = Number(process.env.DOMAINS ?? 220);
const PER_DOMAIN = Number(process.env.PER_DOMAIN ?? 5);
const COMMAND_MS = Number(process.env.COMMAND_MS ?? 10);
const SINGLES = Number(process.env.SINGLES ?? 150);
// The world's domains end in .test: count it as public, as a test server's DOMAIN_EXTRA_SUFFIXES does.
acceptDomainSuffixes('test');
const defaults = {
  budgetMs: finderEnv.FINDER_SITE_BUDGET_MS.parse(undefined) as number,
  pageBytes: finderEnv.FINDER_SITE_PAGE_BYTES.parse(undefined) as number,
  concurrency: finderEnv.FINDER_CONCURRENCY.parse(undefined) as number,
};
const CAP = 2; // the prober's default connections per mail server

const world = await startFinderWorld({
  domains: DOMAINS,
  peoplePerDomain: PER_DOMAIN,
  seed: 2026,
  specialPeople: 12,
  commandMs: COMMAND_MS,
});
const env = world.env();
const resolve = siteResolver([env.DNS_SERVERS], 5000);
const siteMs: number[] = [];
let lastSiteStart = 0;
const examplesAt = async (domain: string) => {
  const t0 = Date.now();
  lastSiteStart = Math.max(lastSiteStart, t0);
  const site = await readCompanySite(domain, {
    ...defaults,
    allowLoopback: true,
    port: Number(env.FINDER_WEB_PORT),
    resolve,
  });
  siteMs.push(Date.now() - t0);
  return worldExamples(world, domain, site);
};
const specialDomains = new Set(world.domains.filter((d) => d.special).map((d) => d.domain));
const count = (special?: boolean) => {
  const hosts = Object.entries(world.hosts)
    .filter(([d]) => special === undefined || specialDomains.has(d) === special)
    .map(([, h]) => h);
  return {
    rcpts: hosts.reduce((n, h) => n + h.stats.rcpts.length, 0),
    sessions: hosts.reduce((n, h) => n + h.stats.connections, 0),
    slowed: hosts.reduce((n, h) => n + h.stats.slowedSessions, 0),
    cut: hosts.reduce((n, h) => n + h.stats.errorLimitLog.length, 0),
  };
};
const minus = (a: ReturnType<typeof count>, b: ReturnType<typeof count>) => ({
  rcpts: a.rcpts - b.rcpts,
  sessions: a.sessions - b.sessions,
  slowed: a.slowed - b.slowed,
  cut: a.cut - b.cut,
});
const verifierOf = () =>
  createVerifier({
    dnsServers: [env.DNS_SERVERS],
    smtp: {
      allowPrivate: true,
      port: Number(env.SMTP_PORT),
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
    },
  });

// The bulk: every person in one find.
const verifier = verifierOf();
const answers = new Map<number, Found>();
const started = Date.now();
await findMany(
  world.people.map((p, index) => ({
    index,
    person: { firstName: p.firstName, lastName: p.lastName, company: p.domain },
  })),
  {
    verifier,
    tenant: 'bench',
    concurrency: defaults.concurrency,
    examples: examplesAt,
    onFound: (i, f) => void answers.set(i, f),
    onChange: (i, f) => void answers.set(i, f),
  },
);
const seconds = (Date.now() - started) / 1000;
const bulk = count();
await verifier.close();

// Single finds: SINGLES people, one find each, one after another at a domain (domains side by side),
// each knowing the workspace's earlier answers there (as a workspace's later finds do), on a fresh
// prober (nothing remembered from the bulk).
const singleVerifier = verifierOf();
// SINGLES people spread over the ordinary companies, and every person of the three special ones
// (measured apart: they are 3 companies of 223, not a share of single finds).
const specialIds = world.people.map((p, i) => (specialDomains.has(p.domain) ? i : -1)).filter((i) => i >= 0);
const others = world.people.map((_, i) => i).filter((i) => !specialDomains.has(world.people[i].domain));
const step = Math.max(1, Math.floor(others.length / SINGLES));
const ordinary = others.filter((_, k) => k % step === 0).slice(0, SINGLES);
const chosen = [...ordinary, ...specialIds];
const beforeSingles = { ordinary: count(false), special: count(true) };
const singles = new Map<number, Found>();
const earlier = new Map<string, Example[]>();
// …and the people it asked about there without finding an address of theirs (namesakes' rivals).
const askedBefore = new Map<string, string[]>();
// The workspace's discovery of each domain, as the app keeps it between finds (find_domain_discovery).
const kept = new Map<string, Discovery>();
const discovery: DiscoveryStore = {
  load: async (d) => kept.get(d) ?? null,
  save: async (d, x) => void kept.set(d, { rejected: new Map(x.rejected), rejectedInARow: x.rejectedInARow }),
};
const byDomain = new Map<string, number[]>();
for (const i of chosen)
  byDomain.set(world.people[i].domain, [...(byDomain.get(world.people[i].domain) ?? []), i]);
await Promise.all(
  [...byDomain.entries()].map(async ([domain, ids]) => {
    for (const i of ids) {
      const p = world.people[i];
      await findMany(
        [{ index: i, person: { firstName: p.firstName, lastName: p.lastName, company: domain } }],
        {
          verifier: singleVerifier,
          tenant: 'bench',
          concurrency: 1,
          discovery,
          examples: async (d) => {
            const known = await examplesAt(d);
            return {
              ...known,
              examples: [...known.examples, ...(earlier.get(d) ?? [])],
              people: askedBefore.get(d) ?? [],
            };
          },
          onFound: (index, f) => {
            singles.set(index, f);
            const a = f.answer;
            if (a.status === 'valid' && a.email) {
              const ex: Example = {
                address: a.email,
                names: [`${p.firstName} ${p.lastName}`],
                source: 'workspace',
              };
              earlier.set(domain, [...(earlier.get(domain) ?? []), ex]);
            } else
              askedBefore.set(domain, [...(askedBefore.get(domain) ?? []), `${p.firstName} ${p.lastName}`]);
          },
        },
      );
    }
  }),
);
const single = {
  ordinary: minus(count(false), beforeSingles.ordinary),
  special: minus(count(true), beforeSingles.special),
};
await singleVerifier.close();

const people = world.people;
const domainOf = new Map(world.domains.map((d) => [d.domain, d]));
const score = (got: Map<number, Found>, ids: number[]) => {
  const rows = ids.map((i) => ({ p: people[i], a: got.get(i)?.answer, d: domainOf.get(people[i].domain) }));
  const plain = rows.filter(({ p }) => p.truth === 'valid');
  const taught = rows.filter(
    ({ p, d }) => p.truth === 'accept_all' && d && (d.site === 'named' || d.workspaceColleague),
  );
  const special = (k: string) => rows.filter(({ d }) => d?.special === k);
  return {
    plain: plain.length,
    foundRight: plain.filter(({ p, a }) => a?.status === 'valid' && a.email === p.address).length,
    wrongValid: rows.filter(({ p, a }) => a?.status === 'valid' && a.email !== p.address).length,
    taught: taught.length,
    rightPattern: taught.filter(({ a, d }) => a?.status === 'accept_all' && a.pattern === d?.pattern).length,
    ambiguous: rows.filter(({ p }) => p.truth === 'ambiguous').length,
    saidAmbiguous: rows.filter(({ p, a }) => p.truth === 'ambiguous' && a?.status === 'ambiguous').length,
    m365: special('m365'),
    namesakes: special('namesakes'),
    rejectsAll: special('rejects_all'),
  };
};
// VERBOSE=1 lists every answer that is not right (the person, the truth, what was answered).
const misses = (got: Map<number, Found>, ids: number[]) => {
  for (const i of ids) {
    const p = people[i];
    const a = got.get(i)?.answer;
    const ok = p.truth === 'valid' ? a?.status === 'valid' && a.email === p.address : a?.status === p.truth;
    const d = domainOf.get(p.domain);
    const taughtWrong =
      p.truth === 'accept_all' && (d?.site === 'named' || d?.workspaceColleague) && a?.pattern !== d?.pattern;
    if ((!ok && !(p.truth === 'accept_all' && a?.status === 'accept_all')) || taughtWrong)
      console.log(
        `   miss ${p.firstName} ${p.lastName} @${p.domain} ${domainOf.get(p.domain)?.pattern}: truth ${p.truth} ${p.address}, got ${a?.status} ${a?.email} (${a?.evidence.tried} tried, pattern ${a?.pattern} from ${a?.evidence.source}) ${a?.evidence.note ?? ''}`,
      );
  }
};
const all = people.map((_, i) => i);
if (process.env.VERBOSE) {
  console.log('bulk misses');
  misses(answers, all);
  console.log('single misses');
  misses(singles, chosen);
}
const B = score(answers, all);
const S = score(singles, ordinary);
const SS = score(singles, specialIds);
const loads = world.domains.map((d) => {
  const here = people.filter((p) => p.domain === d.domain);
  const rejected = here.filter((p) => !p.address).length;
  return serverCeiling({
    name: d.domain,
    rows: here.length,
    rejected: d.catchAll ? 0 : rejected,
    probes: 1,
    probesRejected: d.catchAll ? 0 : 1,
    cap: CAP,
    rcptLimit: Number.POSITIVE_INFINITY,
    errorBudget: d.postfixLimits ? errorBudgetOf({ soft: 10 }) : Number.POSITIVE_INFINITY,
    latencyMs: 0,
    commandMs: COMMAND_MS,
    bannerCharged: true,
    tarpitMs: 0,
    pipelining: true,
  });
});
const ceilingS = Math.max(...loads.map((l) => l.seconds));
// The same work within our own limit on connections in all (SMTP_MAX_CONNECTIONS, default 50): the
// servers' time added up, spread over that many connections at once.
const TOTAL = 50;
const totalCeilingS = Math.max(ceilingS, loads.reduce((n, l) => n + l.seconds * CAP, 0) / TOTAL);
const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;

const line = (label: string, n: number, d: number, target: string) =>
  console.log(`  ${label.padEnd(44)} ${n}/${d} = ${pct(n, d)}${target ? ` (target ${target})` : ''}`);
const right = (
  rows: { p: { truth: string; address: string | null }; a?: { status: string; email: string | null } }[],
) =>
  rows.filter(({ p, a }) =>
    p.truth === 'valid' ? a?.email === p.address && a?.status === 'valid' : a?.status === p.truth,
  ).length;
console.log(
  `email finder: ${people.length} people over ${world.domains.length} domains, ${COMMAND_MS} ms per command, defaults`,
);
for (const [name, r, c, n, target] of [
  ['bulk', B, bulk, people.length, 2],
  ['single finds, ordinary companies', S, single.ordinary, ordinary.length, 3],
  ['single finds, the three special companies', SS, single.special, specialIds.length, 3],
] as const) {
  console.log(` ${name} (${n} people)`);
  line('found and right, servers that answer:', r.foundRight, r.plain, '≥ 98 %');
  line('wrong address returned as valid:', r.wrongValid, n, '0');
  line('catch-all, colleague shown, right pattern:', r.rightPattern, r.taught, '≥ 95 %');
  line('shared candidates said ambiguous:', r.saidAmbiguous, r.ambiguous, '');
  line('Microsoft 365 {f}_{last} company right:', right(r.m365), r.m365.length, '');
  line('namesakes company right:', right(r.namesakes), r.namesakes.length, '');
  line('company rejecting every guess: not found:', right(r.rejectsAll), r.rejectsAll.length, '');
  console.log(
    `  probe-budget use: ${c.rcpts} RCPTs = ${(c.rcpts / n).toFixed(2)} per person (target ≤ ${target}); sessions ${c.sessions}; Postfix slow-downs ${c.slowed}, "too many errors" cuts ${c.cut} (target 0)`,
  );
}
console.log(
  `  websites: ${siteMs.length} read, mean ${(siteMs.reduce((a, b) => a + b, 0) / siteMs.length).toFixed(0)} ms, slowest ${Math.max(...siteMs)} ms; last read started at ${((lastSiteStart - started) / 1000).toFixed(2)} s`,
);
console.log(`  bulk wall ${seconds.toFixed(1)} s (${(people.length / seconds).toFixed(1)} people/s)`);
console.log(
  `  polite ceiling ${ceilingS.toFixed(2)} s (busiest domain, every server at once): ${pct(ceilingS, seconds)} of it`,
);
console.log(
  `  within ${TOTAL} connections in all: ${totalCeilingS.toFixed(2)} s: ${pct(totalCeilingS, seconds)} of it`,
);
await world.close();
