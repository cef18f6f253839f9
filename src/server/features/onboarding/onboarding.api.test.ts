import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../tests/helpers/client';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn() {
  const c = new TestClient(t.app);
  await c.register();
  return c;
}
const statusOf = async (c: TestClient) => (await c.get('/api/onboarding/status')).json();
const FULL = {
  businessType: 'agency',
  targetAudience: 'B2B Decision Makers',
  primaryGoal: 'lead-gen',
  experienceLevel: 'beginner',
} as const;

describe('onboarding progress', () => {
  it('starts a new account at step 0 with an empty profile', async () => {
    const c = await signedIn();
    expect(await statusOf(c)).toEqual({ completed: false, profile: {}, currentStep: 0 });
  });

  it('saves the step and answers and restores them', async () => {
    const c = await signedIn();
    const profile = {
      businessType: 'saas',
      targetAudience: '  Tech Professionals, CTOs  ',
      primaryGoal: 'outreach',
    };
    const res = await c.post('/api/onboarding/progress', { step: 3, profile, completed: false });
    expect(res.statusCode).toBe(200);
    const expected = {
      completed: false,
      profile: { ...profile, targetAudience: 'Tech Professionals, CTOs' },
      currentStep: 3,
    };
    expect(res.json()).toEqual(expected);
    expect(await statusOf(c)).toEqual(expected);
  });

  it.each([
    [1, {}, 'Choose a business type to continue.'],
    [
      2,
      { businessType: 'agency', targetAudience: 'abc' },
      'Describe your target audience (more than 3 characters) to continue.',
    ],
    [
      2,
      { businessType: 'agency', targetAudience: '    ' },
      'Describe your target audience (more than 3 characters) to continue.',
    ],
    [3, { businessType: 'agency', targetAudience: 'Shops' }, 'Choose a primary goal to continue.'],
    [4, { ...FULL, experienceLevel: undefined }, 'Choose your experience level to continue.'],
  ])('refuses to move to step %i past an unanswered step', async (step, profile, message) => {
    const c = await signedIn();
    const res = await c.post('/api/onboarding/progress', { step, profile, completed: step === 4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await statusOf(c)).toEqual({ completed: false, profile: {}, currentStep: 0 });
  });

  it.each([
    [{ step: 5, profile: FULL }],
    [{ step: -1 }],
    [{ step: 1, profile: { businessType: 'bakery' } }],
    [{ step: 1, profile: { ...FULL, primaryGoal: 'world-domination' } }],
    [{ step: 2, profile: { ...FULL, targetAudience: 'x'.repeat(501) } }],
  ])('refuses invalid input %j', async (body) => {
    const c = await signedIn();
    expect((await c.post('/api/onboarding/progress', body)).statusCode).toBe(400);
  });

  it('completes at the last step, and completion is sticky', async () => {
    const c = await signedIn();
    const done = await c.post('/api/onboarding/progress', { step: 4, profile: FULL, completed: true });
    expect(done.json()).toEqual({ completed: true, profile: FULL, currentStep: 4 });
    // A stale tab saving an earlier step does not reopen the wizard.
    await c.post('/api/onboarding/progress', {
      step: 1,
      profile: { businessType: 'other' },
      completed: false,
    });
    expect((await statusOf(c)).completed).toBe(true);
  });

  it('lets "Skip setup for now" finish early from the current step', async () => {
    const c = await signedIn();
    const res = await c.post('/api/onboarding/progress', { step: 0, profile: {}, completed: true });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(c)).toEqual({ completed: true, profile: {}, currentStep: 0 });
  });

  it("keeps each user's answers to that user", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await a.post('/api/onboarding/progress', { step: 4, profile: FULL, completed: true });
    expect(await statusOf(b)).toEqual({ completed: false, profile: {}, currentStep: 0 });
    expect((await statusOf(a)).completed).toBe(true);
  });

  it('requires a signed-in user and the CSRF token', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/onboarding/status')).statusCode).toBe(401);
    expect((await anon.post('/api/onboarding/progress', { step: 0 })).statusCode).toBe(401);
    const c = await signedIn();
    const forged = await c.post('/api/onboarding/progress', { step: 0 }, { 'x-csrf-token': 'nope' });
    expect(forged.statusCode).toBe(403);
  });
});
