import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FinderWorld, startFinderWorld } from '../../../../tests/fakes/finder-world';
import { TestClient } from '../../../../tests/helpers/client';
import { multipartBody, uploadCsv, waitFor } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { findRecoverJob } from '../finder/jobs';
import { sweepJob } from '../lists/jobs';
import { setAllowanceOverride } from './allowance';

// The probe budget through the app (decision 0860): a bulk find and a list that reach the workspace's
// hourly allowance pause with a notice (their rows stay pending, never "not found" or invalid) and go
// on by themselves when the hour turns; the usage page and API v1 show what was spent and is left.

let world: FinderWorld;
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  world = await startFinderWorld({ domains: 12, peoplePerDomain: 2, seed: 11 });
  t = await createTestApp({
    work: true,
    env: { ...world.env(), DNS_TIMEOUT_MS: '1000', DNS_RETRY_S: '1', LISTS_LEASE_S: '2' },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await world?.close();
});

const jobCtx = () =>
  ({
    database: t.database,
    clock: t.clock,
    config: t.config,
    queue: t.queue,
    log: console,
    jobId: 'x',
  }) as never;

async function workspaceOf(web: TestClient): Promise<string> {
  // A company that names no domain is answered at once, without a probe: its job names the workspace.
  const { job } = (await web.post('/api/finds/single', { fullName: 'Jane Doe', company: 'Acme Inc' })).json();
  const [row] = await t.database.raw.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM find_jobs WHERE id = $1',
    [job.id],
  );
  return row.workspace_id;
}

async function spentThisHour(ws: string): Promise<number> {
  const rows = await t.database.raw.query<{ probes: number }>(
    "SELECT probes FROM probe_budget_usage WHERE workspace_id = $1 AND scope = 'hour' AND window_start = date_trunc('hour', $2::timestamptz)",
    [ws, t.clock().toISOString()],
  );
  return Number(rows[0]?.probes ?? 0);
}

describe('a bulk find over its budget', () => {
  it('pauses with the notice, keeps its people pending, and resumes when the hour turns', async () => {
    const web = new TestClient(t.app);
    await web.register({ plan: 'hobbyist' });
    const ws = await workspaceOf(web);
    await setAllowanceOverride({
      db: t.database.db,
      workspaceId: ws,
      perHour: 8,
      perDay: null,
      perDomainHour: null,
    });
    const people = world.people.filter((p) => p.truth === 'valid').slice(0, 12);
    const csv = ['Name,Domain', ...people.map((p) => `${p.firstName} ${p.lastName},${p.domain}`)].join('\n');
    const { payload, headers } = multipartBody('many.csv', csv, 'file');
    const { job } = (await web.request('POST', '/api/finds/bulk', payload, headers)).json();
    const page = () => web.get(`/api/finds/${job.id}/results?pageSize=200`).then((r) => r.json());
    const paused = await waitFor(
      page,
      (p) => p.job.status === 'queued' && p.job.notice?.kind === 'budget',
      60_000,
    );
    expect(paused.job.notice.message).toMatch(/8 mail-server checks for this hour/);
    expect(Date.parse(paused.job.notice.nextTryAt)).toBe(Math.ceil(t.clock().getTime() / HOUR) * HOUR);
    // Never more than the allowance; the people not asked are pending, not "not found".
    expect(await spentThisHour(ws)).toBeLessThanOrEqual(8);
    const answered = paused.results.filter((r: { status: string | null }) => r.status !== null);
    expect(answered.length).toBeLessThan(12);
    expect(answered.every((r: { status: string }) => r.status === 'valid')).toBe(true);
    // The usage page and API v1 give the same figures.
    const usage = (await web.get('/api/usage')).json().probes;
    expect(usage.hour).toMatchObject({ allowance: 8, left: 0 });
    expect(usage.hour.spent).toBe(await spentThisHour(ws));
    // Woken before the hour turns: it stays paused and asks nothing.
    await findRecoverJob.handle({}, jobCtx());
    const before = await spentThisHour(ws);
    t.clock.advance(10 * 60_000);
    await findRecoverJob.handle({}, jobCtx());
    await new Promise((r) => setTimeout(r, 1500));
    expect(await spentThisHour(ws)).toBe(before);
    expect((await page()).job.status).toBe('queued');
    // The hour turns (with room for everyone now): it goes on by itself and ends with every answer.
    await setAllowanceOverride({
      db: t.database.db,
      workspaceId: ws,
      perHour: 500,
      perDay: null,
      perDomainHour: null,
    });
    t.clock.advance(HOUR);
    await findRecoverJob.handle({}, jobCtx());
    const done = await waitFor(page, (p) => p.job.status === 'completed', 60_000);
    expect(done.job).toMatchObject({ done: 12, found: 12, notice: null });
    expect(done.results.map((r: { email: string }) => r.email).sort()).toEqual(
      people.map((p) => p.address).sort(),
    );
  }, 120_000);
});

describe('a list over its budget', () => {
  it("pauses with the notice, its rows pending, while another workspace's list is verified", async () => {
    const web = new TestClient(t.app);
    await web.register({ plan: 'hobbyist' });
    const ws = await workspaceOf(web);
    await setAllowanceOverride({
      db: t.database.db,
      workspaceId: ws,
      perHour: 5,
      perDay: null,
      perDomainHour: null,
    });
    const emails = world.people.slice(0, 20).map((p) => p.address);
    const id = (await uploadCsv(web, 'list.csv', ['email', ...emails].join('\n'))).json().uploadId;
    expect((await web.post(`/api/verify/${id}`)).statusCode).toBe(200);
    const status = () => web.get(`/api/upload/${id}/status`).then((r) => r.json());
    const upload = await waitFor(status, (u) => u.notice?.kind === 'budget', 60_000);
    expect(upload.status).toBe('processing');
    expect(upload.notice.message).toMatch(/5 mail-server checks/);
    expect(await spentThisHour(ws)).toBeLessThanOrEqual(5);
    // Another workspace's list is its own budget.
    const other = new TestClient(t.app);
    await other.register({ plan: 'hobbyist' });
    const id2 = (await uploadCsv(other, 'other.csv', ['email', ...emails.slice(0, 4)].join('\n'))).json()
      .uploadId;
    await other.post(`/api/verify/${id2}`);
    await waitFor(
      () => other.get(`/api/upload/${id2}/status`).then((r) => r.json()),
      (u) => u.status === 'completed',
      60_000,
    );
    expect(upload.stats.pending).toBeGreaterThan(0);
    // The hour turns with room: the sweep gives it lanes again and it completes.
    await setAllowanceOverride({
      db: t.database.db,
      workspaceId: ws,
      perHour: 500,
      perDay: null,
      perDomainHour: null,
    });
    t.clock.advance(HOUR);
    await new Promise((r) => setTimeout(r, 4500)); // its heartbeat goes stale (2 × LISTS_LEASE_S)
    await sweepJob.handle({}, jobCtx());
    const done = await waitFor(status, (u) => u.status === 'completed', 60_000);
    expect(done.notice).toBeNull();
    expect(done.stats.pending).toBe(0);
  }, 120_000);
});
