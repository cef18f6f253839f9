import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { TestClient } from '../../../../../tests/helpers/client';
import { rowOf } from '../../../../../tests/helpers/send-outcomes';
import { newApiKey, seedVerifiedUpload, startSmartleadApp } from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { createVerifier, type Verifier } from '../../verification';
import { DEFAULT_SMTP } from '../../verification/options';
import { RESOLVER_SILENT } from '../../verification/resolver-health';
import type { Recheck } from './recheck';
import { runSend } from './send';

// Before a send, leads verified more than REVERIFY_AFTER_DAYS ago are asked again (decision 0221): a
// mailbox closed since is held back. A check that cannot be made (our resolver down, a server that will
// not talk in time) is no verdict: the send waits, says why, and the user holds those leads back or
// sends them on their earlier verdict.

let t: TestApp;
let fake: FakeSmartlead;
let w: World;
const engines: Verifier[] = [];
/** A fresh engine on the world (its own DNS memory, so an outage is met rather than remembered). */
function engine(): Recheck {
  const v = createVerifier({
    dnsServers: [w.dns.server],
    dnsTimeoutMs: 100,
    dnsTries: 1,
    smtp: {
      ...DEFAULT_SMTP,
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'b@probe.test',
    },
    logger: { info() {}, warn() {}, error() {} },
  });
  engines.push(v);
  return {
    ask: (list, onResult) => v.checkStep2(list, { tenant: 'recheck', onResult }),
    health: () => v.health(),
  };
}

beforeAll(async () => {
  w = await startWorld({
    // ann still exists; bob's mailbox was closed since the list was verified.
    'acme.test': { mailboxes: ['ann@acme.test', 'cy@acme.test'] },
    // A server that no longer answers at all (accepts, never speaks).
    'gone.test': { silent: true },
  });
  ({ t, fake } = await startSmartleadApp());
});
afterAll(async () => {
  await t?.close();
  await Promise.all(engines.map((e) => e.close()));
  await fake?.close();
  await w?.close();
});

/** A workspace whose list was verified 20 days ago (beyond the 14-day default), and a send of it. */
async function staleSend(name: string, emails: string[], fresh: string[] = []) {
  const c = new TestClient(t.app);
  const user = await c.register();
  const apiKey = newApiKey();
  fake.apiKeys.add(apiKey);
  await c.post('/api/smartlead/settings', { apiKey });
  const uploadId = await seedVerifiedUpload({
    db: t.database.db,
    workspaceId: user.id,
    name: 'old.csv',
    rows: emails.map((email) => ({ email, name: 'P', company: 'C', valid: true })),
  });
  await t.database.raw.query(
    `UPDATE upload_results x SET verified_at = now() - interval '20 days', step2_verified_at = now() - interval '20 days'
     FROM uploads u WHERE u.id = x.upload_id AND u.workspace_id = $1`,
    [user.id],
  );
  const uploadIds = [uploadId];
  if (fresh.length) {
    const freshId = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: user.id,
      name: 'new.csv',
      rows: fresh.map((email) => ({ email, name: 'C', company: 'C', valid: true })),
    });
    uploadIds.push(freshId);
  }
  const res = await c.post('/api/smartlead/create-campaign', { campaignName: name, uploadIds });
  expect(res.statusCode).toBe(201);
  return { c, uploadId, id: res.json().id as string };
}

const sentTo = (name: string) => [...(fake.campaignsNamed(name)[0]?.leads.keys() ?? [])].sort();

