import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../../tests/fakes/openai';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Config } from '../../platform/config';
import { draftEmail } from './draft';

const sequence = {
  name: 'Founders, two steps',
  steps: [
    {
      delayDays: 0,
      variants: [{ subject: 'Hi {{first_name}}', body: 'Hello {{first_name}} at {{company_name}}' }],
    },
    { delayDays: 4, variants: [{ subject: '', body: 'Any thoughts, {{first_name}}?' }] },
  ],
};

describe('email composer: templates and drafting', () => {
  let t: TestApp;
  let ai: FakeOpenAi;

  beforeAll(async () => {
    ai = await startFakeOpenAi();
    t = await createTestApp({
      env: { OPENAI_BASE_URL: ai.url, OPENAI_API_KEY: ai.apiKey, OPENAI_MODEL: 'fake-1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  async function user() {
    const c = new TestClient(t.app);
    await c.register();
    return c;
  }

  it('saves, lists, updates and deletes a sequence; it survives as stored', async () => {
    const c = await user();
    const created = await c.post('/api/email-templates', sequence);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: sequence.name, steps: sequence.steps });
    expect((await c.get('/api/email-templates')).json().map((x: { id: string }) => x.id)).toEqual([id]);
    const renamed = await c.request('PUT', `/api/email-templates/${id}`, { ...sequence, name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ id, name: 'Renamed' });
    expect((await c.get(`/api/email-templates/${id}`)).json().name).toBe('Renamed');
    expect((await c.request('DELETE', `/api/email-templates/${id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/email-templates/${id}`)).statusCode).toBe(404);
  });

  it('refuses sequences Smartlead would refuse, with a readable message', async () => {
    const c = await user();
    const bad = [
      { ...sequence, name: '' },
      { ...sequence, steps: [] },
      {
        ...sequence,
        steps: [{ delayDays: 0, variants: [{ subject: '', body: 'No subject on the first email' }] }],
      },
      { ...sequence, steps: [sequence.steps[0], { delayDays: 400, variants: [{ subject: '', body: 'x' }] }] },
      { ...sequence, steps: [{ delayDays: 0, variants: [{ subject: 's', body: '   ' }] }] },
    ];
    for (const body of bad) {
      const res = await c.post('/api/email-templates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it("keeps sequences to their owner: another user's template id is 404", async () => {
    const owner = await user();
    const { id } = (await owner.post('/api/email-templates', sequence)).json();
    const other = await user();
    expect((await other.get(`/api/email-templates/${id}`)).statusCode).toBe(404);
    expect((await other.request('PUT', `/api/email-templates/${id}`, sequence)).statusCode).toBe(404);
    expect((await other.request('DELETE', `/api/email-templates/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/email-templates')).json()).toEqual([]);
    expect((await owner.get(`/api/email-templates/${id}`)).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/email-templates')).statusCode).toBe(401);
  });

  it('drafts with the configured model, and falls back to a template when the model fails', async () => {
    const c = await user();
    ai.mode = 'ok';
    const res = await c.post('/api/email-composer/draft', {
      mode: 'draft',
      brief: 'we cut invoice time',
      mergeFields: ['job_title'],
    });
    expect(res.json()).toEqual({
      subject: 'Model idea for {{company_name}}',
      body: expect.stringContaining('{{first_name}}'),
      source: 'ai',
    });
    const sent = ai.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'fake-1', schemaName: 'email_draft' });
    expect(JSON.parse(sent.user).mergeFields).toEqual([
      'first_name',
      'last_name',
      'company_name',
      'job_title',
    ]);
    ai.mode = 'error500';
    const fallback = (
      await c.post('/api/email-composer/draft', { mode: 'draft', brief: 'we cut invoice time' })
    ).json();
    expect(fallback.source).toBe('template');
    // The brief is a sentence of its own (shared grammar: email-composer/opening.ts).
    expect(fallback.body).toContain('\n\nWe cut invoice time.\n');
    ai.mode = 'ok';
  });

  it('limits AI drafts per address (429 with Retry-After)', async () => {
    const c = await user();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await c.post('/api/email-composer/draft', { mode: 'draft' })).statusCode);
    expect(codes.slice(0, 30).every((s) => s === 200)).toBe(true);
    const last = await c.post('/api/email-composer/draft', { mode: 'draft' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('without a model: offline drafts per step and a rewrite that removes spam triggers', async () => {
    const config = { ...t.config, OPENAI_MODEL: undefined, OPENAI_BASE_URL: undefined } as Config;
    const first = await draftEmail({ config, input: { mode: 'draft', stepIndex: 0 } });
    expect(first).toMatchObject({ source: 'template', subject: expect.stringContaining('{{company_name}}') });
    const follow = await draftEmail({ config, input: { mode: 'draft', stepIndex: 1 } });
    expect(follow.subject).toBe('');
    const rewrite = await draftEmail({
      config,
      input: {
        mode: 'rewrite',
        subject: 'FREE trial!!',
        body: 'Act now: get a GUARANTEED result for free!!!',
      },
    });
    expect(rewrite.subject).toBe('Complimentary trial!');
    expect(rewrite.body).toBe('Hi {{first_name}},\n\nGet a measurable result at no cost!');
  });
});
