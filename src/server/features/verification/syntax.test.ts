import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POPULAR_DOMAINS } from './flags';
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
    // Real domains that merely end like a popular one are not typos.
    ['acme.com', null],
    ['ame.com', null],
    ['mygmail.com', null],
  ])('%s → %s', (domain, expected) => {
    expect(suggestDomain(domain)).toBe(expected);
  });

  it('finds what measuring every popular domain finds, for thousands of near misses', () => {
    // Reference: the full optimal-string-alignment table against every candidate, in list order.
    const osa = (a: string, b: string) => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          d[i][j] = Math.min(
            d[i - 1][j] + 1,
            d[i][j - 1] + 1,
            d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
      return d[a.length][b.length];
    };
    const popular = [...POPULAR_DOMAINS].sort((a, b) => a.length - b.length);
    const reference = (q: string) => {
      if (POPULAR_DOMAINS.includes(q) || POPULAR_DOMAINS.some((p) => q.length > p.length && q.endsWith(p)))
        return null;
      const max = q.length < 8 ? 1 : 2;
      let best: string | null = null;
      let bestD = max + 1;
      for (const c of popular) {
        if (Math.abs(c.length - q.length) > max) continue; // more edits than allowed, whatever they are
        const d = osa(q, c);
        if (d < bestD) [best, bestD] = [c, d];
      }
      return best;
    };
    // Seeded so a failure can be replayed.
    let seed = 7;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyz.-0';
    const mutate = (s: string) => {
      const i = rand(s.length + 1);
      const c = letters[rand(letters.length)];
      switch (rand(4)) {
        case 0:
          return s.slice(0, i) + c + s.slice(i + 1);
        case 1:
          return s.slice(0, i) + c + s.slice(i);
        case 2:
          return s.slice(0, i) + s.slice(i + 1);
        default:
          return i + 1 < s.length ? s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2) : s;
      }
    };
    let suggested = 0;
    for (let n = 0; n < 3000; n++) {
      let q = POPULAR_DOMAINS[rand(POPULAR_DOMAINS.length)];
      for (let k = 1 + rand(3); k > 0; k--) q = mutate(q);
      if (
        !q.includes('.') ||
        /\.(con|cmo|cpm|comm|coom|ocm|vom|xom|cim|cok|clm|nte|ner|nett|ogr|orgg|rog)$/.test(q)
      )
        continue;
      const want = reference(q);
      if (want) suggested++;
      expect(suggestDomain(q), q).toBe(want);
    }
    expect(suggested).toBeGreaterThan(800);
  });
});
