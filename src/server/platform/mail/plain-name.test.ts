import { describe, expect, it } from 'vitest';
import { mailSafeName } from './plain-name';

describe('mailSafeName', () => {
  it('normalises first, so a fullwidth dot is caught like a dot', () => {
    const shown = mailSafeName('Security: re-verify at evil．com/login now');
    expect(shown).toBe('Security re-verify at evil[.]com login now');
    expect(shown).not.toMatch(/evil\.com|．|\//);
  });

  it('keeps letters, digits, spaces and simple punctuation only', () => {
    expect(mailSafeName('José Ñúñez (Acme & Co.), 2nd!')).toBe('José Ñúñez (Acme & Co.), 2nd!');
    expect(mailSafeName('ｈｔｔｐｓ://evil.example/x')).toBe('evil[.]example x');
    expect(mailSafeName('a@evil.example "quoted" #tag $5 %')).toBe('a evil[.]example quoted tag 5');
    // Other dots of compatibility forms (one-dot leader); an abbreviation is left as written.
    expect(mailSafeName('evil\u2024com')).toBe('evil[.]com');
    expect(mailSafeName('Dr. Who')).toBe('Dr. Who');
    // Direction overrides and zero-width characters go.
    expect(mailSafeName('moc.live\u202e\u200b')).toBe('moc[.]live');
  });

  it('falls back when nothing plain is left, and stays short', () => {
    expect(mailSafeName('<<<>>>')).toBe('Someone');
    expect(mailSafeName('x'.repeat(100))).toHaveLength(60);
  });
});
