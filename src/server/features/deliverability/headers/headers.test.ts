import { describe, expect, it } from 'vitest';
import { BAD_HEADERS, GOOD_HEADERS } from '../../../../../tests/fakes/mail-headers';
import { checkHeaders } from './report';

// The header check (decision 0910): results and alignment, one-click unsubscribe, TLS per hop, clear errors.
const statusOf = (r: ReturnType<typeof checkHeaders>, text: string) =>
  r.findings.find((f) => f.text.includes(text))?.status;

describe('header check', () => {
  it('reads an aligned message with one-click unsubscribe as passing everything', () => {
    const r = checkHeaders({ headers: GOOD_HEADERS });
    expect(r).toMatchObject({
      fromDomain: 'good.test',
      envelopeDomain: 'good.test',
      authServer: 'mx.google.com',
      spf: { result: 'pass', domain: 'good.test', aligned: true },
      dkim: [{ domain: 'good.test', selector: 'google', result: 'pass', aligned: true }],
      dmarc: { result: 'pass', fromReceiver: true },
      unsubscribe: { oneClick: true, post: 'List-Unsubscribe=One-Click' },
    });
    expect(r.authResults.map((a) => a.method)).toEqual(['dkim', 'spf', 'dmarc']);
    expect(r.hops).toEqual([
      { from: null, by: '2002:a05:6a10:1234', tls: null },
      { from: 'mail-sor-f41.google.com', by: 'mx.google.com', tls: true },
    ]);
    expect(r.findings.filter((f) => f.status !== 'pass')).toEqual([]);
    expect(statusOf(r, 'One-click')).toBe('pass');
  });

  it('tells unaligned SPF and DKIM, a DMARC failure, missing unsubscribe and a plain hop', () => {
    const r = checkHeaders({ headers: BAD_HEADERS });
    expect(r.spf).toMatchObject({ result: 'pass', domain: 'esp.test', aligned: false });
    expect(r.dkim).toEqual([{ domain: 'esp.test', selector: 's1', result: 'pass', aligned: false }]);
    expect(r.dmarc.result).toBe('fail');
    expect(statusOf(r, 'not From')).toBe('warn');
    expect(statusOf(r, 'DKIM passes only for esp.test')).toBe('fail');
    expect(statusOf(r, 'DMARC fail')).toBe('fail');
    expect(statusOf(r, 'No List-Unsubscribe')).toBe('warn');
    expect(statusOf(r, 'without TLS')).toBe('warn');
  });

  it('one-click needs the Post header and both headers signed', () => {
    const unsigned = GOOD_HEADERS.replace('h=list-unsubscribe-post:list-unsubscribe:', 'h=');
    expect(checkHeaders({ headers: unsigned }).unsubscribe.oneClick).toBe(false);
    const noPost = GOOD_HEADERS.replace('List-Unsubscribe-Post: List-Unsubscribe=One-Click\n', '');
    const r = checkHeaders({ headers: noPost });
    expect(r.unsubscribe.oneClick).toBe(false);
    expect(statusOf(r, 'List-Unsubscribe-Post')).toBe('warn');
  });

  it('refuses what is not headers, and too much, in words', () => {
    expect(() => checkHeaders({ headers: 'hello, this is not a header' })).toThrow(/No mail headers found/);
    expect(() => checkHeaders({ headers: '' })).toThrow(/Paste the headers/);
    expect(() => checkHeaders({ headers: `From: a@b.test\n${'X-A: b\n'.repeat(30_000)}` })).toThrow(
      /at most 128 KB/,
    );
    expect(() => checkHeaders({ headers: `From: a@b.test\n${'X: b\n'.repeat(1500)}` })).toThrow(
      /More than 1000/,
    );
  });
});
