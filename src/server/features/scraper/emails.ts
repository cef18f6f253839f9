// Finding email addresses in Instagram bios, business contact fields and web pages. People hide their
// address from bots ("jane [at] studio [dot] com", full-width ＠, zero-width characters); we undo the
// common disguises before matching, and drop look-alikes such as image names (logo@2x.png).

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/g;
const OPEN = '[\\[\\(\\{<]';
const CLOSE = '[\\]\\)\\}>]';
const EMAIL =
  /[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}/g;
const FILE_TLDS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'css', 'js', 'ico', 'avif', 'mp4']);
const JUNK_DOMAINS =
  /(^|\.)(sentry\.io|sentry-next\.wixpress\.com|wixpress\.com|example\.(com|org|net)|domain\.com|email\.com|yourdomain\.com)$/i;

/** Undoes the usual disguises so a plain pattern can match. */
export function deobfuscate(text: string): string {
  let s = text.normalize('NFKC').replace(ZERO_WIDTH, '');
  // Any bracketed at/dot: [at] (at) {at} <at> [@] (.) and the same with spaces or capitals.
  s = s.replace(new RegExp(`\\s*${OPEN}\\s*(?:at|@)\\s*${CLOSE}\\s*`, 'gi'), '@');
  s = s.replace(new RegExp(`\\s*${OPEN}\\s*(?:dot|\\.)\\s*${CLOSE}\\s*`, 'gi'), '.');
  // Spelled-out forms only when "dot" is spelled out too, so "Founder at Acme.com" stays a sentence.
  s = s.replace(
    /\b([A-Za-z0-9._%+-]+)\s+(?:at|AT)\s+([A-Za-z0-9-]+(?:\s+(?:dot|DOT)\s+[A-Za-z0-9-]+)+)\b/g,
    (_m, user: string, domain: string) => `${user}@${domain.replace(/\s+(?:dot|DOT)\s+/g, '.')}`,
  );
  // "jane@studio dot com": the @ is real, only the dot is spelled out.
  s = s.replace(/(@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)\s+(?:dot|DOT)\s+([A-Za-z]{2,24})\b/g, '$1.$2');
  // Spaces around @ and dots inside an address: "jane @ studio . com".
  s = s.replace(/([A-Za-z0-9._%+-])\s*@\s*([A-Za-z0-9-])/g, '$1@$2');
  s = s.replace(/(@[A-Za-z0-9.-]*[A-Za-z0-9])\s+\.\s*([A-Za-z]{2,24})\b/g, '$1.$2');
  s = s.replace(/(@[A-Za-z0-9-]+)\s*\.\s+([A-Za-z]{2,24})\b/g, '$1.$2');
  return s;
}

export function isPlausibleEmail(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const domain = email.slice(at + 1).toLowerCase();
  const tld = domain.split('.').pop() ?? '';
  if (FILE_TLDS.has(tld)) return false;
  if (JUNK_DOMAINS.test(domain)) return false;
  if (/^\d+x$/.test(email.slice(0, at))) return false; // retina asset names: icon@2x
  if (email.includes('..')) return false;
  return true;
}

/** All distinct addresses in a text, lower-cased, in order of appearance. */
export function extractEmails(text: string | null | undefined): string[] {
  if (!text) return [];
  const found = deobfuscate(text).match(EMAIL) ?? [];
  const out: string[] = [];
  for (const raw of found) {
    const email = raw.replace(/^[._%+-]+/, '').toLowerCase();
    if (isPlausibleEmail(email) && !out.includes(email)) out.push(email);
  }
  return out;
}

/** Addresses in an HTML page: mailto links first (most deliberate), then the visible text. */
export function extractEmailsFromHtml(html: string): string[] {
  const mailto = [...html.matchAll(/mailto:([^"'?>\s]+)/gi)].map((m) => {
    try {
      return decodeURIComponent(m[1]);
    } catch {
      return m[1];
    }
  });
  const text = html
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#64;|&commat;/gi, '@')
    .replace(/&#46;|&period;/gi, '.')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&');
  return [...new Set([...extractEmails(mailto.join(' ')), ...extractEmails(text)])];
}

/** Same-site links that probably lead to contact details, for a second look when the home page has none. */
export function contactLinks(html: string, base: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*href=["']([^"'#]+)["'][^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = m[1];
    const label = m[2].replace(/<[^>]+>/g, ' ');
    if (!/contact|about|impressum|kontakt|reach/i.test(`${href} ${label}`)) continue;
    try {
      const url = new URL(href, base);
      if (url.host === new URL(base).host && /^https?:$/.test(url.protocol)) out.push(url.toString());
    } catch {
      // Not a URL.
    }
  }
  return [...new Set(out)].slice(0, 2);
}
