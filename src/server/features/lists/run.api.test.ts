import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { findWorkspacePlan } from '../workspaces';
import { createUploadFromRows } from './create';
import { startVerification } from './start';

let w: World;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld(
    {
      'good.test': { mailboxes: ['alice@good.test', 'bob@good.test', 'info@good.test'] },
      'catchall.test': { catchAll: true },
    },
    { 'nodomain.test': 'NXDOMAIN' },
  );
  t = await createTestApp({
    work: true,
    env: {
      DNS_SERVERS: w.dns.server,
      DNS_TIMEOUT_MS: '500',
      SMTP_PORT: String(w.port),
      SMTP_ALLOW_PRIVATE: 'true',
      SMTP_TIMEOUT_MS: '2000',
      SMTP_HELO_NAME: 'probe.verilead.test',
      SMTP_MAIL_FROM: 'bounce@verilead.test',
      SMTP_BACKOFF_S: '0',
      GREYLIST_RETRY_S: '1',
      // A one-day trial, so moving the clock past it keeps sessions (7 days) alive.
      TRIAL_DAYS: '1',
      // Small batches so a run spans several claims, and a duplicate sits in a later batch than its first row.
      LISTS_BATCH_SIZE: '3',
      LISTS_LANES: '2',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

const CSV = [
  'name,email,company,note',
  'Alice,alice@good.test,Good Inc,"=HYPERLINK(""http://evil.test"",""click"")"',
  'Bob,bob@good.test,Good Inc,',
  'Carl,carl@good.test,Good Inc,',
  'Info,info@good.test,Good Inc,',
  'Dee,dee@catchall.test,Catch Co,',
  'Eve,eve@nodomain.test,Nowhere,',
  'Bad,not-an-email,,',
  'Alice Again,ALICE@good.test,Dup Ltd,+1 555',
].join('\n');

async function signedIn() {
  const c = new TestClient(t.app);
  const u = await c.register();
  return { c, id: u.id };
}

async function runToCompletion(c: TestClient, uploadId: string) {
  return waitFor(
    async () => {
      const s = (await c.get(`/api/upload/${uploadId}/status`)).json();
      // The counters add up at every moment, not only at the end.
      expect(s.stats.valid + s.stats.invalid + s.stats.risky + s.stats.pending).toBe(s.stats.total);
      return s;
    },
    (s) => s.status === 'completed' || s.status === 'failed',
    25_000,
  );
}

describe('verification runs', () => {
  let owner: { c: TestClient; id: string };
  let uploadId: string;

  it('verifies an upload in two steps, once per address, and start is idempotent', async () => {
    owner = await signedIn();
    const up = await uploadCsv(owner.c, 'Leads Q3.csv', CSV);
    expect(up.statusCode).toBe(201);
    uploadId = up.json().uploadId;
    expect(up.json().totalEmails).toBe(8);
    // LISTS_BATCH_SIZE reaches the upload through the config: 8 rows in batches of 3.
    const batches = await t.database.raw.query('SELECT 1 FROM upload_batches WHERE upload_id = $1', [
      uploadId,
    ]);
    expect(batches).toHaveLength(3);

    const first = await owner.c.post(`/api/verify/${uploadId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ started: true, status: 'processing' });
    const second = await owner.c.post(`/api/verify/${uploadId}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().started).toBe(false);

    const s = await runToCompletion(owner.c, uploadId);
    expect(s.status).toBe('completed');
    expect(s.stats).toEqual({ total: 8, valid: 3, invalid: 3, risky: 2, pending: 0 });
    expect(s.processingProgress).toBe(100);
    expect(s.step1Done && s.step2Done).toBe(true);

    // alice@ and ALICE@ are one address: probed once at the mail server.
    const rcpts = w.hosts['good.test'].stats.rcpts.map((r) => r.toLowerCase());
    expect(rcpts.filter((r) => r.includes('alice@good.test')).length).toBe(1);
    // A completed run is not started again.
    expect((await owner.c.post(`/api/verify/${uploadId}`)).json().started).toBe(false);
    expect((await owner.c.post(`/api/verify/${uploadId}/pending`, {})).json().started).toBe(false);
  });

  it('pages, filters on the final status and searches email, name and company', async () => {
    const all = (await owner.c.get(`/api/upload/${uploadId}/results?page=1&filter=all`)).json();
    expect(all.pagination).toEqual({ page: 1, limit: 50, total: 8, totalPages: 1 });
    const alice = all.results[0];
    expect(alice).toMatchObject({
      email: { email: 'alice@good.test', name: 'Alice', company: 'Good Inc' },
      status: 'valid',
      fourthVerificationStatus: 'valid',
      fourthVerificationDetails: { quality: 'good', reason: 'accepted', smtpCode: 250 },
      isFinal: true,
    });
    expect(alice.verifiedAt).toBeTruthy();
    expect(alice.fourthVerifiedAt).toBeTruthy();
    const eve = all.results.find((r: { email: { email: string } }) => r.email.email === 'eve@nodomain.test');
    expect(eve).toMatchObject({
      status: 'invalid',
      fourthVerificationStatus: null,
      reason: 'no_domain',
      isFinal: true,
    });

    const invalid = (await owner.c.get(`/api/upload/${uploadId}/results?filter=invalid`)).json();
    expect(invalid.results.map((r: { email: { email: string } }) => r.email.email).sort()).toEqual([
      'carl@good.test',
      'eve@nodomain.test',
      'not-an-email',
    ]);
    expect(invalid.pagination.total).toBe(3);
    const risky = (await owner.c.get(`/api/upload/${uploadId}/results?filter=risky`)).json();
    expect(risky.results.map((r: { reason: string }) => r.reason).sort()).toEqual(['catch_all', 'role']);

    const byName = (await owner.c.get(`/api/upload/${uploadId}/results?search=ALIC`)).json();
    expect(byName.pagination.total).toBe(2);
    const byCompany = (await owner.c.get(`/api/upload/${uploadId}/results?search=catch%20co`)).json();
    expect(byCompany.results.map((r: { email: { email: string } }) => r.email.email)).toEqual([
      'dee@catchall.test',
    ]);
    const byDomain = (
      await owner.c.get(`/api/upload/${uploadId}/results?search=good.test&filter=valid`)
    ).json();
    expect(byDomain.pagination.total).toBe(3);
    const literal = (await owner.c.get(`/api/upload/${uploadId}/results?search=%25`)).json();
    expect(literal.pagination.total).toBe(0);

    // Anywhere in the address, the name or the company, not only at the start.
    const emails = async (q: string) =>
      (await owner.c.get(`/api/upload/${uploadId}/results?${q}`))
        .json()
        .results.map((r: { email: { email: string } }) => r.email.email);
    expect(await emails('search=LICE')).toEqual(['alice@good.test', 'ALICE@good.test']);
    expect(await emails('search=ood%20in')).toEqual([
      'alice@good.test',
      'bob@good.test',
      'carl@good.test',
      'info@good.test',
    ]);
    expect(await emails('search=up%20lt')).toEqual(['ALICE@good.test']);
    expect(await emails('search=%40catch')).toEqual(['dee@catchall.test']);
    // Never across two fields: "Nowhere" follows "eve@nodomain.test" in the row but does not join it.
    expect(await emails('search=testnowhere')).toEqual([]);
    expect(await emails('search=test%0Anowhere')).toEqual([]);
    expect(await emails('search=ood.test&filter=risky')).toEqual(['info@good.test']);
    expect(await emails('search=o&filter=invalid')).toEqual([
      'carl@good.test',
      'eve@nodomain.test',
      'not-an-email',
    ]);

    const bad = await owner.c.get(`/api/upload/${uploadId}/results?filter=maybe`);
    expect(bad.statusCode).toBe(400);
    const page2 = (await owner.c.get(`/api/upload/${uploadId}/results?page=2`)).json();
    expect(page2.results).toEqual([]);
  });

  it('exports the original columns plus verdicts, formula-safe, with a BOM and a named file', async () => {
    const res = await owner.c.get(`/api/upload/${uploadId}/export?type=all`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`filename="Leads Q3-all-${date}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'name,email,company,note,initial_status,final_status,reason,reason_text,role,free,disposable,suggestion,mx_host,smtp_code,smtp_message,provider,checked_at,score,decided_by,attempts',
    );
    expect(lines).toHaveLength(9);
    // The formula is text now: a leading quote, and no cell starts with = or +.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(lines[1]).toMatch(/,valid,valid,accepted,Mailbox accepted,false,false,false,,mx\.good\.test,250,/);
    // provider (the mail server is in the address's own domain), checked_at, score, decided_by, attempts.
    expect(lines[1]).toMatch(/,2\.1\.5 OK,Self-hosted,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z,99,smtp,1$/);
    // A row the initial check decided (no such domain): no question to a mail server.
    expect(lines.find((l) => l.includes('eve@nodomain.test'))).toMatch(/,initial_check,$/);
    expect(lines[8]).toContain(`,"'+1 555",`);

    const valid = await owner.c.get(`/api/upload/${uploadId}/export?type=valid`);
    expect(valid.body.trim().split('\r\n')).toHaveLength(4);
    const invalid = await owner.c.get(`/api/upload/${uploadId}/export?type=invalid`);
    const invalidEmails = invalid.body
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[1]);
    expect(invalidEmails.sort()).toEqual(['carl@good.test', 'eve@nodomain.test', 'not-an-email']);
    expect((await owner.c.get(`/api/upload/${uploadId}/export?type=risky`)).statusCode).toBe(400);
  });

  it('lists the upload with its stats and offers only valid addresses for sending', async () => {
    const list = (await owner.c.get('/api/uploads')).json();
    expect(list[0]).toMatchObject({
      id: uploadId,
      originalName: 'Leads Q3.csv',
      status: 'completed',
      processingProgress: 100,
    });
    const { groups } = (await owner.c.get('/api/smartlead/verified-emails')).json();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ uploadId, uploadName: 'Leads Q3.csv' });
    const valid = groups[0].emails.filter((e: { status: string }) => e.status === 'valid');
    expect(valid.map((e: { email: string }) => e.email).sort()).toEqual([
      'ALICE@good.test',
      'alice@good.test',
      'bob@good.test',
    ]);
    const breakdown = (await owner.c.get(`/api/upload/${uploadId}/breakdown`)).json();
    expect(breakdown.reasons.find((r: { reason: string }) => r.reason === 'accepted').count).toBe(3);
  });

  it('pages a search and filters it while a run is writing as when idle', async () => {
    const owned = await signedIn();
    const rows = Array.from(
      { length: 120 },
      (_, i) => `Person ${i},p${i}@${i % 2 ? 'odd' : 'even'}.test,Co ${i}`,
    );
    const { uploadId: id } = (
      await uploadCsv(owned.c, 'many.csv', ['name,email,company', ...rows].join('\n'))
    ).json();
    // Verdicts written directly: even rows valid, odd rows invalid, the last ten still pending.
    await t.database.raw.query(
      `INSERT INTO upload_results (upload_id, row_index, status, verified_at, final_status)
       SELECT $1, g, s, now(), s FROM generate_series(0, 109) g,
         LATERAL (SELECT CASE WHEN g % 2 = 0 THEN 'valid' ELSE 'invalid' END AS s) v`,
      [id],
    );
    await t.database.raw.query(
      'UPDATE uploads SET valid = 55, invalid = 55, pending = 10, step1_count = 110 WHERE id = $1',
      [id],
    );
    const get = async (q: string) => (await owned.c.get(`/api/upload/${id}/results?${q}`)).json();
    const idx = (body: { results: { rowIndex: number }[] }) => body.results.map((r) => r.rowIndex);

    // "1" is in 40 of the 120 rows' text (p1, p10..p19, p21, ... p119 and their names/companies).
    const expected = Array.from({ length: 120 }, (_, i) => i).filter((i) => String(i).includes('1'));
    const first = await get('search=1');
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: expected.length, totalPages: 1 });
    expect(idx(first)).toEqual(expected);
    const evenOnes = expected.filter((i) => i % 2 === 0 && i < 110);
    const idle = await get('search=1&filter=valid');
    expect(idle.pagination.total).toBe(evenOnes.length);
    expect(idx(idle)).toEqual(evenOnes);
    const all = await get('search=P&page=3');
    expect(all.pagination).toMatchObject({ total: 120, totalPages: 3 });
    expect(idx(all)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));

    // While a run writes, statuses are read from the database (and a new verdict shows at once).
    // A verdict always moves the counters in the same statement (results-write.ts); so does this one.
    await t.database.raw.query("UPDATE uploads SET status = 'processing' WHERE id = $1", [id]);
    await t.database.raw.query(
      `WITH x AS (INSERT INTO upload_results (upload_id, row_index, status, verified_at, final_status)
         VALUES ($1, 110, 'valid', now(), 'valid'))
       UPDATE uploads SET step1_count = 111, valid = 56, pending = 9 WHERE id = $1`,
      [id],
    );
    const writing = await get('search=1&filter=valid');
    expect(writing.pagination.total).toBe(evenOnes.length + 1);
    expect(idx(writing)).toEqual([...evenOnes, 110]);
    expect(idx(await get('search=1&filter=invalid&page=2'))).toEqual([]);
    await t.database.raw.query("UPDATE uploads SET status = 'completed' WHERE id = $1", [id]);
    // Idle again: the statuses kept before the new verdict are out of date and are read again.
    expect(idx(await get('search=1&filter=valid'))).toEqual([...evenOnes, 110]);
    expect((await get('filter=valid&page=2')).results).toHaveLength(6);

    // Another user gets 404 even when this upload's search index and statuses are in memory.
    const other = await signedIn();
    for (const q of ['search=1', 'search=1&filter=valid', 'filter=valid', 'page=2']) {
      expect((await other.c.get(`/api/upload/${id}/results?${q}`)).statusCode, q).toBe(404);
    }
  });

  it('gives another user 404 on every upload route', async () => {
    const other = await signedIn();
    const routes: [string, string][] = [
      ['GET', `/api/upload/${uploadId}/status`],
      ['GET', `/api/upload/${uploadId}/results`],
      ['GET', `/api/upload/${uploadId}/results?search=a`],
      ['GET', `/api/upload/${uploadId}/results?search=a&filter=valid`],
      ['GET', `/api/upload/${uploadId}/export?type=all`],
      ['GET', `/api/upload/${uploadId}/breakdown`],
      ['POST', `/api/verify/${uploadId}`],
      ['POST', `/api/verify/${uploadId}/pending`],
    ];
    for (const [method, url] of routes) {
      const res = await other.c.request(method as 'GET', url, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
      const missing = await other.c.request(
        method as 'GET',
        url.replace(uploadId, '00000000-0000-4000-8000-000000000000'),
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(res.json().message);
    }
    expect((await other.c.get('/api/uploads')).json()).toEqual([]);
    expect((await other.c.get('/api/smartlead/verified-emails')).json().groups).toEqual([]);
  });

  it('creates and starts an upload from rows in memory (scraper send-to-verify)', async () => {
    const { id } = await signedIn();
    const workspace = (await findWorkspacePlan(t.database.db, id))!; // the personal workspace
    const created = await createUploadFromRows({
      db: t.database.db,
      workspaceId: id,
      name: 'Instagram: bakeries',
      headers: ['Username', 'Full Name', 'Email'],
      rows: [
        { Username: 'bob', 'Full Name': 'Bob B', Email: 'bob@good.test' },
        ['carl', 'Carl C', 'carl@good.test'],
      ],
      emailColumn: 'Email',
    });
    expect(created.totalEmails).toBe(2);
    const started = await startVerification({
      db: t.database.db,
      queue: t.queue,
      settings: t.config,
      workspace,
      uploadId: created.uploadId,
      now: t.clock(),
    });
    expect(started.started).toBe(true);
    const rows = await waitFor(
      async () =>
        t.database.raw.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM upload_results WHERE upload_id = $1 AND final_status <> 'pending'",
          [created.uploadId],
        ),
      (r) => Number(r[0].n) === 2,
    );
    expect(Number(rows[0].n)).toBe(2);
  });

  // Last: moving the shared clock past the trial affects every user of this app.
  it('answers 402 to a start once the trial is over, while results stay readable', async () => {
    const { c } = await signedIn();
    const up = await uploadCsv(c, 'late.csv', 'email\nbob@good.test\n');
    t.clock.advance(36 * 3_600_000);
    const res = await c.post(`/api/verify/${up.json().uploadId}`);
    expect(res.statusCode).toBe(402);
    expect(res.json().upgradeUrl).toBe('/subscribe');
    expect((await c.get(`/api/upload/${up.json().uploadId}/status`)).json().status).toBe('pending');
    expect((await owner.c.get(`/api/upload/${uploadId}/results`)).statusCode).toBe(200);
  });

  it("counts the engine's SMTP connections in the process's metrics (the job context hands them to the prober)", async () => {
    // The first test's run talked to the world's servers; its prober took the app's metrics hooks.
    expect(await t.metrics.registry.metrics()).toMatch(/verilead_smtp_connections_total\{[^}]*\} [1-9]/);
  });

  it('refreshes the results statistics in every run of a list, not once per list in the process', async () => {
    const { c } = await signedIn();
    const csv = 'email\nalice@good.test\nbob@good.test\n';
    const first = (await uploadCsv(c, 'first.csv', csv)).json().uploadId;
    await c.post(`/api/verify/${first}`);
    await runToCompletion(c, first);
    // The same addresses again: answered from the recent results, then verified again now (a second run).
    const again = (await uploadCsv(c, 'again.csv', csv)).json().uploadId;
    await c.post(`/api/verify/${again}`);
    await runToCompletion(c, again);
    const analyses = async () =>
      Number(
        (
          await t.database.raw.query<{ n: string }>(
            "SELECT analyze_count AS n FROM pg_stat_user_tables WHERE relname = 'upload_results'",
          )
        )[0]?.n ?? 0,
      );
    const before = await analyses();
    expect((await c.post(`/api/verify/${again}/again`)).json()).toMatchObject({ started: true });
    expect((await runToCompletion(c, again)).status).toBe('completed');
    await waitFor(analyses, (n) => n > before, 5_000);
  });
});
