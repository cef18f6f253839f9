import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { InstagramProfile, ScrapeJob } from '../../../shared/scraper';
import { jobResultsCsv, RESULT_COLUMNS } from './export-csv';

const profile = (over: Partial<InstagramProfile>): InstagramProfile => ({
  username: 'anna',
  handle: '@anna',
  title: 'Anna',
  fullName: 'Anna Lee',
  name: 'Anna Lee',
  bio: 'Flowers, plants, gifts',
  biography: 'Flowers, plants, gifts',
  followersCount: 1234,
  followingCount: 10,
  postsCount: 5,
  website: 'https://bloom.test',
  isVerified: true,
  url: 'https://www.instagram.com/anna/',
  instagramUrl: 'https://www.instagram.com/anna/',
  email: 'anna@bloom.test',
  emailSource: 'bio',
  emailScraped: true,
  profileScraped: false,
  keyword: 'florist',
  ...over,
});

describe('client-side job CSV', () => {
  it('has the documented columns, semicolons for commas in bios, and formula-safe cells', () => {
    const job = {
      results: [profile({}), profile({ username: 'x', fullName: '=cmd()', profileScraped: true })],
    } as ScrapeJob;
    const rows = Papa.parse<string[]>(jobResultsCsv(job), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual(RESULT_COLUMNS);
    expect(RESULT_COLUMNS).toEqual([
      'Username',
      'Full Name',
      'Email',
      'Bio',
      'Followers',
      'Following',
      'Posts',
      'Website',
      'Verified',
      'Profile URL',
      'Profile Status',
      'Keyword',
    ]);
    expect(rows[1]).toEqual([
      'anna',
      'Anna Lee',
      'anna@bloom.test',
      'Flowers; plants; gifts',
      '1234',
      '10',
      '5',
      'https://bloom.test',
      'Yes',
      'https://www.instagram.com/anna/',
      'Partial',
      'florist',
    ]);
    expect(rows[2][1]).toBe("'=cmd()");
    expect(rows[2][10]).toBe('Complete');
  });
});
