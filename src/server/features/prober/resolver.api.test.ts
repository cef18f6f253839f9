import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// A broken resolver is never the user's verdict (decision 0007): one that says "no such domain" to every
// name, one that does not answer, and one that starts lying mid-run. The run pauses with the reason
// and the time of the next try, no row becomes invalid or risky meanwhile, it resumes by itself to
// the true verdicts, and nothing the resolver said while broken is kept (another list of the same
// addresses, in the same database, gets the true verdicts too).

// Knowledge is kept in the database, which outlives a run of this suite on PostgreSQL: fresh names.
const TAG = Math.random().toString(36).slice(2, 8);
const domainsOf = (p: string) => [`${p}1-${TAG}.test`, `${p}2-${TAG}.test`];
const SCENARIOS = ['lie', 'silent', 'mid', 'stop', 'syntax'];
/** Two real domains with one real mailbox each, and a domain that does not exist. */
const listOf = (p: string) => {
  const [d1, d2] = domainsOf(p);
  return ['email', `ann@${d1}`, `bob@${d1}`, `ann@${d2}`, `bob@${d2}`, `x@${p}-gone-${TAG}.test`].join('\n');
};
const TRUE_STATS = { total: 5, valid: 2, invalid: 3, risky: 0, pending: 0 };

let w: World;
let t: TestApp;
/** Waits the engine asked for before asking the canaries again (they pass in 10 ms, not 30 s). */
const asked: number[] = [];

