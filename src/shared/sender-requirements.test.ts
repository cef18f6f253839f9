import { describe, expect, it } from 'vitest';
import type { DomainCheck } from './deliverability';
import { senderRequirements } from './sender-requirements';

const check = (key: DomainCheck['key'], status: DomainCheck['status']): DomainCheck => ({
  key,
  status,
  summary: `${key} ${status}.`,
  fix: null,
});

describe('sender requirements', () => {
  it("judges Gmail's, Yahoo's and Microsoft's rules from the checks; what DNS cannot show says so", () => {
    const report = senderRequirements([
      check('spf', 'pass'),
      check('dkim', 'fail'),
      check('dmarc', 'warn'),
      check('ptr', 'unknown'),
    ]);
    expect(report.map((r) => r.receiver)).toEqual(['gmail', 'yahoo', 'microsoft']);
    const gmail = Object.fromEntries(report[0]!.rules.map((r) => [r.rule, r]));
    expect(gmail['SPF record for the sending domain']!.status).toBe('pass');
    expect(gmail['DKIM signing with your domain']).toMatchObject({ status: 'fail' });
    expect(gmail['DKIM signing with your domain']!.fix).toContain('dkim fail.');
    expect(gmail['DMARC record, at least p=none']!.status).toBe('pass');
    expect(gmail['Forward and reverse DNS of the sending servers']!.status).toBe('not_visible');
    expect(gmail['Spam rate under 0.3%']).toMatchObject({ status: 'not_visible' });
    expect(gmail['Spam rate under 0.3%']!.fix).toContain('Postmaster Tools');
    expect(gmail['One-click unsubscribe (List-Unsubscribe-Post, RFC 8058)']!.status).toBe('not_visible');
    const microsoft = report[2]!.rules.map((r) => r.rule);
    expect(microsoft).toContain('From aligned with SPF or DKIM (DMARC pass)');
    expect(microsoft).not.toContain('Spam rate under 0.3%');
  });
});
