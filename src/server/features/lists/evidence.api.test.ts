import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../tests/fakes/smartlead';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { waitFor } from '../../../../tests/helpers/lists';
import { deliverTo } from '../../../../tests/helpers/send-outcomes';
import { newApiKey, TEST_ENCRYPTION_KEY } from '../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { readCsv } from '../../../shared/csv';

// "How was it decided?" on every row (VERIFICATION.md): a row the mail server answered, one answered by
// a recent check of the same address, and one a Smartlead bounce overturned each say so, with the
// attempts, in API v1's results and in its CSV export alike.

// Shared knowledge is kept in the database, which outlives a run of this suite on PostgreSQL: fresh addresses.
const TAG = Math.random().toString(36).slice(2, 8);
const ANN = `ann.${TAG}@acme.test`;
const BOB = `bob.${TAG}@acme.test`;
const NOBODY = `nobody.${TAG}@acme.test`;

let w: World;
let fake: FakeSmartlead;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld({ 'acme.test': { mailboxes: [ANN, BOB] } });
  fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      LISTS_LANES: '1',
      SMARTLEAD_API_URL: fake.url,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      PUBLIC_URL: 'https://app.verilead.test',
      // Answers are shared with later lists for an hour (off in tests unless asked for).
      VERIFICATION_DOMAIN_TTL_S: '3600',
      VERIFICATION_MAILBOX_TTL_S: '3600',
      // The suite polls its lists while they run (the limit is api/rate-limit.api.test.ts's subject).
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await w?.close();
});

type Api = ReturnType<typeof bearer>;
type Row = {
  email: { email: string };
  finalStatus: string;
  reason: string;
  decidedBy: string;
  attempts: number;
};

async function verifiedList(api: Api, emails: string[]): Promise<string> {
  const res = await api.post('/api/v1/lists', { emails });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().id;
  await waitFor(
    async () => (await api.get(`/api/v1/lists/${id}`)).json(),
    (l) => l.status === 'completed' || l.status === 'failed',
    30_000,
  );
  return id;
}

/** Each row's evidence in API v1's results and in its CSV, by address. */
async function evidence(api: Api, id: string) {
  const rows: Row[] = (await api.get(`/api/v1/lists/${id}/results`)).json().data;
  const fromApi = Object.fromEntries(
    rows.map((r) => [r.email.email, `${r.finalStatus}/${r.reason} ${r.decidedBy} ${r.attempts}`]),
  );
  const csv: string[][] = [];
  const body = (await api.get(`/api/v1/lists/${id}/export?type=all`)).rawPayload;
  for await (const rows of readCsv(
    (async function* () {
      yield body;
    })(),
  ))
    csv.push(...rows);
  const [head, ...lines] = csv;
  const col = (name: string) => head.indexOf(name);
  const fromCsv = Object.fromEntries(
    lines.map((l) => [
      l[col('email')],
      `${l[col('final_status')]}/${l[col('reason')]} ${l[col('decided_by')]} ${l[col('attempts')]}`,
    ]),
  );
  return { fromApi, fromCsv };
}

describe('how each row was decided', () => {
  it('says smtp, cache or send_outcome, with the attempts, in API v1 and its CSV', async () => {
    const u = await apiUser(t.app);
    const api = bearer(t.app, (await u.token()).token);
    const first = await verifiedList(api, [ANN, BOB, NOBODY]);
    // Asked over SMTP: one RCPT TO each.
    const asked = {
      [ANN]: 'valid/accepted smtp 1',
      [BOB]: 'valid/accepted smtp 1',
      [NOBODY]: 'invalid/rejected smtp 1',
    };
    expect(await evidence(api, first)).toEqual({ fromApi: asked, fromCsv: asked });

    // The same address in a later list: the recent answer, no question asked.
    const rcpts = w.hosts['acme.test'].stats.rcpts.length;
    const second = await verifiedList(api, [ANN]);
    const cached = { [ANN]: 'valid/accepted cache 0' };
    expect(await evidence(api, second)).toEqual({ fromApi: cached, fromCsv: cached });
    expect(w.hosts['acme.test'].stats.rcpts).toHaveLength(rcpts);

    // Bob is sent through Smartlead and bounces: his row in the first list now rests on that bounce.
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    expect((await u.web.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
    const bob = (await u.web.get(`/api/upload/${first}/results?search=${encodeURIComponent(BOB)}`)).json();
    const created = await u.web.post('/api/smartlead/create-campaign', {
      campaignName: `Evidence ${u.user.username}`,
      rowIds: [String(bob.results[0].id)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, smartlead_id: smartleadId } = created.json();
    // The app's own workers send it.
    const sent = await waitFor(
      async () => (await u.web.get(`/api/smartlead/sends/${id}`)).json(),
      (p) => p.state === 'completed' || p.state === 'failed',
      30_000,
    );
    expect(sent).toMatchObject({ state: 'completed', added: 1 });
    expect(await fake.leadEvent(smartleadId, BOB, 'EMAIL_BOUNCE', undefined, deliverTo(t))).toBe(200);
    // The attempts stay those of the SMTP check the bounce overturned.
    const bounced = { ...asked, [BOB]: 'invalid/bounced send_outcome 1' };
    expect(await evidence(api, first)).toEqual({ fromApi: bounced, fromCsv: bounced });
  }, 60_000);
});
