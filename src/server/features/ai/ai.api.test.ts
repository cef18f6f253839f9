import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/openai';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { CLEAN_BATCH } from '../scraper/clean';
import { scrapeJobs, scrapeProfiles } from '../scraper/schema';

let fake: FakeOpenAi;
let t: TestApp;
let bare: TestApp;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: fake.apiKey, OPENAI_MODEL: 'fake-model' },
  });
  bare = await createTestApp({});
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await fake.close();
});

/** A finished job with `n` profiles, written directly (the scraping itself is tested elsewhere). */
async function seedJob(app: TestApp, workspaceId: string, n: number) {
  const now = app.clock();
  const [job] = await app.database.db
    .insert(scrapeJobs)
    .values({
      workspaceId,
      status: 'completed',
      mode: 'keyword',
      keywords: ['x'],
      location: 'US',
      maxItems: n,
      completedItems: n,
      createdAt: now,
    })
    .returning();
  await app.database.db.insert(scrapeProfiles).values(
    Array.from({ length: n }, (_, i) => {
      const username = `user${i}`;
      const fullName = i % 2 ? 'Anna Lee | Bloom Florist LLC' : 'Luxe Hair Studio';
      const email = i % 3 === 0 ? '' : `p${i}@shop.com`;
      return {
        jobId: job.id,
        workspaceId,
        position: i,
        username,
        email,
        profileScraped: i % 4 === 0,
        profile: {
          username,
          handle: `@${username}`,
          title: fullName,
          fullName,
          name: fullName,
          bio: '',
          biography: '',
          followersCount: 1000 * i,
          followingCount: 1,
          postsCount: 1,
          website: '',
          isVerified: false,
          url: `https://www.instagram.com/${username}/`,
          instagramUrl: `https://www.instagram.com/${username}/`,
          email,
          emailSource: email ? 'bio' : '',
          emailScraped: true,
          profileScraped: i % 4 === 0,
          keyword: 'x',
        },
      };
    }),
  );
  return job.id;
}

describe('AI data cleaning with a model', () => {
  it('cleans in batches with a JSON schema, simplifies companies, and caches the result', async () => {
    fake.mode = 'ok';
    const c = new TestClient(t.app);
    const u = await c.register();
    const jobId = await seedJob(t, u.id, 25);
    const before = fake.requests.length;
    const res = await c.post(`/api/scrape-job/${jobId}/clean-export`);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.cleanedBy).toBe('model');
    const mine = fake.requests.slice(before);
    expect(mine).toHaveLength(Math.ceil(25 / CLEAN_BATCH));
    expect(mine[0]).toMatchObject({
      model: 'fake-model',
      schemaName: 'cleaned_profiles',
      responseFormat: 'json_schema',
      auth: 'Bearer sk-fake',
    });
    expect(data.stats).toEqual({ totalProfiles: 25, withEmail: 16, partialData: 18, fullData: 7 });
    expect(data.full[1]).toMatchObject({
      username: 'user4',
      cleanedFullName: 'Model Luxe Hair Studio',
      cleanedCompany: 'Modelco',
      isComplete: true,
    });
    expect(data.cleaned).toHaveLength(16);
    await c.post(`/api/scrape-job/${jobId}/clean-export`);
    expect(fake.requests.length).toBe(before + mine.length);
  });

  it.each(['malformed', 'not-json', 'error500'] as const)(
    'falls back to the heuristics when the model answers %s',
    async (mode) => {
      fake.mode = mode;
      const c = new TestClient(t.app);
      const u = await c.register();
      const jobId = await seedJob(t, u.id, 3);
      const res = await c.post(`/api/scrape-job/${jobId}/clean-export`);
      expect(res.statusCode).toBe(200);
      expect(res.json().cleanedBy).toBe('heuristics');
      expect(res.json().full[0]).toMatchObject({ cleanedFullName: '', cleanedCompany: 'Luxe Hair Studio' });
      expect(res.json().partial[0]).toMatchObject({
        cleanedFullName: 'Anna Lee',
        cleanedCompany: 'Bloom Florist',
      });
      fake.mode = 'ok';
    },
  );

  it('works with no model at all (heuristics)', async () => {
    const c = new TestClient(bare.app);
    const u = await c.register();
    const jobId = await seedJob(bare, u.id, 2);
    const data = (await c.post(`/api/scrape-job/${jobId}/clean-export`)).json();
    expect(data.cleanedBy).toBe('heuristics');
    expect(data.partial[0]).toMatchObject({
      username: 'user1',
      cleanedFullName: 'Anna Lee',
      cleanedCompany: 'Bloom Florist',
    });
  });
});

