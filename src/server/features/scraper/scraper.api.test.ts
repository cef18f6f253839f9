import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApify, searchProfile, startFakeApify } from '../../../../tests/fakes/apify';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { apifyClient, startRun } from './apify';
import { resumeStaleScrapeJobs } from './jobs';
import { scrapeJobs } from './schema';

let fake: FakeApify;
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  fake = await startFakeApify();
  t = await createTestApp({
    work: true,
    env: {
      APIFY_API_URL: fake.url,
      APIFY_TOKEN: fake.token,
      APIFY_POLL_SECONDS: '0',
      SAFE_FETCH_ALLOW_LOOPBACK: 'true',
      SESSION_TTL_HOURS: '720',
    },
  });
  bare = await createTestApp({});
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await fake.close();
});

async function waitForJob(c: TestClient, id: string) {
  for (let i = 0; i < 400; i++) {
    const job = (await c.get('/api/scrape-jobs')).json().find((j: { id: string }) => j.id === id);
    if (job && (job.status === 'completed' || job.status === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

/** The job's profile once its background Get Full has finished (done or failed). */
async function waitForProfile(c: TestClient, jobId: string, username: string) {
  for (let i = 0; i < 400; i++) {
    const job = (await c.get('/api/scrape-jobs')).json().find((j: { id: string }) => j.id === jobId);
    const p = job?.results.find((r: { username: string }) => r.username === username);
    if (p && (p.fullStatus === 'done' || p.fullStatus === 'failed')) return { job, profile: p };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Get Full of ${username} did not finish`);
}

async function getFullAndWait(c: TestClient, jobId: string, username: string) {
  const res = await c.post('/api/scrape-profile-email', {
    profileUrl: `https://www.instagram.com/${username}/`,
    jobId,
  });
  expect(res.statusCode).toBe(202);
  return waitForProfile(c, jobId, username);
}

let kw = 0;
/** A keyword of its own per test, with three profiles: bio (obfuscated), business field, website. */
function seedKeyword() {
  const keyword = `bakery${kw++}${Date.now().toString(36)}`;
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => `${x}${keyword}`);
  fake.sites.set(c, `<html><body><a href="mailto:orders@${c}.com">Order</a></body></html>`);
  fake.searchResults.set(keyword, [
    searchProfile(a, {
      fullName: 'Anna Lee | Bloom Florist',
      biography: 'Write to anna [at] bloom [dot] com ✨',
    }),
    searchProfile(b, { businessEmail: 'Hello@Crumbs.co', biography: 'Fresh bread' }),
    searchProfile(c, { externalUrl: `${fake.url}/site/${c}` }, 'snake'),
    searchProfile(d, { biography: 'No contact here', externalUrl: 'http://10.0.0.1/' }),
  ]);
  fake.fullProfiles.set(d, {
    username: d,
    fullName: 'Dan Baker',
    biography: 'Owner of Dough Bros LLC',
    businessEmail: `dan@${d}.com`,
    followersCount: 2_500_000,
    followsCount: 10,
    postsCount: 99,
    verified: true,
  });
  return { keyword, a, b, c, d };
}

async function completedKeywordJob(c: TestClient) {
  const seed = seedKeyword();
  const res = await c.post('/api/scrape-instagram', { keywords: [seed.keyword], mode: 'keyword' });
  expect(res.statusCode).toBe(201);
  const job = await waitForJob(c, res.json().id);
  expect(job.status).toBe('completed');
  return { ...seed, job };
}

describe('configuration', () => {
  it('answers 503 with a clear message when no Apify token is set, and says so up front', async () => {
    const c = new TestClient(bare.app);
    await c.register();
    expect((await c.get('/api/scraper/config')).json()).toEqual({ configured: false, aiConfigured: false });
    const res = await c.post('/api/scrape-instagram', { keywords: ['bakery'], mode: 'keyword' });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Scraping isn't available on this server yet. Please contact support.");
    const urls = await c.post('/api/scrape-instagram-urls', {
      urls: ['https://instagram.com/x'],
      mode: 'url',
    });
    expect(urls.statusCode).toBe(503);
  });

  it('requires a signed-in user', async () => {
    const c = new TestClient(t.app);
    expect((await c.get('/api/scrape-jobs')).statusCode).toBe(401);
    expect((await c.post('/api/scrape-instagram', { keywords: ['x'] })).statusCode).toBe(401);
  });
});

describe('keyword search', () => {
  it('runs the search actor, normalises both field variants and finds emails in bio, business field and website', async () => {
    const c = new TestClient(t.app);
    await c.register();
    expect((await c.get('/api/scraper/config')).json().configured).toBe(true);
    const seed = seedKeyword();
    const res = await c.post('/api/scrape-instagram', {
      keywords: [` ${seed.keyword} `, ''],
      mode: 'keyword',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      maxItems: 50,
      location: '',
      completedItems: 0,
    });
    const job = await waitForJob(c, res.json().id);
    expect(job).toMatchObject({ status: 'completed', completedItems: 4, errorMessage: null, emailCount: 3 });
    expect(fake.started.find((s) => s.input.search === seed.keyword)).toMatchObject({
      actor: 'apify/instagram-search-scraper',
      input: { searchType: 'user', searchLimit: 50 },
    });
    // Only inputs the actor documents: it has no location filter.
    expect(fake.started.find((s) => s.input.search === seed.keyword)?.input).not.toHaveProperty('location');
    const by = Object.fromEntries(job.results.map((p: { username: string }) => [p.username, p]));
    expect(by[seed.a]).toMatchObject({
      email: 'anna@bloom.com',
      emailSource: 'bio',
      fullName: 'Anna Lee | Bloom Florist',
      followersCount: 1234,
      profileScraped: false,
      emailScraped: true,
      keyword: seed.keyword,
      url: `https://www.instagram.com/${seed.a}/`,
    });
    expect(by[seed.b]).toMatchObject({ email: 'hello@crumbs.co', emailSource: 'business' });
    expect(by[seed.c]).toMatchObject({
      email: `orders@${seed.c}.com`,
      emailSource: 'website',
      fullName: `${seed.c} shop`,
      followersCount: 12_500,
      isVerified: true,
    });
    // The private-address website was refused, not fetched.
    expect(by[seed.d]).toMatchObject({ email: '', emailScraped: true });
  });

  it('caps the profiles at maxItems; a location from an older client is ignored, not recorded', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const seed = seedKeyword();
    const res = await c.post('/api/scrape-instagram', {
      keywords: [seed.keyword],
      location: 'Canada',
      maxItems: 2,
    });
    const job = await waitForJob(c, res.json().id);
    expect(job).toMatchObject({ status: 'completed', completedItems: 2, maxItems: 2, location: '' });
    expect(fake.started.at(-1)?.input).not.toHaveProperty('location');
    expect(job.results).toHaveLength(2);
  });

  it('survives a 429 from the provider (the client retries)', async () => {
    const c = new TestClient(t.app);
    await c.register();
    fake.rateLimitNext = 1;
    const seed = seedKeyword();
    const job = await waitForJob(
      c,
      (await c.post('/api/scrape-instagram', { keywords: [seed.keyword] })).json().id,
    );
    expect(job.status).toBe('completed');
    expect(fake.rateLimitNext).toBe(0);
  });

  it('fails with a message when every run fails, and completes with a note when only some do', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const failed = await waitForJob(
      c,
      (await c.post('/api/scrape-instagram', { keywords: ['fail'] })).json().id,
    );
    expect(failed.status).toBe('failed');
    expect(failed.errorMessage).toMatch(/"fail": the scraper run failed/);
    const seed = seedKeyword();
    const mixed = await waitForJob(
      c,
      (await c.post('/api/scrape-instagram', { keywords: ['fail', seed.keyword] })).json().id,
    );
    expect(mixed.status).toBe('completed');
    expect(mixed.completedItems).toBe(4);
    expect(mixed.errorMessage).toMatch(/fail/);
  });

  it('refuses empty keywords and an expired trial', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const empty = await c.post('/api/scrape-instagram', { keywords: ['  ', ''] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter at least one search keyword');
    t.clock.advance(8 * 86_400_000);
    try {
      expect((await c.post('/api/scrape-instagram', { keywords: ['x'] })).statusCode).toBe(402);
    } finally {
      t.clock.advance(-8 * 86_400_000);
    }
  });
});

describe('URL scrape', () => {
  it('scrapes the profile lines of a batch and reports each other line on its own', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const res = await c.post('/api/scrape-instagram-urls', {
      urls: ['https://www.instagram.com/good/', 'https://evil.test/x', 'https://www.instagram.com/p/ABC123/'],
      mode: 'url',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mode: 'url', maxItems: 1, keywords: ['good'] });
    expect(res.json().rejectedUrls).toEqual([
      { line: 2, url: 'https://evil.test/x', reason: expect.stringMatching(/Not an Instagram profile link/) },
      { line: 3, url: 'https://www.instagram.com/p/ABC123/', reason: expect.any(String) },
    ]);
    await waitForJob(c, res.json().id);
  });

  it('refuses a batch with no profile link at all, listing the lines', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const res = await c.post('/api/scrape-instagram-urls', {
      urls: ['https://evil.test/x', 'https://www.instagram.com/p/ABC123/'],
      mode: 'url',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('https://evil.test/x');
    expect(res.json().invalidUrls).toEqual(['https://evil.test/x', 'https://www.instagram.com/p/ABC123/']);
  });

  it('scrapes full profiles with the profile actor; maxItems is the number of URLs', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const u1 = `full${Date.now().toString(36)}`;
    fake.fullProfiles.set(u1, {
      username: u1,
      full_name: 'Jo Fit',
      bio: 'jo at fit dot com',
      followers: 900,
    });
    const res = await c.post('/api/scrape-instagram-urls', {
      urls: [`https://www.instagram.com/${u1}/`, `instagram.com/${u1}`, 'https://instagram.com/missing_one'],
      mode: 'url',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mode: 'url', maxItems: 2, keywords: [u1, 'missing_one'] });
    const job = await waitForJob(c, res.json().id);
    expect(job).toMatchObject({ status: 'completed', completedItems: 1 });
    expect(job.results[0]).toMatchObject({
      username: u1,
      email: 'jo@fit.com',
      profileScraped: true,
      followersCount: 900,
    });
    expect(fake.started.at(-1)).toMatchObject({
      actor: 'apify/instagram-profile-scraper',
      input: { usernames: [u1, 'missing_one'] },
    });
  });
});

