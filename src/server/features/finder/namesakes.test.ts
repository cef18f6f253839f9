import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../tests/fakes/dns';
import { type FakeSmtp, startFakeSmtp } from '../../../../tests/fakes/smtp';
import { createVerifier, type Verifier } from '../verification';
import type { Example } from './evidence';
import { findMany } from './find-many';
import type { Found } from './find-person';

// Single finds at a namesake's company: an address made of initials that the server
// accepts fits everyone with those initials. The person's full-name address is asked too and
// preferred; where the domain's pattern says their address would be another one, the initials
// address is ambiguous, never valid.

const NET = `127.${30 + (process.pid % 200)}.77`;
let smtp: FakeSmtp;
let dns: FakeDns;
let verifier: Verifier;

beforeAll(async () => {
  smtp = await startFakeSmtp({
    host: `${NET}.1`,
    mailboxes: [
      // initials.test writes {f}.{last}; Angela came after Alberto and got her full name.
      'a.gonzalez@initials.test',
      'angela.gonzalez@initials.test',
      'm.lopez@initials.test',
      // fullname.test writes {first}.{last}; a.gonzalez@ is an old alias of Alberto's.
      'a.gonzalez@fullname.test',
      'maria.lopez@fullname.test',
      // firstname.test writes {first}.{last}; liam@ is an old Liam's (not Liam Weiss's).
      'liam@firstname.test',
      'maria.lopez@firstname.test',
      // unknown.test: nothing is known of its pattern; liam@ exists.
      'liam@unknown.test',
      // firstonly.test writes {first}; the second Liam got his full name.
      'emma@firstonly.test',
      'liam@firstonly.test',
      'liam.weiss@firstonly.test',
      // onefirst.test writes {first}; liam@ is Liam Ivanov's, and Liam Weiss has no mailbox of his own.
      'emma@onefirst.test',
      'liam@onefirst.test',
    ],
  });
  const mx = (d: string) => ({ MX: [{ preference: 10, exchange: `mx.${d}` }] });
  dns = await startFakeDns({
    zone: {
      'initials.test': mx('initials.test'),
      'mx.initials.test': { A: [`${NET}.1`] },
      'fullname.test': mx('fullname.test'),
      'mx.fullname.test': { A: [`${NET}.1`] },
      'firstname.test': mx('firstname.test'),
      'mx.firstname.test': { A: [`${NET}.1`] },
      'unknown.test': mx('unknown.test'),
      'mx.unknown.test': { A: [`${NET}.1`] },
      'firstonly.test': mx('firstonly.test'),
      'mx.firstonly.test': { A: [`${NET}.1`] },
      'onefirst.test': mx('onefirst.test'),
      'mx.onefirst.test': { A: [`${NET}.1`] },
    },
  });
  verifier = createVerifier({
    dnsServers: [dns.server],
    smtp: { allowPrivate: true, port: smtp.port, heloName: 'probe.test', mailFrom: 'bounce@probe.test' },
  });
});

afterAll(async () => {
  await verifier?.close();
  await Promise.all([smtp?.close(), dns?.close()]);
});

/**
 * One single find, knowing the workspace's colleague at the domain (the domain's pattern), and maybe
 * more: other examples, and people the workspace asked about there before without finding an address.
 */
async function findOne(
  firstName: string,
  lastName: string,
  domain: string,
  colleague: Example | null,
  more: { examples?: Example[]; people?: string[] } = {},
) {
  let found: Found | undefined;
  await findMany([{ index: 0, person: { firstName, lastName, company: domain } }], {
    verifier,
    tenant: 'test',
    concurrency: 1,
    examples: async () => ({
      examples: [...(colleague ? [colleague] : []), ...(more.examples ?? [])],
      siteProblem: null,
      people: more.people,
    }),
    onFound: (_, f) => {
      found = f;
    },
  });
  return found?.answer;
}

