import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { startWorld, type World } from '../fakes/smtp-world';
import { screenshot } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Smartlead journey: save key → test connection → pick emails from a verified list → send → campaign status.
// The verified list is made by the lists feature itself: a CSV uploaded through POST /api/upload and
// verified by the real engine against loopback DNS and SMTP fakes.
const APP_URL = 'https://app.smartlead.test';

describe.skipIf(!chromiumAvailable())('smartlead', () => {
  let fake: FakeSmartlead;
  let world: World;
  const apiKey = `sl_e2e_${Math.random().toString(36).slice(2)}_${Date.now()}`;

  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    world = await startWorld({
      'acme.test': { mailboxes: ['ann.lee@acme.test', 'bo@acme.test', 'cy.young@acme.test'] },
      'globex.test': { mailboxes: ['dana@globex.test', 'eli@globex.test'] },
    });
    return {
      env: {
        SMARTLEAD_API_URL: fake.url,
        SMARTLEAD_APP_URL: APP_URL,
        ...world.env(),
        // No ENCRYPTION_KEY: the key file in DATA_DIR is used (and created) on first save.
        ENCRYPTION_KEY: '',
      },
    };
  });

  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  async function verifiedUpload(page: Page, name: string, csv: string) {
    const up = await apiPost(page, '/api/upload', undefined, {
      multipart: { csvFile: { name, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(up.status(), await up.text()).toBeLessThan(300);
    const { uploadId } = await up.json();
    expect((await apiPost(page, `/api/verify/${uploadId}`)).status()).toBeLessThan(300);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await (await page.request.get(`/api/upload/${uploadId}/status`)).json();
      if (status.stats?.pending === 0) return { ...status.stats, id: uploadId as string };
      if (Date.now() > deadline) throw new Error(`verification did not finish: ${JSON.stringify(status)}`);
      await page.waitForTimeout(250);
    }
  }

  it('saves a key, tests it, sends verified emails and shows the campaign with its counts', async () => {
    const page = await e2e.newPage();
    await signUpViaUi(page, 'sl');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });

    // Before a key: the send screen points to the settings; no campaigns yet.
    await page.goto('/send-to-smartlead');
    await page
      .getByText('Please configure your Smartlead API key in the settings before sending emails.')
      .waitFor();
    // The old Campaign Status address leads to Email Campaigns (decision 0400 merged them).
    await page.goto('/campaign-status');
    await page.waitForURL((u) => u.pathname === '/smartlead/campaigns');
    await page.getByText('No campaigns yet').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Send Emails' }).click();
    await page.waitForURL((u) => u.pathname === '/send-to-smartlead');
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await page.waitForURL((u) => u.pathname === '/settings/integrations');

    // Settings: save the key, then it is masked and locked; test the connection.
    await page.getByTestId('smartlead-status').getByText('Not configured').waitFor();
    const save = page.getByRole('button', { name: 'Save API Key' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('API Key').fill(apiKey);
    await save.click();
    await page.getByTestId('toast').getByText('API Key saved').waitFor();
    await page.getByTestId('smartlead-status').getByText('Configured').waitFor();
    expect(await page.getByLabel('API Key').isDisabled()).toBe(true);
    expect(await page.getByLabel('API Key').inputValue()).not.toContain(apiKey);
    expect(await page.getByTestId('smartlead-last-tested').textContent()).toBe('Never');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByTestId('toast').getByText('Connection successful').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="smartlead-last-tested"]')?.textContent !== 'Never',
    );
    // Change unlocks an empty field; Cancel returns to the masked key.
    await page.getByRole('button', { name: 'Change' }).click();
    expect(await page.getByLabel('API Key').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Save API Key' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Test Connection' }).waitFor();
    expect(await page.content()).not.toContain(apiKey);

    // Two verified lists, made by the lists feature (upload + verification on loopback DNS/SMTP).
    const first = await verifiedUpload(
      page,
      'acme-leads.csv',
      'name,email,company\nAnn Lee,ann.lee@acme.test,Acme Inc\nBo,bo@acme.test,Acme Inc\nCy Young Jr,cy.young@acme.test,Acme Inc\nGhost,ghost@acme.test,Acme Inc\n',
    );
    expect(first).toMatchObject({ valid: 3, invalid: 1 });
    const second = await verifiedUpload(
      page,
      'globex.csv',
      'name,email,company\nDana Scully,dana@globex.test,Globex\nEli,eli@globex.test,Globex\n',
    );
    expect(second).toMatchObject({ valid: 2 });

    // Send: pick the Acme group, search, name the campaign.
    await page.goto('/send-to-smartlead');
    const counter = page.getByTestId('selected-counter');
    await counter.getByText('0 of 5 selected').waitFor();
    expect(await page.getByText('ghost@acme.test').count()).toBe(0);
    const send = page.getByRole('button', { name: /^Send \d+ emails to Smartlead$/ });
    expect(await send.isDisabled()).toBe(true);

    await page.getByLabel('Search emails').fill('GLOBEX');
    await page.getByText('Showing 2 filtered results').waitFor();
    await page.getByLabel('Search emails').fill('nobody-matches-this');
    await page.getByText('No emails match your search').waitFor();
    await page.getByLabel('Search emails').fill('');

    const acmeGroup = page
      .locator('div')
      .filter({ has: page.getByRole('button', { name: /acme-leads\.csv/ }) })
      .last();
    await acmeGroup.getByRole('button', { name: 'Select all' }).click();
    await counter.getByText('3 of 5 selected').waitFor();
    await acmeGroup.getByRole('button', { name: 'Deselect all' }).waitFor();
    await page.getByLabel('Select bo@acme.test').click();
    await counter.getByText('2 of 5 selected').waitFor();
    await page.getByLabel('Select bo@acme.test').click();
    await counter.getByText('3 of 5 selected').waitFor();
    // Collapsing a group hides its rows.
    await page.getByRole('button', { name: /globex\.csv/ }).click();
    await page.getByText('dana@globex.test').waitFor({ state: 'detached' });

    expect(await send.isDisabled()).toBe(true); // no campaign name yet
    const name = `Acme launch ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    await screenshot(page, 'send-to-smartlead-chosen');
    // The body names the chosen list (decision 0935): the server builds the leads, the browser sends no copies.
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/smartlead/create-campaign'));
    await page.getByRole('button', { name: 'Send 3 emails to Smartlead' }).click();
    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({
      campaignName: name,
      uploadIds: [first.id],
      rowIds: [],
      includeRisky: false,
    });
    expect(body).not.toHaveProperty('emails');

    // As soon as Smartlead has the campaign, give it some analytics (counts arrive as strings).
    const deadline = Date.now() + 30_000;
    while (fake.campaignsNamed(name).length === 0 && Date.now() < deadline) await page.waitForTimeout(50);
    const remote = fake.campaignsNamed(name)[0]!;
    remote.status = 'ACTIVE';
    remote.stats = { sent: 3, uniqueOpens: 1, replies: 1 };

    await page.getByTestId('toast').getByText('Campaign created successfully').waitFor();
    await page.waitForURL((u) => u.pathname === '/smartlead/campaigns');
    const card = page.getByTestId('campaign-card').filter({ hasText: name });
    await card.waitFor();
    await card.getByText('Active').waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toMatch(/Total Leads\s*3/);
    expect(text).toMatch(/Emails Sent\s*3/);
    expect(text).toMatch(/Open Rate\s*33\.3%/);
    expect(text).toMatch(/Reply Rate\s*33\.3%/);
    const view = card.getByRole('link', { name: 'View' });
    expect(await view.getAttribute('href')).toBe(`${APP_URL}/app/email-campaign/${remote.id}/analytics`);
    expect(await view.getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await card.getByText('Active').waitFor();

    // Smartlead got each lead once, with the name split into first and last.
    expect([...remote.leads.keys()].sort()).toEqual([
      'ann.lee@acme.test',
      'bo@acme.test',
      'cy.young@acme.test',
    ]);
    expect(remote.leads.get('cy.young@acme.test')).toMatchObject({
      first_name: 'Cy',
      last_name: 'Young Jr',
      company_name: 'Acme Inc',
    });
    expect(fake.duplicatesIn(remote.id)).toEqual([]);
    expect(fake.counters.createCalls).toBe(1);
    await page.context().close();
  });
});
