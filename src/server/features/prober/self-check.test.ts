import { expect, it } from 'vitest';
import { selfCheckLine } from './self-check';

// The boot log never says mail servers are reachable when none was even looked up (our resolver failing).
it('says what the reachability check knows, and only that', () => {
  const noMx = { domain: 'gmail.com', ip: null, result: 'no MX (no_domain)' };
  expect(selfCheckLine({ ok: true, tried: [noMx], message: null }).level).toBe('warn');
  expect(selfCheckLine({ ok: true, tried: [noMx], message: null }).msg).toMatch(/could not run/);
  const answered = { domain: 'gmail.com', ip: '203.0.113.5', result: '220 mx ready' };
  expect(selfCheckLine({ ok: true, tried: [noMx, answered], message: null })).toEqual({
    level: 'info',
    msg: 'SMTP self-check: mail servers are reachable',
  });
  const refused = { domain: 'gmail.com', ip: '203.0.113.5', result: 'connect ECONNREFUSED' };
  expect(selfCheckLine({ ok: false, tried: [refused], message: 'port 25 is blocked' }).level).toBe('error');
});
