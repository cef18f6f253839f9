import type { VerifierStanding } from '../../../shared/deliverability';
import { ipListings, type Zone } from './lists';
import type { DomainResolver } from './resolver';

/** The key of a standing's row and its metrics label: "direct", "proxy", or "proxy <ip:port>". */
export const standingWay = (s: Pick<VerifierStanding, 'via' | 'proxy'>): string =>
  s.proxy ? `proxy ${s.proxy}` : s.via;

/**
 * The verifier's own standing on the internet: the public address we probe from, its reverse DNS
 * and that the name resolves back to it, SMTP_HELO_NAME matching, and the address on no IP blocklist.
 * Mail servers refuse or distrust a prober failing any of these, whatever the addresses asked about.
 */
export async function checkStanding(o: {
  resolver: DomainResolver;
  publicIp: () => Promise<string | null>;
  heloName: string | null;
  zones: Zone[];
  via: 'direct' | 'proxy';
  /** The proxy's name when there are several ways out. */
  proxy?: string | null;
  now: Date;
}): Promise<VerifierStanding> {
  const problems: string[] = [];
  const ip = await o.publicIp().catch(() => null);
  const base = {
    checkedAt: o.now.toISOString(),
    ip,
    via: o.via,
    proxy: o.proxy ?? null,
    heloName: o.heloName,
  };
  if (!ip) {
    return {
      ...base,
      ptr: [],
      forwardConfirmed: false,
      heloMatches: false,
      listedOn: [],
      unknownLists: [],
      ok: false,
      problems: [
        'Our public address could not be found: set STANDING_PUBLIC_IP, or STANDING_IP_ECHO_URL to a service that answers it.',
      ],
    };
  }
  const ptrAnswer = await o.resolver.ptr(ip);
  const ptr = ptrAnswer.ok ? ptrAnswer.records.map((h) => h.toLowerCase().replace(/\.$/, '')) : [];
  if (!ptr.length) problems.push(`${ip} has no reverse DNS (PTR): many mail servers refuse such clients.`);
  let forwardConfirmed = false;
  for (const host of ptr) {
    const a = await o.resolver.a(host);
    if (a.ok && a.records.includes(ip)) forwardConfirmed = true;
  }
  if (ptr.length && !forwardConfirmed) {
    problems.push(`${ptr[0]} (the reverse DNS of ${ip}) does not resolve back to ${ip}.`);
  }
  const helo = o.heloName?.toLowerCase() ?? null;
  let heloMatches = false;
  if (!helo)
    problems.push(`SMTP_HELO_NAME is not set: set it to ${ptr[0] ?? 'the reverse DNS name of our address'}.`);
  else {
    const a = await o.resolver.a(helo);
    heloMatches = ptr.includes(helo) || (a.ok && a.records.includes(ip));
    if (!heloMatches) {
      problems.push(`SMTP_HELO_NAME (${helo}) neither is the reverse DNS of ${ip} nor resolves to it.`);
    }
  }
  const listings = await ipListings(o.resolver, o.zones, ip);
  const listedOn = listings.filter((l) => l.state === 'listed').map((l) => l.zone);
  const unknownLists = listings.filter((l) => l.state === 'unknown').map((l) => l.zone);
  if (listedOn.length)
    problems.push(`${ip} is listed on ${listedOn.join(', ')}: servers using it refuse us.`);
  return {
    ...base,
    ptr,
    forwardConfirmed,
    heloMatches,
    listedOn,
    unknownLists,
    problems,
    ok: problems.length === 0,
  };
}
