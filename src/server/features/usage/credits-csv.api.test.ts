import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../tests/helpers/client';
import { uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { type CreditRunsResponse, RELEASE_REASONS } from '../../../shared/credits';
import { monthOf } from './quota';

// The usage page's credits as CSV (decision 0890): the file's figures are the JSON ledger's, the finder's
// charged addresses are in it, a list name cannot run as a formula, and a workspace reads only its own.

let w: World;
let t: TestApp;
beforeAll(async () => {
  w = await startWorld(
    {
      'good.test': { mailboxes: ['alice@good.test'] },
      'policy.test': { rcptReply: '550 5.7.1 Message rejected due to local policy' },
    },
    { 'nodomain.test': 'NXDOMAIN' },
  );
  t = await createTestApp({ work: true, env: { ...w.env(), SMTP_BACKOFF_S: '0' } });
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

// A browser escapes double quotes in a file name, and the upload keeps what follows a slash: no slash here.
const EVIL = "=HYPERLINK('evil.test','open').csv";

async function verified(c: TestClient, name: string, csv: string) {
  const up = (await uploadCsv(c, name, csv)).json();
  expect((await c.post(`/api/verify/${up.uploadId}`)).json().started).toBe(true);
  await waitFor(
    async () => (await c.get('/api/usage/credits')).json() as CreditRunsResponse,
    (l) => l.runs.some((r) => r.uploadId === up.uploadId && r.settledAt !== null),
    30_000,
  );
}

const table = (body: string) =>
  Papa.parse<string[]>(body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

describe('the credits CSV', () => {
  it("says exactly what the usage page's ledger says, finds included, and no cell runs as a formula", async () => {
    const c = new TestClient(t.app);
    const u = await c.register({ plan: 'professional' });
    await verified(
      c,
      'plain.csv',
      'email\nalice@good.test\npat@policy.test\nnot-an-email\nALICE@good.test\n',
    );
    await verified(c, EVIL, 'email\nalice@good.test\neve@nodomain.test\n');
    await t.database.raw.query(
      `INSERT INTO usage_counters (workspace_id, month, kind, count, units) VALUES ($1, $2::date, 'find', 7, 7)`,
      [u.id, monthOf(t.clock())],
    );

    const ledger = (await c.get('/api/usage/credits')).json() as CreditRunsResponse;
    const res = await c.get('/api/usage/credits/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="credits-\d{4}-\d{2}\.csv"/);
    const [header, ...rows] = table(res.body);
    expect(header.slice(0, 7)).toEqual(['Kind', 'List', 'Run', 'Started', 'Settled', 'Reserved', 'Charged']);
    expect(header).toHaveLength(7 + RELEASE_REASONS.length + 1);

    const runs = rows.filter((r) => r[0] === 'verification');
    expect(runs).toHaveLength(ledger.runs.length);
    expect(ledger.runs).toHaveLength(2);
    ledger.runs.forEach((run, i) => {
      const row = runs[i];
      // The one quote before a formula-like name is the guard; the rest is the name as the page shows it.
      expect(row[1]).toBe(run.listName.startsWith('=') ? `'${run.listName}` : run.listName);
      expect(row.slice(2, 5)).toEqual([String(run.runId), run.startedAt, run.settledAt ?? '']);
      expect(row.slice(5).map(Number)).toEqual([
        run.reserved,
        run.charged,
        ...RELEASE_REASONS.map((k) => run.released[k]),
        run.open,
      ]);
    });
    // The runs are what the world answered: the sums of the file are the page's month.
    const charged = runs.reduce((a, r) => a + Number(r[6]), 0);
    expect(charged).toBe(ledger.charged);
    expect(charged).toBe(2);
    expect(rows.find((r) => r[0] === 'finds')?.[6]).toBe('7');
    // The name that would run as a formula is quoted as text.
    expect(res.body).toContain(`"'=HYPERLINK('evil.test','open').csv"`);
    expect(rows.some((r) => r.some((cell) => /^[=+\-@]/.test(cell)))).toBe(false);
  });

  it("never shows another workspace's runs, and needs a session", async () => {
    const owner = new TestClient(t.app);
    await owner.register({ plan: 'professional' });
    await verified(owner, 'secret-leads.csv', 'email\nalice@good.test\n');
    const other = new TestClient(t.app);
    await other.register({ plan: 'professional' });
    const theirs = await other.get('/api/usage/credits/export');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('secret-leads');
    expect(table(theirs.body).filter((r) => r[0] === 'verification')).toHaveLength(0);
    expect((await new TestClient(t.app).get('/api/usage/credits/export')).statusCode).toBe(401);
  });
});
