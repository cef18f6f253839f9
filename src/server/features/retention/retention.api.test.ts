import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { seedTenantData } from '../../../../tests/helpers/tenant-data';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { purgeCanceledWorkspaces } from './canceled';
import { deleteExpiredActivity, deleteExpiredScrapes, deleteExpiredUsage } from './sweep';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.database.raw.query<T>(text, params);
const countOf = async (table: string, workspaceId: string) =>
  Number(
    (
      await q<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE workspace_id = $1`, [workspaceId])
    )[0].n,
  );
const ago = (days: number) => new Date(t.clock().getTime() - days * DAY).toISOString();

async function workspaceWithData(marker: string) {
  const c = new TestClient(t.app);
  const u = await c.register();
  const data = await seedTenantData(t.database.raw, { owner: u.id, marker, tenantColumn: 'workspace_id' });
  return { c, id: u.id, data };
}

describe('retention sweep', () => {
  it('deletes scrape jobs (with their profiles) past SCRAPES_RETENTION_DAYS, but not running ones', async () => {
    const old = await workspaceWithData('oldscrape');
    const fresh = await workspaceWithData('freshscrape');
    await q('UPDATE scrape_jobs SET created_at = $2 WHERE workspace_id = $1', [old.id, ago(31)]);
    const running = await workspaceWithData('running');
    await q("UPDATE scrape_jobs SET created_at = $2, status = 'running' WHERE workspace_id = $1", [
      running.id,
      ago(40),
    ]);
    expect(
      await deleteExpiredScrapes({ db: t.database.db, now: t.clock(), days: 30 }),
    ).toBeGreaterThanOrEqual(1);
    expect(await countOf('scrape_jobs', old.id)).toBe(0);
    expect(await countOf('scrape_profiles', old.id)).toBe(0);
    expect(await countOf('scrape_jobs', fresh.id)).toBe(1);
    expect(await countOf('scrape_profiles', fresh.id)).toBe(2);
    expect(await countOf('scrape_jobs', running.id)).toBe(1);
  });

  it('deletes activity older than ACTIVITY_RETENTION_DAYS and usage months beyond USAGE_RETENTION_MONTHS', async () => {
    const w = await workspaceWithData('activity');
    await q(
      `INSERT INTO activity_log (workspace_id, action, created_at) VALUES ($1, 'old', $2), ($1, 'recent', $3)`,
      [w.id, ago(91), ago(89)],
    );
    await deleteExpiredActivity({ db: t.database.db, now: t.clock(), days: 90 });
    const actions = (
      await q<{ action: string }>('SELECT action FROM activity_log WHERE workspace_id = $1', [w.id])
    ).map((r) => r.action);
    expect(actions).toContain('recent');
    expect(actions).not.toContain('old');

    const now = t.clock();
    const month = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    await q('DELETE FROM usage_counters WHERE workspace_id = $1', [w.id]);
    for (const back of [0, 5, 6, 13]) {
      await q(
        `INSERT INTO usage_counters (workspace_id, month, kind, count, units) VALUES ($1, $2, 'scrape', 1, 1)`,
        [w.id, month(back)],
      );
    }
    await deleteExpiredUsage({ db: t.database.db, now, months: 6 });
    const kept = await q<{ month: string | Date }>(
      'SELECT month::text AS month FROM usage_counters WHERE workspace_id = $1 ORDER BY month',
      [w.id],
    );
    expect(kept.map((r) => String(r.month))).toEqual([month(5), month(0)]);
  });
});

describe('after cancellation', () => {
  const cancel = (id: string, endedDaysAgo: number) =>
    q(
      `UPDATE subscriptions SET status = 'canceled', status_rank = 2, ended_at = $2 WHERE workspace_id = $1`,
      [id, ago(endedDaysAgo)],
    );

  it("deletes a workspace's data 30 days after its subscription ended, keeps the account, and runs once", async () => {
    const gone = await workspaceWithData('purged');
    const grace = await workspaceWithData('stillgrace');
    const paying = await workspaceWithData('paying');
    await cancel(gone.id, 31);
    await cancel(grace.id, 29);
    const purged = await purgeCanceledWorkspaces({ db: t.database.db, now: t.clock() });
    expect(purged).toContain(gone.id);
    expect(purged).not.toContain(grace.id);
    expect(purged).not.toContain(paying.id);
    for (const table of [
      'uploads',
      'scrape_jobs',
      'scrape_profiles',
      'email_templates',
      'smartlead_campaigns',
      'webhook_endpoints',
      'usage_counters',
    ]) {
      expect(await countOf(table, gone.id), table).toBe(0);
      expect(await countOf(table, grace.id), table).toBeGreaterThan(0);
      expect(await countOf(table, paying.id), table).toBeGreaterThan(0);
    }
    expect(
      Number(
        (
          await q<{ n: number }>('SELECT count(*)::int AS n FROM upload_rows WHERE upload_id = $1', [
            gone.data.uploadIds[0],
          ])
        )[0].n,
      ),
    ).toBe(0);
    // The person can still sign in (and subscribe again); the payment records stay.
    expect((await gone.c.get('/api/user')).statusCode).toBe(200);
    const [sub] = await q<{ data_purged_at: unknown }>(
      'SELECT data_purged_at FROM subscriptions WHERE workspace_id = $1',
      [gone.id],
    );
    expect(sub.data_purged_at).not.toBeNull();
    expect(await purgeCanceledWorkspaces({ db: t.database.db, now: t.clock() })).not.toContain(gone.id);
  });
});
