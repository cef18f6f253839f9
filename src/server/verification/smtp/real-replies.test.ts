import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { DEFAULT_SMTP } from '../options';
import type { Verifier } from '../types';
import { createVerifier } from '../verifier';

// The replies of VERIFICATION.md "Replies seen on the real internet", each from a fake server that
// answers exactly so, verified with the DEFAULT settings (no tuned-down timeouts or back-offs). The
// rate replies (450 4.2.1, 421 4.7.28, 452 4.5.3) are in real-world.test.ts.

let w: World;
let v: Verifier;
beforeAll(async () => {
  w = await startWorld({
    // Microsoft 365 with directory-based edge blocking: unknown recipients are "Access denied".
    'm365.test': {
      mailboxes: ['ann@m365.test'],
      unknownReply:
        '550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [DM6NAM12FT012.eop-nam12.prod.protection.outlook.com 2026-11-24T10:00:00.000Z]',
    },
    'vrfy.test': { rcptReply: '252 2.5.2 Cannot VRFY user, but will accept message and attempt delivery' },
    'sender.test': {
      mailboxes: ['ann@sender.test'],
      mailFromReply: '553 5.7.1 <b@probe.test>: Sender address rejected: not owned by user',
    },
    'banner.test': {
      mailboxes: ['ann@banner.test'],
      bannerReply: '554 5.7.1 mx.banner.test No SMTP service here',
    },
    // Requires TLS without offering it in EHLO: the answer comes once we start TLS anyway.
    'tls.test': { mailboxes: ['ann@tls.test'], starttls: true, hideStarttls: true, tlsRequired: true },
  });
  v = createVerifier({
    dnsServers: [w.dns.server],
    smtp: {
      ...DEFAULT_SMTP,
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'b@probe.test',
    },
  });
});
afterAll(async () => {
  await v?.close();
  await w?.close();
});

const check = async (emails: string[]) =>
  Object.fromEntries(
    (await v.checkStep2(emails)).map((r) => [
      r.input,
      { verdict: `${r.status}/${r.reason}`, code: r.smtpCode },
    ]),
  );

describe('replies seen on the real internet', () => {
  it('550 5.4.1 "Access denied" (Microsoft 365): the recipient is not in the directory, invalid', async () => {
    expect(await check(['ann@m365.test', 'bob@m365.test'])).toEqual({
      'ann@m365.test': { verdict: 'valid/accepted', code: 250 },
      'bob@m365.test': { verdict: 'invalid/rejected', code: 550 },
    });
  });

  it('252 at RCPT ("cannot VRFY user, but will accept"): risky, unverifiable, never valid', async () => {
    expect(await check(['ann@vrfy.test'])).toEqual({
      'ann@vrfy.test': { verdict: 'risky/unverifiable', code: 252 },
    });
  });

  it('a sender rejected at MAIL FROM is a verdict on us: risky, policy_block, never invalid', async () => {
    expect(await check(['ann@sender.test', 'bob@sender.test'])).toEqual({
      'ann@sender.test': { verdict: 'risky/policy_block', code: 553 },
      'bob@sender.test': { verdict: 'risky/policy_block', code: 553 },
    });
  });

  it('a 554 banner ("no SMTP service here"): risky, unreachable, after one connection', async () => {
    expect(await check(['ann@banner.test'])).toEqual({
      'ann@banner.test': { verdict: 'risky/unreachable', code: 554 },
    });
    expect(w.hosts['banner.test'].stats.connections).toBe(1);
  });

  it('530 "Must issue a STARTTLS command first": asked again over TLS, the mailbox answers', async () => {
    expect(await check(['ann@tls.test', 'bob@tls.test'])).toEqual({
      'ann@tls.test': { verdict: 'valid/accepted', code: 250 },
      'bob@tls.test': { verdict: 'invalid/rejected', code: 550 },
    });
    expect(w.hosts['tls.test'].stats.tlsSessions).toBeGreaterThanOrEqual(1);
  });
});
