// `npm run bench:finder`: the email finder on a world of known truth (tests/fakes/finder-world.ts):
// ≥ 1,000 people over ≥ 200 domains, 1 in 5 catch-all, 1 in 3 with Postfix's error limits (soft 10,
// hard 20, 1 s sleep), websites that publish colleagues (some forbid it in robots.txt), colleagues the
// workspace already knows, Jane/John Smith collisions, accents, umlauts, Cyrillic and Greek names, and
// every server spending COMMAND_MS on each command. It runs the finder's defaults (the prober's own
// settings, the website budget, FINDER_CONCURRENCY) and prints accuracy, RCPTs per person and the
// share of the polite ceiling (bench/ceiling.ts: the fastest a client keeping the cap could ask the
// truth, one RCPT per person and a probe per domain, with no search at all).
import { finderEnv } from '../src/server/features/finder/env';
import { findMany } from '../src/server/features/finder/find-many';
import type { Found } from '../src/server/features/finder/find-person';
import { siteResolver } from '../src/server/features/finder/site-resolver';
import { readCompanySite } from '../src/server/features/finder/website';
import { createVerifier } from '../src/server/features/verification';
import { startFinderWorld, worldExamples } from '../tests/fakes/finder-world';
import { errorBudgetOf, serverCeiling } from './ceiling';

const DOMAINS = Number(process.env.DOMAINS ?? 220);
const PER_DOMAIN = Number(process.env.PER_DOMAIN ?? 5);
const COMMAND_MS = Number(process.env.COMMAND_MS ?? 10);
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
  commandMs: COMMAND_MS,
});
const env = world.env();
const verifier = createVerifier({
  dnsServers: [env.DNS_SERVERS],
  smtp: {
    allowPrivate: true,
    port: Number(env.SMTP_PORT),
    heloName: 'probe.test',
    mailFrom: 'bounce@probe.test',
  },
});
const resolve = siteResolver([env.DNS_SERVERS], 5000);
const answers = new Map<number, Found>();
const siteMs: number[] = [];
let lastSiteStart = 0;
const onSite = (t: number) => {
  lastSiteStart = Math.max(lastSiteStart, t);
};
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
    examples: async (domain) => {
      const t0 = Date.now();
      onSite(t0);
      const site = await readCompanySite(domain, {
        ...defaults,
        allowLoopback: true,
        port: Number(env.FINDER_WEB_PORT),
        resolve,
      });
      siteMs.push(Date.now() - t0);
      return worldExamples(world, domain, site);
    },
    onFound: (i, f) => void answers.set(i, f),
    onChange: (i, f) => void answers.set(i, f),
  },
);
const seconds = (Date.now() - started) / 1000;

const people = world.people;
const domainOf = new Map(world.domains.map((d) => [d.domain, d]));
const plain = people.map((p, i) => ({ p, a: answers.get(i)?.answer })).filter(({ p }) => p.truth === 'valid');
const foundRight = plain.filter(({ p, a }) => a?.status === 'valid' && a.email === p.address).length;
const wrongValid = people.filter((p, i) => {
  const a = answers.get(i)?.answer;
  return a?.status === 'valid' && a.email !== p.address;
}).length;
const taught = people
  .map((p, i) => ({ p, a: answers.get(i)?.answer, d: domainOf.get(p.domain) }))
  .filter(({ p, d }) => p.truth === 'accept_all' && d && (d.site === 'named' || d.workspaceColleague));
const rightPattern = taught.filter(
  ({ a, d }) => a?.status === 'accept_all' && a.pattern === d?.pattern,
).length;
const ambiguousTruth = people
  .map((p, i) => ({ p, a: answers.get(i)?.answer }))
  .filter(({ p }) => p.truth === 'ambiguous');
const hosts = Object.values(world.hosts);
const rcpts = hosts.reduce((n, h) => n + h.stats.rcpts.length, 0);
const sessions = hosts.reduce((n, h) => n + h.stats.connections, 0);
const slowed = hosts.reduce((n, h) => n + h.stats.slowedSessions, 0);
const cut = hosts.reduce((n, h) => n + h.stats.errorLimitLog.length, 0);

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

console.log(
  `email finder: ${people.length} people over ${world.domains.length} domains, ${COMMAND_MS} ms per command, defaults`,
);
console.log(
  `  found and right, domains not catch-all: ${foundRight}/${plain.length} = ${pct(foundRight, plain.length)} (target ≥ 97 %)`,
);
console.log(
  `  wrong address returned as valid:        ${wrongValid}/${people.length} = ${pct(wrongValid, people.length)} (target ≤ 0.5 %)`,
);
console.log(
  `  catch-all, colleague shown, right pattern: ${rightPattern}/${taught.length} = ${pct(rightPattern, taught.length)} (target ≥ 85 %)`,
);
console.log(
  `  shared candidates said ambiguous:       ${ambiguousTruth.filter(({ a }) => a?.status === 'ambiguous').length}/${ambiguousTruth.length}`,
);
console.log(
  `  RCPT commands: ${rcpts} = ${(rcpts / people.length).toFixed(2)} per person; sessions ${sessions}; Postfix slow-downs ${slowed}, cuts ${cut}`,
);
console.log(
  `  websites: ${siteMs.length} read, mean ${(siteMs.reduce((a, b) => a + b, 0) / siteMs.length).toFixed(0)} ms, slowest ${Math.max(...siteMs)} ms; last read started at ${((lastSiteStart - started) / 1000).toFixed(2)} s`,
);
console.log(`  wall ${seconds.toFixed(1)} s (${(people.length / seconds).toFixed(1)} people/s)`);
console.log(
  `  polite ceiling ${ceilingS.toFixed(2)} s (busiest domain, every server at once): ${pct(ceilingS, seconds)} of it`,
);
console.log(
  `  within ${TOTAL} connections in all: ${totalCeilingS.toFixed(2)} s: ${pct(totalCeilingS, seconds)} of it`,
);
await verifier.close();
await world.close();
