import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { createVerifier, type Verifier } from '../verification';
import { AFTER_REJECTS_CANDIDATES, ALONE_CANDIDATES } from './candidates';
import type { Discovery, DiscoveryStore } from './discovery';
import { findMany } from './find-many';
import type { Found } from './find-person';

// The last person of a domain to discover its pattern (a single find, or a bulk's last one there) has no
// colleague to go on after them: they ask every pattern once, so a company writing a rare pattern
// ({f}{l}: an@) is found by its only find. And the likely patterns are asked in small rounds, so an
// address found fifth costs five RCPTs, not eight.

const NET = `127.${30 + (process.pid % 200)}.78`;
let smtp: FakeSmtp;
let dns: FakeDns;
let verifier: Verifier;
const DOMAINS = ['rare.test', 'pair.test', 'dotted.test', 'staff.test'];

beforeAll(async () => {
  smtp = await startFakeSmtp({
    host: `${NET}.1`,
    mailboxes: [
      'an@rare.test', // {f}{l}
      'an@pair.test',
      'cs@pair.test',
      'i.taylor@dotted.test', // {f}.{last}, the fifth candidate
      'e1001@staff.test', // staff numbers: no name makes an address here
    ],
  });
  const zone: Record<string, { MX?: { preference: number; exchange: string }[]; A?: string[] }> = {};
  for (const d of DOMAINS) {
    zone[d] = { MX: [{ preference: 10, exchange: `mx.${d}` }] };
    zone[`mx.${d}`] = { A: [`${NET}.1`] };
  }
  dns = await startFakeDns({ zone });
  verifier = createVerifier({
    dnsServers: [dns.server],
    smtp: { allowPrivate: true, port: smtp.port, heloName: 'probe.test', mailFrom: 'bounce@probe.test' },
  });
});

afterAll(async () => {
  await verifier?.close();
  await Promise.all([smtp?.close(), dns?.close()]);
});

async function find(people: [string, string][], domain: string, discovery?: DiscoveryStore) {
  const got = new Map<number, Found>();
  await findMany(
    people.map(([firstName, lastName], index) => ({
      index,
      person: { firstName, lastName, company: domain },
    })),
    {
      verifier,
      tenant: 'test',
      concurrency: 1,
      examples: async () => ({ examples: [], siteProblem: null }),
      discovery,
      onFound: (i, f) => void got.set(i, f),
      onChange: (i, f) => void got.set(i, f),
    },
  );
  return people.map((_, i) => got.get(i)?.answer);
}

const rcptsAt = (domain: string) => smtp.stats.rcpts.filter((r) => r.endsWith(`@${domain}`)).length;

describe('the last person to discover a domain', () => {
  it("finds a company's only person whose address follows one of the rarest patterns", async () => {
    const [a] = await find([['Ahmed', 'Núñez']], 'rare.test');
    expect(a).toMatchObject({ status: 'valid', email: 'an@rare.test', pattern: '{f}{l}' });
    expect(rcptsAt('rare.test')).toBeLessThanOrEqual(ALONE_CANDIDATES);
  });

  it('finds both people of a bulk at such a company: the second asks what the first did not', async () => {
    const answers = await find(
      [
        ['Ahmed', 'Núñez'],
        ['Chloé', 'Schröder'],
      ],
      'pair.test',
    );
    expect(answers.map((a) => [a?.status, a?.email])).toEqual([
      ['valid', 'an@pair.test'],
      ['valid', 'cs@pair.test'],
    ]);
  });

  it('asks the likely patterns in small rounds: the fifth candidate costs five RCPTs', async () => {
    const [a] = await find([['Ingrid', 'Taylor']], 'dotted.test');
    expect(a).toMatchObject({ status: 'valid', email: 'i.taylor@dotted.test' });
    // ingrid.taylor, ingrid, itaylor, ingridtaylor, i.taylor; two full-name addresses among them already
    // answer the namesake check, and a rejection shows the server is not catch-all.
    expect(rcptsAt('dotted.test')).toBe(5);
  });

  it('after two single finds there that each had every pattern rejected, asks the next ones a few only', async () => {
    const kept = new Map<string, Discovery>();
    const discovery: DiscoveryStore = {
      load: async (d) => kept.get(d) ?? null,
      save: async (d, x) =>
        void kept.set(d, { rejected: new Map(x.rejected), rejectedInARow: x.rejectedInARow }),
    };
    const spent: number[] = [];
    for (const person of [
      ['Jane', 'Doe'],
      ['Noah', 'Silva'],
      ['Emma', 'Khan'],
      ['Sean', 'Patel'],
    ] as [string, string][]) {
      const before = rcptsAt('staff.test');
      const [a] = await find([person], 'staff.test', discovery);
      expect(a?.status).toBe('not_found');
      spent.push(rcptsAt('staff.test') - before);
    }
    expect(spent[0]).toBeGreaterThanOrEqual(ALONE_CANDIDATES - 1);
    expect(spent.slice(2).every((n) => n <= AFTER_REJECTS_CANDIDATES)).toBe(true);
  });
});
