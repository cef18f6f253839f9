import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FinderWorld, startFinderWorld } from '../../../../tests/fakes/finder-world';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// A first-name address (liam@) at a company writing first names fits every Liam there. Once the
// workspace has asked about other people of that first name at the company and found no address of
// their own, a later single find does not give the address to the next one either (decision 0350).

let world: FinderWorld;
let t: TestApp;

beforeAll(async () => {
  world = await startFinderWorld({
    domains: 14,
    peoplePerDomain: 2,
    seed: 31,
    catchAll: 0,
    specialPeople: 0,
  });
  t = await createTestApp({ work: true, env: { ...world.env(), DNS_TIMEOUT_MS: '1000', DNS_RETRY_S: '1' } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await world?.close();
});

describe('a first-name address the workspace knows namesakes for', () => {
  it('is ambiguous in a later single find, naming the namesakes asked about before', async () => {
    const p = world.people.find(
      (x) => x.truth === 'valid' && world.domains.find((d) => d.domain === x.domain)?.pattern === '{first}',
    );
    if (!p?.address) throw new Error('the world has no first-name company');
    const web = new TestClient(t.app);
    await web.register({ plan: 'professional' });
    // Two people of that first name, neither with a mailbox of their own: both get the address, so
    // neither keeps it (the bulk's collision rule).
    const csv = [
      'First Name,Last Name,Website',
      `${p.firstName},Aalto,${p.domain}`,
      `${p.firstName},Berg,${p.domain}`,
    ];
    const { payload, headers } = multipartBody('namesakes.csv', csv.join('\n'), 'file');
    const { job } = (await web.request('POST', '/api/finds/bulk', payload, headers)).json();
    const page = await waitFor(
      async () => (await web.get(`/api/finds/${job.id}/results`)).json(),
      (x) => ['completed', 'failed', 'stopped'].includes(x.job.status),
      60_000,
    );
    expect(page.results.map((r: { status: string }) => r.status)).toEqual(['ambiguous', 'ambiguous']);

    const res = await web.post('/api/finds/single', {
      firstName: p.firstName,
      lastName: p.lastName,
      company: p.domain,
    });
    expect(res.json().result).toMatchObject({ status: 'ambiguous', email: p.address });
    expect(res.json().result.evidence.note).toMatch(/fits every .* \(.*Aalto, .*Berg too\)/);
  }, 90_000);
});
