import { describe, expect, it } from 'vitest';
import { cleanProfileHeuristic, companyFromBio, simplifyCompany, smartCase } from './clean-heuristics';
import labelled from './fixtures/labelled-profiles.json';

interface Labelled {
  fullName: string;
  username: string;
  bio: string;
  expected: { cleanedFullName: string; cleanedCompany: string };
}

describe('heuristic cleaner on the labelled set', () => {
  const set = labelled as Labelled[];
  it('has at least 50 realistic profiles', () => {
    expect(set.length).toBeGreaterThanOrEqual(50);
  });

  it('gets both the person and the company right on at least 85% of them', () => {
    const misses: string[] = [];
    for (const p of set) {
      const out = cleanProfileHeuristic(p);
      const ok =
        out.cleanedFullName === p.expected.cleanedFullName &&
        out.cleanedCompany === p.expected.cleanedCompany;
      if (!ok) {
        misses.push(
          `${JSON.stringify(p.fullName || p.username)} → ${JSON.stringify([out.cleanedFullName, out.cleanedCompany])}, expected ${JSON.stringify([p.expected.cleanedFullName, p.expected.cleanedCompany])}`,
        );
      }
    }
    const accuracy = (set.length - misses.length) / set.length;
    console.log(
      `heuristic cleaner accuracy: ${(accuracy * 100).toFixed(1)}% (${set.length - misses.length}/${set.length})\n` +
        misses.map((m) => `  miss: ${m}`).join('\n'),
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  });
});

describe('pieces', () => {
  it.each([
    ['Miller Roofing LLC', 'Miller Roofing'],
    ['Acme, Inc.', 'Acme'],
    ['Nordic Design GmbH', 'Nordic Design'],
    ['Harbor Law Group, LLP', 'Harbor Law Group'],
    ['Tech Solutions Ltd.', 'Tech Solutions'],
    ['Kangaroo Goods Pty Ltd', 'Kangaroo Goods'],
    ['Cooper & Co.', 'Cooper'],
  ])('simplifies %s', (raw, out) => {
    expect(simplifyCompany(raw)).toBe(out);
  });

  it('capitalises sensibly', () => {
    expect(smartCase('ANGELA MCDONALD', { person: true })).toBe('Angela McDonald');
    expect(smartCase("kevin o'brien", { person: true })).toBe("Kevin O'Brien");
    expect(smartCase('house of BBQ nyc', { person: false })).toBe('House of BBQ Nyc');
    expect(smartCase('eXp Realty', { person: false })).toBe('eXp Realty');
    expect(smartCase('PAN Y MÁS PANADERÍA', { person: false })).toBe('Pan y Más Panadería');
  });

  it('keeps a business name as its owner wrote it, minus the legal form', () => {
    expect(cleanProfileHeuristic({ fullName: 'Pan y Más Panadería LLC', username: 'x', bio: '' })).toEqual({
      cleanedFullName: '',
      cleanedCompany: 'Pan y Más Panadería',
      isBusiness: true,
    });
  });

  it('separates a person from a business', () => {
    expect(cleanProfileHeuristic({ fullName: 'Luxe Hair Studio', username: 'x', bio: '' })).toEqual({
      cleanedFullName: '',
      cleanedCompany: 'Luxe Hair Studio',
      isBusiness: true,
    });
    expect(cleanProfileHeuristic({ fullName: 'Anna Lee | Bloom Florist', username: 'x', bio: '' })).toEqual({
      cleanedFullName: 'Anna Lee',
      cleanedCompany: 'Bloom Florist',
      isBusiness: false,
    });
  });
});

describe('companyFromBio', () => {
  it.each([
    ['Owner of Miller Roofing and more. Free estimates', 'Miller Roofing'],
    ['Owner of Miller Roofing. Free estimates!', 'Miller Roofing'],
    ['owner of my own little shop', ''],
    ['Founder & CEO of Brightpath Labs 🚀', 'Brightpath Labs'],
    ['Founder of Reed Digital Marketing, Inc.', 'Reed Digital Marketing'],
    ['Founder @brightlabs', 'Brightlabs'],
    ['Marketing manager at HubSpot', 'HubSpot'],
    ['Personal trainer | DM for coaching', ''],
  ])('%s', (bio, company) => {
    expect(companyFromBio(bio)).toBe(company);
  });
});