describe('AI suggestions', () => {
  it('uses the model when configured', async () => {
    fake.mode = 'ok';
    const c = new TestClient(t.app);
    await c.register();
    const res = await c.post('/api/ai/suggestions', {
      context: 'instagram keyword search',
      fieldType: 'keywords',
      fieldValue: 'bakery',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      source: 'model',
      suggestions: [
        { type: 'tip', title: 'From the model', content: 'Try niche keywords.' },
        {
          type: 'suggestion',
          title: 'Add a city',
          content: 'Adds a city.',
          action: { label: 'Use it', value: 'bakery paris' },
        },
      ],
    });
    expect(fake.requests.at(-1)?.schemaName).toBe('field_suggestions');
  });

  it.each(['malformed', 'error500'] as const)(
    'falls back to useful heuristics when the model answers %s',
    async (mode) => {
      fake.mode = mode;
      const c = new TestClient(t.app);
      await c.register();
      const res = await c.post('/api/ai/suggestions', {
        context: 'x',
        fieldType: 'keywords',
        fieldValue: 'bakery\nBakery\n#cafe',
      });
      expect(res.json().source).toBe('heuristics');
      const titles = res.json().suggestions.map((s: { title: string }) => s.title);
      expect(titles).toContain('Duplicate keywords');
      fake.mode = 'ok';
    },
  );

  it('gives heuristic suggestions without a model, and validates the call', async () => {
    const c = new TestClient(bare.app);
    expect(
      (await c.post('/api/ai/suggestions', { context: 'x', fieldType: 'keywords', fieldValue: 'abc' }))
        .statusCode,
    ).toBe(401);
    await c.register();
    const dup = (
      await c.post('/api/ai/suggestions', {
        context: 'scraper',
        fieldType: 'keywords',
        fieldValue: 'dentist\ndentist\nhttps://instagram.com/x',
      })
    ).json();
    expect(dup.source).toBe('heuristics');
    expect(dup.suggestions).toContainEqual(
      expect.objectContaining({
        type: 'warning',
        title: 'Duplicate keywords',
        action: { label: 'Remove duplicates', value: 'dentist\nhttps://instagram.com/x' },
      }),
    );
    expect(dup.suggestions).toContainEqual(
      expect.objectContaining({ title: 'Profile links belong in URL Scrape' }),
    );
    expect(dup.suggestions).toContainEqual(
      expect.objectContaining({
        type: 'optimization',
        action: expect.objectContaining({
          value: 'dentist\nhttps://instagram.com/x\ndentist owner\ndentist studio',
        }),
      }),
    );
    const urls = (
      await c.post('/api/ai/suggestions', {
        context: 'scraper',
        fieldType: 'urls',
        fieldValue: 'https://instagram.com/a\nhttps://x.com/b',
      })
    ).json();
    expect(urls.suggestions[0]).toMatchObject({
      type: 'warning',
      action: { value: 'https://instagram.com/a' },
    });
    const none = (
      await c.post('/api/ai/suggestions', { context: '', fieldType: 'zipcode', fieldValue: '12345' })
    ).json();
    expect(none.suggestions).toEqual([]);
    expect((await c.post('/api/ai/suggestions', { context: 'x', fieldValue: 'abc' })).statusCode).toBe(400);
  });
});
