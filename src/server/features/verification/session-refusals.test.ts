import { describe, expect, it } from 'vitest';
import { bannerRefusalReason, classifyRcpt, isConnectionLimitReply, isSessionRefusal } from './classify';
import { makeReply } from './smtp/replies';

// VERIFICATION.md, "A refusal of the session is not a verdict on the address": each server's own
// words for refusing the session or the client. None may read as "the mailbox does not exist".

const reply = (line: string) => makeReply(Number(line.slice(0, 3)), [line.slice(4)]);

/** [server, reply as it says it, how it must be read]. */
const WORDINGS: Array<[string, string, 'refused_session' | 'too_many' | 'rate']> = [
  // Debian's and cPanel's ACL: past 10 RCPTs with fewer than half accepted (logs "bad recipient count high").
  ['Exim (Debian ACL)', '550 Rejected for too many bad recipients', 'refused_session'],
  // The ACL of the Exim wiki's "too many failed recipients" drop.
  [
    'Exim (failed-recipients ACL)',
    '550 REJECTED - Too many failed recipients - count = 4',
    'refused_session',
  ],
  [
    'cPanel (Exim ratelimit ACL)',
    '451 The server has reached its limit for processing requests from your host. Please try again later.',
    'refused_session',
  ],
  // smtpd_hard_error_limit.
  ['Postfix (hard error limit)', '421 4.7.0 mx.example.com Error: too many errors', 'refused_session'],
  // smtpd_client_recipient_rate_limit (anvil).
  ['Postfix (anvil)', '450 4.7.1 Error: too many recipients from 192.0.2.1', 'refused_session'],
  ['Postfix (smtpd_recipient_limit)', '452 4.5.3 Error: too many recipients', 'too_many'],
  // BadRcptThrottle with the shutdown option.
  [
    'Sendmail (BadRcptThrottle)',
    '421 4.7.0 mx.example.com Too many bad recipients; closing connection',
    'refused_session',
  ],
  [
    'Exchange (protocol error limit)',
    '421 4.7.0 Too many errors on this connection, closing transmission channel',
    'refused_session',
  ],
  ['Exchange (MaxRecipientEnvelopeLimit)', '452 4.5.3 Too many recipients', 'too_many'],
  // Its recipient count per connection (accepted or not), held 3 s by limit's tarpit: the session's limit.
  ['Haraka (limit: recipients)', '450 Too many recipient attempts', 'too_many'],
  ['Haraka (limit: errors)', '421 Too many errors', 'refused_session'],
  ['Haraka (limit: rate_rcpt_host)', '450 recipient rate limit exceeded', 'rate'],
  ['Haraka (karma)', '550 very bad karma score: -8', 'refused_session'],
  [
    'Microsoft 365 (EOP)',
    '451 4.7.500 Server busy. Please try again later from [192.0.2.2]. (AS761)',
    'refused_session',
  ],
  ['a 5xx recipient limit', '550 5.5.3 Too many recipients', 'too_many'],
];

describe('a refusal of the session is never a verdict on the address', () => {
  for (const [server, line, kind] of WORDINGS) {
    it(`${server}: "${line}" is ${kind}`, () => {
      expect(classifyRcpt(reply(line))).toEqual({ kind });
    });
  }

  it('session refusals are told apart from unknown mailboxes and policy blocks', () => {
    expect(isSessionRefusal(reply('550 Rejected for too many bad recipients'))).toBe(true);
    for (const line of [
      '550 5.1.1 <bob@example.com>: Recipient address rejected: User unknown in virtual mailbox table',
      '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)',
      '550 Unrouteable address',
      '550 No such user here',
    ]) {
      expect(isSessionRefusal(reply(line)), line).toBe(false);
      expect(classifyRcpt(reply(line)), line).toMatchObject({ kind: 'final', reason: 'rejected' });
    }
  });

  it("Microsoft 365's connection cap is a connection limit; a karma banner is a policy, not unreachable", () => {
    expect(
      isConnectionLimitReply(
        reply(
          '421 4.3.2 The maximum number of concurrent server connections has exceeded a limit, closing transmission channel',
        ),
      ),
    ).toBe(true);
    expect(bannerRefusalReason(reply('550 very bad karma score: -9'))).toBe('policy_block');
  });
});
