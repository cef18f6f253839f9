import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../../tests/fakes/smtp';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Our fault is not a verdict: when no mail server can be reached (outbound port 25 blocked), a run
// waits with a message in the status API, its rows stay pending, and it completes once the network
// works. Then a later list reuses the verdicts (shared knowledge), for any account.
const DOMAINS = ['n1.test', 'n2.test', 'n3.test', 'n4.test'];
// Knowledge is kept in the database, which outlives a run of this suite on PostgreSQL: fresh addresses.
const TAG = Math.random().toString(36).slice(2, 8);
const ann = (d: string) => `ann.${TAG}@${d}`;
let w: World;
let t: TestApp;

beforeAll(async () => {
  w = await startWorld(Object.fromEntries(DOMAINS.map((d) => [d, { mailboxes: [ann(d)] }])));
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      SMTP_TIMEOUT_MS: '2000',
      SMTP_RETRY_BASE_MS: '20',
      SMTP_NETWORK_RETRY_S: '1',
      VERIFICATION_DOMAIN_TTL_S: '3600',
      VERIFICATION_MAILBOX_TTL_S: '3600',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

const CSV = ['email', ...DOMAINS.flatMap((d) => [ann(d), `bob.${TAG}@${d}`])].join('\n');

async function signedIn() {
  const c = new TestClient(t.app);
  await c.register();
  return c;
}

describe('mail servers unreachable from here', () => {
  it('pauses with the message and pending rows, then completes when the servers are back', async () => {
    await Promise.all(Object.values(w.hosts).map((h) => h.close()));
    const c = await signedIn();
    const { uploadId } = (await uploadCsv(c, 'down.csv', CSV)).json();
    expect((await c.post(`/api/verify/${uploadId}`)).json().started).toBe(true);
    const paused = await waitFor(
      async () => (await c.get(`/api/upload/${uploadId}/status`)).json(),
      (s) => s.notice !== null,
      20_000,
    );
    expect(paused.notice).toMatchObject({
      kind: 'smtp',
      message: `Our server cannot reach mail servers on port ${w.port} (set SMTP_PROXY or VERIFIER_API_URL); verification will resume by itself`,
    });
    expect(Date.parse(paused.notice.nextTryAt)).not.toBeNaN();
    expect(paused.status).toBe('processing');
    expect(paused.stats).toMatchObject({ total: 8, valid: 0, invalid: 0, risky: 0, pending: 8 });

    for (const d of DOMAINS) {
      w.hosts[d] = await startFakeSmtp({ host: w.ipOf[d], port: w.port, mailboxes: [ann(d)] });
    }
    const done = await waitFor(
      async () => (await c.get(`/api/upload/${uploadId}/status`)).json(),
      (s) => s.status !== 'processing',
      30_000,
    );
    expect(done).toMatchObject({ status: 'completed', notice: null });
    expect(done.stats).toEqual({ total: 8, valid: 4, invalid: 4, risky: 0, pending: 0 });
  }, 60_000);

  it('another account verifying the same addresses gets the known verdicts without a probe', async () => {
    const before = Object.values(w.hosts).reduce((n, h) => n + h.stats.rcpts.length, 0);
    const c = await signedIn();
    const { uploadId } = (await uploadCsv(c, 'again.csv', CSV)).json();
    await c.post(`/api/verify/${uploadId}`);
    const done = await waitFor(
      async () => (await c.get(`/api/upload/${uploadId}/status`)).json(),
      (s) => s.status !== 'processing',
      30_000,
    );
    expect(done.stats).toEqual({ total: 8, valid: 4, invalid: 4, risky: 0, pending: 0 });
    expect(Object.values(w.hosts).reduce((n, h) => n + h.stats.rcpts.length, 0)).toBe(before);
    // Each row says so: answered from the recent check, no question asked.
    const rows = (await c.get(`/api/upload/${uploadId}/results?limit=50`)).json().results;
    expect(
      new Set(rows.map((r: { decidedBy: string; attempts: number }) => `${r.decidedBy}/${r.attempts}`)),
    ).toEqual(new Set(['cache/0']));
    // What is shared holds facts about addresses and domains only: no user, upload or row.
    const columns = await t.database.raw.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_name IN ('mailbox_verdicts', 'domain_facts') ORDER BY table_name, column_name`,
    );
    expect(columns.map((r) => `${r.table_name}.${r.column_name}`)).toEqual([
      'domain_facts.catch_all',
      'domain_facts.catch_all_expires_at',
      'domain_facts.domain',
      'domain_facts.verdict',
      'domain_facts.verdict_expires_at',
      'mailbox_verdicts.address',
      'mailbox_verdicts.expires_at',
      'mailbox_verdicts.verdict',
    ]);
  }, 60_000);
});
