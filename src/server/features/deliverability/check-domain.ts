import { type DomainCheck, type SendingProvider, worstOf } from '../../../shared/deliverability';
import { checkMx } from './auth-checks';
import { checkDkim } from './dkim';
import { checkDmarc } from './dmarc';
import { checkDnssec } from './dnssec';
import type { HttpsFetch } from './https-fetch';
import { domainListings, ipListings, type Listing, type Zone } from './lists';
import { checkBimi, checkMtaSts, checkTlsRpt } from './protocols';
import { PROVIDER_DNS, sendingProviderOf } from './providers';
import type { DomainResolver } from './resolver';
import { checkReverseDns } from './reverse-dns';
import { checkSpf } from './spf/check';
import { delistUrl } from './zones';

export interface DomainCheckInput {
  resolver: DomainResolver;
  domain: string;
  /** Unset: read from the domain's MX. */
  provider?: SendingProvider | null;
  dkimSelector?: string | null;
  trackingDomain?: string | null;
  /** The mailbox's SMTP server, whose addresses go on the IP lists. */
  smtpHost?: string | null;
  zones: { domain: Zone[]; ip: Zone[] };
  trackingTarget: string;
  /** Fetches the optional protocols' files (MTA-STS's policy, BIMI's logo and certificate) through the SSRF guard; unset: not fetched. */
  fetch?: HttpsFetch;
  /** The configured resolvers (DNS_SERVERS), asked once more for DNSSEC's AD bit; empty: the system's. */
  dns?: { servers: string[]; timeoutMs: number };
}

export async function checkTracking(i: DomainCheckInput): Promise<DomainCheck> {
  const target = i.trackingTarget.toLowerCase();
  if (!i.trackingDomain) {
    return {
      key: 'tracking',
      status: 'warn',
      summary:
        'No custom tracking domain: opens and clicks are tracked through a domain shared with other senders.',
      fix: { action: 'add', type: 'CNAME', name: `track.${i.domain}`, value: target },
    };
  }
  const a = await i.resolver.cname(i.trackingDomain);
  if (!a.ok && !a.none) {
    return {
      key: 'tracking',
      status: 'unknown',
      summary: `Could not look up ${i.trackingDomain} (${a.code}).`,
      fix: null,
    };
  }
  const found = a.ok ? a.records.map((r) => r.toLowerCase().replace(/\.$/, '')) : [];
  if (found.includes(target)) {
    return {
      key: 'tracking',
      status: 'pass',
      summary: `${i.trackingDomain} points to ${target}.`,
      fix: null,
    };
  }
  return {
    key: 'tracking',
    status: 'fail',
    summary: found.length
      ? `${i.trackingDomain} points to ${found[0]}, not to ${target}: tracked links break.`
      : `${i.trackingDomain} has no CNAME record: tracked links break.`,
    fix: { action: found.length ? 'change' : 'add', type: 'CNAME', name: i.trackingDomain, value: target },
  };
}

function listCheck(key: 'domain_lists' | 'ip_lists', what: string, listings: Listing[]): DomainCheck {
  const listed = listings.filter((l) => l.state === 'listed');
  if (listed.length) {
    const first = listed[0]!;
    return {
      key,
      status: 'fail',
      summary: `${what} is listed on ${listed.map((l) => l.zone).join(', ')}. Mail from it is refused or filtered.`,
      fix: {
        action: 'delist',
        type: 'A',
        name: first.zone,
        value: `Request removal at ${delistUrl(first.zone)}`,
      },
    };
  }
  const unknown = listings.filter((l) => l.state === 'unknown');
  if (unknown.length) {
    const names = unknown.map((l) => l.zone).join(', ');
    return {
      key,
      status: 'unknown',
      summary: `${what} is on none of the lists that answered; ${names} refused or did not answer (Spamhaus needs SPAMHAUS_DQS_KEY).`,
      fix: null,
    };
  }
  return { key, status: 'pass', summary: `${what} is on none of ${listings.length} blocklists.`, fix: null };
}

async function checkIpLists(i: DomainCheckInput, provider: SendingProvider): Promise<DomainCheck> {
  if (!i.smtpHost) {
    return provider === 'other'
      ? {
          key: 'ip_lists',
          status: 'unknown',
          summary: 'No SMTP server known for this domain, so no address to look up.',
          fix: null,
        }
      : {
          key: 'ip_lists',
          status: 'pass',
          summary: `Sent through ${PROVIDER_DNS[provider].name}'s servers, whose addresses the provider keeps off blocklists.`,
          fix: null,
        };
  }
  const a = await i.resolver.a(i.smtpHost);
  if (!a.ok) {
    return {
      key: 'ip_lists',
      status: 'unknown',
      summary: `Could not find the address of ${i.smtpHost}.`,
      fix: null,
    };
  }
  const all = (await Promise.all(a.records.map((ip) => ipListings(i.resolver, i.zones.ip, ip)))).flat();
  return listCheck('ip_lists', `${i.smtpHost} (${a.records.join(', ')})`, all);
}

/** Every check of one sending domain, run together. */
export async function checkSendingDomain(
  i: DomainCheckInput,
): Promise<{ provider: SendingProvider; checks: DomainCheck[]; state: ReturnType<typeof worstOf> }> {
  let provider = i.provider ?? null;
  if (!provider) {
    const mx = await i.resolver.mx(i.domain);
    provider = sendingProviderOf({ mxHosts: mx.ok ? mx.records.map((r) => r.exchange) : [] });
  }
  const auth = { resolver: i.resolver, domain: i.domain, provider, dkimSelector: i.dkimSelector };
  const checks = await Promise.all([
    checkMx(auth),
    checkSpf(auth),
    checkDkim(auth),
    checkDmarc(auth),
    checkTracking(i),
    domainListings(i.resolver, i.zones.domain, i.domain).then((l) => listCheck('domain_lists', i.domain, l)),
    checkIpLists(i, provider),
    checkReverseDns({ resolver: i.resolver, smtpHost: i.smtpHost, provider }),
    checkMtaSts({ ...auth, fetch: i.fetch }),
    checkTlsRpt(auth),
    checkBimi({ ...auth, fetch: i.fetch }),
    checkDnssec({ domain: i.domain, servers: i.dns?.servers ?? [], timeoutMs: i.dns?.timeoutMs ?? 2000 }),
  ]);
  return { provider, checks, state: worstOf(checks) };
}
