import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestDomain } from './suggest';
import { parseAddress } from './syntax';

describe('syntax (practical RFC 5321/5322)', () => {
  it.each([
    'simple@example.com',
    'very.common@example.com',
    'x@example.co.uk',
    'first.last+tag@sub.example.org',
    "o'brien@example.ie",
    'user%route@example.com',
    '"john..doe"@example.com',
    '"with space"@example.com',
    '"quoted\\"escape"@example.com',
    '"a@b"@example.com',
    'user@bücher.de',
    'user@xn--bcher-kva.de',
    'user@例え.jp',
    '  padded@example.com  ',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (address) => {
    expect(parseAddress(address)).not.toBeNull();
  });

  it.each([
    '',
    'plainaddress',
    '@example.com',
    'user@',
    'a@b@example.com',
    '.lead@example.com',
    'trail.@example.com',
    'dou..ble@example.com',
    'user@localhost',
    'user@example',
    'user@example.c',
    'user@example.123',
    'user@-bad.com',
    'user@bad-.com',
    'user@exa mple.com',
    'user@exa\tmple.com',
    'user@[192.168.0.1]',
    'us er@example.com',
    'user@example..com',
    'user@example.com.',
    'user@outlook.com.',
    'user@example.com..',
    '"unclosed@example.com',
    'jösé@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(64)}.com`,
    `a@${'abcdefgh.'.repeat(30)}com`,
  ])('rejects %j', (address) => {
    expect(parseAddress(address)).toBeNull();
  });

  it('lower-cases the domain, keeps the local part, converts IDN to punycode', () => {
    expect(parseAddress('Jane@BÜCHER.de')).toEqual({
      local: 'Jane',
      asciiDomain: 'xn--bcher-kva.de',
      domain: 'bücher.de',
    });
  });

  it('property: every RFC address fast-check generates is accepted, and normalizing is idempotent', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const p = parseAddress(email);
        expect(p).not.toBeNull();
        const again = parseAddress(`${p!.local}@${p!.domain}`);
        expect(again).toEqual(p);
      }),
      { numRuns: 500 },
    );
  });

  it('property: never throws on arbitrary input, and a second @ outside quotes is always invalid', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseAddress(s);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.emailAddress(), fc.emailAddress(), (a, b) => {
        expect(parseAddress(`${a}@${b}`)).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('property: a local part over 64 octets is invalid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{65,100}$/), (local) => {
        expect(parseAddress(`${local}@example.com`)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});

describe('typo suggestions', () => {
  it.each([
    ['gmial.com', 'gmail.com'],
    ['gmai.com', 'gmail.com'],
    ['hotmial.com', 'hotmail.com'],
    ['yaho.com', 'yahoo.com'],
    ['outlok.com', 'outlook.com'],
    ['acme.con', 'acme.com'],
    ['gmail.com', null],
    ['acme.co', null],
    ['d123.test', null],
    ['my-company.io', null],
  ])('%s → %s', (domain, expected) => {
    expect(suggestDomain(domain)).toBe(expected);
  });
});
