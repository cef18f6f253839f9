import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { bounceText, shownBand } from '../../../shared/calibration';

// The workspace's own bounce rates: recorded Smartlead outcomes of verified and found
// addresses come out per status and per score band exactly as counted, with their counts, and a rate
// only once a group has enough sends. Another workspace sees none of them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function workspaceOf(web: TestClient): Promise<string> {
  const user = await web.register({ plan: 'professional' });
  const [row] = await t.database.raw.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM workspace_members WHERE user_id = $1',
    [user.id],
  );
  return row.workspace_id;
}

describe('bounce rates per status and score band', () => {
  it('counts the sends and bounces of found and verified addresses, and states a rate from 100 sends', async () => {
    const web = new TestClient(t.app);
    const ws = await workspaceOf(web);
    const now = new Date().toISOString();
    const [job] = await t.database.raw.query<{ id: string }>(
      `INSERT INTO find_jobs (workspace_id, kind, name, status, total, created_at)
       VALUES ($1, 'bulk', 'calibration', 'completed', 300, $2) RETURNING id`,
      [ws, now],
    );
    // 200 found valid (score 99; 3 bounced), 40 accept-all (score 80; 12 bounced).
    const found: [string, string, number, boolean][] = [];
    for (let i = 0; i < 200; i++) found.push([`v${i}@found.test`, 'valid', 99, i < 3]);
    for (let i = 0; i < 40; i++) found.push([`c${i}@found.test`, 'accept_all', 80, i < 12]);
    // 150 verified valid (2 bounced) and 20 catch-all (5 bounced), never found.
    const verified: [string, boolean, boolean][] = [];
    for (let i = 0; i < 150; i++) verified.push([`x${i}@verified.test`, true, i < 2]);
    for (let i = 0; i < 20; i++) verified.push([`y${i}@verified.test`, false, i < 5]);
    for (const [n, [email, status, score]] of found.entries())
      await t.database.raw.query(
        `INSERT INTO find_results (job_id, row_no, workspace_id, company, domain, email, status, score, finished_at)
         VALUES ($1, $2, $3, 'found.test', 'found.test', $4, $5, $6, $7)`,
        [job.id, n, ws, email, status, score, now],
      );
    const outcome = (email: string, bounced: boolean, accepted: boolean | null, catchAll: boolean | null) =>
      t.database.raw.query(
        `INSERT INTO send_outcomes (workspace_id, email, sent_at, bounced_at, updated_at, accepted, catch_all)
         VALUES ($1, $2, $3, $4, $3, $5, $6)`,
        [ws, email, now, bounced ? now : null, accepted, catchAll],
      );
    for (const [email, status, , bounced] of found)
      await outcome(email, bounced, status === 'valid', status === 'accept_all');
    for (const [email, accepted, bounced] of verified) await outcome(email, bounced, accepted, !accepted);

    const res = await web.get('/api/calibration');
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.minSends).toBe(100);
    expect(c.find).toEqual([
      { key: 'valid', label: 'valid', sends: 200, bounced: 3, rate: 0.015 },
      { key: 'accept_all', label: 'accept-all', sends: 40, bounced: 12, rate: null },
    ]);
    expect(c.findBands).toEqual([
      { key: '90-100', label: 'score 90–100', sends: 200, bounced: 3, rate: 0.015, shownAs: '90-100' },
      { key: '75-89', label: 'score 75–89', sends: 40, bounced: 12, rate: null, shownAs: null },
    ]);
    // Verified and found alike: the verdict recorded when each address's first outcome arrived.
    expect(c.verify).toEqual([
      { key: 'valid', label: 'valid', sends: 350, bounced: 5, rate: 5 / 350 },
      { key: 'catch_all', label: 'catch-all', sends: 60, bounced: 17, rate: null },
    ]);

    // …and by the score each sent address has as a list row (shared/score.ts, calibrated by the sends):
    // accepted rows score 90–100; catch-all rows by their domain's sends (verified.test 5 of 20
    // bounced: 75–89; found.test 12 of 40: 50–74). Each band below 100 sends has no rate nor moves.
    expect(c.verifyBands).toEqual([
      { key: '90-100', label: 'score 90–100', sends: 350, bounced: 5, rate: 5 / 350, shownAs: '90-100' },
      { key: '75-89', label: 'score 75–89', sends: 20, bounced: 5, rate: null, shownAs: null },
      { key: '50-74', label: 'score 50–74', sends: 40, bounced: 12, rate: null, shownAs: null },
    ]);
    const other = new TestClient(t.app);
    await other.register({ plan: 'professional' });
    expect((await other.get('/api/calibration')).json()).toEqual({
      minSends: 100,
      verify: [],
      verifyBands: [],
      find: [],
      findBands: [],
    });
  }, 60_000);

  it('moves a score band to the band its measured bounce rate fits once it has 100 sends, counts beside it', async () => {
    const web = new TestClient(t.app);
    const ws = await workspaceOf(web);
    const now = new Date().toISOString();
    const [job] = await t.database.raw.query<{ id: string }>(
      `INSERT INTO find_jobs (workspace_id, kind, name, status, total, created_at)
       VALUES ($1, 'bulk', 'bands', 'completed', 300, $2) RETURNING id`,
      [ws, now],
    );
    // Score 95 (90–100 promises at most 2 %): 6 of 100 bounced, 6 %: above 75–89's 5 %, shown as 50–74.
    // Score 60 (50–74): 1 of 120 bounced, 0.8 %: shown as 90–100. Score 80: 99 sends, no rate, stays.
    const rows: [string, number, boolean][] = [];
    for (let i = 0; i < 100; i++) rows.push([`h${i}@bands.test`, 95, i < 6]);
    for (let i = 0; i < 120; i++) rows.push([`m${i}@bands.test`, 60, i < 1]);
    for (let i = 0; i < 99; i++) rows.push([`s${i}@bands.test`, 80, i < 50]);
    for (const [n, [email, score, bounced]] of rows.entries()) {
      await t.database.raw.query(
        `INSERT INTO find_results (job_id, row_no, workspace_id, company, domain, email, status, score, finished_at)
         VALUES ($1, $2, $3, 'bands.test', 'bands.test', $4, 'valid', $5, $6)`,
        [job.id, n, ws, email, score, now],
      );
      await t.database.raw.query(
        `INSERT INTO send_outcomes (workspace_id, email, sent_at, bounced_at, updated_at, accepted, catch_all)
         VALUES ($1, $2, $3, $4, $3, true, false)`,
        [ws, email, now, bounced ? now : null],
      );
    }
    const c = (await web.get('/api/calibration')).json();
    expect(c.findBands).toEqual([
      { key: '90-100', label: 'score 90–100', sends: 100, bounced: 6, rate: 0.06, shownAs: '50-74' },
      { key: '75-89', label: 'score 75–89', sends: 99, bounced: 50, rate: null, shownAs: null },
      { key: '50-74', label: 'score 50–74', sends: 120, bounced: 1, rate: 1 / 120, shownAs: '90-100' },
    ]);
    // A row is shown in the band its band's rate fits, with the counts that rate stands on.
    expect(shownBand(97, c.findBands)).toMatchObject({
      scored: { key: '90-100' },
      shown: { key: '50-74' },
      measured: { sends: 100, bounced: 6 },
    });
    expect(bounceText(c.findBands[0])).toBe(
      'score 90–100: 6.0 % bounced over 100 sends; shown as score 50–74',
    );
    expect(shownBand(62, c.findBands).shown.key).toBe('90-100');
    expect(shownBand(85, c.findBands)).toMatchObject({ shown: { key: '75-89' }, measured: { sends: 99 } });
    expect(shownBand(20, c.findBands)).toMatchObject({ shown: { key: '0-49' }, measured: null });
  }, 60_000);
});
