import { describe, expect, it } from 'vitest';
import { ADDRESS_PATTERNS, localPartsOf, patternsMatching, renderPattern } from './patterns';
import { nameParts } from './person-name';

// One row per pattern of the table: what it makes of "Jane Doe", and that the address teaches it back.
const JANE_DOE: Record<string, string> = {
  '{first}.{last}': 'jane.doe',
  '{first}': 'jane',
  '{f}{last}': 'jdoe',
  '{first}{last}': 'janedoe',
  '{f}.{last}': 'j.doe',
  '{first}_{last}': 'jane_doe',
  '{last}': 'doe',
  '{first}{l}': 'janed',
  '{last}.{first}': 'doe.jane',
  '{first}.{l}': 'jane.d',
  '{last}{f}': 'doej',
  '{first}-{last}': 'jane-doe',
  '{last}{first}': 'doejane',
  '{last}.{f}': 'doe.j',
  '{f}{l}': 'jd',
  '{f}_{last}': 'j_doe',
  '{last}_{first}': 'doe_jane',
};

describe('address patterns', () => {
  const jane = nameParts({ firstName: 'Jane', lastName: 'Doe' });
  if (!jane) throw new Error('name');

  it('has a row here for every pattern of the table, and priors that sum to about 1 in order', () => {
    expect(Object.keys(JANE_DOE).sort()).toEqual(ADDRESS_PATTERNS.map((p) => p.id).sort());
    const sum = ADDRESS_PATTERNS.reduce((s, p) => s + p.prior, 0);
    expect(sum).toBeGreaterThan(0.95);
    expect(sum).toBeLessThan(1.05);
    const priors = ADDRESS_PATTERNS.map((p) => p.prior);
    expect([...priors].sort((a, b) => b - a)).toEqual(priors);
  });

  for (const p of ADDRESS_PATTERNS) {
    it(`${p.id} makes ${JANE_DOE[p.id]} of Jane Doe, and that address teaches ${p.id}`, () => {
      expect(renderPattern(p.id, 'jane', 'doe')).toBe(JANE_DOE[p.id]);
      expect(localPartsOf(jane, p.id)[0]).toBe(JANE_DOE[p.id]);
      expect(patternsMatching(jane, JANE_DOE[p.id])).toContain(p.id);
    });
  }

  it('makes nothing that needs a last name of a one-word name, but {first} still works', () => {
    const cher = nameParts({ fullName: 'Cher' });
    if (!cher) throw new Error('name');
    expect(localPartsOf(cher, '{first}.{last}')).toEqual([]);
    expect(localPartsOf(cher, '{first}')).toEqual(['cher']);
  });

  it('an unknown pattern renders nothing', () => {
    expect(renderPattern('{nick}', 'jane', 'doe')).toBeNull();
  });
});
