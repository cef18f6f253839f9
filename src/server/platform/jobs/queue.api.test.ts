import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClient } from '../../../../tests/helpers/client';
import { TEST_ENV } from '../../../../tests/helpers/pglite-snapshot';
import { createTestApp, openTestDatabase, type TestApp } from '../../../../tests/helpers/test-app';
import { sessionCleanupJob } from '../../features/auth/jobs';
import { SESSION_COOKIE } from '../../features/auth/sessions';
import { SMARTLEAD_SEND_JOB } from '../../features/smartlead/jobs';
import { movableClock } from '../clock';
import { loadConfig } from '../config';
import { startQueue } from './queue';
import { defineJob } from './registry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ work: true, schedule: true, env: { SESSION_TTL_HOURS: '1' } });
});
afterAll(() => t.close());

describe('job queue', () => {
  it('runs the scheduled session clean-up job, which removes expired sessions', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const token = c.cookies.get(SESSION_COOKIE)!;
    const count = async () =>
      (await t.database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0].n;
    const before = await count();
    t.clock.advance(2 * 3_600_000);
    await t.queue.send(sessionCleanupJob, {});
    const deadline = Date.now() + 20_000;
    while ((await count()) >= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await count()).toBeLessThan(before);
    const replay = new TestClient(t.app);
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('keeps the clean-up on its cron schedule', async () => {
    const schedules = await t.queue.boss.getSchedules();
    expect(schedules.find((s) => s.name === 'session-cleanup')?.cron).toBe('*/15 * * * *');
  });

  it('drops the schedule of a cron job the code no longer has when it starts scheduling', async () => {
    const database = await openTestDatabase();
    const context = { config: t.config, database, clock: movableClock(), log: pino({ level: 'silent' }) };
    const kept = defineJob({
      name: 'test-kept-cron',
      payload: z.object({}),
      cron: '5 * * * *',
      async handle() {},
    });
    const gone = defineJob({
      name: 'test-gone-cron',
      payload: z.object({}),
      cron: '7 * * * *',
      async handle() {},
    });
    const names = async (q: Awaited<ReturnType<typeof startQueue>>) =>
      (await q.boss.getSchedules()).map((s) => s.name).sort();
    const opts = { database, work: false, schedule: true, context };
    const before = await startQueue({ ...opts, definitions: [kept, gone] });
    expect(await names(before)).toEqual(['test-gone-cron', 'test-kept-cron']);
    await before.stop();
    const after = await startQueue({ ...opts, definitions: [kept] });
    try {
      expect(await names(after)).toEqual(['test-kept-cron']);
    } finally {
      await after.stop();
      await database.close();
    }
  });

  it('refuses a payload that does not match the job type, at the sender', async () => {
    const bad = { campaignId: 42 } as unknown as { campaignId: string };
    await expect(t.queue.send(SMARTLEAD_SEND_JOB, bad)).rejects.toThrow(/campaignId/);
    const queued = await t.queue.boss.findJobs(SMARTLEAD_SEND_JOB.name, { data: bad });
    expect(queued).toHaveLength(0);
  });

  it('wakes an idle worker when a job is sent, instead of waiting for its next poll', async () => {
    const database = await openTestDatabase();
    // Idle workers look for jobs once a minute here: a job handled before the test's timeout came
    // through the NOTIFY sent with it.
    const config = loadConfig({ ...TEST_ENV, JOBS_IDLE_POLL_S: '60' });
    let handled: (value: string) => void = () => {};
    const seen = new Promise<string>((resolve) => {
      handled = resolve;
    });
    const ping = defineJob({
      name: `test-wake-${Date.now()}`,
      payload: z.object({ word: z.string() }),
      work: { pollingIntervalSeconds: 60 },
      async handle(data) {
        handled(data.word);
      },
    });
    const queue = await startQueue({
      database,
      definitions: [ping],
      work: true,
      schedule: false,
      context: { config, database, clock: movableClock(), log: pino({ level: 'silent' }) },
    });
    try {
      // Past the worker's first look (at start), so only a wake-up can find the job in time.
      await new Promise((r) => setTimeout(r, 500));
      await queue.send(ping, { word: 'hello' });
      expect(await seen).toBe('hello');
    } finally {
      await queue.boss.deleteQueue(ping.name);
      await queue.stop();
      await database.close();
    }
  });
});