describe('re-checking stale leads before a send', () => {
  it('holds back a mailbox closed since; a server silent past the wait is no verdict, and waits for the user', async () => {
    const { c, id } = await staleSend(
      'Stale list',
      ['ann@acme.test', 'bob@acme.test', 'zed@gone.test'],
      [
        // Verified today in another list, so not asked again.
        'cy@acme.test',
      ],
    );
    const asked: string[] = [];
    const recheck = engine();
    const outcome = await runSend({
      db: t.database.db,
      // A short wait for the silent server's answer (its timeout is the engine's 10 s default).
      config: { ...t.config, REVERIFY_TIMEOUT_S: 3 },
      clock: () => new Date(),
      campaignId: id,
      recheck: {
        ...recheck,
        ask: (list, onResult) => {
          asked.push(...list);
          return recheck.ask(list, onResult);
        },
      },
    });
    expect(outcome).toBe('waiting');
    expect(asked.sort()).toEqual(['ann@acme.test', 'bob@acme.test', 'zed@gone.test']);
    // Nothing goes while the user has not chosen.
    expect(sentTo('Stale list')).toEqual([]);
    const waiting = (await c.get(`/api/smartlead/sends/${id}`)).json();
    expect(waiting.recheck).toEqual({
      checked: 2,
      heldInvalid: 1,
      unanswered: 1,
      heldUnchecked: 0,
      waiting: { count: 1, why: 'No answer came within 3 seconds.' },
    });
    // Another run of the job (the sweep, a restart) keeps waiting.
    expect(
      await runSend({ db: t.database.db, config: t.config, clock: () => new Date(), campaignId: id }),
    ).toBe('waiting');

    // The user sends it on its earlier verdict.
    const decided = await c.post(`/api/smartlead/sends/${id}/unchecked`, { action: 'send' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().recheck).toMatchObject({ unanswered: 1, heldUnchecked: 0, waiting: null });
    expect(
      await runSend({
        db: t.database.db,
        config: t.config,
        clock: () => new Date(),
        campaignId: id,
        recheck,
      }),
    ).toBe('completed');
    expect(sentTo('Stale list')).toEqual(['ann@acme.test', 'cy@acme.test', 'zed@gone.test']);
    // A second choice has nothing left to decide.
    expect((await c.post(`/api/smartlead/sends/${id}/unchecked`, { action: 'hold' })).statusCode).toBe(409);
  }, 60_000);

  it('an outage of our resolver during the re-check is no verdict: the lists keep theirs, the user holds the leads back', async () => {
    const { c, uploadId, id } = await staleSend('Outage', ['ann@acme.test', 'bob@acme.test']);
    w.dns.setMode('timeout');
    let outcome: string;
    try {
      outcome = await runSend({
        db: t.database.db,
        // A long wait: our side failing ends it at once.
        config: { ...t.config, REVERIFY_TIMEOUT_S: 600 },
        clock: () => new Date(),
        campaignId: id,
        recheck: engine(),
      });
    } finally {
      w.dns.setMode('normal');
    }
    expect(outcome).toBe('waiting');
    const progress = (await c.get(`/api/smartlead/sends/${id}`)).json();
    // bob's closed mailbox was not found out, and nothing was judged.
    expect(progress.recheck).toMatchObject({ checked: 0, heldInvalid: 0, unanswered: 2 });
    expect(progress.recheck.waiting).toEqual({ count: 2, why: RESOLVER_SILENT });
    for (const email of ['ann@acme.test', 'bob@acme.test']) {
      expect(await rowOf(c, uploadId, email)).toMatchObject({ finalStatus: 'valid', reason: 'accepted' });
    }

    // Someone else cannot choose for this workspace; a bad choice is refused.
    const stranger = new TestClient(t.app);
    await stranger.register();
    expect((await stranger.post(`/api/smartlead/sends/${id}/unchecked`, { action: 'send' })).statusCode).toBe(
      404,
    );
    expect((await c.post(`/api/smartlead/sends/${id}/unchecked`, { action: 'maybe' })).statusCode).toBe(400);

    const held = await c.post(`/api/smartlead/sends/${id}/unchecked`, { action: 'hold' });
    expect(held.statusCode).toBe(200);
    expect(held.json().recheck).toMatchObject({ unanswered: 2, heldUnchecked: 2, waiting: null });
    expect(
      await runSend({ db: t.database.db, config: t.config, clock: () => new Date(), campaignId: id }),
    ).toBe('completed');
    expect(sentTo('Outage')).toEqual([]);
  }, 60_000);
});
