import { z } from 'zod';

// Contracts of the Instagram scraper (scrape job, Instagram profile, cleaned data; the calls).

export const SCRAPE_DEFAULT_MAX_ITEMS = 50;
export const SCRAPE_MAX_ITEMS_LIMIT = 500;
export const SCRAPE_MAX_URLS = 200;
export const SCRAPE_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type ScrapeStatus = (typeof SCRAPE_STATUSES)[number];

export const SCRAPE_STATUS_LABELS: Record<ScrapeStatus, string> = {
  pending: 'Pending',
  running: 'In Progress',
  completed: 'Completed',
  failed: 'Failed',
};

const lines = (max: number, label: string) =>
  z
    .array(z.string().max(300))
    .transform((xs) => xs.map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, `Please enter at least one ${label}`).max(max, `At most ${max} lines`));

// The search actor has no location input (docs/decisions/0300-scraper-ai.md): older clients may still
// send one; it is accepted and ignored rather than recorded as if it had narrowed the search.
const location = z
  .string()
  .max(100)
  .optional()
  .transform(() => '');

export const keywordScrapeSchema = z.object({
  keywords: lines(50, 'search keyword'),
  location,
  maxItems: z.coerce.number().int().min(1).max(SCRAPE_MAX_ITEMS_LIMIT).optional(),
  mode: z.literal('keyword').optional(),
});
export type KeywordScrape = z.output<typeof keywordScrapeSchema>;

export const urlScrapeSchema = z.object({
  urls: lines(SCRAPE_MAX_URLS, 'Instagram URL'),
  location,
  maxItems: z.coerce.number().int().min(1).max(SCRAPE_MAX_URLS).optional(),
  mode: z.literal('url').optional(),
});
export type UrlScrape = z.output<typeof urlScrapeSchema>;

/** An Instagram profile, normalised whatever field variant the actor returned. */
export const instagramProfileSchema = z.object({
  username: z.string(),
  handle: z.string(),
  title: z.string(),
  fullName: z.string(),
  name: z.string(),
  bio: z.string(),
  biography: z.string(),
  followersCount: z.number().nullable(),
  followingCount: z.number().nullable(),
  postsCount: z.number().nullable(),
  website: z.string(),
  isVerified: z.boolean(),
  url: z.string(),
  instagramUrl: z.string(),
  email: z.string(),
  emailSource: z.string(),
  emailScraped: z.boolean(),
  profileScraped: z.boolean(),
  keyword: z.string(),
});
export type InstagramProfile = z.infer<typeof instagramProfileSchema>;

/** A background "Get Full" of one profile: queued → running → done | failed. */
export const FULL_SCRAPE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type FullScrapeStatus = (typeof FULL_SCRAPE_STATUSES)[number];

/** A profile of a job as listed: the stored profile plus the state of its Get Full request. */
export const jobProfileSchema = instagramProfileSchema.extend({
  fullStatus: z.enum(FULL_SCRAPE_STATUSES).nullable(),
  fullMessage: z.string().nullable(),
});
export type JobProfile = z.infer<typeof jobProfileSchema>;

export const scrapeJobSchema = z.object({
  id: z.string(),
  status: z.enum(SCRAPE_STATUSES),
  mode: z.enum(['keyword', 'url']),
  keywords: z.array(z.string()),
  location: z.string(),
  maxItems: z.number(),
  completedItems: z.number(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  emailCount: z.number(),
  results: z.array(jobProfileSchema),
});
export type ScrapeJob = z.infer<typeof scrapeJobSchema>;
export const scrapeJobListSchema = z.array(scrapeJobSchema);

export const scrapeProfileEmailSchema = z.object({
  profileUrl: z.string().trim().min(1).max(500),
  jobId: z.string().uuid('Unknown job'),
});
/** Get Full answers at once: the profile is fetched by a background job whose state the job list shows. */
export const scrapeProfileEmailResultSchema = z.object({
  success: z.boolean(),
  username: z.string(),
  status: z.enum(FULL_SCRAPE_STATUSES),
  message: z.string(),
});
export type ScrapeProfileEmailResult = z.infer<typeof scrapeProfileEmailResultSchema>;

/** Get All Full Profiles: how many partial profiles were queued now. */
export const getFullAllResultSchema = z.object({ queued: z.number() });

export const scraperConfigSchema = z.object({ configured: z.boolean(), aiConfigured: z.boolean() });

export const cleanedRowSchema = z.object({
  cleanedFullName: z.string(),
  cleanedEmail: z.string(),
  cleanedCompany: z.string(),
  fullName: z.string(),
  email: z.string(),
  username: z.string(),
  followersCount: z.number().nullable(),
  isComplete: z.boolean(),
});
export type CleanedRow = z.infer<typeof cleanedRowSchema>;

export const cleanedDataSchema = z.object({
  stats: z.object({
    totalProfiles: z.number(),
    withEmail: z.number(),
    partialData: z.number(),
    fullData: z.number(),
  }),
  partial: z.array(cleanedRowSchema),
  full: z.array(cleanedRowSchema),
  cleaned: z.array(cleanedRowSchema),
  cleanedBy: z.enum(['model', 'heuristics']),
});
export type CleanedData = z.infer<typeof cleanedDataSchema>;

export const CLEANED_TYPES = ['partial', 'full', 'cleaned'] as const;
export type CleanedType = (typeof CLEANED_TYPES)[number];

export const sendToVerifySchema = z.object({ emailCount: z.number(), uploadId: z.string() });

export const NOT_A_PROFILE_URL = 'Not an Instagram profile link (like https://www.instagram.com/username/)';

/** A line of a URL batch that was skipped; `line` counts the submitted non-blank lines from 1. */
export const rejectedUrlSchema = z.object({ line: z.number(), url: z.string(), reason: z.string() });
export type RejectedUrl = z.infer<typeof rejectedUrlSchema>;

/** The started URL job, plus the lines left out: one bad line never rejects the whole batch. */
export const urlScrapeStartedSchema = scrapeJobSchema.extend({ rejectedUrls: z.array(rejectedUrlSchema) });
export type UrlScrapeStarted = z.infer<typeof urlScrapeStartedSchema>;

/** Each line of a URL batch judged on its own: the usernames to scrape and the lines left out. */
export function splitUrlBatch(urls: string[]): { usernames: string[]; rejected: RejectedUrl[] } {
  const usernames: string[] = [];
  const rejected: RejectedUrl[] = [];
  urls.forEach((url, i) => {
    const name = instagramUsernameFromUrl(url);
    if (name) {
      if (!usernames.includes(name)) usernames.push(name);
    } else rejected.push({ line: i + 1, url, reason: NOT_A_PROFILE_URL });
  });
  return { usernames, rejected };
}

/** Username of an instagram.com profile URL, or null for anything else (posts, reels, other hosts). */
export function instagramUsernameFromUrl(raw: string): string | null {
  let text = raw.trim();
  if (!/^https?:\/\//i.test(text)) text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!/^(www\.|m\.)?instagram\.com$/i.test(url.hostname)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length !== 1) return null;
  const name = parts[0].replace(/^@/, '');
  const reserved = ['p', 'reel', 'reels', 'explore', 'stories', 'accounts', 'tv', 'direct', 'about'];
  if (!/^[A-Za-z0-9._]{1,30}$/.test(name) || reserved.includes(name.toLowerCase())) return null;
  return name.toLowerCase();
}
