import type { InstagramProfile } from '../../../shared/scraper';
import { normaliseWebsite, safeFetchText } from '../../platform/net/safe-fetch';
import { contactLinks, extractEmailsFromHtml } from './emails';

export interface EnrichOptions {
  allowLoopback: boolean;
}

/**
 * The profile's address: business fields and bio (already read by normaliseProfile), else the
 * external website's home page, else one same-site contact page. Website failures are not errors.
 */
export async function enrichEmail(p: InstagramProfile, opts: EnrichOptions): Promise<InstagramProfile> {
  if (p.email) return { ...p, emailScraped: true };
  const site = normaliseWebsite(p.website);
  if (!site || /(^|\.)instagram\.com$/i.test(new URL(site).hostname)) return { ...p, emailScraped: true };
  try {
    const home = await safeFetchText(site, { allowLoopback: opts.allowLoopback });
    let found = home.status < 400 ? extractEmailsFromHtml(home.body) : [];
    if (found.length === 0 && home.status < 400) {
      for (const link of contactLinks(home.body, home.url).slice(0, 1)) {
        const page = await safeFetchText(link, { allowLoopback: opts.allowLoopback });
        if (page.status < 400) found = extractEmailsFromHtml(page.body);
      }
    }
    if (found[0]) return { ...p, email: found[0], emailSource: 'website', emailScraped: true };
  } catch {
    // Unreachable, refused (not a public address) or slow site: the profile simply has no address.
  }
  return { ...p, emailScraped: true };
}

/** Runs `fn` over `items` with at most `limit` at once, keeping order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
