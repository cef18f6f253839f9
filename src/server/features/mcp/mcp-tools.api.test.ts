import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_HEADERS, GOOD_HEADERS } from '../../../../tests/fakes/mail-headers';
import { SENDING_ZONE } from '../../../../tests/fakes/sending-domains';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../tests/fakes/smartlead';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { apiUser } from '../../../../tests/helpers/api';
import { callTool, connectMcp, listenOnLoopback } from '../../../../tests/helpers/mcp';
import { newApiKey, seedVerifiedUpload, TEST_ENCRYPTION_KEY } from '../../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// The finding, deliverability, Smartlead, suppression and usage tools through the SDK's client, against
// the loopback DNS, SMTP and Smartlead fakes.

let w: World;
let fake: FakeSmartlead;
let t: TestApp;
let url: string;
beforeAll(async () => {
  w = await startWorld({ 'acme.test': { mailboxes: ['alice.smith@acme.test'] } }, SENDING_ZONE);
  fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      SMTP_TIMEOUT_MS: '5000',
      DNS_TIMEOUT_MS: '1000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      SMARTLEAD_API_URL: fake.url,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    },
  });
  url = `${await listenOnLoopback(t.app)}/mcp`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await w?.close();
});

async function assistant() {
  const u = await apiUser(t.app);
  return { u, client: await connectMcp(url, { token: (await u.token()).token }) };
}

describe('MCP finding tools', () => {
  it('finds one person, starts a bulk find, and reads it', async () => {
    const { client } = await assistant();
    const one = await callTool(client, 'find_email', {
      firstName: 'Alice',
      lastName: 'Smith',
      company: 'acme.test',
    });
    expect(one.isError, one.text).toBe(false);
    expect(one.data.find.kind).toBe('single');
    if (one.data.result) expect(one.data.result.email).toBe('alice.smith@acme.test');

    const bulk = await callTool(client, 'find_emails', {
      name: 'Two people',
      people: [
        { fullName: 'Alice Smith', company: 'acme.test' },
        { firstName: 'Bob', lastName: 'Jones', company: 'acme.test' },
      ],
    });
    expect(bulk.isError, bulk.text).toBe(false);
    expect(bulk.data.find).toMatchObject({ kind: 'bulk', total: 2 });
    let job = bulk.data.find;
    for (let i = 0; i < 150 && !['completed', 'failed', 'stopped'].includes(job.status); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await callTool(client, 'get_find', { findId: job.id })).data.find;
    }
    expect(job.status).toBe('completed');
    const page = await callTool(client, 'get_find_results', { findId: job.id });
    expect(page.data.results).toHaveLength(2);
    expect(page.data.total).toBe(2);
  });
});

describe('MCP deliverability, suppression and usage tools', () => {
  it('checks a sending domain and lists it', async () => {
    const { client } = await assistant();
    const good = await callTool(client, 'check_sending_domain', { domain: 'good.test' });
    expect(good.isError, good.text).toBe(false);
    expect(good.data.domain).toBe('good.test');
    expect(good.data.checks.find((c: any) => c.key === 'spf').status).toBe('pass');
    expect(good.data.state).not.toBe('fail');
    const bad = await callTool(client, 'check_sending_domain', { domain: 'nospf.test' });
    expect(bad.data.state).toBe('fail');
    expect(bad.text).toMatch(/failing: .*spf/);
    const list = await callTool(client, 'list_sending_domains');
    expect(list.data.domains.map((d: any) => d.domain).sort()).toEqual(['good.test', 'nospf.test']);
    const invalid = await callTool(client, 'check_sending_domain', { domain: 'not a domain' });
    expect(invalid.isError).toBe(true);
  });

  it("reads a message's headers (read-only), and refuses what is not headers", async () => {
    const { client } = await assistant();
    const good = await callTool(client, 'check_message_headers', { headers: GOOD_HEADERS });
    expect(good.isError, good.text).toBe(false);
    expect(good.data.spf.result).toBe('pass');
    expect(good.data.unsubscribe.oneClick).toBe(true);
    const bad = await callTool(client, 'check_message_headers', { headers: BAD_HEADERS });
    expect(bad.data.findings.some((f: any) => f.status === 'fail')).toBe(true);
    expect((await callTool(client, 'check_message_headers', { headers: 'hello there' })).isError).toBe(true);
  });

  it('adds and lists suppressions, and reads the usage with what is left', async () => {
    const { client } = await assistant();
    const added = await callTool(client, 'add_suppression', { email: 'Stop@Acme.test' });
    expect(added.data).toMatchObject({ added: 1 });
    expect((await callTool(client, 'add_suppression', { email: 'stop@acme.test' })).data.added).toBe(0);
    const list = await callTool(client, 'list_suppressions');
    expect(list.data.items.map((s: any) => s.email)).toEqual(['stop@acme.test']);
    await callTool(client, 'verify_email', { email: 'alice.smith@acme.test' });
    const usage = await callTool(client, 'get_usage');
    expect(usage.isError, usage.text).toBe(false);
    const verification = usage.data.counters.find((c: any) => c.kind === 'verification');
    expect(verification.used).toBe(1);
    expect(usage.data.left.verification).toBe(verification.limit === null ? null : verification.limit - 1);
    // The check above asked the mail server: its RCPT and session are in the workspace's probe budget.
    const hour = usage.data.probeBudget.hour;
    expect(hour.spent).toBeGreaterThanOrEqual(1);
    expect(hour.left).toBe(hour.allowance - hour.spent);
  });
});

