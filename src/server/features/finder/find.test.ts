import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FinderWorld,
  startFinderWorld,
  type WorldPerson,
  worldExamples,
} from '../../../../tests/fakes/finder-world';
import { createVerifier, type Verifier } from '../verification';
import { DISCOVERY_CANDIDATES, REJECTS_EVERY_GUESS_AT_MOST } from './candidates';
import { findMany } from './find-many';
import type { Found } from './find-person';
import { siteResolver } from './site-resolver';
import { readCompanySite } from './website';

// The finder against a world whose truth is known: every answer is checked. Domains with a pattern
// each, catch-all domains, Postfix error limits, websites that publish colleagues (one forbids it in
// robots.txt), colleagues the workspace knows, name collisions and non-ASCII names; and the three
// companies the finder once got wrong: Microsoft 365 with a rare pattern, namesakes, and a server
// that rejects every address a name makes.

let world: FinderWorld;
let verifier: Verifier;
const answers = new Map<number, Found>();

beforeAll(async () => {
  world = await startFinderWorld({ domains: 24, peoplePerDomain: 3, seed: 11, errorSleepMs: 300 });
  const env = world.env();
  verifier = createVerifier({
    dnsServers: [env.DNS_SERVERS],
    smtp: {
      allowPrivate: true,
      port: Number(env.SMTP_PORT),
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
      greylistRetryS: 1,
    },
  });
  const resolve = siteResolver([env.DNS_SERVERS], 2000);
  await findMany(
    world.people.map((p, index) => ({
      index,
      person: { firstName: p.firstName, lastName: p.lastName, company: p.domain },
    })),
    {
      verifier,
      tenant: 'test',
      concurrency: 20,
      examples: async (domain) => {
        const site = await readCompanySite(domain, {
          budgetMs: 3000,
          pageBytes: 65536,
          allowLoopback: true,
          port: Number(env.FINDER_WEB_PORT),
          resolve,
        });
        return worldExamples(world, domain, site);
      },
      onFound: (i, f) => {
        answers.set(i, f);
      },
      onChange: (i, f) => {
        answers.set(i, f);
      },
    },
  );
}, 120_000);

afterAll(async () => {
  await verifier?.close();
  await world?.close();
});

const right = (p: WorldPerson, f: Found | undefined) => {
  const a = f?.answer;
  if (!a) return false;
  if (p.truth === 'valid') return a.status === 'valid' && a.email === p.address;
  if (p.truth === 'accept_all') return a.status === 'accept_all';
  if (p.truth === 'ambiguous') return a.status === 'ambiguous';
  return a.status === 'not_found';
};

