import { domainToASCII } from 'node:url';
import { publicDomainProblem } from '../../../shared/public-domain';

// The domain a company input names: "acme.com", "https://www.acme.com/team", "ACME.COM." → "acme.com".
// A company name alone ("Acme Inc") names no domain: we do not guess one (no search engine here).

export function companyDomain(input: string): string | null {
  const raw = input.trim();
  if (!raw || /\s/.test(raw.replace(/^\s+|\s+$/g, ''))) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`).hostname;
  } catch {
    return null;
  }
  const ascii = domainToASCII(host.replace(/\.$/, '').toLowerCase()).replace(/^www\./, '');
  if (!ascii?.includes('.') || !/^[a-z0-9.-]+$/.test(ascii)) return null;
  // Only a host under a public suffix is a company's domain (shared/public-domain.ts): an IP address or
  // an internal name would have us probe a mail server only our resolver knows.
  return publicDomainProblem(ascii) ? null : ascii;
}
