import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../fakes/smartlead';
import { startWorld, type World } from '../fakes/smtp-world';
import { checkA11y, screenshot } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, signUpViaUi, useE2E } from './harness';

// Email automation journey: compose a two-step sequence with merge fields and preview it with a real
// verified lead → pick a sending account and a schedule → send the verified leads as a started campaign
// → see it Active on Email Campaigns → pause it; the fake Smartlead holds the sequence, the account, the
// schedule, the leads and the pause. Then Smartlead goes down during a send: the error shows with a
// Retry that succeeds once it is back, with one campaign only.
/** Chooses an option of one of the kit's Select controls (a button that opens a listbox). */
async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe.skipIf(!chromiumAvailable())('email automation', () => {
  let fake: FakeSmartlead;
  let world: World;
  const apiKey = `sl_auto_${Math.random().toString(36).slice(2)}_${Date.now()}`;

  const e2e = useE2E(async () => {
    fake = await startFakeSmartlead({ apiKeys: [apiKey] });
    world = await startWorld({
      'acme.test': { mailboxes: ['ann.lee@acme.test', 'bo@acme.test'] },
      'globex.test': { mailboxes: ['dana@globex.test'] },
    });
    return { env: { SMARTLEAD_API_URL: fake.url, ...world.env(), ENCRYPTION_KEY: '' } };
  });

  afterAll(async () => {
    await fake?.close();
    await world?.close();
  });

  it('composes, sends as a started campaign, pauses it; an outage shows a retry that works', async () => {
    const page = await e2e.newPage({ bypassCSP: true });
    await signUpViaUi(page, 'auto');
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });
    expect((await apiPost(page, '/api/smartlead/settings', { apiKey })).status()).toBe(200);
    const sales = fake.addEmailAccount(apiKey, {
      from_email: 'sales@verilead.test',
      from_name: 'Sales Team',
    });
    fake.addEmailAccount(apiKey, { from_email: 'ops@verilead.test' });

    // A verified list with an extra column, made by the lists feature against loopback DNS/SMTP.
    const csv =
      'name,email,company,Job Title\nAnn Lee,ann.lee@acme.test,Acme Inc,CTO\nBo,bo@acme.test,Acme Inc,\nDana Scully,dana@globex.test,Globex,CEO\n';
    const up = await apiPost(page, '/api/upload', undefined, {
      multipart: { csvFile: { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    const { uploadId } = await up.json();
    expect((await apiPost(page, `/api/verify/${uploadId}`)).status()).toBeLessThan(300);
    for (let i = 0; i < 240; i++) {
      const s = await (await page.request.get(`/api/upload/${uploadId}/status`)).json();
      if (s.stats?.pending === 0) break;
      await page.waitForTimeout(250);
    }

    // Compose: two steps with merge fields, previewed with a real lead.
    await page.goto('/email-composer');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Email Composer').waitFor();
    await page.getByLabel('Sequence name').fill('Acme intro');
    await page.getByLabel('Email 1 subject').fill('Hi {{first_name}}');
    await page
      .getByLabel('Email 1 body')
      .fill('Hello {{first_name}} at {{company_name}}, as {{job_title}} you');
    await page.getByLabel('Follow-up 1 body').fill('Any thoughts, {{first_name}}?');
    await page.getByLabel('Follow-up 1 delay in days').fill('2');
    await pick(page, 'Preview lead', 'ann.lee@acme.test — Ann Lee');
    const preview = page.getByTestId('sequence-preview');
    await preview.getByText('Hello Ann at Acme Inc, as CTO you').waitFor();
    await preview.getByText('Re: Hi Ann').waitFor();
    await pick(page, 'Preview lead', 'bo@acme.test — Bo');
    await page
      .getByTestId('composer-warnings')
      .getByText(/this lead has no \{\{job_title\}\}/)
      .waitFor();
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await page.getByTestId('toast').getByText('Sequence saved').waitFor();

    // Send: all verified leads, the sequence, one account, a schedule, create and start.
    await page.goto('/send-to-smartlead');
    await page.getByTestId('selected-counter').getByText('0 of 3 selected').waitFor();
    for (const g of ['leads.csv']) {
      await page
        .locator('div')
        .filter({ has: page.getByRole('button', { name: new RegExp(g) }) })
        .last()
        .getByRole('button', { name: 'Select all' })
        .click();
    }
    await page.getByTestId('selected-counter').getByText('3 of 3 selected').waitFor();
    const name = `Acme go ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(name);
    await pick(page, 'Sequence', 'Acme intro (2 emails)');
    await page.getByLabel('Send from sales@verilead.test').click();
    await pick(page, 'Time zone', 'Europe/Paris');
    await page.getByRole('button', { name: 'Fri' }).click();
    await page.getByLabel('New leads per day').fill('25');
    await page.getByLabel('Create and start').check();
    await page.getByRole('button', { name: 'Send 3 emails to Smartlead' }).click();
    await page.getByTestId('toast').getByText('Campaign created successfully').waitFor();

    // Email Campaigns shows it Active; its page pauses it.
    await page.goto('/smartlead/campaigns');
    const row = page.getByTestId('campaign-card').filter({ hasText: name });
    await row.getByText('Active').waitFor();
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Email Automation' })
      .waitFor();
    await row.getByRole('link', { name: `Manage ${name}` }).click();
    await page.getByTestId('campaign-accounts').getByText('sales@verilead.test').waitFor();
    await page.getByTestId('campaign-schedule').getByText('Europe/Paris').waitFor();

    // Edit it while it runs: the follow-up waits 4 days now, and Saturdays are sending days.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByTestId('step-2').getByRole('spinbutton').fill('4');
    await edit
      .getByTestId('in-flight-note')
      .getByText(/paused for the change and resumed right after/)
      .waitFor();
    await checkA11y(page, 'edit a running campaign');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').getByText('Saved (paused for the change, running again)').waitFor();
    await edit.getByRole('tab', { name: 'Schedule' }).click();
    await edit.getByLabel('Sat').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').getByText('Saved in Smartlead').first().waitFor();
    await edit.getByRole('button', { name: 'Close' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByTestId('campaign-schedule').getByText(/Sat/).waitFor();
    const edited = fake.campaignsNamed(name)[0]!;
    expect(edited.sequences[1]).toMatchObject({ seq_delay_details: { delay_in_days: 4 } });
    expect(edited.schedule?.days_of_the_week).toEqual([1, 2, 3, 4, 6]);
    expect(edited.status).toBe('ACTIVE');

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByTestId('toast').getByText('Campaign paused').waitFor();
    await page.getByRole('button', { name: 'Resume' }).waitFor();

    const remote = fake.campaignsNamed(name)[0]!;
    expect(remote.sequences).toMatchObject([
      {
        seq_number: 1,
        subject: 'Hi {{first_name}}',
        email_body: 'Hello {{first_name}} at {{company_name}}, as {{job_title}} you',
      },
      { seq_number: 2, seq_delay_details: { delay_in_days: 4 }, email_body: 'Any thoughts, {{first_name}}?' },
    ]);
    expect(remote.emailAccountIds).toEqual([sales.id]);
    expect(remote.schedule).toEqual({
      timezone: 'Europe/Paris',
      days_of_the_week: [1, 2, 3, 4, 6],
      start_hour: '09:00',
      end_hour: '17:00',
      min_time_btw_emails: 10,
      max_new_leads_per_day: 25,
    });
    expect([...remote.leads.keys()].sort()).toEqual([
      'ann.lee@acme.test',
      'bo@acme.test',
      'dana@globex.test',
    ]);
    expect(remote.leads.get('ann.lee@acme.test')?.custom_fields).toEqual({ job_title: 'CTO' });
    expect(remote.statusHistory).toEqual(['START', 'PAUSED', 'START', 'PAUSED']);
    expect(remote.status).toBe('PAUSED');

    // Smartlead down during a send: the documented error with a Retry; back up, the retry makes one campaign.
    await page.goto('/send-to-smartlead');
    await page.getByLabel('Select dana@globex.test').click();
    await page
      .getByTestId('already-sent')
      .getByText(/already sent/)
      .waitFor();
    await screenshot(page, 'send-warns-leads-already-sent');
    const second = `Retry ${Date.now()}`;
    await page.getByLabel('Campaign Name').fill(second);
    fake.setOutage(true);
    await page.getByRole('button', { name: 'Send 1 emails to Smartlead' }).click();
    const failure = page.getByTestId('send-failure');
    await failure.getByText(/Could not reach the Smartlead API/).waitFor();
    await screenshot(page, 'send-smartlead-down-error-with-retry');
    fake.setOutage(false);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('toast').getByText('Campaign created successfully').waitFor();
    expect(fake.campaignsNamed(second)).toHaveLength(1);
    expect([...fake.campaignsNamed(second)[0]!.leads.keys()]).toEqual(['dana@globex.test']);
    await page.context().close();
  });
});
