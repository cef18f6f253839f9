import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import {
  apiPost,
  chromiumAvailable,
  completeOnboardingViaApi,
  freePort,
  signUpViaUi,
  useE2E,
} from './harness';

// Decision 0220 journey: a list verified by the real engine (loopback DNS/SMTP) is sent to the fake Smartlead;
// Smartlead bounces three leads through the webhook registered on the campaign (PUBLIC_URL is this server);
// the results show them invalid (`bounced`) and suppressed, the suppression list has them, and the next
// send holds them back and says why. Also: the single-address check on the home screen.
const LEADS = ['ann', 'bo', 'cy', 'dee', 'eve'].map((n) => `${n}@acme.test`);
const BOUNCED = LEADS.slice(0, 3);
/** The bounce-budget journey's list: 30 valid addresses and two on a catch-all domain. */
const PEOPLE = Array.from({ length: 30 }, (_, i) => `p${i}@acme.test`);
const WILD = ['x@wild.test', 'y@wild.test'];
const PROFILE = {
  businessType: 'agency',
  targetAudience: 'B2B Decision Makers',
  primaryGoal: 'outreach',
  experienceLevel: 'beginner',
};

describe.skipIf(!chromiumAvailable())('send outcomes', () => {
  let fake: FakeSmartlead;
  let world: World;
  const apiKey = `sl_e2e_${Math.random().toString(36).slice(2)}_${Date.now()}`;

  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    world = await startWorld({
      'acme.test': { mailboxes: [...LEADS, ...PEOPLE] },
      // Accepts any address: its rows are risky (catch-all), scored 75.
      'wild.test': { catchAll: true },
    });
    const port = await freePort();
    return {
      port,
      env: { SMARTLEAD_API_URL: fake.url, PUBLIC_URL: `http://127.0.0.1:${port}`, ...world.env() },
    };
  });

  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  async function verifiedUpload(page: Page, emails = LEADS) {
    const csv = `name,email\n${emails.map((e) => `${e.split('@')[0]},${e}`).join('\n')}\n`;
    const up = await apiPost(page, '/api/upload', undefined, {
      multipart: { csvFile: { name: 'outcomes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(up.status(), await up.text()).toBeLessThan(300);
    const { uploadId } = await up.json();
    expect((await apiPost(page, `/api/verify/${uploadId}`)).status()).toBeLessThan(300);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await (await page.request.get(`/api/upload/${uploadId}/status`)).json();
      if (status.stats?.pending === 0) return { uploadId: uploadId as string, stats: status.stats };
      if (Date.now() > deadline) throw new Error(`verification did not finish: ${JSON.stringify(status)}`);
      await page.waitForTimeout(250);
    }
  }

  async function waitUntil<T>(what: string, fn: () => T | undefined) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const v = fn();
      if (v !== undefined) return v;
      if (Date.now() > deadline) throw new Error(`${what} did not happen`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('learns three bounces: invalid and suppressed in the results, held back from the next send', async () => {
    const page = await e2e.newPage({ bypassCSP: true });
    await signUpViaUi(page, 'outcomes');
    await completeOnboardingViaApi(page, PROFILE);
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    const { uploadId, stats } = await verifiedUpload(page);
    expect(stats).toMatchObject({ valid: 5, invalid: 0 });

    // Send all five through the screen.
    await page.goto('/send-to-smartlead');
    await page.getByTestId('selected-counter').getByText('0 of 5 selected').waitFor();
    await page.getByRole('button', { name: 'Select all', exact: true }).first().click();
    const name = `Outcomes ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    await page.getByRole('button', { name: 'Send 5 emails to Smartlead' }).click();
    await page.waitForURL((u) => u.pathname === '/smartlead/campaigns');
    const remote = await waitUntil('campaign', () => fake.campaignsNamed(name)[0]);
    // The send registers this server's signed events URL on the campaign.
    const hook = await waitUntil('webhook', () => fake.webhooks.get(remote.id));
    expect(hook.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/smartlead\/events\//);
    await waitUntil('leads', () => (remote.leads.size === 5 ? true : undefined));

    // Smartlead sends all five; three bounce.
    for (const email of LEADS) expect(await fake.leadEvent(remote.id, email, 'EMAIL_SENT')).toBe(200);
    for (const email of BOUNCED) expect(await fake.leadEvent(remote.id, email, 'EMAIL_BOUNCE')).toBe(200);

    // Results: the three are invalid (bounced) and suppressed; the others stay valid.
    await page.goto(`/?uploadId=${uploadId}`);
    const table = page.getByTestId('results-table');
    await table.getByText('ann@acme.test').waitFor();
    for (const email of BOUNCED) {
      const row = table.locator('tr').filter({ hasText: email });
      await row.getByTestId('final-status').getByText('Invalid').waitFor();
      await row.getByTestId('suppressed-badge').waitFor();
      await row.getByText('Bounced when one of your campaigns sent to it').waitFor();
    }
    const dee = table.locator('tr').filter({ hasText: 'dee@acme.test' });
    await dee.getByTestId('final-status').getByText('Valid').waitFor();
    expect(await dee.getByTestId('suppressed-badge').count()).toBe(0);
    await checkA11y(page, 'results with bounced rows');
    await page.getByRole('button', { name: 'Why? Details for ann@acme.test' }).click();
    const detail = page.getByTestId('row-detail');
    await detail.getByText('On the list: never sent to Smartlead again').waitFor();
    await detail.getByText('A bounce in one of your campaigns').waitFor();
    await checkA11y(page, 'row detail of a bounced row');
    await page.keyboard.press('Escape');

    // The suppression list has them, with the reason.
    await page.goto('/suppressions');
    await page.getByTestId('suppression-row').first().waitFor();
    expect(await page.getByTestId('suppression-row').count()).toBe(3);
    expect(await page.getByText('Bounced in a campaign').count()).toBe(3);
    await checkA11y(page, 'suppression list');

    // The next send holds them back and says why.
    await page.goto('/send-to-smartlead');
    await page.getByTestId('held-back').getByText('3 addresses are held back').waitFor();
    await page
      .getByTestId('held-back')
      .getByText(/3 bounced in a campaign/)
      .waitFor();
    await page.getByTestId('selected-counter').getByText('0 of 2 selected').waitFor();
    expect(await page.getByText('ann@acme.test').count()).toBe(0);
    await checkA11y(page, 'send screen with held-back addresses');

    // Activity over time: the five sent and three bounced today, on Email Campaigns, for 7 days too.
    await page.goto('/smartlead/campaigns');
    const activity = page.getByTestId('activity-chart');
    const totals = activity.getByTestId('activity-totals');
    await totals.locator('div').filter({ hasText: 'Sent' }).getByText('5', { exact: true }).waitFor();
    await totals.locator('div').filter({ hasText: 'Bounced' }).getByText('3', { exact: true }).waitFor();
    await activity.getByRole('button', { name: '7 days' }).click();
    await activity.getByRole('img', { name: /Activity per day from/ }).waitFor();
    const csv = await (
      await page.request.get((await activity.getByRole('link', { name: 'CSV' }).getAttribute('href')) ?? '')
    ).text();
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('date,sent,opened,clicked,replied,bounced');
    await activity.scrollIntoViewIfNeeded();
    await screenshot(page, 'campaign-activity');
    await checkA11y(page, 'email campaigns with activity over time');

    // Replies: dee answers; the reply is read, categorised and answered from here.
    expect(await fake.leadEvent(remote.id, 'dee@acme.test', 'EMAIL_REPLY')).toBe(200);
    await page.goto('/smartlead/replies');
    await page.getByRole('button', { name: /dee@acme\.test/ }).click();
    const conversation = page.getByTestId('conversation');
    await conversation.getByText('Thanks, tell me more. Next week works.').waitFor();
    await checkA11y(page, 'replies with a conversation open');
    await page.getByRole('combobox', { name: 'Lead category' }).click();
    await page.getByRole('option', { name: 'Interested', exact: true }).click();
    await page.getByText('Marked “Interested”').first().waitFor();
    await page.getByRole('list', { name: 'Replies' }).getByText('Interested').waitFor();
    await page.getByLabel('Your reply').fill('Great! Does Tuesday at 10 work?');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent').first().waitFor();
    await conversation.getByText('Great! Does Tuesday at 10 work?').waitFor();
    await screenshot(page, 'replies-conversation');

    // The same screens at 390 px: nothing wider than the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/smartlead/replies', '/smartlead/campaigns', '/send-to-smartlead']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(390);
    }
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkA11y(page, 'send screen at 390 px');

    // Home: one address checked on the spot, with the suppression shown.
    await page.goto('/');
    await page.getByLabel('Email address').fill('bo@acme.test');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const result = page.getByTestId('single-check-result');
    await result.getByTestId('suppressed-badge').waitFor({ timeout: 30_000 });
    await result.getByText('Mail provider:').waitFor();
    await checkA11y(page, 'home single check');
    await page.context().close();
  });

  it('every row says how it was decided; score filter; the send keeps risky rows within the bounce budget', async () => {
    const page = await e2e.newPage({ bypassCSP: true });
    await signUpViaUi(page, 'budget');
    await completeOnboardingViaApi(page, PROFILE);
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    const { uploadId, stats } = await verifiedUpload(page, [...PEOPLE, ...WILD]);
    expect(stats).toMatchObject({ valid: 30, risky: 2 });

    // Why? says how the verdict was reached and how often the server was asked.
    await page.goto(`/?uploadId=${uploadId}`);
    const table = page.getByTestId('results-table');
    await table.getByText('p0@acme.test').waitFor();
    await page.getByRole('button', { name: 'Why? Details for p0@acme.test' }).click();
    const detail = page.getByTestId('row-detail');
    await detail.getByText('The mail server’s own answer (SMTP)').waitFor();
    await detail.getByText('1 question to the mail server').waitFor();
    // The server's reply, code first.
    await detail.getByText('250 2.1.5 OK', { exact: true }).waitFor();
    await screenshot(page, 'row-detail-evidence');
    await page.keyboard.press('Escape');
    // Score ≥ 90 leaves the 30 valid rows (99), not the catch-all ones (75).
    await page.getByRole('combobox', { name: 'Filter by confidence score' }).click();
    await page.getByRole('option', { name: 'Score ≥ 90' }).click();
    await page.getByText('30 emails', { exact: true }).waitFor();
    await checkA11y(page, 'results filtered by score');
    await screenshot(page, 'results-score-filter');

    // The send: with the risky rows, 2.5% projected is over the 2% budget; one of the two fits.
    await page.goto('/send-to-smartlead');
    await page.getByLabel('Include risky addresses').check();
    await page.getByTestId('selected-counter').getByText('0 of 32 selected').waitFor();
    await page.getByRole('button', { name: 'Select all', exact: true }).first().click();
    await page.getByTestId('projected-bounce').getByText('2.5%').waitFor();
    const over = page.getByTestId('over-budget');
    await over.getByText(/1 of the 2 risky addresses fit/).waitFor();
    const name = `Budget ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    expect(await page.getByRole('button', { name: 'Send 32 emails to Smartlead' }).isDisabled()).toBe(true);
    await checkA11y(page, 'send screen over the bounce budget');
    await page.getByTestId('bounce-budget').scrollIntoViewIfNeeded();
    await screenshot(page, 'send-over-bounce-budget');
    // The projection, what the budget covers and the way out, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByTestId('bounce-budget')
      .getByText(/The budget covers the whole send/)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, 'send screen over the bounce budget at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await over.getByRole('button', { name: 'Keep the 1 that fit' }).click();
    await page.getByTestId('projected-bounce').getByText('1.8%').waitFor();
    await page.getByRole('button', { name: 'Send 31 emails to Smartlead' }).click();
    await page.waitForURL((u) => u.pathname === '/smartlead/campaigns');
    const remote = await waitUntil('campaign', () => fake.campaignsNamed(name)[0]);
    await waitUntil('leads', () => (remote.leads.size === 31 ? true : undefined));
    await page.context().close();
  });

  it('works at 390 px: suppression list add, import, export and remove by keyboard', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 }, bypassCSP: true });
    await signUpViaUi(page, 'narrow');
    await completeOnboardingViaApi(page, PROFILE);
    await page.goto('/suppressions');
    await page.getByText('No address is suppressed yet.').waitFor();
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('button', { name: 'Add to list' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email address').fill('keep.out@acme.test');
    await page.getByLabel('Email address').press('Enter');
    await page.getByTestId('suppression-row').getByText('keep.out@acme.test').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkA11y(page, 'suppression list at 390 px');
    // Import a file, and the export has every address.
    await page.getByLabel('Import a CSV file of addresses').setInputFiles({
      name: 'block.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Email\nx1@acme.test\nX2@acme.test\n=1+1@acme.test\n'),
    });
    await page.getByTestId('suppression-row').getByText('x2@acme.test').waitFor();
    // The row the manual add would refuse is not added, and the screen says which and why.
    const refused = page.getByTestId('suppression-import-refused');
    await refused.getByText('1 row was not added').waitFor();
    await refused.getByText('Row 4:').waitFor();
    expect(await refused.textContent()).toContain('=1+1@acme.test');
    const exported = await (await page.request.get('/api/suppressions/export')).text();
    expect(
      exported
        .split('\r\n')
        .slice(1, 4)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['keep.out@acme.test', 'x1@acme.test', 'x2@acme.test']);
    await page.getByRole('button', { name: 'Remove keep.out@acme.test from the list' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByTestId('suppression-row').getByText('keep.out@acme.test').waitFor({ state: 'detached' });
    expect(await page.getByTestId('suppression-row').count()).toBe(2);
    await page.context().close();
  });
});
