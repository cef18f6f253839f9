import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { createVerifier } from './verifier';

let w: World;
beforeAll(async () => {
  w = await startWorld(
    {
      'strict.test': { mailboxes: ['alice@strict.test', 'info@strict.test'] },
      'catchall.test': { catchAll: true },
      'policy.test': {
        rcptReply: '550 5.7.1 Service unavailable; client host [127.0.0.1] blocked using zen.spamhaus.org',
      },
      'full.test': { mailboxes: ['dan@full.test'], replies: { 'carol@full.test': '552 5.2.2 Mailbox full' } },
      'grey.test': { mailboxes: ['bob@grey.test'], greylistS: 1 },
      'greyforever.test': { mailboxes: ['eve@greyforever.test'], greylistForever: true, greylistS: 1 },
      'busy.test': { rcptReply: '450 4.2.1 Mailbox busy, come back later' },
      'tls.test': { mailboxes: ['tom@tls.test'], starttls: true },
      'sender.test': { mailFromReply: '550 5.7.1 Sender rejected by policy' },
      'banner.test': { bannerReply: '554 5.7.1 Client host rejected: blocked' },
      'fallover.test': { mailboxes: ['fay@fallover.test'] },
      'slowbanner.test': { mailboxes: ['sam@slowbanner.test'], bannerDelayMs: 300 },
      'deadslow.test': { mailboxes: ['sam@deadslow.test'], bannerDelayMs: 3000 },
    },
    (unused) => ({
      'refused.test': { MX: [{ preference: 10, exchange: 'mx.refused.test' }] },
      'mx.refused.test': { A: [unused] },
      'noresolve.test': { MX: [{ preference: 10, exchange: 'mx.nowhere.test' }] },
      'fallover.test': {
        MX: [
          { preference: 20, exchange: 'mx.fallover.test' },
          { preference: 10, exchange: 'mx-down.fallover.test' },
        ],
      },
      'mx-down.fallover.test': { A: [unused] },
      'mailinator.com': { MX: [{ preference: 10, exchange: 'mx.strict.test' }] },
    }),
  );
});
afterAll(() => w.close());

const verifier = (smtp: Record<string, unknown> = {}) =>
  createVerifier({
    dnsServers: [w.dns.server],
    dnsTimeoutMs: 200,
    // One server naming a blocklist is its policy; the wait for others to say the same is not this file's subject.
    blocklistGraceMs: 10,
    smtp: {
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.verilead.test',
      mailFrom: 'bounce@verilead.test',
      timeoutMs: 3000,
      greylistRetryS: 1,
      greylistMaxAttempts: 3,
      backoffMs: 100,
      ...smtp,
    },
  });

async function check(email: string, smtp?: Record<string, unknown>) {
  const v = verifier(smtp);
  try {
    const [r] = await v.checkStep2([email]);
    return r;
  } finally {
    await v.close();
  }
}