describe('clean-export and downloads', () => {
  it('returns stats and the partial / full / cleaned lists, cleaned by the heuristics', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { job, d, a } = await completedKeywordJob(c);
    await getFullAndWait(c, job.id, d);
    const res = await c.post(`/api/scrape-job/${job.id}/clean-export`);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.stats).toEqual({ totalProfiles: 4, withEmail: 4, partialData: 3, fullData: 1 });
    expect(data.cleanedBy).toBe('heuristics');
    expect(data.partial).toHaveLength(3);
    expect(data.full).toEqual([
      expect.objectContaining({
        username: d,
        cleanedFullName: 'Dan Baker',
        cleanedCompany: 'Dough Bros',
        isComplete: true,
      }),
    ]);
    expect(data.cleaned.find((r: { username: string }) => r.username === a)).toMatchObject({
      cleanedFullName: 'Anna Lee',
      cleanedCompany: 'Bloom Florist',
      cleanedEmail: 'anna@bloom.com',
      fullName: 'Anna Lee | Bloom Florist',
      followersCount: 1234,
      isComplete: false,
    });
  });

  it('downloads CSV with the session or a bearer token; formula cells are neutralised', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const seed = seedKeyword();
    fake.searchResults
      .get(seed.keyword)
      ?.push(searchProfile(`e${seed.keyword}`, { fullName: '=HYPERLINK("x")', businessEmail: 'x@evil.com' }));
    const res = await c.post('/api/scrape-instagram', { keywords: [seed.keyword] });
    const job = await waitForJob(c, res.json().id);
    const csv = await c.get(`/api/scrape-job/${job.id}/download-cleaned?type=cleaned`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="instagram-cleaned-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain('Full Name,Email,Company,Username,Followers,Status');
    expect(csv.body).toContain('Anna Lee,anna@bloom.com,Bloom Florist');
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(
      (await c.get(`/api/scrape-job/${job.id}/download-cleaned?type=partial`)).body.split('\r\n').length,
    ).toBeGreaterThan(5);
    expect((await c.get(`/api/scrape-job/${job.id}/download-cleaned?type=bogus`)).statusCode).toBe(400);

    const created = await c.post('/api/api-tokens', { name: 'zapier' });
    expect(created.statusCode).toBe(201);
    const { token, id } = created.json();
    expect(token).toMatch(/^vl_/);
    const list = (await c.get('/api/api-tokens')).json();
    expect(list).toEqual([expect.objectContaining({ id, name: 'zapier', lastUsedAt: null })]);
    expect(JSON.stringify(list)).not.toContain(token);

    const anon = new TestClient(t.app);
    const url = `/api/scrape-job/${job.id}/download-cleaned?type=cleaned`;
    expect((await anon.get(url)).statusCode).toBe(401);
    const viaBearer = await anon.get(url, { authorization: `Bearer ${token}` });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.body).toContain('anna@bloom.com');
    expect((await c.get('/api/api-tokens')).json()[0].lastUsedAt).not.toBeNull();
    // Bearer is accepted only where the route allows it.
    expect((await anon.get('/api/scrape-jobs', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    // Another user's token cannot read this job; revoked tokens stop working.
    const other = new TestClient(t.app);
    await other.register();
    const otherToken = (await other.post('/api/api-tokens', { name: 'x' })).json().token;
    expect((await anon.get(url, { authorization: `Bearer ${otherToken}` })).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/api-tokens/${id}`)).statusCode).toBe(404);
    expect((await c.request('DELETE', `/api/api-tokens/${id}`)).statusCode).toBe(204);
    expect((await anon.get(url, { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it("gives another user 404 on every job route and never lists someone else's jobs", async () => {
    const owner = new TestClient(t.app);
    await owner.register();
    const { job, a } = await completedKeywordJob(owner);
    const other = new TestClient(t.app);
    await other.register();
    expect((await other.get('/api/scrape-jobs')).json()).toEqual([]);
    expect((await other.post(`/api/scrape-job/${job.id}/clean-export`)).statusCode).toBe(404);
    expect((await other.get(`/api/scrape-job/${job.id}/download-cleaned?type=full`)).statusCode).toBe(404);
    expect((await other.post(`/api/scrape-job/${job.id}/send-to-verify`)).statusCode).toBe(404);
    const get = await other.post('/api/scrape-profile-email', {
      profileUrl: `https://instagram.com/${a}`,
      jobId: job.id,
    });
    expect(get.statusCode).toBe(404);
    expect((await other.post('/api/scrape-job/not-a-uuid/clean-export')).statusCode).toBe(404);
  });
});

