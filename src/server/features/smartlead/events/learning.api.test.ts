import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmartlead } from '../../../../../tests/fakes/smartlead';
import { TestClient } from '../../../../../tests/helpers/client';
import { deliverTo, sentCampaign as sentCampaignIn } from '../../../../../tests/helpers/send-outcomes';
import {
  seedVerifiedUpload,
  startSmartleadApp,
  stopSmartleadApp,
} from '../../../../../tests/helpers/smartlead';
import type { TestApp } from '../../../../../tests/helpers/test-app';

// What later lists learn from send outcomes (decision 0220): a bounce keeps an address invalid until a fresh
// SMTP answer finds the mailbox; catch-all rows are scored by the workspace's sends to their domain.
describe('learning from send outcomes', () => {
  let t: TestApp;
  let fake: FakeSmartlead;

  beforeAll(async () => {
    ({ t, fake } = await startSmartleadApp({ env: { PUBLIC_URL: 'https://app.verilead.test' } }));
  });
  afterAll(() => stopSmartleadApp(t, fake));

  const deliver = (url: string, payload: Record<string, unknown>) => deliverTo(t)(url, payload);
  const sentCampaign = (rows: { email: string; verdict?: 'catch_all' }[]) => sentCampaignIn(t, fake, rows);

  it('keeps a bounced address invalid in later lists until a fresh SMTP answer finds the mailbox', async () => {
    const tag = Date.now().toString(36);
    const risky = `later.${tag}@catchall.test`;
    const found = `found.${tag}@acme.com`;
    const s = await sentCampaign([{ email: risky, verdict: 'catch_all' }, { email: found }]);
    await fake.leadEvent(s.smartleadId, risky, 'EMAIL_BOUNCE', undefined, deliver);
    await fake.leadEvent(s.smartleadId, found, 'EMAIL_BOUNCE', undefined, deliver);
    // The next upload: the catch-all server's yes says nothing against the bounce; a mailbox a
    // (non catch-all) server now accepts is the fresh answer that says otherwise.
    const next = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: s.user.id,
      name: 'next.csv',
      rows: [
        { email: risky.toUpperCase(), name: 'L', company: 'C', valid: true, verdict: 'catch_all' },
        { email: found, name: 'F', company: 'A', valid: true },
      ],
    });
    const rows = (await s.c.get(`/api/upload/${next}/results`)).json().results;
    expect(rows[0]).toMatchObject({
      finalStatus: 'invalid',
      reason: 'bounced',
      suppressed: true,
      decidedBy: 'send_outcome',
    });
    expect(rows[1]).toMatchObject({
      finalStatus: 'valid',
      reason: 'accepted',
      suppressed: true,
      decidedBy: 'smtp',
    });
    // The same evidence in API v1's row schema and the CSV (decided_by column).
    const csv = (await s.c.get(`/api/upload/${next}/export?type=all`)).body.trim().split('\r\n');
    const decided = csv[0].split(',').indexOf('decided_by');
    expect(csv.slice(1).map((l) => l.split(',')[decided])).toEqual(['send_outcome', 'smtp']);
    const stats = (await s.c.get(`/api/upload/${next}/status`)).json().stats;
    expect(stats).toMatchObject({ valid: 1, invalid: 1, risky: 0, pending: 0 });
  });

  it('scores catch-all rows of a domain whose sends bounced 40% lower than those of a domain with 2%', async () => {
    const tag = Date.now().toString(36);
    const bad = `bad-${tag}.test`;
    const good = `good-${tag}.test`;
    const leadsOf = (domain: string) =>
      Array.from({ length: 50 }, (_, i) => ({ email: `p${i}@${domain}`, verdict: 'catch_all' as const }));
    const s = await sentCampaign([...leadsOf(bad), ...leadsOf(good)]);
    for (const [i, l] of leadsOf(bad).entries()) {
      await fake.leadEvent(
        s.smartleadId,
        l.email,
        i < 20 ? 'EMAIL_BOUNCE' : 'EMAIL_SENT',
        undefined,
        deliver,
      );
    }
    for (const [i, l] of leadsOf(good).entries()) {
      await fake.leadEvent(s.smartleadId, l.email, i < 1 ? 'EMAIL_BOUNCE' : 'EMAIL_SENT', undefined, deliver);
    }
    const next = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: s.user.id,
      name: 'next.csv',
      rows: [
        { email: `new@${bad}`, name: 'N', company: 'B', valid: true, verdict: 'catch_all' },
        { email: `new@${good}`, name: 'N', company: 'G', valid: true, verdict: 'catch_all' },
        { email: `new@other-${tag}.test`, name: 'N', company: 'O', valid: true, verdict: 'catch_all' },
      ],
    });
    const rows = (await s.c.get(`/api/upload/${next}/results`)).json().results;
    // (75·20 + 100·30) / 70 ≈ 64, (75·20 + 100·49) / 70 ≈ 91, and the prior for a domain never sent to.
    expect(rows.map((r: { score: number }) => r.score)).toEqual([64, 91, 75]);
    const csv = (await s.c.get(`/api/upload/${next}/export?type=all`)).body.trim().split('\r\n');
    const score = csv[0].split(',').indexOf('score');
    expect(csv.slice(1).map((l) => l.split(',')[score])).toEqual(['64', '91', '75']);

    // "Valid + risky with score ≥ 70": the results filter and the export keep the same two rows.
    const at70 = (await s.c.get(`/api/upload/${next}/results?minScore=70`)).json();
    expect(at70.pagination.total).toBe(2);
    expect(at70.results.map((r: { score: number }) => r.score)).toEqual([91, 75]);
    const exported = (await s.c.get(`/api/upload/${next}/export?type=all&minScore=70`)).body
      .trim()
      .split('\r\n');
    expect(exported.slice(1).map((l) => l.split(',')[score])).toEqual(['91', '75']);
    expect(
      (await s.c.get(`/api/upload/${next}/results?minScore=70&filter=risky&search=new@good`)).json()
        .pagination.total,
    ).toBe(1);
    expect((await s.c.get(`/api/upload/${next}/results?minScore=101`)).statusCode).toBe(400);
    // Another workspace: not found, with or without the filter.
    const stranger = new TestClient(t.app);
    await stranger.register();
    expect((await stranger.get(`/api/upload/${next}/results?minScore=70`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/upload/${next}/export?type=all&minScore=70`)).statusCode).toBe(404);
  });

  it("calibrates valid rows by the workspace's own sends to valid rows (10% bounced → 95, not 99)", async () => {
    const tag = Date.now().toString(36);
    const sent = Array.from({ length: 100 }, (_, i) => ({ email: `v${i}.${tag}@acme.com` }));
    const s = await sentCampaign(sent);
    for (const [i, l] of sent.entries()) {
      await fake.leadEvent(
        s.smartleadId,
        l.email,
        i < 10 ? 'EMAIL_BOUNCE' : 'EMAIL_SENT',
        undefined,
        deliver,
      );
    }
    const next = await seedVerifiedUpload({
      db: t.database.db,
      workspaceId: s.user.id,
      name: 'next.csv',
      rows: [
        { email: `new.${tag}@acme.com`, name: 'N', company: 'A', valid: true },
        { email: `new.${tag}@wild.test`, name: 'N', company: 'W', valid: true, verdict: 'catch_all' },
      ],
    });
    const rows = (await s.c.get(`/api/upload/${next}/results`)).json().results;
    // (99·100 + 100·90) / 200 = 94.5 → 95; the catch-all row keeps its prior (no catch-all sends).
    expect(rows.map((r: { score: number }) => r.score)).toEqual([95, 75]);
    // The send screen projects that valid row at 5%, as the bounce budget counts it.
    const list = (await s.c.get('/api/smartlead/verified-emails')).json();
    const offered = list.groups.flatMap((g: { emails: { email: string; score: number }[] }) => g.emails);
    expect(offered.find((e: { email: string }) => e.email === `new.${tag}@acme.com`).score).toBe(95);
    // Another workspace's valid rows are not judged by these sends.
    const fresh = await sentCampaign([{ email: `other.${tag}@acme.com` }]);
    const theirs = (await fresh.c.get(`/api/upload/${fresh.uploadId}/results`)).json().results;
    expect(theirs[0].score).toBe(99);
  });
});
