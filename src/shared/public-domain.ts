import { parse } from 'tldts';
import { z } from 'zod';

// The one rule for a domain a person types (sending domains, the finder's company domain, branding's
// custom domain; decision 0910): a host name under a public suffix of the Public Suffix
// List (tldts's bundled copy: no network), labels of at most 63 characters, 253 in all, never an IP
// address, a reverse-DNS name or a name under a suffix nobody can register (corp.internal, localhost).
// Such names only tell us what an internal resolver knows, so the checks never ask about them.

/**
 * Suffixes accepted beside the list's, for worlds of fakes (`test`, `example`, `invalid`: RFC 2606 names
 * no registry serves). Empty unless the server's DOMAIN_EXTRA_SUFFIXES, or the web's test build, says.
 */
let extraSuffixes: readonly string[] = [];

/** Sets the extra suffixes (the server from DOMAIN_EXTRA_SUFFIXES at boot, the web's test build). */
export function acceptDomainSuffixes(list: string | readonly string[]): void {
  const items = typeof list === 'string' ? list.split(/[\s,]+/) : list;
  extraSuffixes = items
    .map((s) =>
      s
        .trim()
        .toLowerCase()
        .replace(/^\.+|\.+$/g, ''),
    )
    .filter(Boolean);
}

/** " Example.COM. " → "example.com" (a pasted URL keeps only its host). */
export function normalizeDomain(input: string): string {
  let host = input.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  return host.replace(/\.$/, '');
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const IPV4ISH = /^[\d.]+$/;

/** Why `host` (already normalised) is not a public host name, or null when it is one. */
export function publicDomainProblem(
  host: string,
  opts: { extraSuffixes?: readonly string[] } = {},
): string | null {
  if (!host) return 'Enter a domain, like example.com.';
  if (host.length > 253) return 'That domain is too long (253 characters at most).';
  if (IPV4ISH.test(host) || host.includes(':') || host.startsWith('['))
    return 'Enter a domain name, not an IP address.';
  if (host === 'localhost' || host.endsWith('.localhost'))
    return 'localhost is not a domain on the internet.';
  const labels = host.split('.');
  if (labels.length < 2) return 'Enter a domain with a dot, like example.com.';
  for (const label of labels) {
    if (label.length > 63) return 'Each part of a domain between dots has at most 63 characters.';
    if (!LABEL.test(label))
      return `"${host}" is not a valid domain name (letters, digits and inner hyphens between dots).`;
  }
  if (labels[labels.length - 1] === 'arpa') return 'Enter a domain name, not a reverse-DNS name.';
  const extra = opts.extraSuffixes ?? extraSuffixes;
  if (extra.some((s) => host.endsWith(`.${s}`) && host.length > s.length + 1)) return null;
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp) return 'Enter a domain name, not an IP address.';
  if (!(parsed.isIcann || parsed.isPrivate) || !parsed.publicSuffix)
    return `${host} is not under a public domain suffix (like .com or .co.uk), so it cannot be checked.`;
  if (!parsed.domain) return `${host} is a public suffix itself; enter a domain under it.`;
  return null;
}

/** A typed domain: normalised, then held to the rule above. */
export const publicDomainSchema = z
  .string()
  .max(300, 'That domain is too long (253 characters at most).')
  .transform(normalizeDomain)
  .superRefine((v, ctx) => {
    const problem = publicDomainProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
