import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { apiUser, bearer } from '../../../../tests/helpers/api';
import { uploadCsv } from '../../../../tests/helpers/lists';
import { callTool, connectMcp, listenOnLoopback } from '../../../../tests/helpers/mcp';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ListEstimate } from '../../../shared/credits';

// estimate_list (decisions 0880, 0890): the free estimate through MCP is API v1's (same domain function,
// same scope), lists only for a token with lists:write, and never reads another workspace's list.

let w: World;
let t: TestApp;
let url: string;
beforeAll(async () => {
  w = await startWorld(
    {
      'good.test': { mailboxes: ['alice@good.test'] },
      'catchall.test': { catchAll: true },
      'mailinator.com': { catchAll: true },
    },
    { 'nodomain.test': 'NXDOMAIN' },
  );
  t = await createTestApp({
    work: true,
    env: { ...w.env(), SMTP_BACKOFF_S: '0', API_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  url = `${await listenOnLoopback(t.app)}/mcp`;
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

const EMAILS = [
  'alice@good.test',
  'bob@good.test',
  'dee@catchall.test',
  'temp@mailinator.com',
  'eve@nodomain.test',
  'not-an-email',
  'ALICE@good.test',
];
const known = (e: ListEstimate) => Object.fromEntries(e.breakdown.map((b) => [b.group, b.known]));
const withoutTime = ({ estimatedAt: _, ...rest }: ListEstimate) => rest;

describe('MCP estimate_list', () => {
  it("answers API v1's estimate, with step 1's counts exact, and charges nothing", async () => {
    const u = await apiUser(t.app);
    const { token } = await u.token();
    const client = await connectMcp(url, { token });
    const res = await callTool(client, 'estimate_list', { emails: EMAILS });
    expect(res.isError, res.text).toBe(false);
    const e = res.data as ListEstimate;
    expect(e).toMatchObject({ uploadId: null, rows: 7, needSmtp: 3, sample: { asked: 3, answered: 3 } });
    expect(known(e)).toMatchObject({ syntax: 1, duplicate: 1, invalid: 1, disposable: 1, valid: 0 });
    // The mail servers' part carries the interval; step 1's part is certain.
    expect(e.credits.known).toBe(2);
    expect(e.credits.low).toBeGreaterThanOrEqual(2);
    expect(res.text).toMatch(/about \d+ credits .*2 of them certain/);
    // The same answer as API v1 (the sample asks all three rows, so both are exact).
    const api = await bearer(t.app, token).post('/api/v1/lists/estimate', { emails: EMAILS });
    expect(api.statusCode).toBe(200);
    expect(withoutTime(e)).toEqual(withoutTime(api.json()));
    expect((await u.web.get('/api/usage/credits')).json()).toMatchObject({
      charged: 0,
      reserved: 0,
      runs: [],
    });
    await client.close();
  });

  it("estimates a stored list of the workspace, never another workspace's", async () => {
    const owner = await apiUser(t.app);
    const up = (await uploadCsv(owner.web, 'mine.csv', 'email\nnot-an-email\neve@nodomain.test\n')).json();
    const mine = await connectMcp(url, { token: (await owner.token()).token });
    const res = await callTool(mine, 'estimate_list', { listId: up.uploadId });
    expect(res.isError, res.text).toBe(false);
    expect(res.data).toMatchObject({ uploadId: up.uploadId, rows: 2, needSmtp: 0, credits: { known: 1 } });
    expect((await callTool(mine, 'estimate_list', {})).isError).toBe(true);

    const other = await apiUser(t.app);
    const theirs = await connectMcp(url, { token: (await other.token()).token });
    const refused = await callTool(theirs, 'estimate_list', { listId: up.uploadId });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/not found/i);
    await mine.close();
    await theirs.close();
  });

  it('is listed only for a token with lists:write, the scope of API v1 estimate', async () => {
    const u = await apiUser(t.app);
    const narrow = await connectMcp(url, { token: (await u.token(['lists:read', 'verify'])).token });
    expect((await narrow.listTools()).tools.map((x) => x.name)).not.toContain('estimate_list');
    const res = await callTool(narrow, 'estimate_list', { emails: ['alice@good.test'] });
    expect(res.isError).toBe(true);
    expect(res.text).toMatch(/lacks the "lists:write" scope/);
    const wide = await connectMcp(url, { token: (await u.token(['lists:write'])).token });
    expect((await wide.listTools()).tools.map((x) => x.name)).toContain('estimate_list');
    await narrow.close();
    await wide.close();
  });
});
