import { expect } from 'vitest';
import { runSend } from '../../src/server/features/smartlead/sends/send';
import type { FakeSmartlead } from '../fakes/smartlead';
import { TestClient } from './client';
import { newApiKey, seedVerifiedUpload } from './smartlead';
import type { TestApp } from './test-app';

// Shared by the send-outcome suites (not a test file itself).

/** Smartlead's POST of an event, handed to the in-process app (the fake would POST to PUBLIC_URL's host). */
export const deliverTo = (t: TestApp) => async (url: string, payload: Record<string, unknown>) =>
  (await t.app.inject({ method: 'POST', url: new URL(url).pathname, payload })).statusCode;

/** A workspace with a key, a verified list and a campaign sent from it to the fake Smartlead. */
export async function sentCampaign(
  t: TestApp,
  fake: FakeSmartlead,
  rows: { email: string; verdict?: 'catch_all' }[],
) {
  const c = new TestClient(t.app);
  const user = await c.register();
  const apiKey = newApiKey();
  fake.apiKeys.add(apiKey);
  expect((await c.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
  const uploadId = await seedVerifiedUpload({
    db: t.database.db,
    workspaceId: user.id,
    name: 'leads.csv',
    rows: rows.map((r) => ({ ...r, name: 'A Person', company: 'Acme', valid: true })),
  });
  const res = await c.post('/api/smartlead/create-campaign', {
    campaignName: `Outcomes ${user.username}`,
    uploadIds: [uploadId],
    // These suites send many catch-all rows on purpose (no bounce budget).
    includeRisky: true,
    bounceBudget: 100,
  });
  expect(res.statusCode).toBe(201);
  const { id, smartlead_id: smartleadId } = res.json();
  expect(await runSend({ db: t.database.db, config: t.config, clock: t.clock, campaignId: id })).toBe(
    'completed',
  );
  return {
    c,
    user,
    uploadId,
    smartleadId: smartleadId as number,
    hookUrl: fake.webhooks.get(smartleadId)?.url,
  };
}

/** The results row of one address in an upload. */
export const rowOf = async (c: TestClient, uploadId: string, email: string) =>
  (await c.get(`/api/upload/${uploadId}/results?search=${encodeURIComponent(email)}`)).json().results[0];
