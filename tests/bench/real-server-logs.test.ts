import { describe, expect, it } from 'vitest';
import { eximLogFigures } from '../../bench/exim-daemon';
import { harakaLogFigures } from '../../bench/haraka-daemon';
import { makeList, right } from '../../bench/real-server-list';

// The real-daemon benches report what the daemons logged; these are lines Exim 4.96 and Haraka 3.3.4
// wrote in the benches' runs (bench/README.md), so a figure the benches print is counted as it should be.

const EXIM = `2026-11-29 09:12:56 exim 4.96 daemon started: pid=16773, no queue runs, listening for SMTP on [127.43.0.1]:43025
2026-11-29 09:12:56 SMTP connection from [127.0.0.1] (TCP/IP connection count = 1)
2026-11-29 09:12:56 STARTTLS [127.0.0.1]
2026-11-29 09:12:56 RCPT [127.0.0.1] message rcpt 1 accepted-before 0
2026-11-29 09:12:56 H=(bench.verilead.test) [127.0.0.1] X=TLS1.3:ECDHE_X25519__RSA_PSS_RSAE_SHA256__AES_256_GCM:256 CV=no F=<bounce@verilead.test> rejected RCPT <eva.gray@shop1.exim-bench.test>: Unrouteable address
2026-11-29 09:12:56 RCPT [127.0.0.1] message rcpt 11 accepted-before 4
2026-11-29 09:11:35 REJECT [127.0.0.1]: bad recipient count high [11]
2026-11-29 09:11:35 H=(probe.test) [127.0.0.1] F=<bounce@verilead.test> rejected RCPT <x10@a.test>: Rejected for too many bad recipients
2026-11-29 09:12:56 SMTP connection from [127.0.0.1] closed by QUIT
`;

const HARAKA = `[INFO] [A959-15BE] [core]  hook=connect plugin=limit function=check_concurrency params="" retval=DENYSOFTDISCONNECT msg="Too many concurrent connections"
[NOTICE] [A959-15BE] [core] disconnect ip=127.0.0.1 rdns=runsc helo="" relay=N early=N esmtp=N tls=N pipe=N errors=0 txns=0 rcpts=0/0/0 msgs=0/0/0 bytes=0 lr="421 Too many concurrent connections" time=3.065
[INFO] [B0C6-E1CC.1] [core]  hook=rcpt plugin=limit function=max_recipients params=<x20@a.test> retval=DENYSOFT msg="Too many recipient attempts"
[INFO] [B0C6-E1CC.1] [karma] score: 0, fail:rcpt_to, rcpt_to
[INFO] [B0C6-E1CC] [karma] score: -3
[NOTICE] [B0C6-E1CC] [core] disconnect ip=127.0.0.1 rdns=runsc helo=probe.test relay=N early=N esmtp=Y tls=N pipe=N errors=0 txns=1 rcpts=2/1/12 msgs=0/0/0 bytes=0 lr="550 No such user here" time=0.149
`;

describe("the real-daemon benches' figures", () => {
  it("Exim's log: sessions, STARTTLS, RCPTs, the rule's rejections", () => {
    expect(eximLogFigures(EXIM)).toEqual({
      sessions: 1,
      starttls: 1,
      rcpts: 2,
      mostRcptInMessage: 11,
      badRcptHigh: 1,
      tooManyBad: 1,
      unrouteable: 1,
    });
  });

  it("Haraka's log: sessions, RCPTs by outcome, limit refusals, a karma score per connection", () => {
    expect(harakaLogFigures(HARAKA)).toMatchObject({
      sessions: 2,
      rcpts: '2 accepted, 1 deferred, 12 rejected',
      mostRcptInSession: 15,
      tooManyRcpt: 1,
      concurrency: 1,
      karma: 'score -3 in sessions 1',
    });
  });

  it('the list: the rows asked for, each with a truth, the same every run; existing ones are listed mailboxes', () => {
    const o = { rows: 300, domains: 2, unknownShare: 0.65, zone: 'x.test' };
    const list = makeList(o);
    expect(new Set(list.emails).size).toBe(300);
    expect(makeList(o).emails).toEqual(list.emails);
    const boxes = new Set(list.mailboxes);
    for (const e of list.emails) {
      const t = list.truth.get(e);
      expect(t === 'exists' || (t === 'role' && !e.startsWith('postmaster@'))).toBe(boxes.has(e));
    }
    expect(right('role', { status: 'risky', reason: 'role' })).toBe(true);
    expect(right('unknown', { status: 'invalid', reason: 'rejected' })).toBe(true);
    expect(right('exists', { status: 'invalid', reason: 'rejected' })).toBe(false);
  });
});
