import { describe, expect, it } from 'vitest';
import { addSendingDomainSchema } from './deliverability';
import { findPersonSchema } from './finder';
import { publicDomainProblem } from './public-domain';

// Decision 0910: a typed domain is a host name under a public suffix, everywhere.
const production = { extraSuffixes: [] };

describe('the typed-domain rule', () => {
  it.each([
    ['127.0.0.1', 'IP address'],
    ['10.0.0.5', 'IP address'],
    ['[::1]', 'IP address'],
    ['1.0.0.10.in-addr.arpa', 'reverse-DNS'],
    ['1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa', 'reverse-DNS'],
    ['db.corp.internal', 'not under a public domain suffix'],
    ['mail.lan', 'not under a public domain suffix'],
    ['app.localhost', 'localhost is not a domain'],
    ['good.test', 'not under a public domain suffix'],
    [`${'a'.repeat(64)}.com`, '63 characters'],
    [`${'a.'.repeat(126)}com`, '253 characters'],
    ['co.uk', 'public suffix itself'],
    ['github.io', 'public suffix itself'],
    ['intranet', 'with a dot'],
    ['bad_name.example.com', 'not a valid domain'],
  ])('refuses %s in production', (host, why) => {
    expect(publicDomainProblem(host, production)).toContain(why);
  });

  it.each([
    'example.com',
    'mail.acme.co.uk',
    'a.b.c.de',
    'xn--mnchen-3ya.de',
    'me.github.io',
    `${'a'.repeat(63)}.com`,
  ])('accepts %s', (host) => {
    expect(publicDomainProblem(host, production)).toBeNull();
  });

  it("accepts the test worlds' suffixes only when told (DOMAIN_EXTRA_SUFFIXES), never a bare suffix", () => {
    expect(publicDomainProblem('good.test', { extraSuffixes: ['test'] })).toBeNull();
    expect(publicDomainProblem('test', { extraSuffixes: ['test'] })).not.toBeNull();
    expect(publicDomainProblem('db.corp.internal', { extraSuffixes: ['test'] })).not.toBeNull();
    expect(publicDomainProblem('10.0.0.5', { extraSuffixes: ['5'] })).toContain('IP address');
  });

  it('is the schema of a sending domain and of the finder’s company domain', () => {
    for (const domain of [
      '127.0.0.1',
      '10.0.0.5',
      '1.0.0.10.in-addr.arpa',
      'db.corp.internal',
      `${'x'.repeat(64)}.com`,
    ]) {
      expect(addSendingDomainSchema.safeParse({ domain }).success, domain).toBe(false);
      expect(findPersonSchema.safeParse({ fullName: 'Ann Lee', company: domain }).success, domain).toBe(
        false,
      );
    }
    expect(addSendingDomainSchema.parse({ domain: ' Example.COM. ' }).domain).toBe('example.com');
    expect(addSendingDomainSchema.safeParse({ domain: 'a.com', trackingDomain: '10.0.0.5' }).success).toBe(
      false,
    );
    // A company named, not given by its domain, is left to the finder ("no domain").
    expect(findPersonSchema.safeParse({ fullName: 'Ann Lee', company: 'Acme Inc.' }).success).toBe(true);
    expect(
      findPersonSchema.safeParse({ fullName: 'Ann Lee', company: 'https://www.acme.com/team' }).success,
    ).toBe(true);
  });
});
