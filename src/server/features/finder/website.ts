import {
  type Resolver,
  safeFetchText,
  UnresolvedHostError,
  UnsafeUrlError,
} from '../../platform/net/safe-fetch';
import { type PublishedAddress, publishedAddresses } from './page-text';
import { allowAll, disallowAll, FINDER_AGENT, parseRobots, type Robots } from './robots';

// A company's website, read for the addresses it publishes: robots.txt first, then the home page and
// the few pages where companies list people (contact, about, team), found as links on the home page or
// at their usual paths. Everything goes through the SSRF guard, under one time budget and a size cap
// per page: the site is a hint, never a reason to keep a user waiting.

export interface SiteOptions {
  budgetMs: number;
  pageBytes: number;
  allowLoopback: boolean;
  /** Test worlds: plain http on this port. */
  port?: number;
  resolve?: Resolver;
}

export interface SiteReading {
  addresses: PublishedAddress[];
  /** Pages read (robots.txt not counted). */
  pages: number;
  /** Why nothing was read, in words (no site, robots.txt forbids it, out of time). */
  problem: string | null;
  /**
   * The SSRF guard refused an address on the way (a redirect to a private host, a name that resolves
   * inside our network): that says something about our network, not about the site, so the reading is
   * never kept in the site cache every workspace shares.
   */
  refused: boolean;
}

const PAGE_WORDS = /contact|about|team|people|staff|leadership|impressum|kontakt|equipo|equipe|nosotros/i;
const USUAL_PATHS = ['/contact', '/about', '/team'];
const MAX_PAGES = 5;

export async function readCompanySite(domain: string, o: SiteOptions): Promise<SiteReading> {
  const deadline = Date.now() + o.budgetMs;
  const base = o.port ? `http://${domain}:${o.port}` : `https://${domain}`;
  const get = async (path: string, maxBytes = o.pageBytes) => {
    const left = deadline - Date.now();
    if (left <= 50) throw new Error('out of time');
    return safeFetchText(`${base}${path}`, {
      allowLoopback: o.allowLoopback,
      resolve: o.resolve,
      timeoutMs: left,
      maxBytes,
      maxRedirects: 3,
      headers: { 'user-agent': `${FINDER_AGENT}/1.0 (+email finder; reads contact pages only)` },
    });
  };
  // The guard's own words name the host and the address it resolved to (an oracle of our internal DNS):
  // a refusal and a silent site read the same to the user.
  const unread = `Could not read ${domain}'s website`;
  let refused = false;
  let robots: Robots;
  try {
    const r = await get('/robots.txt', 64 * 1024);
    robots = r.status >= 500 ? disallowAll : r.status >= 400 ? allowAll : parseRobots(r.body);
  } catch (err) {
    return { addresses: [], pages: 0, problem: unread, refused: guardRefused(err) };
  }
  const seen = new Map<string, Set<string>>();
  const add = (list: PublishedAddress[]) => {
    for (const a of list) {
      const names = seen.get(a.address) ?? new Set<string>();
      for (const n of a.names) names.add(n);
      seen.set(a.address, names);
    }
  };
  // The home page and the usual paths at once, then pages the home page links to that were not among
  // them: two rounds of requests, not one per page.
  let pages = 0;
  let forbidden = 0;
  const done = new Set<string>();
  let home = '';
  const read = async (path: string) => {
    if (done.has(path) || done.size >= MAX_PAGES) return;
    done.add(path);
    if (!robots(path)) {
      forbidden++;
      return;
    }
    try {
      const page = await get(path);
      if (page.status >= 400 || !/html|text\/plain/i.test(page.contentType || 'text/html')) return;
      pages++;
      add(publishedAddresses(page.body, domain));
      if (path === '/') home = page.body;
    } catch (err) {
      // One page that fails is one hint less; the others may still answer within the budget.
      if (guardRefused(err)) refused = true;
    }
  };
  await Promise.all(['/', ...USUAL_PATHS].map(read));
  await Promise.all(linkedPages(home, domain).map(read));
  const addresses = [...seen].map(([address, names]) => ({ address, names: [...names] }));
  const problem =
    pages === 0 ? (forbidden > 0 ? `${domain}'s robots.txt asks not to read its pages` : unread) : null;
  return { addresses, pages, problem, refused };
}

/** The SSRF guard said no (an address inside, a scheme, credentials); a name that does not resolve is no refusal. */
const guardRefused = (err: unknown) => err instanceof UnsafeUrlError && !(err instanceof UnresolvedHostError);

/** Same-site links of the home page whose path names a contact, about or team page. */
function linkedPages(html: string, domain: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\s[^>]*href\s*=\s*["']([^"'#]+)["']/gi)) {
    let url: URL;
    try {
      url = new URL(m[1], `https://${domain}/`);
    } catch {
      continue;
    }
    const host = url.hostname.replace(/^www\./, '');
    if (host !== domain || !PAGE_WORDS.test(url.pathname)) continue;
    if (!out.includes(url.pathname)) out.push(url.pathname);
  }
  return out.slice(0, MAX_PAGES);
}
