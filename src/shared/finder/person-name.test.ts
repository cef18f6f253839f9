import { describe, expect, it } from 'vitest';
import { nameParts } from './person-name';

describe('name parts for an address', () => {
  it('splits a full name, and reads "Last, First"', () => {
    expect(nameParts({ fullName: 'Jane Doe' })).toMatchObject({ first: ['jane'], last: ['doe'] });
    expect(nameParts({ fullName: 'Doe, Jane' })).toMatchObject({ first: ['jane'], last: ['doe'] });
    expect(nameParts({ fullName: 'Dr. Jane Doe PhD' })).toMatchObject({ first: ['jane'], last: ['doe'] });
  });

  it('keeps particles with the last name, with a spelling without them', () => {
    const p = nameParts({ fullName: 'Ludwig van Beethoven' });
    expect(p?.first).toEqual(['ludwig']);
    expect(p?.last[0]).toBe('vanbeethoven');
    expect(p?.last).toContain('beethoven');
    expect(nameParts({ firstName: 'Maria', lastName: 'de la Cruz' })?.last).toEqual(
      expect.arrayContaining(['delacruz', 'cruz']),
    );
  });

  it('spells hyphens joined first, then as written, then the first half', () => {
    expect(nameParts({ firstName: 'Jean-Pierre', lastName: 'Dupont' })?.first).toEqual([
      'jeanpierre',
      'jean-pierre',
      'jean',
    ]);
    expect(nameParts({ firstName: 'Ana', lastName: 'García-López' })?.last).toEqual(
      expect.arrayContaining(['garcialopez', 'garcia-lopez', 'garcia']),
    );
  });

  it('drops accents and maps letters without a decomposition; umlauts both ways', () => {
    expect(nameParts({ fullName: 'José Núñez' })).toMatchObject({ first: ['jose'], last: ['nunez'] });
    expect(nameParts({ fullName: 'Łukasz Żółć' })).toMatchObject({ first: ['lukasz'], last: ['zolc'] });
    expect(nameParts({ fullName: 'Jürgen Müller' })).toMatchObject({
      first: ['jurgen', 'juergen'],
      last: ['muller', 'mueller'],
    });
    expect(nameParts({ fullName: 'Søren Straße' })).toMatchObject({ first: ['soren'], last: ['strasse'] });
    // Decomposed input (a + combining diaeresis) reads the same.
    expect(nameParts({ fullName: 'Ju\u0308rgen Mu\u0308ller' })?.last).toEqual(['muller', 'mueller']);
  });

  it('transliterates Cyrillic and Greek', () => {
    expect(nameParts({ fullName: 'Дмитрий Иванов' })).toMatchObject({ first: ['dmitriy'], last: ['ivanov'] });
    expect(nameParts({ fullName: 'Νίκος Παπαδόπουλος' })).toMatchObject({
      first: ['nikos'],
      last: ['papadopoulos'],
    });
  });

  it('gives nothing for a script it cannot spell, or an empty name', () => {
    expect(nameParts({ fullName: '王小明' })).toBeNull();
    expect(nameParts({ fullName: '  ' })).toBeNull();
    expect(nameParts({})).toBeNull();
  });

  it('keeps the name as written for the screen', () => {
    expect(nameParts({ firstName: ' Jane ', lastName: 'Doe' })?.display).toBe('Jane Doe');
  });
});