beforeAll(async () => {
  w = await startWorld(
    Object.fromEntries(SCENARIOS.flatMap((p) => domainsOf(p).map((d) => [d, { mailboxes: [`ann@${d}`] }]))),
  );
  t = await createTestApp({
    work: true,
    // Not the default "yield only" sleep: a resolver check every turn of the event loop would starve
    // the fake resolver in this same process, turning its NXDOMAIN answers into timeouts.
    sleep: (ms) => {
      asked.push(ms);
      return new Promise((resolve) => setTimeout(resolve, 10));
    },
    env: {
      ...w.env(),
      // Long enough that a busy machine never turns the fake's NXDOMAIN answers into silence.
      DNS_TIMEOUT_MS: '2000',
      DNS_TRIES: '1',
      LISTS_BATCH_SIZE: '2',
      VERIFICATION_DOMAIN_TTL_S: '3600',
      VERIFICATION_MAILBOX_TTL_S: '3600',
    },
  });
});
afterEach(() => {
  w.dns.setMode('normal');
  w.dns.onQuery = null;
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

async function start(p: string) {
  const c = new TestClient(t.app);
  await c.register();
  const { uploadId } = (await uploadCsv(c, `${p}.csv`, listOf(p))).json();
  expect((await c.post(`/api/verify/${uploadId}`)).json().started).toBe(true);
  const status = () => c.get(`/api/upload/${uploadId}/status`).then((r) => r.json());
  return { c, uploadId, status };
}

/** Shared facts about this scenario's domains (none may come from a broken resolver). */
async function factsOf(p: string) {
  const names = [...domainsOf(p), `${p}-gone-${TAG}.test`];
  return t.database.raw.query<{ domain: string; kind: string | null }>(
    `SELECT domain, verdict->>'kind' AS kind FROM domain_facts WHERE domain = ANY($1) AND verdict IS NOT NULL`,
    [names],
  );
}

describe('a broken DNS resolver pauses the run instead of judging the rows', () => {
  it.each([
    ['lie', 'nxdomain', /^Our DNS resolver is not answering correctly/],
    ['silent', 'timeout', /^Our DNS resolver is not answering; verification will resume by itself$/],
  ] as const)(
    '%s: paused with the reason, then the true verdicts',
    async (p, mode, message) => {
      w.dns.setMode(mode);
      const run = await start(p);
      const paused = await waitFor(run.status, (s) => s.notice !== null, 20_000);
      expect(paused.status).toBe('processing');
      expect(paused.notice).toMatchObject({ kind: 'dns', message: expect.stringMatching(message) });
      expect(Date.parse(paused.notice.nextTryAt)).not.toBeNaN();
      expect(paused.stats).toEqual({ total: 5, valid: 0, invalid: 0, risky: 0, pending: 5 });
      expect(await factsOf(p)).toEqual([]);
      // The same in the uploads list (history, dashboard selector).
      const listed = (await run.c.get('/api/uploads')).json();
      expect(listed.find((u: { id: string }) => u.id === run.uploadId).notice).toMatchObject({ kind: 'dns' });
      // The engine waits through the app's injected sleep before asking the canaries again.
      expect(asked.some((ms) => ms > 25_000)).toBe(true);

      w.dns.setMode('normal');
      const done = await waitFor(run.status, (s) => s.status !== 'processing', 30_000);
      expect(done).toMatchObject({ status: 'completed', notice: null });
      expect(done.stats).toEqual(TRUE_STATS);

      // Another account, the same addresses, the same database: the true verdicts again.
      const again = await start(p);
      const second = await waitFor(again.status, (s) => s.status !== 'processing', 30_000);
      expect(second.stats).toEqual(TRUE_STATS);
      expect((await factsOf(p)).map((f) => f.kind).sort()).toEqual(['mx', 'mx', 'no_domain']);
      // "No such domain" is shared for the zone's negative TTL at most DNS_NEGATIVE_TTL_MAX_S (300 s; the
      // fake zone has no SOA, so the 60 s default), not for VERIFICATION_DOMAIN_TTL_S (an hour here).
      const [negative] = await t.database.raw.query<{ left_s: number }>(
        `SELECT extract(epoch FROM verdict_expires_at - now())::float8 AS left_s FROM domain_facts
       WHERE domain = $1`,
        [`${p}-gone-${TAG}.test`],
      );
      expect(Number(negative.left_s)).toBeLessThanOrEqual(60);
      expect(Number(negative.left_s)).toBeGreaterThan(0);
    },
    90_000,
  );

  it('a run stopped while the resolver lies lets its batches go at once (nothing waits for the resolver)', async () => {
    w.dns.setMode('nxdomain');
    const run = await start('stop');
    await waitFor(run.status, (s) => s.notice !== null, 20_000);
    const stopped = (await run.c.post(`/api/upload/${run.uploadId}/cancel`)).json();
    expect(stopped).toMatchObject({ status: 'cancelled', notChecked: 5 });
    const held = () =>
      t.database.raw.query('SELECT 1 FROM upload_batches WHERE upload_id = $1 AND lease_owner IS NOT NULL', [
        run.uploadId,
      ]);
    await waitFor(held, (rows) => rows.length === 0, 20_000);
    expect((await run.status()).stats).toEqual({ total: 5, valid: 0, invalid: 0, risky: 0, pending: 5 });
  });

  it('a malformed address is judged while the resolver lies (syntax needs no network)', async () => {
    w.dns.setMode('nxdomain');
    const [d1] = domainsOf('syntax');
    const c = new TestClient(t.app);
    await c.register();
    // One batch (LISTS_BATCH_SIZE 2): the malformed row and a row that waits for the resolver.
    const csv = ['email', 'not-an-email', `ann@${d1}`].join('\n');
    const { uploadId } = (await uploadCsv(c, 'syntax.csv', csv)).json();
    expect((await c.post(`/api/verify/${uploadId}`)).json().started).toBe(true);
    const status = () => c.get(`/api/upload/${uploadId}/status`).then((r) => r.json());
    const paused = await waitFor(status, (s) => s.notice !== null && s.stats.invalid === 1, 20_000);
    expect(paused.stats).toEqual({ total: 2, valid: 0, invalid: 1, risky: 0, pending: 1 });
    const [row] = await t.database.raw.query<{ final_status: string; reason: string }>(
      `SELECT x.final_status, x.reason FROM upload_results x
       JOIN upload_rows r ON r.upload_id = x.upload_id AND r.row_index = x.row_index
       WHERE x.upload_id = $1 AND r.email = 'not-an-email'`,
      [uploadId],
    );
    expect(row).toEqual({ final_status: 'invalid', reason: 'syntax' });

    w.dns.setMode('normal');
    const done = await waitFor(status, (s) => s.status !== 'processing', 30_000);
    expect(done.stats).toEqual({ total: 2, valid: 1, invalid: 1, risky: 0, pending: 0 });
  }, 90_000);

  it('a resolver that starts lying mid-run: the rows it lied about wait, then get their true verdicts', async () => {
    const [, d2] = domainsOf('mid');
    // The resolver turns bad when it is first asked about the second domain.
    w.dns.onQuery = (_type, name) => {
      if (name === d2) w.dns.setMode('nxdomain');
    };
    const run = await start('mid');
    const paused = await waitFor(run.status, (s) => s.notice !== null, 20_000);
    expect(paused.notice).toMatchObject({ kind: 'dns' });
    // Whatever was judged before the lie is true (it may include the domain that does not exist, when
    // it was checked first); the domain the resolver lied about has no verdict.
    const [d1] = domainsOf('mid');
    const truth: Record<string, string> = {
      [`ann@${d1}`]: 'valid',
      [`bob@${d1}`]: 'invalid',
      [`x@mid-gone-${TAG}.test`]: 'invalid',
    };
    const judged = await t.database.raw.query<{ email: string; final_status: string }>(
      `SELECT r.email, x.final_status FROM upload_results x
       JOIN upload_rows r ON r.upload_id = x.upload_id AND r.row_index = x.row_index
       WHERE x.upload_id = $1 AND x.final_status <> 'pending'`,
      [run.uploadId],
    );
    for (const j of judged) expect(j.final_status, j.email).toBe(truth[j.email]);
    expect(paused.stats.risky).toBe(0);

    w.dns.onQuery = null;
    w.dns.setMode('normal');
    const done = await waitFor(run.status, (s) => s.status !== 'processing', 30_000);
    expect(done).toMatchObject({ status: 'completed', notice: null });
    expect(done.stats).toEqual(TRUE_STATS);
  }, 90_000);
});
