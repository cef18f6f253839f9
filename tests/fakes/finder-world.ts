import http from 'node:http';
import type { Example } from '../../src/server/features/finder/evidence';
import type { SiteReading } from '../../src/server/features/finder/website';
import { ADDRESS_PATTERNS, nameParts } from '../../src/shared/finder';
import { renderPattern } from '../../src/shared/finder/patterns';
import { type FakeDns, type FakeDnsEntry, startFakeDns } from './dns';
import { type FakeSmtp, startFakeSmtp } from './smtp';

// A small internet of companies for the email finder: each domain has one address pattern (drawn by
// how common patterns are), a mail server that knows its people's mailboxes, maybe catch-all, maybe
// with Postfix's error limits, and maybe a website that publishes a few colleagues. Names include
// accents, umlauts (spelled either way), particles, hyphens, Cyrillic and Greek; a few people share
// a candidate with a colleague (Jane and John Smith at a {f}{last} company) and a few use an address
// off their company's pattern. Every person carries the truth the finder is checked against.

export type TruthStatus = 'valid' | 'accept_all' | 'ambiguous' | 'not_found';

export interface WorldPerson {
  firstName: string;
  lastName: string;
  domain: string;
  /** The mailbox that is theirs (null: none they can be found by). */
  address: string | null;
  /** What a right answer says: valid / accept_all (with `address`), ambiguous, or not_found. */
  truth: TruthStatus;
}

export interface WorldDomain {
  domain: string;
  pattern: string;
  catchAll: boolean;
  postfixLimits: boolean;
  site: 'none' | 'named' | 'shape' | 'robots';
  /** A colleague the workspace already knows (an uploaded list's row): name and address. */
  workspaceColleague: { name: string; address: string } | null;
  /**
   * A company of its own kind: Microsoft 365 with edge blocking and a rare pattern, two namesakes
   * (a.gonzalez and angela.gonzalez), or a server that rejects every address a name makes.
   */
  special?: 'm365' | 'namesakes' | 'rejects_all';
  /** The server's reply to an unknown recipient (default: the fake's Gmail-like 550 5.1.1). */
  unknownReply?: string;
}

export interface FinderWorld {
  people: WorldPerson[];
  domains: WorldDomain[];
  hosts: Record<string, FakeSmtp>;
  dns: FakeDns;
  /** Requests the websites received, by host and path ("co1-x.test/team"). */
  webHits: Map<string, number>;
  env(): Record<string, string>;
  close(): Promise<void>;
}

const FIRST = [
  'Jane',
  'John',
  'Maria',
  'Ahmed',
  'Olivia',
  'Liam',
  'José',
  'Jürgen',
  'Søren',
  'Łukasz',
  'Chloé',
  'Jean-Pierre',
  'Дмитрий',
  'Νίκος',
  'Aisha',
  'Noah',
  'Emma',
  'Lucas',
  'Mia',
  'Ethan',
  'Zoë',
  'François',
  'Björn',
  'Ana',
  'Kenji',
  'Priya',
  'Sean',
  'Ingrid',
  'Mateo',
  'Elif',
];
const LAST = [
  'Doe',
  'Smith',
  'García',
  'Müller',
  'van der Berg',
  'Núñez',
  'Okafor',
  'Kowalski',
  'Иванов',
  'Παπαδόπουλος',
  "O'Brien",
  'García-López',
  'Schröder',
  'Rossi',
  'Dubois',
  'Nakamura',
  'Patel',
  'Johansson',
  'de la Cruz',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Fischer',
  'Silva',
  'Khan',
  'Brown',
  'Wilson',
  'Taylor',
  'Martin',
  'Weiß',
];

/** Deterministic pseudo-random numbers (mulberry32): the same seed, the same world. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FinderWorldOptions {
  domains: number;
  /** People per domain, on average (1 to twice this). */
  peoplePerDomain: number;
  seed?: number;
  /** Share of catch-all domains (default 0.2). */
  catchAll?: number;
  /** Postfix's error sleep, ms (default 1000, as Postfix's own). */
  errorSleepMs?: number;
  /** Server time per command, one after another (a directory look-up per RCPT); default 0. */
  commandMs?: number;
  /** People at each of the three special companies (default 8; 0 leaves them out). */
  specialPeople?: number;
}

