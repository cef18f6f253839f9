import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from '../../../../../tests/fakes/dns';
import { SENDING_ZONE } from '../../../../../tests/fakes/sending-domains';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import {
  leads,
  namingList,
  signUpWithKey,
  startSmartleadApp,
  stopSmartleadApp,
  workSend,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';
import { SENDING_DOMAIN_FAILING } from '../../../../shared/deliverability';
import type { CampaignSetup } from '../../../../shared/email-automation';

// The send gate: a send or a launch from a mailbox whose domain fails its DNS checks is refused with
// 409 and the failing domains, unless confirmed with `force`; a passing domain sends without a question.

const setupFor = (emailAccountIds: number[]): CampaignSetup => ({
  steps: [{ delayDays: 0, variants: [{ subject: 'Hi {{first_name}}', body: 'Hello {{first_name}}.' }] }],
  emailAccountIds,
  schedule: {
    timezone: 'Europe/Paris',
    days: [1, 2, 3],
    startHour: '09:00',
    endHour: '17:00',
    minTimeBetweenEmails: 10,
    maxNewLeadsPerDay: 40,
  },
});

let t: TestApp;
let fake: FakeSmartlead;
let dns: FakeDns;
beforeAll(async () => {
  dns = await startFakeDns({ zone: SENDING_ZONE });
  ({ t, fake } = await startSmartleadApp({ env: { DNS_SERVERS: dns.server, DNS_TRIES: '1' } }));
});
afterAll(async () => {
  await stopSmartleadApp(t, fake);
  await dns?.close();
});

async function workspace() {
  const { c, user, apiKey } = await signUpWithKey(t, fake);
  const listed = fake.addEmailAccount(apiKey, { from_email: 'ann@listed.test', type: 'GMAIL' });
  const good = fake.addEmailAccount(apiKey, { from_email: 'bob@good.test', type: 'GMAIL' });
  for (const domain of ['listed.test', 'good.test']) {
    const res = await c.post('/api/deliverability/domains', { domain, trackingDomain: `track.${domain}` });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A send's body naming a fresh verified list of two leads. */
  const named = <B extends object>(body: B) => namingList(t, user.id, { ...body, emails: leads(2) });
  return { c, listed, good, named };
}

describe('sending domain gate', () => {
  it('refuses a send from a listed domain without force, says why, and sends with force', async () => {
    const { c, listed, named } = await workspace();
    const name = `gate-${Math.random()}`;
    const body = await named({ bounceBudget: 100, campaignName: name, setup: setupFor([listed.id]) });
    const refused = await c.post('/api/smartlead/create-campaign', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: SENDING_DOMAIN_FAILING,
      domains: [{ domain: 'listed.test', failing: ['Domain blocklists'] }],
    });
    expect(refused.json().message).toContain('listed.test (Domain blocklists)');
    expect(fake.campaignsNamed(name)).toHaveLength(0);

    const forced = await c.post('/api/smartlead/create-campaign', { ...body, force: true });
    expect(forced.statusCode, forced.body).toBe(201);
    expect(fake.campaignsNamed(name)).toHaveLength(1);
  });

  it('sends from a passing domain without asking', async () => {
    const { c, good, named } = await workspace();
    const res = await c.post(
      '/api/smartlead/create-campaign',
      await named({ bounceBudget: 100, campaignName: `ok-${Math.random()}`, setup: setupFor([good.id]) }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses to launch a campaign sending from a listed domain without force', async () => {
    const { c, listed, named } = await workspace();
    const created = await c.post(
      '/api/smartlead/create-campaign',
      await named({
        bounceBudget: 100,
        campaignName: `launch-${Math.random()}`,
        setup: setupFor([listed.id]),
        force: true,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    // The send job adds the leads (a campaign starts only with leads in it).
    await workSend(t, id);
    const refused = await c.post(`/api/smartlead/campaigns/${id}/status`, { action: 'start' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe(SENDING_DOMAIN_FAILING);
    const started = await c.post(`/api/smartlead/campaigns/${id}/status`, { action: 'start', force: true });
    expect(started.statusCode, started.body).toBe(200);
    // Pausing is never held up.
    expect((await c.post(`/api/smartlead/campaigns/${id}/status`, { action: 'pause' })).statusCode).toBe(200);
  });
});