describe('finding people in a world of known truth', () => {
  it('answers every person', () => {
    expect(answers.size).toBe(world.people.length);
    expect(world.people.length).toBeGreaterThan(40);
  });

  it('finds the right address of everyone on a domain that is not catch-all, and never a wrong valid', () => {
    const wrongValid = world.people.filter((p, i) => {
      const a = answers.get(i)?.answer;
      return a?.status === 'valid' && a.email !== p.address;
    });
    expect(wrongValid).toEqual([]);
    const plain = world.people.map((p, i) => [p, i] as const).filter(([p]) => p.truth === 'valid');
    const missed = plain
      .filter(([p, i]) => !right(p, answers.get(i)))
      .map(([p, i]) => ({ p, a: answers.get(i)?.answer }));
    expect(missed).toEqual([]);
  });

  it('calls a catch-all guess accept_all, with the pattern a colleague shows, never valid', () => {
    const catchAll = world.people.map((p, i) => [p, i] as const).filter(([p]) => p.truth === 'accept_all');
    expect(catchAll.length).toBeGreaterThan(0);
    for (const [p, i] of catchAll) {
      const a = answers.get(i)?.answer;
      expect(a?.status).toBe('accept_all');
      const d = world.domains.find((x) => x.domain === p.domain);
      // The colleague teaches the pattern; how this person's umlauts are spelled it cannot always say.
      if (d && (d.site === 'named' || d.workspaceColleague)) expect(a?.pattern).toBe(d.pattern);
    }
  });

  it('gives a shared candidate (Jane and John Smith) to neither, and says so', () => {
    const pair = world.people.map((p, i) => [p, i] as const).filter(([p]) => p.truth === 'ambiguous');
    expect(pair.length).toBeGreaterThanOrEqual(2);
    for (const [, i] of pair) {
      const a = answers.get(i)?.answer;
      expect(a?.status).toBe('ambiguous');
      expect(a?.evidence.note).toMatch(/fits .* as well/);
    }
  });

  it('never draws a Postfix slow-down or disconnect for errors', () => {
    for (const d of world.domains.filter((x) => x.postfixLimits)) {
      expect(world.hosts[d.domain].stats.sessionErrors.every((n) => n < 10)).toBe(true);
    }
  });

  it('reads team pages, and none of a site whose robots.txt forbids it', () => {
    const hits = (d: string, path: string) => world.webHits.get(`${d}${path}`) ?? 0;
    const named = world.domains.filter((d) => d.site === 'named');
    const robots = world.domains.filter((d) => d.site === 'robots');
    expect(named.length).toBeGreaterThan(0);
    expect(robots.length).toBeGreaterThan(0);
    for (const d of named) expect(hits(d.domain, '/team')).toBe(1);
    for (const d of robots) {
      expect(hits(d.domain, '/robots.txt')).toBe(1);
      expect(hits(d.domain, '/') + hits(d.domain, '/team') + hits(d.domain, '/contact')).toBe(0);
    }
  });
});

describe('the companies the finder once got wrong', () => {
  const at = (special: string) => {
    const d = world.domains.find((x) => x.special === special);
    if (!d) throw new Error(`no ${special} company`);
    const people = world.people
      .map((p, i) => ({ p, a: answers.get(i)?.answer }))
      .filter(({ p }) => p.domain === d.domain);
    return { d, people, host: world.hosts[d.domain] };
  };

  it('discovers a rare pattern behind Microsoft 365 edge blocking (f_last, 5.4.1 for unknowns) for everyone there', () => {
    const { d, people, host } = at('m365');
    expect(d.pattern).toBe('{f}_{last}');
    expect(people.length).toBeGreaterThanOrEqual(6);
    for (const { p, a } of people)
      expect({ email: a?.email, status: a?.status }).toEqual({ email: p.address, status: 'valid' });
    // The first people share the patterns between them (at most DISCOVERY_CANDIDATES each); everyone
    // after asks the pattern found, and the initials check, directly.
    expect(host.stats.rcpts.length).toBeLessThanOrEqual(3 * (DISCOVERY_CANDIDATES + 2) + 2 * people.length);
  });

  it('gives each namesake their own address: a.gonzalez to Alberto, angela.gonzalez to Angela', () => {
    const { people } = at('namesakes');
    const alberto = people.find(({ p }) => p.firstName === 'Alberto');
    const angela = people.find(({ p }) => p.firstName === 'Angela');
    expect(alberto?.p.address).toMatch(/^a\.gonzalez@/);
    expect(angela?.p.address).toMatch(/^angela\.gonzalez@/);
    expect(alberto?.a).toMatchObject({ status: 'valid', email: alberto?.p.address });
    expect(angela?.a).toMatchObject({ status: 'valid', email: angela?.p.address });
  });

  it('stops asking a server that rejects every guess, and says so', () => {
    const { people, host } = at('rejects_all');
    for (const { a } of people) expect(a?.status).toBe('not_found');
    const notAsked = people.filter(({ a }) => a?.evidence.tried === 0);
    expect(notAsked.length).toBeGreaterThan(0);
    for (const { a } of notAsked) expect(a?.evidence.note).toMatch(/rejects every guess/);
    expect(host.stats.rcpts.length).toBeLessThanOrEqual(REJECTS_EVERY_GUESS_AT_MOST * DISCOVERY_CANDIDATES);
  });
});