describe('namesakes', () => {
  it('prefers the address naming the person over a namesake initials address the pattern makes', async () => {
    const colleague: Example = {
      address: 'm.lopez@initials.test',
      names: ['Maria Lopez'],
      source: 'workspace',
      owned: true,
    };
    const before = smtp.stats.rcpts.length;
    const a = await findOne('Angela', 'Gonzalez', 'initials.test', colleague);
    expect(a).toMatchObject({ status: 'valid', email: 'angela.gonzalez@initials.test' });
    // One RCPT for a.gonzalez (the pattern), one or two for the full name.
    expect(smtp.stats.rcpts.length - before).toBeLessThanOrEqual(3);
    const b = await findOne('Alberto', 'Gonzalez', 'initials.test', colleague);
    expect(b).toMatchObject({ status: 'valid', email: 'a.gonzalez@initials.test' });
  });

  it('calls an initials address ambiguous where the domain pattern gives the person another one', async () => {
    const colleague: Example = {
      address: 'maria.lopez@fullname.test',
      names: ['Maria Lopez'],
      source: 'workspace',
      owned: true,
    };
    const a = await findOne('Angela', 'Gonzalez', 'fullname.test', colleague);
    expect(a?.status).toBe('ambiguous');
    expect(a?.email).toBe('a.gonzalez@fullname.test');
    expect(a?.evidence.note).toMatch(/initials/);
  });

  // A first name alone (liam@) fits every Liam at the company, as initials do (decision 0350).
  it('calls a first-name address ambiguous where the domain writes full names', async () => {
    const colleague: Example = {
      address: 'maria.lopez@firstname.test',
      names: ['Maria Lopez'],
      source: 'workspace',
      owned: true,
    };
    const a = await findOne('Liam', 'Weiss', 'firstname.test', colleague);
    expect(a).toMatchObject({ status: 'ambiguous', email: 'liam@firstname.test' });
    expect(a?.evidence.note).toMatch(/everyone called liam/);
  });

  it('gives a first-name address where nothing shows the domain writes full names (holding it back costs more)', async () => {
    const a = await findOne('Liam', 'Weiss', 'unknown.test', null);
    expect(a).toMatchObject({ status: 'valid', email: 'liam@unknown.test' });
  });

  it('at a first-name company, prefers the full-name address a second Liam got, and gives liam@ to a Liam without one', async () => {
    const colleague: Example = {
      address: 'emma@firstonly.test',
      names: ['Emma Brown'],
      source: 'workspace',
      owned: true,
    };
    const before = smtp.stats.rcpts.length;
    const a = await findOne('Liam', 'Weiss', 'firstonly.test', colleague);
    expect(a).toMatchObject({ status: 'valid', email: 'liam.weiss@firstonly.test' });
    // liam@ (the pattern), one full-name address, and the session's catch-all probe at most.
    expect(smtp.stats.rcpts.length - before).toBeLessThanOrEqual(3);
    const b = await findOne('Liam', 'Taylor', 'firstonly.test', colleague);
    expect(b).toMatchObject({ status: 'valid', email: 'liam@firstonly.test' });
  });

  // liam@ at a company writing first names is every Liam's: where the workspace asked about another Liam
  // there and found no address of his own, it is given to neither.
  describe('a first-name address where the workspace knows another person of that name', () => {
    const emma: Example = {
      address: 'emma@onefirst.test',
      names: ['Emma Brown'],
      source: 'workspace',
      owned: true,
    };

    it('is ambiguous, and says whose it may be', async () => {
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, { people: ['Liam Ivanov'] });
      expect(a).toMatchObject({ status: 'ambiguous', email: 'liam@onefirst.test' });
      expect(a?.evidence.note).toMatch(/^liam@ fits every Liam at onefirst\.test \(Liam Ivanov too\)/);
    });

    it('is ambiguous where the other Liam is an example without an address of his own there', async () => {
      const old: Example = { address: 'info@onefirst.test', names: ['Liam Ivanov'], source: 'website' };
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, { examples: [old] });
      expect(a).toMatchObject({ status: 'ambiguous', email: 'liam@onefirst.test' });
    });

    it('is valid where the other Liam has an address of his own there', async () => {
      const his: Example = { address: 'liam.i@onefirst.test', names: ['Liam Ivanov'], source: 'workspace' };
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, {
        examples: [his],
        people: ['Liam Ivanov'],
      });
      expect(a).toMatchObject({ status: 'valid', email: 'liam@onefirst.test' });
    });

    it('is valid where the website lists this Liam with it', async () => {
      const site: Example = { address: 'liam@onefirst.test', names: ['Liam Weiss'], source: 'website' };
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, {
        examples: [site],
        people: ['Liam Ivanov'],
      });
      expect(a).toMatchObject({ status: 'valid', email: 'liam@onefirst.test' });
    });

    it("is ambiguous even where the workspace's earlier find gave it to this Liam (a mailbox, not whose)", async () => {
      const before: Example = { address: 'liam@onefirst.test', names: ['Liam Weiss'], source: 'workspace' };
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, {
        examples: [before],
        people: ['Liam Ivanov'],
      });
      expect(a).toMatchObject({ status: 'ambiguous', email: 'liam@onefirst.test' });
    });

    it('is valid where the only other Liam asked about is this one, written another way (Weiß)', async () => {
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, { people: ['Liam Weiß'] });
      expect(a).toMatchObject({ status: 'valid', email: 'liam@onefirst.test' });
    });

    it('is valid for the only Liam the workspace knows of', async () => {
      const a = await findOne('Liam', 'Weiss', 'onefirst.test', emma, { people: ['Maria Lopez'] });
      expect(a).toMatchObject({ status: 'valid', email: 'liam@onefirst.test' });
    });
  });
});