export async function startFinderWorld(o: FinderWorldOptions): Promise<FinderWorld> {
  const rnd = random(o.seed ?? 7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const samplePattern = () => {
    let r = rnd() * ADDRESS_PATTERNS.reduce((s, p) => s + p.prior, 0);
    for (const p of ADDRESS_PATTERNS) {
      r -= p.prior;
      if (r <= 0) return p.id;
    }
    return ADDRESS_PATTERNS[0].id;
  };
  // How the company spells a name: usually the first spelling, sometimes umlauts spelled out.
  const spell = (first: string, last: string, pattern: string, german: boolean) => {
    const n = nameParts({ firstName: first, lastName: last });
    if (!n) return null;
    const f = german ? (n.first.find((x) => /ae|oe|ue/.test(x)) ?? n.first[0]) : n.first[0];
    const l = german ? (n.last.find((x) => /ae|oe|ue/.test(x)) ?? n.last[0]) : n.last[0];
    return renderPattern(pattern, f, l);
  };

  const net = 10 + ((process.pid * 7 + (o.seed ?? 7)) % 240);
  const webIp = `127.${net}.250.1`;
  const domains: WorldDomain[] = [];
  const people: WorldPerson[] = [];
  const mailboxes = new Map<string, string[]>();
  const sites = new Map<string, { site: WorldDomain['site']; html: string }>();

  for (let d = 0; d < o.domains; d++) {
    const domain = `co${d}-${Math.floor(rnd() * 1e6).toString(36)}.test`;
    // Single-letter-first patterns collide most; some domains get a Jane/John Smith pair on purpose.
    // …and some are catch-all with a rarer pattern, which only a colleague's address can teach.
    const pattern = d % 50 === 7 ? '{f}{last}' : d % 50 === 3 ? '{f}.{last}' : samplePattern();
    const catchAll = d % 50 === 3 || rnd() < (o.catchAll ?? 0.2);
    const german = rnd() < 0.3;
    const siteRoll = rnd();
    const site: WorldDomain['site'] =
      siteRoll < 0.4 ? 'named' : siteRoll < 0.55 ? 'shape' : siteRoll < 0.6 ? 'robots' : 'none';
    const boxes: string[] = ['info'];
    const addr = (local: string) => `${local}@${domain}`;
    const colleagues = [0, 1].map(() => ({ first: pick(FIRST), last: pick(LAST) }));
    const colleagueAddresses = colleagues.map((c) => spell(c.first, c.last, pattern, german));
    for (const a of colleagueAddresses) if (a) boxes.push(a);
    const wsKnown = rnd() < 0.25 && colleagueAddresses[1];
    const info: WorldDomain = {
      domain,
      pattern,
      catchAll,
      postfixLimits: rnd() < 0.35,
      site,
      workspaceColleague: wsKnown
        ? {
            name: `${colleagues[1].first} ${colleagues[1].last}`,
            address: addr(colleagueAddresses[1] as string),
          }
        : null,
    };
    domains.push(info);
    const count = 1 + Math.floor(rnd() * (2 * o.peoplePerDomain - 1));
    const used = new Set<string>(colleagues.map((c) => `${c.first} ${c.last}`));
    for (let i = 0; i < count; i++) {
      let first = pick(FIRST);
      let last = pick(LAST);
      if (d % 50 === 7 && i < 2) [first, last] = [i === 0 ? 'Jane' : 'John', 'Smith'];
      if (used.has(`${first} ${last}`)) continue;
      used.add(`${first} ${last}`);
      const local = spell(first, last, pattern, german);
      const offPattern = rnd() < 0.01;
      if (!local) continue;
      const mine = offPattern ? `${local.replace(/[^a-z]/g, '')}.x${i}` : local;
      // Only a person of this search may share a candidate; a colleague's address is simply theirs.
      if (colleagueAddresses.some((c) => c === mine)) continue;
      const taken = boxes.includes(mine);
      if (!taken) boxes.push(mine);
      people.push({
        firstName: first,
        lastName: last,
        domain,
        address: taken || offPattern ? null : addr(mine),
        truth: taken
          ? 'ambiguous'
          : offPattern
            ? catchAll
              ? 'accept_all'
              : 'not_found'
            : catchAll
              ? 'accept_all'
              : 'valid',
      });
      // The first of a pair whose candidate is shared is ambiguous too.
      if (taken) {
        const twin = people.find((p) => p.address === addr(mine));
        if (twin) twin.truth = 'ambiguous';
      }
    }
    mailboxes.set(domain, boxes.map(addr));
    sites.set(domain, { site, html: siteHtml(site, domain, colleagues, colleagueAddresses) });
  }
  addSpecialCompanies({ count: o.specialPeople ?? 8, rnd, domains, people, mailboxes, sites });

  const webHits = new Map<string, number>();
  const web = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = (req.url ?? '/').split('?')[0];
    webHits.set(`${host}${path}`, (webHits.get(`${host}${path}`) ?? 0) + 1);
    const s = sites.get(host);
    if (!s || s.site === 'none') return res.writeHead(404).end();
    if (path === '/robots.txt') {
      const body =
        s.site === 'robots' ? 'User-agent: *\nDisallow: /\n' : 'User-agent: *\nDisallow: /private\n';
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    }
    if (path === '/')
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html><body><a href="/team">Our team</a><a href="/contact">Contact</a><p>info@${host}</p></body></html>`,
        );
    if (path === '/team' || path === '/contact')
      return res.writeHead(200, { 'content-type': 'text/html' }).end(s.html);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => web.listen(0, webIp, r));
  const webPort = (web.address() as { port: number }).port;

  const hosts: Record<string, FakeSmtp> = {};
  const zone: Record<string, FakeDnsEntry> = {};
  let port = 0;
  let i = 1;
  for (const d of domains) {
    const ip = `127.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    i++;
    const fake = await startFakeSmtp({
      host: ip,
      port,
      mailboxes: mailboxes.get(d.domain),
      catchAll: d.catchAll,
      commandMs: o.commandMs,
      errorLimits: d.postfixLimits ? { soft: 10, hard: 20, sleepMs: o.errorSleepMs ?? 1000 } : undefined,
      unknownReply: d.unknownReply,
    });
    port = fake.port;
    hosts[d.domain] = fake;
    zone[d.domain] = {
      MX: [{ preference: 10, exchange: `mx.${d.domain}` }],
      ...(d.site === 'none' ? {} : { A: [webIp] }),
    };
    zone[`mx.${d.domain}`] = { A: [ip] };
  }
  const dns = await startFakeDns({ zone });
  return {
    people,
    domains,
    hosts,
    dns,
    webHits,
    env: () => ({
      DNS_SERVERS: dns.server,
      SMTP_PORT: String(port),
      SMTP_ALLOW_PRIVATE: 'true',
      SMTP_HELO_NAME: 'probe.test',
      SMTP_MAIL_FROM: 'bounce@probe.test',
      SMTP_TIMEOUT_MS: '15000',
      GREYLIST_RETRY_S: '1',
      SAFE_FETCH_ALLOW_LOOPBACK: 'true',
      FINDER_WEB_PORT: String(webPort),
    }),
    async close() {
      await Promise.all([dns.close(), ...Object.values(hosts).map((h) => h.close())]);
      await new Promise<void>((r) => web.close(() => r()));
    },
  };
}

