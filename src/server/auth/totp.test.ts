import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchingStep, totpCode } from './totp';

// RFC 4226 appendix D and RFC 6238 appendix B (SHA-1, key "12345678901234567890").
const KEY = Buffer.from('12345678901234567890');

describe('one-time codes', () => {
  it("match RFC 4226's HOTP test values", () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, i) => hotp(KEY, i))).toEqual(expected);
  });

  it("match RFC 6238's TOTP test values (8 digits there, 6 here: the last six)", () => {
    const secret = base32Encode(KEY);
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) {
      expect(hotp(KEY, Math.floor(t / 30), 8)).toBe(code);
      expect(totpCode(secret, t)).toBe(code.slice(2));
    }
  });

  it('round-trips base32 and accepts one step of drift either way, no more', () => {
    expect(base32Decode(base32Encode(KEY)).equals(KEY)).toBe(true);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    const secret = base32Encode(KEY);
    const now = new Date(1_800_000_000_000);
    const step = 1_800_000_000 / 30;
    expect(matchingStep({ secret, code: totpCode(secret, 1_800_000_000), now })).toBe(step);
    expect(matchingStep({ secret, code: totpCode(secret, 1_800_000_000 - 30), now })).toBe(step - 1);
    expect(matchingStep({ secret, code: totpCode(secret, 1_800_000_000 + 30), now })).toBe(step + 1);
    expect(matchingStep({ secret, code: totpCode(secret, 1_800_000_000 + 60), now })).toBeNull();
    expect(matchingStep({ secret, code: 'abcdef', now })).toBeNull();
  });
});
