import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApify, searchProfile, startFakeApify } from '../../../../tests/fakes/apify';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { apifyClient, startRun } from './apify';
import { resumeStaleScrapeJobs } from './jobs';
import { scrapeProfiles } from './schema';

// Get Full as a background job (decision 0300): the request answers at once, the profile row carries the
// progress and the result, asking twice starts one run, and a dead worker's run is re-polled, not re-paid.

let fake: FakeApify;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeApify();
  t = await createTestApp({
    work: true,
    env: {
      APIFY_API_URL: fake.url,
      APIFY_TOKEN: fake.token,
      APIFY_POLL_SECONDS: '0',
      SAFE_FETCH_ALLOW_LOOPBACK: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Profile = { username: string; fullStatus: string | null; fullMessage: string | null } & Record<
  string,
  unknown
>;
type Job = { id: string; status: string; emailCount: number; results: Profile[] };

async function jobOf(c: TestClient, id: string): Promise<Job> {
  return (await c.get('/api/scrape-jobs')).json().find((j: Job) => j.id === id);
}

/** Polls the job list (what the screen does) until `done` holds. */
async function until(c: TestClient, id: string, done: (j: Job) => boolean): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const job = await jobOf(c, id);
    if (job && done(job)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} never reached the expected state`);
}
const finished = (p?: Profile) => p?.fullStatus === 'done' || p?.fullStatus === 'failed';
const profile = (j: Job, u: string) => j.results.find((p) => p.username === u) as Profile;

let n = 0;
async function keywordJob(c: TestClient) {
  const keyword = `florist${n++}${Date.now().toString(36)}`;
  const [a, b, d] = ['a', 'b', 'd'].map((x) => `${x}${keyword}`);
  fake.searchResults.set(keyword, [searchProfile(a), searchProfile(b), searchProfile(d)]);
  fake.fullProfiles.set(d, {
    username: d,
    fullName: 'Dan Baker',
    businessEmail: `dan@${d}.com`,
    verified: true,
  });
  fake.fullProfiles.set(b, { username: b, fullName: 'Bea Bloom', biography: 'bea@bloom.test' });
  const res = await c.post('/api/scrape-instagram', { keywords: [keyword] });
  const job = await until(c, res.json().id, (j) => j.status === 'completed');
  return { job, a, b, d };
}

const getFull = (c: TestClient, jobId: string, username: string) =>
  c.post('/api/scrape-profile-email', { profileUrl: `https://www.instagram.com/${username}/`, jobId });

describe('Get Full in the background', () => {
  it('answers at once, shows the run in progress, starts one run when asked twice and stores the result', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { job, d } = await keywordJob(c);
    const before = fake.started.length;
    fake.holdRuns = true;
    try {
      const res = await getFull(c, job.id, d);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({
        success: true,
        username: d,
        status: 'queued',
        message: 'Getting the full profile in the background',
      });
      const running = await until(c, job.id, (j) => profile(j, d).fullStatus === 'running');
      expect(profile(running, d)).toMatchObject({ profileScraped: false, email: '' });
      const again = await getFull(c, job.id, d);
      expect(again.json()).toMatchObject({ status: 'running' });
      // The run is stored the moment it starts (what a resumed worker re-polls).
      let stored: string | undefined;
      for (let i = 0; i < 200 && !stored; i++) {
        const [row] = await t.database.db.select().from(scrapeProfiles).where(eq(scrapeProfiles.username, d));
        stored = row.fullRun?.runId;
        if (!stored) await new Promise((r) => setTimeout(r, 50));
      }
      expect(stored).toMatch(/^run/);
    } finally {
      fake.holdRuns = false;
    }
    const done = await until(c, job.id, (j) => finished(profile(j, d)));
    expect(profile(done, d)).toMatchObject({
      fullStatus: 'done',
      fullMessage: `Found dan@${d}.com`,
      profileScraped: true,
      email: `dan@${d}.com`,
      fullName: 'Dan Baker',
      isVerified: true,
    });
    expect(fake.started.length - before).toBe(1);
    expect(fake.started.at(-1)).toMatchObject({
      actor: 'apify/instagram-profile-scraper',
      input: { usernames: [d] },
    });
    // Done is done: asking again starts nothing.
    expect((await getFull(c, job.id, d)).json()).toMatchObject({ status: 'done' });
    expect(fake.started.length - before).toBe(1);
  });

  it('records a profile the provider has no data for as failed, in words', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { job, a } = await keywordJob(c);
    await getFull(c, job.id, a);
    const after = await until(c, job.id, (j) => finished(profile(j, a)));
    expect(profile(after, a)).toMatchObject({
      fullStatus: 'failed',
      fullMessage: 'Could not get full profile data',
      profileScraped: false,
    });
    expect((await getFull(c, job.id, 'nobody_here')).statusCode).toBe(404);
  });

  it('Get All queues every partial profile once, and each finishes on its own', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { job, a, b, d } = await keywordJob(c);
    const res = await c.post(`/api/scrape-job/${job.id}/get-full-all`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: 3 });
    expect((await c.post(`/api/scrape-job/${job.id}/get-full-all`)).json().queued).toBeLessThanOrEqual(3);
    const after = await until(c, job.id, (j) => [a, b, d].every((u) => finished(profile(j, u))));
    expect(profile(after, b)).toMatchObject({ fullStatus: 'done', email: 'bea@bloom.test' });
    expect(profile(after, d)).toMatchObject({ fullStatus: 'done' });
    expect(profile(after, a)).toMatchObject({ fullStatus: 'failed' });
    expect(after.emailCount).toBe(2);
  });

  it("gives another workspace 404 and resumes a dead worker's run without starting another", async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { job, d } = await keywordJob(c);
    const other = new TestClient(t.app);
    await other.register();
    expect((await getFull(other, job.id, d)).statusCode).toBe(404);
    expect((await other.post(`/api/scrape-job/${job.id}/get-full-all`)).statusCode).toBe(404);

    // A worker started the run, stored it, then died (its lease is 10 minutes old).
    const run = await startRun(apifyClient(t.config), t.config.APIFY_PROFILE_ACTOR, { usernames: [d] });
    const now = t.clock();
    await t.database.db
      .update(scrapeProfiles)
      .set({
        fullStatus: 'running',
        fullRun: { runId: run.runId, datasetId: run.datasetId },
        fullHeartbeatAt: new Date(now.getTime() - 10 * 60_000),
      })
      .where(eq(scrapeProfiles.username, d));
    const [row] = await t.database.db.select().from(scrapeProfiles).where(eq(scrapeProfiles.username, d));
    expect(await resumeStaleScrapeJobs({ db: t.database.db, queue: t.queue, now })).toContain(row.id);
    const after = await until(c, job.id, (j) => finished(profile(j, d)));
    expect(profile(after, d)).toMatchObject({ fullStatus: 'done', email: `dan@${d}.com` });
    // This profile's run only (the sweep may also resume stale work other suites left in a shared database).
    expect(
      fake.started.filter((s) => JSON.stringify(s.input.usernames) === JSON.stringify([d])),
    ).toHaveLength(1);
  });
});
