import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { DEFAULT_SMTP } from '../options';
import type { Verifier } from '../types';
import { createVerifier } from '../verifier';

// The replies of VERIFICATION.md "Replies seen on the real internet", each from a fake server that
// answers exactly so, verified with the DEFAULT settings (no tuned-down timeouts or back-offs).
// real-world.test.ts has the same rate replies again, all servers in one run.

const GMAIL_4728 =
  '421-4.7.28 [192.0.2.1] Our system has detected an unusual rate of unsolicited mail originating\r\n' +
  '421-4.7.28 from your IP address. To protect our users from spam, mail sent from your IP address\r\n' +
  '421 4.7.28 has been temporarily rate limited.';

/** u0…u(n-1) at the domain, of which the even-numbered exist. */
const half = (domain: string, n: number) => Array.from({ length: n / 2 }, (_, i) => `u${2 * i}@${domain}`);
const all = (domain: string, n: number) => Array.from({ length: n }, (_, i) => `u${i}@${domain}`);
/** Each address's own answer: even-numbered users exist. */
const truth = (emails: string[]) =>
  Object.fromEntries(
    emails.map((e) => [
      e,
      Number(e.slice(1, e.indexOf('@'))) % 2 === 0 ? 'valid/accepted' : 'invalid/rejected',
    ]),
  );

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
    // The same, said at RCPT TO instead of MAIL FROM.
    'tlsrcpt.test': {
      mailboxes: ['ann@tlsrcpt.test'],
      starttls: true,
      hideStarttls: true,
      tlsRequired: 'rcpt',
    },
    // Rate replies: past 3 RCPTs a second, each server says so in its own words.
    'gmailrate.test': { mailboxes: half('gmailrate.test', 8), rateLimit: { rcpts: 3, windowMs: 1000 } },
    'rate4728.test': {
      mailboxes: half('rate4728.test', 8),
      rateLimit: { rcpts: 3, windowMs: 1000, reply: GMAIL_4728 },
    },
    'later.test': {
      mailboxes: half('later.test', 8),
      rateLimit: { rcpts: 3, windowMs: 1000, reply: '421 4.7.0 Try again later, closing connection.' },
    },
    // Its first connection is turned away at the greeting, the next one served.
    'laterbanner.test': {
      mailboxes: half('laterbanner.test', 4),
      bannerReply: '421 4.7.0 Try again later, closing connection.',
      bannerReplyConnections: 1,
    },
    // Turned away at every greeting: the retry budget runs out.
    'neverlater.test': { bannerReply: '421 4.7.0 Try again later, closing connection.' },
    'limit3.test': { mailboxes: half('limit3.test', 8), maxRcptPerSession: 3 },
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

/** Verdict and how many times each address was asked (paced replies are not asked answers). */
const verdicts = async (emails: string[]) => {
  const results = await v.checkStep2(emails);
  return {
    verdicts: Object.fromEntries(results.map((r) => [r.input, `${r.status}/${r.reason}`])),
    attempts: new Set(results.map((r) => r.attempts)),
    results,
  };
};

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

  it('530 "Must issue a STARTTLS command first" at RCPT TO: asked again over TLS, the mailbox answers', async () => {
    expect(await check(['ann@tlsrcpt.test', 'bob@tlsrcpt.test'])).toEqual({
      'ann@tlsrcpt.test': { verdict: 'valid/accepted', code: 250 },
      'bob@tlsrcpt.test': { verdict: 'invalid/rejected', code: 550 },
    });
    expect(w.hosts['tlsrcpt.test'].stats.tlsSessions).toBeGreaterThanOrEqual(1);
  });
});

// "Slow down and come back; never a verdict": each address gets the mailbox's own answer once paced,
// and a paced reply is not counted as an attempt. Only a retry budget that runs out is temp_failure.
describe('rate replies seen on the real internet', () => {
  it('450 4.2.1 "receiving mail at a rate": paced, then the mailbox’s own answer', async () => {
    const emails = all('gmailrate.test', 8);
    const got = await verdicts(emails);
    expect(got.verdicts).toEqual(truth(emails));
    expect(got.attempts).toEqual(new Set([1]));
    expect(w.hosts['gmailrate.test'].stats.rateLimited).toBeGreaterThan(0);
  }, 60_000);

  it('421 4.7.28 (Gmail’s rate limit, multi-line, closing): paced, then the mailbox’s own answer', async () => {
    const emails = all('rate4728.test', 8);
    const got = await verdicts(emails);
    expect(got.verdicts).toEqual(truth(emails));
    expect(got.attempts).toEqual(new Set([1]));
    expect(w.hosts['rate4728.test'].stats.rateLimited).toBeGreaterThan(0);
  }, 60_000);

  it('421 4.7.0 "try again later" at RCPT TO: paced, then the mailbox’s own answer', async () => {
    const emails = all('later.test', 8);
    const got = await verdicts(emails);
    expect(got.verdicts).toEqual(truth(emails));
    expect(got.attempts).toEqual(new Set([1]));
    expect(w.hosts['later.test'].stats.rateLimited).toBeGreaterThan(0);
  }, 60_000);

  it('421 4.7.0 "try again later" as the greeting: come back, then the mailbox’s own answer', async () => {
    const emails = all('laterbanner.test', 4);
    const got = await verdicts(emails);
    expect(got.verdicts).toEqual(truth(emails));
    expect(w.hosts['laterbanner.test'].stats.connections).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('452 4.5.3 too many recipients: the rest in further sessions, each mailbox’s own answer', async () => {
    const emails = all('limit3.test', 8);
    const got = await verdicts(emails);
    expect(got.verdicts).toEqual(truth(emails));
    expect(got.attempts).toEqual(new Set([1]));
    // 8 addresses and a catch-all probe, 3 a session.
    expect(w.hosts['limit3.test'].stats.connections).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('a server that never stops saying 421 4.7.0: temp_failure once the retry budget runs out', async () => {
    const got = await verdicts(['ann@neverlater.test']);
    expect(got.results[0]).toMatchObject({ status: 'risky', reason: 'temp_failure', smtpCode: 421 });
    // Three greetings refused in a row (GREYLIST_MAX_ATTEMPTS at the defaults), with growing pauses.
    expect(w.hosts['neverlater.test'].stats.connections).toBe(DEFAULT_SMTP.greylistMaxAttempts);
  }, 60_000);
});
