import { Resolver } from 'node:dns/promises';
import { Semaphore } from './limit';
import type { MxRecord } from './types';

/** A look-up's outcome; failures keep the resolver's code so NXDOMAIN and SERVFAIL stay distinct. */
export type DnsAnswer<T> =
  | { ok: true; records: T }
  | { ok: false; code: 'NXDOMAIN' | 'NODATA' | 'SERVFAIL' | 'TIMEOUT' | 'REFUSED' | 'ERROR'; detail: string };

export interface DnsOptions {
  /** "ip" or "ip:port" ("[v6]:port"); empty → the system's resolvers (c-ares, not getaddrinfo). */
  servers?: string[];
  timeoutMs?: number;
  tries?: number;
  concurrency?: number;
}

function failure(err: unknown): DnsAnswer<never> {
  const code = (err as NodeJS.ErrnoException)?.code ?? 'ERROR';
  const detail = String(code);
  switch (code) {
    case 'ENOTFOUND': // c-ares maps an NXDOMAIN answer to ENOTFOUND
      return { ok: false, code: 'NXDOMAIN', detail };
    case 'ENODATA': // the name exists but has no record of that type
      return { ok: false, code: 'NODATA', detail };
    case 'ESERVFAIL':
      return { ok: false, code: 'SERVFAIL', detail };
    case 'ETIMEOUT':
      return { ok: false, code: 'TIMEOUT', detail };
    case 'EREFUSED':
    case 'ECONNREFUSED':
      return { ok: false, code: 'REFUSED', detail };
    default:
      return { ok: false, code: 'ERROR', detail };
  }
}

/**
 * The one resolver of the engine: MX look-ups and the A/AAAA of MX hosts all go through it, so a
 * configured DNS_SERVERS is never bypassed. Answers (negative ones too) are cached for the life of
 * the client, which is one run, and concurrent look-ups of one name share a single query.
 */
export class DnsClient {
  private readonly resolver: Resolver;
  private readonly limit: Semaphore;
  private readonly cache = new Map<string, Promise<DnsAnswer<unknown>>>();
  /** Queries actually sent (cache misses), for tests and benchmarks. */
  queries = 0;

  constructor(options: DnsOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 5000, tries: options.tries ?? 2 });
    if (options.servers && options.servers.length > 0) this.resolver.setServers(options.servers);
    this.limit = new Semaphore(options.concurrency ?? 64);
  }

  mx(domain: string): Promise<DnsAnswer<MxRecord[]>> {
    return this.cached(`MX ${domain}`, () => this.resolver.resolveMx(domain));
  }

  a(host: string): Promise<DnsAnswer<string[]>> {
    return this.cached(`A ${host}`, () => this.resolver.resolve4(host));
  }

  aaaa(host: string): Promise<DnsAnswer<string[]>> {
    return this.cached(`AAAA ${host}`, () => this.resolver.resolve6(host));
  }

  close(): void {
    this.resolver.cancel();
  }

  private cached<T>(key: string, query: () => Promise<T>): Promise<DnsAnswer<T>> {
    let hit = this.cache.get(key) as Promise<DnsAnswer<T>> | undefined;
    if (!hit) {
      hit = this.limit.run(async () => {
        this.queries++;
        try {
          return { ok: true as const, records: await query() };
        } catch (err) {
          return failure(err);
        }
      });
      this.cache.set(key, hit);
    }
    return hit;
  }
}