describe('send to verification', () => {
  it("creates a list from the job's addresses and starts its verification", async () => {
    const c = new TestClient(t.app);
    await c.register();
    const { job } = await completedKeywordJob(c);
    const res = await c.post(`/api/scrape-job/${job.id}/send-to-verify`);
    expect(res.statusCode).toBe(200);
    expect(res.json().emailCount).toBe(3);
    const rows = await t.database.raw.query<{ total: number; status: string }>(
      'SELECT total, status FROM uploads WHERE id = $1',
      [res.json().uploadId],
    );
    expect(rows[0].total).toBe(3);
    expect(rows[0].status).not.toBe('pending');
  });

  it('refuses a job without addresses', async () => {
    const c = new TestClient(t.app);
    await c.register();
    const failed = await waitForJob(
      c,
      (await c.post('/api/scrape-instagram', { keywords: ['fail'] })).json().id,
    );
    const res = await c.post(`/api/scrape-job/${failed.id}/send-to-verify`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no email addresses/);
  });
});

describe('restart', () => {
  it('resumes a job whose worker died by re-polling its stored run (no second run is started)', async () => {
    const c = new TestClient(t.app);
    const u = await c.register();
    const seed = seedKeyword();
    const client = apifyClient(t.config);
    const run = await startRun(client, t.config.APIFY_SEARCH_ACTOR, {
      search: seed.keyword,
      searchType: 'user',
      searchLimit: 50,
    });
    const now = t.clock();
    const [row] = await t.database.db
      .insert(scrapeJobs)
      .values({
        workspaceId: u.id,
        status: 'running',
        mode: 'keyword',
        keywords: [seed.keyword],
        location: 'United States',
        maxItems: 50,
        runs: [
          {
            key: seed.keyword,
            actor: t.config.APIFY_SEARCH_ACTOR,
            runId: run.runId,
            datasetId: run.datasetId,
            done: false,
          },
        ],
        heartbeatAt: new Date(now.getTime() - 10 * 60_000),
        createdAt: new Date(now.getTime() - 11 * 60_000),
      })
      .returning();
    // A job with a fresh lease is left alone.
    const [fresh] = await t.database.db
      .insert(scrapeJobs)
      .values({
        workspaceId: u.id,
        status: 'running',
        mode: 'keyword',
        keywords: ['x'],
        location: 'US',
        maxItems: 1,
        heartbeatAt: now,
        createdAt: now,
      })
      .returning();
    const resumed = await resumeStaleScrapeJobs({ db: t.database.db, queue: t.queue, now });
    expect(resumed).toContain(row.id);
    expect(resumed).not.toContain(fresh.id);
    const job = await waitForJob(c, row.id);
    expect(job).toMatchObject({ status: 'completed', completedItems: 4 });
    // Only this job's runs are counted: the sweep also resumes stale jobs other suites left in a shared
    // PostgreSQL database, and those may start runs of their own on this fake.
    expect(fake.started.filter((s) => s.input.search === seed.keyword)).toHaveLength(1);
    await t.database.db.execute(sql`DELETE FROM scrape_jobs WHERE id = ${fresh.id}`);
  });
});
