import { type CsvCell, csvDocument } from '../../../shared/csv';
import type { InstagramProfile, ScrapeJob } from '../../../shared/scraper';

// Client-side export of a job's results: these columns, commas in bios replaced by
// semicolons, the date in the file name. Cells are formula-safe.
export const RESULT_COLUMNS = [
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
];

export function profileRow(p: InstagramProfile): CsvCell[] {
  return [
    p.username,
    p.fullName || p.name,
    p.email,
    (p.bio || p.biography || '').replace(/,/g, ';'),
    p.followersCount ?? '',
    p.followingCount ?? '',
    p.postsCount ?? '',
    p.website,
    p.isVerified ? 'Yes' : 'No',
    p.url || p.instagramUrl,
    p.profileScraped ? 'Complete' : 'Partial',
    p.keyword,
  ];
}

export function jobResultsCsv(job: ScrapeJob): string {
  return csvDocument(RESULT_COLUMNS, job.results.map(profileRow));
}

export const today = () => new Date().toISOString().slice(0, 10);

export function saveFile(content: Blob | string, filename: string, type = 'text/csv;charset=utf-8') {
  const blob = typeof content === 'string' ? new Blob([`\uFEFF${content}`], { type }) : content;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadJobResults(job: ScrapeJob) {
  saveFile(jobResultsCsv(job), `instagram-profiles-${today()}.csv`);
}
