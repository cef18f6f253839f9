import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FinderWorld, startFinderWorld } from '../fakes/finder-world';
import { screenshot } from './axe';
import { chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// The probe budget in a browser (decision 0860): a trial workspace's bulk find reaches the trial's
// hourly allowance (shrunk to 10 probes here, so a handful of people reach it), pauses with the notice
// that says what the limit is and when it resumes, the usage page shows nothing left this hour; the
// server's clock (TEST_CLOCK_FILE) turns the hour and the find goes on by itself.
describe.skipIf(!chromiumAvailable())('probe budget', () => {
  let world: FinderWorld;
  const dir = mkdtempSync(join(tmpdir(), 'vl-clock-'));
  const clockFile = join(dir, 'offset');
  writeFileSync(clockFile, '0');

  const e2e = useE2E(async () => {
    world = await startFinderWorld({ domains: 8, peoplePerDomain: 2, seed: 11, errorSleepMs: 300 });
    return {
      env: {
        ...world.env(),
        DNS_TIMEOUT_MS: '1000',
        PROBE_BUDGET_TRIAL: '10,1000,100',
        TEST_CLOCK_FILE: clockFile,
      },
    };
  });

  afterAll(async () => {
    await world?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function signedIn(prefix: string): Promise<Page> {
    const page = await e2e.newPage();
    await signUpViaUi(page, prefix);
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'lead-gen',
      experienceLevel: 'beginner',
    });
    return page;
  }

  it("pauses a trial's bulk find at its hourly budget with the notice, and resumes when the hour turns", async () => {
    const page = await signedIn('budget');
    const people = world.people.filter((p) => p.truth === 'valid').slice(0, 10);
    const csv = [
      'First Name,Last Name,Website',
      ...people.map((p) => `${p.firstName},${p.lastName},${p.domain}`),
    ];
    await page.goto('/find');
    await page.locator('#bulk-file').setInputFiles({
      name: 'trial.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv.join('\n')),
    });
    await page.getByRole('button', { name: 'Find 10 emails' }).click();
    await page.waitForURL((u) => /^\/find\/[^/]+$/.test(u.pathname));
    const findUrl = page.url();

    // The budget is spent: the find waits, saying what the limit is and when it resumes.
    const notice = page.locator('[data-testid="verification-notice"][data-kind="budget"]');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toMatch(/used its 10 mail-server checks for this hour/);
    expect(await notice.getByTestId('notice-next-try').textContent()).toMatch(/Resumes at \d\d:00/);
    await page.getByTestId('find-job-status').getByText('Queued').waitFor();
    const progress = await page.getByTestId('find-job-progress').textContent();
    const doneBefore = Number(/^(\d+)/.exec(progress ?? '')?.[1]);
    expect(doneBefore).toBeLessThan(10);
    console.log(`screenshot: ${await screenshot(page, 'probe-budget-paused')}`);

    // The usage page shows the probes spent and none left this hour.
    await page.goto('/settings/usage');
    const meter = page.getByTestId('meter-probes');
    await meter.waitFor();
    await meter.scrollIntoViewIfNeeded();
    expect(await meter.getByTestId('probes-hour-left').textContent()).toBe('0');
    expect(await meter.getByTestId('probes-hour').textContent()).toMatch(/This hour: \d+ \/ 10/);
    console.log(`screenshot: ${await screenshot(page, 'probe-budget-usage')}`);

    // The hour turns (the server's clock moves): the find goes on by itself, with no click.
    writeFileSync(clockFile, String(3_600_000));
    await page.goto(findUrl);
    await expect
      .poll(
        async () =>
          Number(/^(\d+)/.exec((await page.getByTestId('find-job-progress').textContent()) ?? '')?.[1]),
        { timeout: 150_000, interval: 1000 },
      )
      .toBeGreaterThan(doneBefore);
    console.log(`screenshot: ${await screenshot(page, 'probe-budget-resumed')}`);
  }, 240_000);
});
