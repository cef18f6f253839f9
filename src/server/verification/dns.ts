import { Resolver } from 'node:dns/promises';
import { Semaphore } from './limit';
import type { EngineObserver, MxRecord } from './types';

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
  /** How long an answer is kept (a long-lived prober must see DNS changes); default 10 min. */
  ttlMs?: number;
  observer?: EngineObserver;
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
 * configured DNS_SERVERS is never bypassed. Answers (negative ones too) are cached for `ttlMs`
 * (the prober lives as long as the process), and concurrent look-ups of one name share one query.
 */
export class DnsClient {
  private readonly resolver: Resolver;
  private readonly limit: Semaphore;
  private readonly cache = new Map<string, { at: number; answer: Promise<DnsAnswer<unknown>> }>();
  private readonly ttlMs: number;
  private readonly observer?: EngineObserver;
  /** Queries actually sent (cache misses), for tests and benchmarks. */
  queries = 0;

  constructor(options: DnsOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 5000, tries: options.tries ?? 2 });
    if (options.servers && options.servers.length > 0) this.resolver.setServers(options.servers);
    this.limit = new Semaphore(options.concurrency ?? 64);
    this.ttlMs = options.ttlMs ?? 600_000;
    this.observer = options.observer;
  }

  mx(domain: string): Promise<DnsAnswer<MxRecord[]>> {
    return this.cached('MX', domain, () => this.resolver.resolveMx(domain));
  }

  a(host: string): Promise<DnsAnswer<string[]>> {
    return this.cached('A', host, () => this.resolver.resolve4(host));
  }

  aaaa(host: string): Promise<DnsAnswer<string[]>> {
    return this.cached('AAAA', host, () => this.resolver.resolve6(host));
  }

  /** TXT records, each one's character strings joined (as RFC 7208 reads them). */
  txt(name: string): Promise<DnsAnswer<string[]>> {
    return this.cached('TXT', name, async () =>
      (await this.resolver.resolveTxt(name)).map((r) => r.join('')),
    );
  }

  close(): void {
    this.resolver.cancel();
  }

  private cached<T>(kind: string, name: string, query: () => Promise<T>): Promise<DnsAnswer<T>> {
    const key = `${kind} ${name}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.answer as Promise<DnsAnswer<T>>;
    if (this.cache.size > 200_000) this.sweep(now);
    const answer = this.limit.run(async () => {
      this.queries++;
      this.observer?.dnsLookup(kind);
      try {
        return { ok: true as const, records: await query() };
      } catch (err) {
        return failure(err);
      }
    });
    this.cache.set(key, { at: now, answer });
    return answer;
  }

  private sweep(now: number): void {
    for (const [k, v] of this.cache) if (now - v.at >= this.ttlMs) this.cache.delete(k);
  }
}
