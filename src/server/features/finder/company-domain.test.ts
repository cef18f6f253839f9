import { describe, expect, it } from 'vitest';
import { companyDomain } from './company-domain';

// The company a find names: its domain, only when that is a public host (decision 0910).
describe('companyDomain', () => {
  it('reads the domain of a URL or a typed domain', () => {
    expect(companyDomain('https://www.Acme.com/team')).toBe('acme.com');
    expect(companyDomain('ACME.CO.UK.')).toBe('acme.co.uk');
    expect(companyDomain('Acme Inc')).toBeNull();
  });

  it('names no domain for an IP address, a reverse-DNS name, an internal name or a long label', () => {
    for (const input of [
      '10.0.0.5',
      'http://127.0.0.1/',
      '1.0.0.10.in-addr.arpa',
      'db.corp.internal',
      `${'a'.repeat(64)}.com`,
    ]) {
      expect(companyDomain(input), input).toBeNull();
    }
  });
});
