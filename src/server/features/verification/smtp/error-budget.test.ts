import { describe, expect, it } from 'vitest';
import { errorBudget, lastWriteBeforeSmallOnes, SessionErrors } from './error-budget';
import { HostQueue } from './host';
import { newPending } from './pending';
import { makeReply } from './replies';
import type { TransactionResult } from './session';

// What a session learns from when its server's replies come: Postfix's error sleep, a cut after N
// errors, Exchange's tarpit; and what it must not read into one late reply of its own making.

const ACCEPT = '250 2.1.5 OK';
const REJECT = '550 5.1.1 User unknown';

/** One write's replies, each `gaps[i]` ms after the one before (the first after the write). */
function write(replies: string[], gaps: number[], writtenAt = 1_000_000): TransactionResult {
  let at = writtenAt;
  return {
    mail: makeReply(250, ['2.1.0 OK']),
    rcpts: replies.map((r) => makeReply(Number(r.slice(0, 3)), [r.slice(4)])),
    rcptAt: gaps.map((g) => {
      at += g;
      return at;
    }),
    writtenAt,
    error: null,
  };
}

const fresh = () => {
  const host = new HostQueue('127.0.0.9', 'mx.test');
  host.openMs = 20;
  return { host, errors: new SessionErrors(host) };
};

describe('a session learns what its server tolerates', () => {
  it('nothing learned: nine rejections a session (Postfix slows at ten)', () => {
    expect(errorBudget(fresh().host)).toBe(9);
  });

  it('replies that come late after N prompt errors: N is the limit', () => {
    const { host, errors } = fresh();
    errors.observe([write([REJECT, REJECT, REJECT, REJECT, ACCEPT, REJECT], [10, 10, 10, 10, 1010, 1010])]);
    expect(host.errorLimit).toBe(4);
    expect(errorBudget(host)).toBe(3);
    expect(errors.errors).toBe(5);
  });

  it('one late reply is not enough (it may be our own pause)', () => {
    const { host, errors } = fresh();
    errors.observe([write([REJECT, REJECT, REJECT, ACCEPT, ACCEPT], [10, 10, 10, 900, 10])]);
    expect(host.errorLimit).toBeNull();
    expect(host.tarpitMs).toBe(0);
  });

  it('a 421 "too many errors" after N errors: N is the limit', () => {
    const { host, errors } = fresh();
    const replies = [REJECT, REJECT, REJECT, REJECT, REJECT, '421 4.7.0 Error: too many errors'];
    errors.observe([write(replies, [10, 10, 10, 10, 10, 10])]);
    expect(host.errorLimit).toBe(5);
  });

  it('rejections slow from the first one, accepted recipients prompt: a tarpit, scheduled as work', () => {
    const { host, errors } = fresh();
    const job = { address: 'a@t.test', domain: 't.test', local: 'a', role: false, mx: [] };
    host.push(newPending(job, 'list', [], () => {}));
    const before = host.workLeft;
    errors.observe([write([ACCEPT, REJECT, ACCEPT, REJECT], [10, 5000, 10, 5000])]);
    expect(host.tarpitMs).toBeGreaterThanOrEqual(5000);
    expect(host.errorLimit).toBeNull();
    // Its queue now weighs the held rejections: when connections are short it is served first.
    expect(host.workLeft).toBeGreaterThan(100 * before);
  });

  it('tells a server that answers a write at once from one that spends time on each command', () => {
    const batched = fresh();
    batched.errors.observe([write([ACCEPT, REJECT, ACCEPT, REJECT], [30, 0, 1, 0])]);
    expect(batched.host.answersAtOnce).toBe(true);
    const paced = fresh();
    paced.errors.observe([write([ACCEPT, REJECT, ACCEPT, REJECT], [60, 30, 30, 30])]);
    expect(paced.host.answersAtOnce).toBe(false);
  });

  it('ends a session at a server that answers at once before only small writes are left, never at a paced one', () => {
    const batched = fresh();
    // Half its recipients rejected so far: a write of 4 with 5 errors left expects 3 after it.
    batched.errors.observe([write([ACCEPT, REJECT, ACCEPT, REJECT], [30, 0, 1, 0])]);
    expect(lastWriteBeforeSmallOnes(batched.host, 5, 4)).toBe(true);
    expect(lastWriteBeforeSmallOnes(batched.host, 9, 9)).toBe(false);
    const paced = fresh();
    paced.errors.observe([write([ACCEPT, REJECT, ACCEPT, REJECT], [60, 30, 30, 30])]);
    expect(lastWriteBeforeSmallOnes(paced.host, 9, 9)).toBe(false);
  });

  it('keeps a session going at a server whose greeting takes seconds: a new one would cost more', () => {
    const slow = fresh();
    slow.host.openMs = 3060;
    slow.errors.observe([write([ACCEPT, REJECT, ACCEPT, REJECT], [30, 0, 1, 0])]);
    expect(slow.host.answersAtOnce).toBe(true);
    expect(lastWriteBeforeSmallOnes(slow.host, 5, 4)).toBe(false);
  });
});
