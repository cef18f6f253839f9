import type { Resolver } from '../../platform/net/safe-fetch';
import { DnsClient } from '../verification';

// Websites are looked up through the same resolver as mail servers (DNS_SERVERS), never getaddrinfo:
// one resolver for the whole product, and one a test world can answer.
export function siteResolver(servers: string[], timeoutMs: number): Resolver {
  const dns = new DnsClient({ servers, timeoutMs, tries: 1 });
  return async (host) => {
    const a = await dns.a(host);
    if (!a.ok) throw new Error(`${host}: ${a.code}`);
    return a.records.map((address) => ({ address, family: 4 }));
  };
}
