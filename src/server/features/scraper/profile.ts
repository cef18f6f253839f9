import type { InstagramProfile } from '../../../shared/scraper';
import { extractEmails } from './emails';

// Actors (and their versions) name the same things differently: fullName / full_name / name,
// biography / bio / description, followersCount / followers / followers_count... Everything is read
// through these lists and turned into the contract's one shape.

type Raw = Record<string, unknown>;

const pick = (raw: Raw, keys: string[]): unknown => {
  for (const k of keys) {
    const v = k.includes('.')
      ? k.split('.').reduce<unknown>((o, p) => (o as Raw | undefined)?.[p], raw)
      : raw[k];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
};
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** 1234, "1,234", "12.5K", "1.2M" → a number; anything else → null. */
export function parseCount(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.round(v) : null;
  if (typeof v === 'object' && v && 'count' in v) return parseCount((v as { count: unknown }).count);
  if (typeof v !== 'string') return null;
  const m = /^([\d.,]+)\s*([kmb])?$/i.exec(v.trim().replace(/\s/g, ''));
  if (!m) return null;
  const unit = m[2]?.toLowerCase();
  const n = Number(unit ? m[1].replace(/,/g, '.') : m[1].replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  return Math.round(n * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : unit === 'b' ? 1e9 : 1));
}

/** "Jane Doe (@janedoe)" → name and handle. */
function splitTitle(title: string): { name: string; handle: string } {
  const m = /^(.*?)\s*\(@([\w.]+)\)\s*$/.exec(title);
  return m ? { name: m[1].trim(), handle: m[2] } : { name: title.trim(), handle: '' };
}

const USERNAME_KEYS = ['username', 'userName', 'user_name', 'handle', 'ownerUsername', 'user.username'];
const NAME_KEYS = ['fullName', 'full_name', 'name', 'user.full_name'];
const BIO_KEYS = ['biography', 'bio', 'description', 'user.biography'];
const FOLLOWERS_KEYS = [
  'followersCount',
  'followers',
  'followers_count',
  'follower_count',
  'edge_followed_by',
];
const FOLLOWING_KEYS = [
  'followsCount',
  'followingCount',
  'following',
  'following_count',
  'follows_count',
  'edge_follow',
];
const POSTS_KEYS = [
  'postsCount',
  'posts',
  'posts_count',
  'media_count',
  'mediaCount',
  'edge_owner_to_timeline_media',
];
const WEBSITE_KEYS = [
  'externalUrl',
  'external_url',
  'website',
  'externalUrls.0.url',
  'bio_links.0.url',
  'bioLinks.0.url',
];
const VERIFIED_KEYS = ['verified', 'isVerified', 'is_verified'];
const URL_KEYS = ['url', 'instagramUrl', 'profileUrl', 'profile_url', 'inputUrl'];
/** Contact fields business accounts fill in; the most deliberate source of an address. */
export const BUSINESS_EMAIL_KEYS = [
  'businessEmail',
  'business_email',
  'public_email',
  'publicEmail',
  'contactEmail',
  'contact_email',
  'email',
  'emails.0',
];

export function rawUsername(raw: Raw): string {
  let u = str(pick(raw, USERNAME_KEYS)).replace(/^@/, '');
  if (!u) u = splitTitle(str(raw.title)).handle;
  if (!u) {
    const url = str(pick(raw, URL_KEYS));
    u = /instagram\.com\/([\w.]+)/i.exec(url)?.[1] ?? '';
  }
  return u.toLowerCase();
}

/** Business contact fields first, then the bio. */
export function emailsFromRaw(raw: Raw, bio: string): string[] {
  const fields = BUSINESS_EMAIL_KEYS.map((k) => str(pick(raw, [k]))).filter(Boolean);
  return [...new Set([...extractEmails(fields.join(' ')), ...extractEmails(bio)])];
}

export function normaliseProfile(
  raw: Raw,
  opts: { keyword: string; profileScraped: boolean },
): InstagramProfile | null {
  const username = rawUsername(raw);
  if (!/^[a-z0-9._]{1,30}$/.test(username)) return null;
  const title = str(raw.title);
  const fullName = str(pick(raw, NAME_KEYS)) || splitTitle(title).name;
  const bio = str(pick(raw, BIO_KEYS));
  const url = `https://www.instagram.com/${username}/`;
  const [email = ''] = emailsFromRaw(raw, bio);
  return {
    username,
    handle: `@${username}`,
    title: title || (fullName ? `${fullName} (@${username})` : `@${username}`),
    fullName,
    name: fullName,
    bio,
    biography: bio,
    followersCount: parseCount(pick(raw, FOLLOWERS_KEYS)),
    followingCount: parseCount(pick(raw, FOLLOWING_KEYS)),
    postsCount: parseCount(pick(raw, POSTS_KEYS)),
    website: str(pick(raw, WEBSITE_KEYS)),
    isVerified: Boolean(pick(raw, VERIFIED_KEYS)),
    url,
    instagramUrl: url,
    email,
    emailSource: email ? (emailsFromRaw(raw, '').includes(email) ? 'business' : 'bio') : '',
    emailScraped: false,
    profileScraped: opts.profileScraped,
    keyword: opts.keyword,
  };
}

/** A fuller profile over a partial one: new values win, but nothing known is blanked. */
export function mergeProfiles(base: InstagramProfile, full: InstagramProfile): InstagramProfile {
  const out = { ...base };
  for (const [k, v] of Object.entries(full) as [keyof InstagramProfile, unknown][]) {
    if (v !== '' && v !== null && v !== undefined) (out as Record<string, unknown>)[k] = v;
  }
  out.keyword = base.keyword || full.keyword;
  return out;
}
