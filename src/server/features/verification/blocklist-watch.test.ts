import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { namedBlocklist, serverOperator } from './blocklist-reply';
import { BlocklistWatch } from './blocklist-watch';
import type { ProviderVerdict, Step2Result } from './types';
import { createVerifier } from './verifier';

// Refusals that name a blocklist: one server's is its policy, several unrelated servers' mean our
// probing address is listed. Then the run holds those rows (no verdict, health says why) and takes
// them up again once the servers stop naming a list.

const ZEN = '554 5.7.1 Service unavailable; Client host [198.51.100.9] blocked using zen.spamhaus.org';
const block = (mxHost: string, text = ZEN): ProviderVerdict => ({
  status: 'risky',
  reason: 'policy_block',
  mxHost,
  smtpCode: 554,
  smtpMessage: text,
  attempts: 1,
});

describe('a refusal naming a blocklist', () => {
  it('is recognised by the list it names, and only in a permanent refusal', () => {
    expect(namedBlocklist({ code: 554, text: ZEN })).toBe('Spamhaus');
    expect(namedBlocklist({ code: 550, text: '5.7.1 Rejected: listed at b.barracudacentral.org' })).toBe(
      'Barracuda',
    );
    expect(
      namedBlocklist({ code: 554, text: 'Blocked - see https://www.spamcop.net/bl.shtml?1.2.3.4' }),
    ).toBe('SpamCop');
    expect(namedBlocklist({ code: 550, text: 'Your IP is on our RBL' })).toBe('a blocklist');
    expect(namedBlocklist({ code: 550, text: '5.1.1 User unknown' })).toBeNull();
    expect(namedBlocklist({ code: 450, text: ZEN })).toBeNull();
  });

  it('counts hosts of one operator once', () => {
    expect(serverOperator('mx1.acme.com')).toBe(serverOperator('MX2.acme.com.'));
    expect(serverOperator('aspmx.l.google.com')).toBe('google.com');
  });
});

describe('BlocklistWatch', () => {
  let now = 0;
  const watch = () => new BlocklistWatch({ windowMs: 60_000, retryMs: 3_600_000, now: () => now });

  it('one server, or several hosts of one operator, naming a list is their policy: verdicts stand', () => {
    const w = watch();
    expect(w.hold(block('mx1.acme.com'), () => {})).toBe(false);
    expect(w.hold(block('mx2.acme.com'), () => {})).toBe(false);
    expect(w.hold(block('mx3.acme.com'), () => {})).toBe(false);
    expect(w.health.ok).toBe(true);
    w.close();
  });

  it('three unrelated servers naming a list: held, health says why; the refusals age out of the window', () => {
    const w = watch();
    expect(w.hold(block('mx.a.test'), () => {})).toBe(false);
    expect(w.hold(block('mx.b.test'), () => {})).toBe(false);
    let retried = 0;
    expect(w.hold(block('mx.c.test'), () => retried++)).toBe(true);
    expect(w.health).toMatchObject({ ok: false, kind: 'smtp' });
    expect(w.health.message).toContain('3 unrelated servers say it is on Spamhaus');
    // Other verdicts, and refusals naming no list, pass meanwhile.
    expect(
      w.hold({ ...block('mx.d.test'), smtpMessage: '5.1.1 User unknown', reason: 'rejected' }, () => {}),
    ).toBe(false);
    now += 61_000;
    expect(w.health.ok).toBe(true);
    w.close();
    expect(retried).toBe(1); // closing gives the held address back
  });
});

describe('a verifier on a listed address', () => {
  const replies: Record<string, string> = {};
  let w: World;
  beforeAll(async () => {
    const domains: Record<
      string,
      { mailboxes: string[]; replies: Record<string, string>; latencyMs: number }
    > = {};
    // The third server answers later than the others: the first two servers refuse first.
    for (const [d, latencyMs] of [
      ['one.test', 0],
      ['two.test', 0],
      ['three.test', 400],
    ] as const) {
      domains[d] = { mailboxes: [`ann@${d}`, `bo@${d}`], replies, latencyMs };
      replies[`ann@${d}`] = ZEN;
      replies[`bo@${d}`] = ZEN;
    }
    w = await startWorld(domains);
  });
  afterAll(() => w.close());

  it('pauses rather than judges, says why, and resumes once the list entry is gone', async () => {
    const v = createVerifier({
      dnsServers: [w.dns.server],
      dnsCanaries: [],
      blocklistGraceMs: 5000,
      logger: { info() {}, warn() {}, error() {} },
      smtp: {
        allowPrivate: true,
        port: w.port,
        heloName: 'probe.test',
        mailFrom: 'bounce@probe.test',
        timeoutMs: 2000,
        networkRetryMs: 300,
      },
    });
    try {
      const emails = ['one.test', 'two.test', 'three.test'].flatMap((d) => [`ann@${d}`, `bo@${d}`]);
      const results: Step2Result[] = [];
      const run = v.checkStep2(emails, { onResult: (r) => results.push(r) });
      await expect
        .poll(() => v.health().ok, { timeout: 20_000 })
        .toBe(false)
        .catch((e) => {
          throw new Error(`${e}: ${JSON.stringify(results.map((r) => [r.key, r.reason, r.mxHost]))}`);
        });
      expect(v.health().message).toContain('on Spamhaus');
      // Not even the first servers' refusals were judged: they waited for the next servers to speak.
      expect(results).toEqual([]);
      // The list entry is gone: servers accept again.
      for (const k of Object.keys(replies)) delete replies[k];
      const all = await run;
      expect(all.map((r) => `${r.key} ${r.status}/${r.reason}`)).toEqual(
        emails.map((e) => `${e} valid/accepted`),
      );
    } finally {
      await v.close();
    }
  });
});
