import { describe, expect, it } from 'vitest';
import { classifyRcpt, isConnectionLimitReply, isRateReply } from './classify';
import { makeReply } from './smtp/replies';

const reply = (code: number, text: string) => makeReply(code, [text]);

// Replies about our pace or our connections slow us down; they never become a verdict.
describe('pace and connection-limit replies', () => {
  it('tells rate limits from greylisting and from a busy mailbox', () => {
    const gmail = reply(
      450,
      '4.2.1 The user you are trying to contact is receiving mail at a rate that prevents additional messages from being delivered.',
    );
    expect(classifyRcpt(gmail)).toEqual({ kind: 'rate' });
    expect(classifyRcpt(reply(421, '4.7.28 Our system has detected an unusual rate of mail'))).toEqual({
      kind: 'rate',
    });
    expect(classifyRcpt(reply(451, '4.7.1 Greylisted, please try again in 300 seconds'))).toEqual({
      kind: 'retry',
      reason: 'greylisted',
    });
    expect(classifyRcpt(reply(450, '4.2.1 Mailbox busy, come back later'))).toEqual({
      kind: 'retry',
      reason: 'temp_failure',
    });
    expect(classifyRcpt(reply(452, '4.5.3 Too many recipients'))).toEqual({ kind: 'too_many' });
    expect(isRateReply(reply(550, '5.7.1 rate limit exceeded'))).toBe(false); // permanent: not pace
  });

  it('recognises "too many connections" greetings (Postfix, Exim, Exchange), not other busy ones', () => {
    for (const text of [
      '4.7.0 mx.example.com Error: too many connections from 192.0.2.1',
      'Too many concurrent SMTP connections from this IP address; please try again later.',
      '4.7.0 Too many connections',
    ]) {
      expect(isConnectionLimitReply(reply(421, text)), text).toBe(true);
    }
    expect(isConnectionLimitReply(reply(421, '4.7.0 Too busy, try again later'))).toBe(false);
    expect(isConnectionLimitReply(reply(554, '5.7.1 too many connections'))).toBe(false);
  });
});
