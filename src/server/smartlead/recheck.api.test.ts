import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../tests/fakes/smartlead';
import { startWorld, type World } from '../../../tests/fakes/smtp-world';
import { TestClient } from '../../../tests/helpers/client';
import { newApiKey, seedVerifiedUpload, TEST_ENCRYPTION_KEY } from '../../../tests/helpers/smartlead';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { createVerifier, type Verifier } from '../verification';
import { DEFAULT_SMTP } from '../verification/options';
import { runSend } from './send';

// Before a send, leads verified more than REVERIFY_AFTER_DAYS ago are asked again (decision 0221): a
// mailbox closed since is held back; an answer that does not come (our network, a server that will not
// talk) is no verdict, and that lead goes on its earlier one.

let t: TestApp;
let fake: FakeSmartlead;
let w: World;
let engine: Verifier;
beforeAll(async () => {
  w = await startWorld({
    // ann still exists; bob's mailbox was closed since the list was verified.
    'acme.test': { mailboxes: ['ann@acme.test', 'cy@acme.test'] },
    // A server that no longer answers at all (accepts, never speaks).
    'gone.test': { silent: true },
  });
  engine = createVerifier({
    dnsServers: [w.dns.server],
    smtp: {
      ...DEFAULT_SMTP,
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'b@probe.test',
    },
  });
  fake = await startFakeSmartlead({ rateLimit: { limit: 1_000, windowMs: 1_000 } });
  t = await createTestApp({ env: { SMARTLEAD_API_URL: fake.url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } });
});
afterAll(async () => {
  await t?.close();
  await engine?.close();
  await fake?.close();
  await w?.close();
});

describe('re-checking stale leads before a send', () => {
  it('holds back a mailbox closed since, sends the rest, and says so on the send', async () => {
    const c = new TestClient(t.app);
    const user = await c.register();
    const apiKey = newApiKey();
    fake.apiKeys.add(apiKey);
    await c.post('/api/smartlead/settings', { apiKey });
    const emails = ['ann@acme.test', 'bob@acme.test', 'zed@gone.test'];
    await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: user.id,
      name: 'old.csv',
      rows: emails.map((email) => ({ email, name: 'P', company: 'C', valid: true })),
    });
    // Verified 20 days ago (beyond the 14-day default).
    await t.database.raw.query(
      `UPDATE upload_results x SET verified_at = now() - interval '20 days', step2_verified_at = now() - interval '20 days'
       FROM uploads u WHERE u.id = x.upload_id AND u.workspace_id = $1`,
      [user.id],
    );
    // cy is fresh: verified today in another list, so not asked again.
    await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: user.id,
      name: 'new.csv',
      rows: [{ email: 'cy@acme.test', name: 'C', company: 'C', valid: true }],
    });
    const res = await c.post('/api/smartlead/create-campaign', {
      campaignName: 'Stale list',
      emails: [...emails, 'cy@acme.test'].map((email) => ({ email })),
    });
    expect(res.statusCode).toBe(201);
    const asked: string[] = [];
    const outcome = await runSend({
      db: t.database.db,
      // A short wait for the silent server's answer (its timeout is the engine's 10 s default).
      config: { ...t.config, REVERIFY_TIMEOUT_S: 3 },
      clock: () => new Date(),
      campaignId: res.json().id,
      recheck: (list, onResult) => {
        asked.push(...list);
        return engine.checkStep2(list, { tenant: 'recheck', onResult });
      },
    });
    expect(outcome).toBe('completed');
    expect(asked.sort()).toEqual(['ann@acme.test', 'bob@acme.test', 'zed@gone.test']);
    const sent = [...fake.campaignsNamed('Stale list')[0].leads.keys()].sort();
    expect(sent).toEqual(['ann@acme.test', 'cy@acme.test', 'zed@gone.test']);
    const progress = (await c.get(`/api/smartlead/sends/${res.json().id}`)).json();
    expect(progress.recheck).toEqual({ checked: 2, heldInvalid: 1, unanswered: 1 });
    expect(progress).toMatchObject({ state: 'completed', totalLeads: 4 });
  }, 30_000);
});