/** Microsoft 365's reply to a recipient its directory-based edge blocking does not know. */
export const M365_EDGE_BLOCK =
  '550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [DM6NAM12FT012.eop-nam12.prod.protection.outlook.com]';

/**
 * The three companies the finder once got wrong, each with `count` people and no website: Microsoft
 * 365 whose addresses are the rare {f}_{last} (j_smith@) and whose edge rejects unknown recipients
 * with 5.4.1; a {f}.{last} company where Alberto Gonzalez owns a.gonzalez@ and Angela Gonzalez, who
 * came later, is angela.gonzalez@; and a company whose mailboxes are staff numbers, so the server
 * rejects every address a name makes.
 */
function addSpecialCompanies(o: {
  count: number;
  rnd: () => number;
  domains: WorldDomain[];
  people: WorldPerson[];
  mailboxes: Map<string, string[]>;
  sites: Map<string, { site: WorldDomain['site']; html: string }>;
}) {
  if (o.count <= 0) return;
  const kinds = [
    { special: 'm365', pattern: '{f}_{last}', unknownReply: M365_EDGE_BLOCK },
    { special: 'namesakes', pattern: '{f}.{last}' },
    { special: 'rejects_all', pattern: '{first}.{last}' },
  ] as const;
  for (const [k, kind] of kinds.entries()) {
    const domain = `${kind.special.replace('_', '')}-${Math.floor(o.rnd() * 1e6).toString(36)}.test`;
    const boxes = ['info'];
    const used = new Set<string>();
    for (let i = 0; used.size < o.count && i < o.count * 10; i++) {
      let first = FIRST[(i * 7 + k * 3) % FIRST.length];
      let last = LAST[(i * 11 + k * 5) % LAST.length];
      // The namesakes: Alberto third (once the pattern is shown), Angela after him.
      if (kind.special === 'namesakes' && used.size === 2) [first, last] = ['Alberto', 'Gonzalez'];
      if (kind.special === 'namesakes' && used.size === 3) [first, last] = ['Angela', 'Gonzalez'];
      const n = nameParts({ firstName: first, lastName: last });
      if (!n || used.has(`${first} ${last}`)) continue;
      let local = renderPattern(kind.pattern, n.first[0], n.last[0]);
      if (!local || boxes.includes(local)) {
        if (!(kind.special === 'namesakes' && first === 'Angela')) continue;
        local = renderPattern('{first}.{last}', n.first[0], n.last[0]) as string;
      }
      used.add(`${first} ${last}`);
      if (kind.special === 'rejects_all') local = `e${1000 + i}`;
      boxes.push(local);
      const address = `${local}@${domain}`;
      o.people.push({
        firstName: first,
        lastName: last,
        domain,
        address: kind.special === 'rejects_all' ? null : address,
        truth: kind.special === 'rejects_all' ? 'not_found' : 'valid',
      });
    }
    o.domains.push({
      domain,
      pattern: kind.pattern,
      catchAll: false,
      postfixLimits: false,
      site: 'none',
      workspaceColleague: null,
      special: kind.special,
      unknownReply: 'unknownReply' in kind ? kind.unknownReply : undefined,
    });
    o.mailboxes.set(
      domain,
      boxes.map((b) => `${b}@${domain}`),
    );
    o.sites.set(domain, { site: 'none', html: '' });
  }
}