describe('MCP Smartlead tools', () => {
  const rows = [
    { email: 'ann@acme.test', name: 'Ann Lee', company: 'Acme', valid: true },
    { email: 'ben@acme.test', name: 'Ben Ray', company: 'Acme', valid: true },
    { email: 'gone@acme.test', name: 'Gone', company: 'Acme', valid: false },
    { email: 'info@acme.test', name: 'Info', company: 'Acme', valid: true, verdict: 'role' as const },
    { email: 'stop@acme.test', name: 'Stop', company: 'Acme', valid: true },
  ];

  it('refuses plainly when Smartlead is not connected', async () => {
    const { client } = await assistant();
    for (const [tool, args] of [
      ['list_smartlead_campaigns', {}],
      ['send_to_smartlead', { listId: '00000000-0000-4000-8000-000000000000', campaignName: 'X' }],
    ] as const) {
      const res = await callTool(client, tool, args);
      expect(res.isError, tool).toBe(true);
      expect(res.text, tool).toMatch(/Smartlead is not connected.*Settings → Smartlead/);
    }
  });

  it('answers a dry run by default (what goes, what is held back and why), then sends for real', async () => {
    const { u, client } = await assistant();
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    expect((await u.web.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
    const listId = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: u.user.id,
      name: 'Leads',
      rows,
    });
    await callTool(client, 'add_suppression', { email: 'stop@acme.test' });

    const dry = await callTool(client, 'send_to_smartlead', { listId, campaignName: 'From the assistant' });
    expect(dry.isError, dry.text).toBe(false);
    expect(dry.data).toMatchObject({ dryRun: true, wouldSend: 2, blockers: [], campaign: null });
    expect(Object.fromEntries(dry.data.heldBack.map((h: any) => [h.reason, h.count]))).toEqual({
      invalid: 1,
      risky: 1,
      suppressed: 1,
    });
    expect(fake.campaigns.size).toBe(0);

    const risky = await callTool(client, 'send_to_smartlead', {
      listId,
      campaignName: 'Risky',
      includeRisky: true,
      bounceBudget: 0.5,
    });
    expect(risky.data.wouldSend).toBe(3);
    expect(risky.data.blockers.join(' ')).toMatch(/bounce rate/);

    const sent = await callTool(client, 'send_to_smartlead', {
      listId,
      campaignName: 'From the assistant',
      dryRun: false,
    });
    expect(sent.isError, sent.text).toBe(false);
    expect(sent.data.campaign).toMatchObject({ name: 'From the assistant', total_leads: 2 });
    expect(fake.campaigns.size).toBe(1);
    const listed = await callTool(client, 'list_smartlead_campaigns');
    expect(listed.data.campaigns.map((c: any) => c.name)).toEqual(['From the assistant']);

    // Another list into the campaign that now exists: a dry run, then for real.
    const more = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: u.user.id,
      name: 'More',
      rows: [{ email: 'cal@acme.test', name: 'Cal Ode', company: 'Acme', valid: true }],
    });
    const campaignId = sent.data.campaign.id;
    const dryInto = await callTool(client, 'send_to_smartlead', { listId: more, campaignId });
    expect(dryInto.data).toMatchObject({ dryRun: true, wouldSend: 1, campaign: null });
    expect(dryInto.text).toContain(`campaign ${campaignId}`);
    const into = await callTool(client, 'send_to_smartlead', { listId: more, campaignId, dryRun: false });
    expect(into.isError, into.text).toBe(false);
    expect(into.data.campaign).toMatchObject({ id: campaignId, send: { totalLeads: 3 } });
    expect(fake.campaigns.size).toBe(1);
    const both = await callTool(client, 'send_to_smartlead', { listId: more, campaignId, campaignName: 'X' });
    expect(both.isError).toBe(true);

    // A sending mailbox on a domain failing its DNS checks holds the send back, and the dry run says why.
    fake.addEmailAccount(apiKey, { from_email: 'ann@nospf.test', type: 'GMAIL' });
    expect((await callTool(client, 'check_sending_domain', { domain: 'nospf.test' })).data.state).toBe(
      'fail',
    );
    const gated = await callTool(client, 'send_to_smartlead', { listId: more, campaignName: 'Gated' });
    expect(gated.data.blockers.join(' ')).toMatch(
      /nospf.test .*fails its DNS checks|fails its DNS checks: nospf.test/,
    );

    // Another workspace never reaches this campaign, even with Smartlead connected.
    const other = await assistant();
    const key = newApiKey();
    fake.apiKeys.add(key);
    await other.u.web.post('/api/smartlead/settings', { apiKey: key });
    const theirs = await callTool(other.client, 'send_to_smartlead', { listId: more, campaignId });
    expect(theirs.isError).toBe(true);
    expect(theirs.text).toMatch(/not found/i);
  });
});
