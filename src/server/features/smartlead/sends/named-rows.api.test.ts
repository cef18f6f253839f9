import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import {
  seedVerifiedUpload,
  signUpWithKey,
  startSmartleadApp,
  stopSmartleadApp,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { runSend } from './send';

// A send names lists and rows (decision 0935): the server reads them from the workspace's lists and
// builds the leads itself, so a body is a few bytes, another workspace's ids are not found, and a
// suppressed address stays out whatever the request says.

let t: TestApp;
let fake: FakeSmartlead;
beforeAll(async () => {
  ({ t, fake } = await startSmartleadApp());
});
afterAll(() => stopSmartleadApp(t, fake));

async function workspaceWithList() {
  const { c, user } = await signUpWithKey(t, fake);
  const tag = Math.random().toString(36).slice(2, 8);
  const uploadId = await seedVerifiedUpload({
    db: t.database.db,
    workspaceId: user.id,
    name: 'people.csv',
    rows: [
      {
        email: `ann.${tag}@acme.com`,
        name: 'Ann Marie Lee',
        company: 'Acme',
        valid: true,
        extra: { Title: 'CTO' },
      },
      { email: `bob.${tag}@acme.com`, name: 'Bob', company: 'Acme', valid: true },
      { email: `any.${tag}@catchall.test`, name: 'Cat', company: 'Cat', valid: true, verdict: 'catch_all' },
      { email: `gone.${tag}@nowhere.test`, name: 'Gone', company: '', valid: false },
    ],
  });
  const rows = (await c.get(`/api/upload/${uploadId}/results`)).json().results as {
    id: number;
    email: { email: string };
  }[];
  const rowId = (prefix: string) => String(rows.find((r) => r.email.email.startsWith(prefix))!.id);
  return { c, user, uploadId, rowId, tag };
}

const sentTo = (smartleadId: number) => fake.campaigns.get(smartleadId)!.leads;

describe('a send names rows, not copies', () => {
  it('builds the leads on the server from a body that only names the list', async () => {
    const { c, uploadId, tag } = await workspaceWithList();
    const body = { campaignName: `Named ${tag}`, uploadIds: [uploadId], bounceBudget: 100 };
    expect(JSON.stringify(body).length).toBeLessThan(200);
    const res = await c.post('/api/smartlead/create-campaign', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(
      await runSend({ db: t.database.db, config: t.config, clock: t.clock, campaignId: res.json().id }),
    ).toBe('completed');
    const leads = sentTo(res.json().smartlead_id);
    // Valid rows only (risky rows need includeRisky; invalid ones never go), names split once, here.
    expect([...leads.keys()].sort()).toEqual([`ann.${tag}@acme.com`, `bob.${tag}@acme.com`]);
    expect(leads.get(`ann.${tag}@acme.com`)).toMatchObject({
      first_name: 'Ann',
      last_name: 'Marie Lee',
      company_name: 'Acme',
      custom_fields: { title: 'CTO' },
    });

    const risky = await c.post('/api/smartlead/create-campaign', {
      ...body,
      campaignName: `Risky ${tag}`,
      includeRisky: true,
    });
    expect(risky.json().send).toMatchObject({ totalLeads: 3 });
  });

  it("refuses another workspace's list and rows with 404, and sends nothing", async () => {
    const mine = await workspaceWithList();
    const theirs = await workspaceWithList();
    const name = `Theirs ${mine.tag}`;
    for (const body of [
      { campaignName: name, uploadIds: [theirs.uploadId] },
      { campaignName: name, rowIds: [theirs.rowId('ann')] },
      { campaignName: name, uploadIds: [mine.uploadId], rowIds: [theirs.rowId('bob')] },
      { campaignName: name, uploadIds: ['00000000-0000-4000-8000-000000000000'] },
    ]) {
      const res = await mine.c.post('/api/smartlead/create-campaign', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(fake.campaignsNamed(name)).toHaveLength(0);
    // Adding leads to a campaign names rows the same way.
    const created = await mine.c.post('/api/smartlead/create-campaign', {
      campaignName: `Mine ${mine.tag}`,
      rowIds: [mine.rowId('ann')],
    });
    expect(created.statusCode).toBe(201);
    const add = await mine.c.post(`/api/smartlead/campaigns/${created.json().id}/leads`, {
      rowIds: [theirs.rowId('bob')],
    });
    expect(add.statusCode).toBe(404);
  });

  it('leaves a suppressed address out even when the request names its row', async () => {
    const { c, uploadId, rowId, tag } = await workspaceWithList();
    const sup = await c.post('/api/suppressions', { email: `bob.${tag}@acme.com` });
    expect(sup.statusCode, sup.body).toBeLessThan(300);
    const res = await c.post('/api/smartlead/create-campaign', {
      campaignName: `Suppressed ${tag}`,
      uploadIds: [uploadId],
      rowIds: [rowId('bob')],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().send).toMatchObject({ totalLeads: 1 });
    await runSend({ db: t.database.db, config: t.config, clock: t.clock, campaignId: res.json().id });
    expect([...sentTo(res.json().smartlead_id).keys()]).toEqual([`ann.${tag}@acme.com`]);
    const only = await c.post('/api/smartlead/create-campaign', {
      campaignName: `Only suppressed ${tag}`,
      rowIds: [rowId('bob')],
    });
    expect(only.statusCode).toBe(400);
  });
});
