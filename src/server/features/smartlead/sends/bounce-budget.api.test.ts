import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import {
  seedVerifiedUpload,
  signUpWithKey,
  startSmartleadApp,
  stopSmartleadApp,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';

// The bounce budget at send time (decision 0221): a send holding risky rows is refused above the
// projected bounce rate the user picked (default 2%), by the server, whatever the client sends.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp());
});
afterAll(() => stopSmartleadApp(t, fake));

async function workspaceWithList() {
  const { c, user } = await signUpWithKey(t, fake);
  const tag = Date.now().toString(36);
  const valid = Array.from({ length: 30 }, (_, i) => `v${i}.${tag}@acme.com`);
  const risky = [`a.${tag}@catchall.test`, `b.${tag}@catchall.test`];
  const invalid = `x.${tag}@gone.test`;
  const uploadId = await seedVerifiedUpload({
    db: t.database.db,
    workspaceId: user.id,
    name: 'leads.csv',
    rows: [
      ...valid.map((email) => ({ email, name: 'V', company: 'Acme', valid: true })),
      ...risky.map((email) => ({
        email,
        name: 'R',
        company: 'Cat',
        valid: true,
        verdict: 'catch_all' as const,
      })),
      { email: invalid, name: 'X', company: 'Gone', valid: false },
    ],
  });
  // Each address's row id, as the send screen names rows (decision 0935).
  const results = (await c.get(`/api/upload/${uploadId}/results`)).json().results;
  const ids = new Map<string, string>(
    results.map((r: { id: number; email: { email: string } }) => [r.email.email, String(r.id)]),
  );
  return { c, valid, risky, invalid, tag, ids };
}

type Rows = Awaited<ReturnType<typeof workspaceWithList>>;
const send = (w: Rows, name: string, emails: string[], bounceBudget?: number) =>
  w.c.post('/api/smartlead/create-campaign', {
    campaignName: name,
    rowIds: emails.map((email) => w.ids.get(email)),
    includeRisky: true,
    ...(bounceBudget === undefined ? {} : { bounceBudget }),
  });

describe('the bounce budget', () => {
  it('offers each row with its score, for the projection shown before confirming', async () => {
    const { c, risky } = await workspaceWithList();
    const list = (await c.get('/api/smartlead/verified-emails')).json();
    const rows = list.groups.flatMap((g: { emails: { email: string; score: number }[] }) => g.emails);
    expect(rows.find((r: { email: string }) => r.email === risky[0]).score).toBe(75);
    expect(rows.filter((r: { score: number }) => r.score === 99)).toHaveLength(30);
    expect(list.reverifyAfterDays).toBe(14);
    expect(rows.every((r: { stale: boolean }) => !r.stale)).toBe(true);
  });

  it('marks the rows last checked more than REVERIFY_AFTER_DAYS ago, which the send checks again', async () => {
    const { c, risky } = await workspaceWithList();
    await t.database.raw.query(
      `UPDATE upload_results x SET verified_at = now() - interval '20 days', step2_verified_at = now() - interval '20 days'
       FROM upload_rows r WHERE r.upload_id = x.upload_id AND r.row_index = x.row_index AND r.email = $1`,
      [risky[0]],
    );
    const list = (await c.get('/api/smartlead/verified-emails')).json();
    const rows = list.groups.flatMap((g: { emails: { email: string; stale: boolean }[] }) => g.emails);
    expect(rows.filter((r: { stale: boolean }) => r.stale).map((r: { email: string }) => r.email)).toEqual([
      risky[0],
    ]);
  });

  it('refuses risky rows above the default 2%, and allows them within a budget the user picks', async () => {
    const w = await workspaceWithList();
    const { valid, risky, tag } = w;
    // 30 valid (1% each) + 2 catch-all (25% each): (30 + 50) / 32 = 2.5%.
    const over = await send(w, `Over ${tag}`, [...valid, ...risky]);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toMatch(/project a 2\.5% bounce rate, above your 2% budget/);
    // One risky row fits: (30 + 25) / 31 = 1.8%.
    expect((await send(w, `One risky ${tag}`, [...valid, risky[0]!])).statusCode).toBe(201);
    // The user's own budget, and "no limit".
    expect((await send(w, `Three ${tag}`, [...valid, ...risky], 3)).statusCode).toBe(201);
    expect((await send(w, `Any ${tag}`, risky, 100)).statusCode).toBe(201);
    // Valid rows alone are never held to it; a budget below 0.5% is not one.
    expect((await send(w, `Valid ${tag}`, valid, 0.5)).statusCode).toBe(201);
    expect((await send(w, `Zero ${tag}`, valid, 0)).statusCode).toBe(400);
  });

  it('never sends an invalid row named in the request (the server reads the verdicts, not the client)', async () => {
    const w = await workspaceWithList();
    const { valid, invalid, tag } = w;
    const res = await send(w, `Edited ${tag}`, [...valid, invalid]);
    expect(res.statusCode).toBe(201);
    expect(res.json().send).toMatchObject({ totalLeads: 30 });
    expect((await send(w, `Only invalid ${tag}`, [invalid])).statusCode).toBe(400);
  });

  it('holds rows added to an existing campaign to the same budget', async () => {
    const w = await workspaceWithList();
    const { c, valid, risky, tag } = w;
    const created = await send(w, `Grow ${tag}`, valid.slice(0, 2));
    expect(created.statusCode).toBe(201);
    const add = (bounceBudget?: number) =>
      c.post(`/api/smartlead/campaigns/${created.json().id}/leads`, {
        rowIds: risky.map((email) => w.ids.get(email)),
        includeRisky: true,
        ...(bounceBudget === undefined ? {} : { bounceBudget }),
      });
    expect((await add()).statusCode).toBe(400);
    expect((await add(30)).statusCode).toBe(202);
  });
});