function siteHtml(
  site: WorldDomain['site'],
  domain: string,
  colleagues: { first: string; last: string }[],
  addresses: (string | null)[],
): string {
  if (site === 'named') {
    const rows = colleagues
      .map((c, i) =>
        addresses[i]
          ? `<li><h3>${c.first} ${c.last}</h3><p>Head of things</p><a href="mailto:${addresses[i]}@${domain}">Email</a></li>`
          : '',
      )
      .join('');
    return `<html><body><h1>Meet the team</h1><ul>${rows}</ul></body></html>`;
  }
  if (site === 'shape' && addresses[0] && /[._-]/.test(addresses[0])) {
    return `<html><body><p>Press: ${addresses[0]}@${domain}</p><p>General: info@${domain}</p></body></html>`;
  }
  return `<html><body><p>Write to info@${domain}</p></body></html>`;
}

/**
 * What a find knows at one of the world's domains: the addresses its website publishes (as read) and,
 * where the world gives one, a colleague from the workspace's own lists.
 */
export function worldExamples(
  world: FinderWorld,
  domain: string,
  site: SiteReading,
): { examples: Example[]; siteProblem: string | null } {
  const examples: Example[] = site.addresses.map((a) => ({
    address: a.address,
    names: a.names,
    source: 'website',
  }));
  const known = world.domains.find((d) => d.domain === domain)?.workspaceColleague;
  if (known) examples.push({ address: known.address, names: [known.name], source: 'workspace', owned: true });
  return { examples, siteProblem: site.problem };
}
