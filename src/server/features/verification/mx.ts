import type { DnsClient } from './dns';
import type { DomainVerdict, MxRecord } from './types';

/**
 * The mail hosts of a domain (RFC 5321 §5.1, RFC 7505):
 * - MX records, lowest preference first;
 * - a lone "MX 0 ." (null MX) means the domain accepts no mail;
 * - no MX record at all (NODATA) but an A/AAAA record: the domain itself is the implicit MX;
 * - NXDOMAIN means the domain does not exist; any other failure is a DNS error, never "no domain".
 * `priority`: its MX look-up's place among those waiting (higher first; see DnsClient).
 */
export async function lookupDomain(dns: DnsClient, domain: string, priority = 0): Promise<DomainVerdict> {
  const mx = await dns.mx(domain, priority);
  if (mx.ok) {
    const real = mx.records.filter((r) => r.exchange !== '' && r.exchange !== '.');
    if (real.length === 0) return mx.records.length > 0 ? { kind: 'null_mx' } : { kind: 'no_mail_host' };
    const sorted = real
      .map((r) => ({ exchange: r.exchange.toLowerCase().replace(/\.$/, ''), priority: r.priority }))
      .sort((x, y) => x.priority - y.priority || x.exchange.localeCompare(y.exchange));
    return { kind: 'mx', mx: sorted, implicit: false };
  }
  if (mx.code === 'NXDOMAIN') return { kind: 'no_domain' };
  if (mx.code !== 'NODATA') return { kind: 'dns_error', code: mx.code };

  const [a, aaaa] = await Promise.all([dns.a(domain), dns.aaaa(domain)]);
  if ((a.ok && a.records.length > 0) || (aaaa.ok && aaaa.records.length > 0)) {
    return { kind: 'mx', mx: [{ exchange: domain, priority: 0 }], implicit: true };
  }
  const hard = (x: typeof a) => x.ok || x.code === 'NODATA' || x.code === 'NXDOMAIN';
  if (hard(a) && hard(aaaa)) return { kind: 'no_mail_host' };
  return { kind: 'dns_error', code: !a.ok && !hard(a) ? a.code : !aaaa.ok ? aaaa.code : 'ERROR' };
}

export interface MxTarget {
  exchange: string;
  ip: string;
}

/**
 * Connectable addresses of the MX hosts, in preference order, IPv4 before IPv6 within a host
 * (many networks that probe port 25 have no IPv6 route). AAAA is only asked for a host without an
 * A record: on hosted mail (thousands of MX names) that halves the look-ups step 2 waits for.
 * Hosts that do not resolve are skipped.
 */
export async function resolveTargets(dns: DnsClient, mx: MxRecord[]): Promise<MxTarget[]> {
  const perHost = await Promise.all(
    mx.map(async (r) => {
      const a = await dns.a(r.exchange);
      if (a.ok && a.records.length > 0) return a.records.map((ip) => ({ exchange: r.exchange, ip }));
      const aaaa = await dns.aaaa(r.exchange);
      return (aaaa.ok ? aaaa.records : []).map((ip) => ({ exchange: r.exchange, ip }));
    }),
  );
  return perHost.flat();
}