describe('step 2 outcome rows (VERIFICATION.md)', () => {
  it('catch-all server → risky catch_all', async () => {
    expect(await check('anyone@catchall.test')).toMatchObject({
      status: 'risky',
      reason: 'catch_all',
      smtpCode: 250,
    });
  });

  it('accepted at a strict server → valid accepted', async () => {
    const r = await check('alice@strict.test');
    expect(r).toMatchObject({ status: 'valid', reason: 'accepted', quality: 'good', smtpCode: 250 });
    expect(r.mxHost).toBe('mx.strict.test');
  });

  it('accepted role address → risky role', async () => {
    expect(await check('info@strict.test')).toMatchObject({ status: 'risky', reason: 'role', role: true });
  });

  it('unknown user (multi-line 550 5.1.1) → invalid rejected', async () => {
    const r = await check('nobody@strict.test');
    expect(r).toMatchObject({ status: 'invalid', reason: 'rejected', quality: 'bad', smtpCode: 550 });
    expect(r.smtpMessage).toContain('does not exist');
    expect(r.smtpMessage).toContain('NoSuchUser');
  });

  it('mailbox full (552 5.2.2) → risky mailbox_full', async () => {
    expect(await check('carol@full.test')).toMatchObject({
      status: 'risky',
      reason: 'mailbox_full',
      smtpCode: 552,
    });
  });

  it('policy block (5.7.1, RBL text) → risky policy_block, never invalid', async () => {
    expect(await check('alice@policy.test')).toMatchObject({
      status: 'risky',
      reason: 'policy_block',
      smtpCode: 550,
    });
  });

  it('sender refused at MAIL FROM → risky policy_block', async () => {
    expect(await check('x@sender.test')).toMatchObject({ status: 'risky', reason: 'policy_block' });
  });

  it('greeting 554 "client host rejected" → risky policy_block', async () => {
    expect(await check('x@banner.test')).toMatchObject({
      status: 'risky',
      reason: 'policy_block',
      smtpCode: 554,
    });
  });

  it('greylisting that clears → valid after the server-suggested delay', async () => {
    // GREYLIST_RETRY_S is a minute: finishing in time proves the server's "try again in 1 seconds" was used.
    const r = await check('bob@grey.test', { greylistRetryS: 60 });
    expect(r).toMatchObject({ status: 'valid', reason: 'accepted' });
    expect(r.attempts).toBe(2);
  });

  it('greylisting that never clears → risky greylisted after GREYLIST_MAX_ATTEMPTS', async () => {
    const r = await check('eve@greyforever.test', { greylistMaxAttempts: 2 });
    expect(r).toMatchObject({ status: 'risky', reason: 'greylisted', smtpCode: 451, attempts: 2 });
  });

  it('other temporary failure that does not clear → risky temp_failure', async () => {
    const r = await check('x@busy.test', { greylistRetryS: 0, greylistMaxAttempts: 2 });
    expect(r).toMatchObject({ status: 'risky', reason: 'temp_failure', smtpCode: 450, attempts: 2 });
  });

  it('connection refused → risky unreachable', async () => {
    expect(await check('x@refused.test')).toMatchObject({ status: 'risky', reason: 'unreachable' });
  });

  it('MX host does not resolve → risky unreachable', async () => {
    expect(await check('x@noresolve.test')).toMatchObject({ status: 'risky', reason: 'unreachable' });
  });

  it('banner slower than SMTP_TIMEOUT_MS → risky unreachable', async () => {
    expect(await check('sam@deadslow.test', { timeoutMs: 200 })).toMatchObject({
      status: 'risky',
      reason: 'unreachable',
    });
  });

  it('disposable (from step 1) → risky disposable, no SMTP', async () => {
    const before = w.hosts['strict.test'].stats.connections;
    const r = await check('x@mailinator.com');
    expect(r).toMatchObject({ status: 'risky', reason: 'disposable', initialStatus: 'risky' });
    expect(w.hosts['strict.test'].stats.connections).toBe(before);
  });

  it('step-1 failures stay final (invalid syntax, no domain)', async () => {
    const v = verifier();
    const [a, b] = await v.checkStep2(['not-an-email', 'x@nowhere.test']);
    expect(a).toMatchObject({ status: 'invalid', reason: 'syntax' });
    expect(b).toMatchObject({ status: 'invalid', reason: 'no_domain' });
    await v.close();
  });
});

describe('step 2 on the wire', () => {
  it('falls over from an unreachable MX to the next by preference', async () => {
    const r = await check('fay@fallover.test');
    expect(r).toMatchObject({ status: 'valid', reason: 'accepted', mxHost: 'mx.fallover.test' });
  });

  it('waits for a slow banner within the timeout', async () => {
    expect(await check('sam@slowbanner.test', { timeoutMs: 2000 })).toMatchObject({ status: 'valid' });
  });

  it('upgrades with STARTTLS when offered', async () => {
    const before = w.hosts['tls.test'].stats.tlsSessions;
    expect(await check('tom@tls.test')).toMatchObject({ status: 'valid', reason: 'accepted' });
    expect(w.hosts['tls.test'].stats.tlsSessions).toBe(before + 1);
  });

  it('uses SMTP_HELO_NAME and SMTP_MAIL_FROM and never sends DATA', async () => {
    const s = w.hosts['strict.test'].stats;
    await check('alice@strict.test');
    expect(s.commands).toContain('EHLO probe.verilead.test');
    expect(s.commands).toContain('MAIL FROM:<bounce@verilead.test>');
    expect(s.data).toBe(0);
    // The MX host's address came from the configured resolver, not from getaddrinfo.
    expect(w.dns.count('A', 'mx.strict.test')).toBeGreaterThanOrEqual(1);
    expect(s.commands.some((c) => c.toUpperCase().startsWith('DATA'))).toBe(false);
  });
});
