import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, signUpViaUi, useE2E } from './harness';

// Onboarding journey and /subscribe without Stripe configured.
describe.skipIf(!chromiumAvailable())('onboarding and subscribe', () => {
  // No Stripe settings, whatever the caller's environment holds.
  const e2e = useE2E(() => ({
    env: {
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_PRICE_ID: '',
      STRIPE_WEBHOOK_SECRET: '',
    },
  }));

  const choose = (page: Page, label: string) => page.locator('label').filter({ hasText: label }).click();
  const next = (page: Page) => page.getByRole('button', { name: 'Next' });

  async function expectStep(page: Page, n: number, title: string) {
    await page.getByText(`Step ${n} of 5`).waitFor();
    await page.getByText(`${n * 20}% complete`).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
  }

  it('goes through the five steps, resumes where it left off, and lands home with the welcome toast', async () => {
    const page = await e2e.newPage();
    await signUpViaUi(page, 'onb');

    // Step 1: business type; Next disabled until chosen, Previous disabled on the first step.
    await expectStep(page, 1, 'What type of business are you?');
    expect(await next(page).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Skip setup for now' }).waitFor();
    await choose(page, 'Agency');
    expect(await next(page).isDisabled()).toBe(false);
    await next(page).click();

    // Step 2: audience presets plus free text; more than 3 characters needed.
    await expectStep(page, 2, 'Who is your target audience?');
    expect(await next(page).isDisabled()).toBe(true);
    const audience = page.getByLabel('Describe your target audience');
    await audience.fill('abc');
    expect(await next(page).isDisabled()).toBe(true);
    await audience.fill('');
    await page.getByRole('button', { name: 'Small Business Owners' }).click();
    expect(await audience.inputValue()).toBe('Small Business Owners');
    await audience.fill('Small Business Owners, local bakeries');
    expect(
      await page.getByRole('button', { name: 'Small Business Owners' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await next(page).click();

    // Step 3 reached and saved; pick a goal but leave without pressing Next.
    await expectStep(page, 3, "What's your primary goal?");
    expect(await next(page).isDisabled()).toBe(true);
    await choose(page, 'Cold Outreach');
    await page.goto('/');
    // Still not complete: sent back to the wizard, at step 3 with the saved answers.
    await page.waitForURL((url) => url.pathname === '/onboarding');
    await expectStep(page, 3, "What's your primary goal?");
    expect(await page.getByRole('radio', { name: /Cold Outreach/ }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 2, 'Who is your target audience?');
    expect(await page.getByLabel('Describe your target audience').inputValue()).toBe(
      'Small Business Owners, local bakeries',
    );
    await page.getByRole('button', { name: 'Previous' }).click();
    await expectStep(page, 1, 'What type of business are you?');
    expect(await page.getByRole('radio', { name: /Agency/ }).isChecked()).toBe(true);

    // Previous does not save: a reload still resumes at step 3.
    await page.reload();
    await expectStep(page, 3, "What's your primary goal?");

    await choose(page, 'Cold Outreach');
    await next(page).click();
    await expectStep(page, 4, 'How experienced are you with email outreach?');
    expect(await next(page).isDisabled()).toBe(true);
    await choose(page, 'Beginner');
    await next(page).click();

    // Step 5: the finish screen, no Next and no Skip.
    await expectStep(page, 5, "You're All Set!");
    await page.getByText('Recommended next steps').waitFor();
    await page.getByRole('button', { name: 'Start with Instagram' }).waitFor();
    await page.getByRole('button', { name: 'Verify Emails' }).waitFor();
    expect(await page.getByRole('button', { name: 'Skip setup for now' }).count()).toBe(0);
    expect(await next(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('toast').getByText('Welcome to Verilead!').waitFor();
    await page.getByText('Choose an action to get started with email verification.').waitFor();

    const status = await (await page.request.get('/api/onboarding/status')).json();
    expect(status).toEqual({
      completed: true,
      currentStep: 4,
      profile: {
        businessType: 'agency',
        targetAudience: 'Small Business Owners, local bakeries',
        primaryGoal: 'outreach',
        experienceLevel: 'beginner',
      },
    });
    // Completed users opening /onboarding are sent home.
    await page.goto('/onboarding');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('skips setup to home, and /subscribe without Stripe shows the error card with Go Back', async () => {
    const page = await e2e.newPage();
    await signUpViaUi(page, 'onb');
    await page.getByRole('button', { name: 'Skip setup for now' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Choose an action to get started with email verification.').waitFor();

    await page.goto('/subscribe');
    const card = page.getByRole('alert').filter({ hasText: 'Subscription Error' });
    await card.waitFor();
    await card.getByText('Failed to initialize payment. Please try again.').waitFor();
    await card.getByText('Payments are not configured').waitFor();
    await card.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Choose an action to get started with email verification.').waitFor();
    await page.context().close();
  });

  it('shows the same error card to a signed-out visitor', async () => {
    const page = await e2e.newPage();
    await page.goto('/subscribe');
    await page.getByText('Subscription Error').waitFor();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Start 7-Day Free Trial' }).waitFor();
    await page.context().close();
  });
});
