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
  /** How long an answer is kept (a long-lived engine must see DNS changes); default 10 min. */
  ttlMs?: number;
  /** Negative answers (no such name / no such record) are kept for the zone's negative TTL, at most this. */
  negativeTtlMaxMs?: number;
  /** … and for this long when the zone's SOA cannot be read. */
  negativeTtlDefaultMs?: number;
  observer?: EngineObserver;
}

type CacheEntry = {
  /** When the answer arrived (when the query was sent, while in flight). */
  at: number;
  expires: number;
  negative: boolean;
  answer: Promise<DnsAnswer<unknown>>;
};

const isNegative = (a: DnsAnswer<unknown>) => !a.ok && (a.code === 'NXDOMAIN' || a.code === 'NODATA');

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
 * configured DNS_SERVERS is never bypassed. Concurrent look-ups of one name share one query.
 * Positive answers are cached for `ttlMs` (the provider lives as long as the process); negative ones
 * for the zone's negative TTL (its SOA), capped, and dropped at once when the resolver turns out to
 * be lying (`forgetNegativesSince`); failures (timeouts, SERVFAIL) are not kept at all.
 */
export class DnsClient {
  private readonly resolver: Resolver;
  private readonly limit: Semaphore;
  private readonly cache = new Map<string, CacheEntry>();
  private readonly soas = new Map<string, { at: number; minttl: Promise<number | null> }>();
  private readonly ttlMs: number;
  private readonly negativeMaxMs: number;
  private readonly negativeDefaultMs: number;
  private readonly observer?: EngineObserver;
  /** Queries actually sent (cache misses), for tests and benchmarks. */
  queries = 0;

  constructor(options: DnsOptions = {}) {
    this.resolver = new Resolver({ timeout: options.timeoutMs ?? 5000, tries: options.tries ?? 2 });
    if (options.servers && options.servers.length > 0) this.resolver.setServers(options.servers);
    this.limit = new Semaphore(options.concurrency ?? 64);
    this.ttlMs = options.ttlMs ?? 600_000;
    this.negativeMaxMs = options.negativeTtlMaxMs ?? 300_000;
    this.negativeDefaultMs = Math.min(options.negativeTtlDefaultMs ?? 60_000, this.negativeMaxMs);
    this.observer = options.observer;
  }

  /**
   * `priority` orders MX look-ups waiting for a free query (higher first, FIFO among equals): step 1
   * gives earlier batches the higher one, so the first batch is looked up whole and goes on to
   * step 2 instead of waiting behind a share of every batch in flight. Always below 0: address
   * look-ups (priority 1) go first.
   */
  mx(domain: string, priority = 0): Promise<DnsAnswer<MxRecord[]>> {
    return this.cached('MX', domain, () => this.resolver.resolveMx(domain), Math.min(0, priority));
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

  /** An MX look-up that skips the cache and the concurrency limit (the resolver's health check). */
  async freshMx(domain: string): Promise<DnsAnswer<MxRecord[]>> {
    this.queries++;
    this.observer?.dnsLookup('MX');
    try {
      return { ok: true, records: await this.resolver.resolveMx(domain) };
    } catch (err) {
      return failure(err);
    }
  }

  /**
   * How long a negative answer about `name` holds: the SOA minimum of the nearest zone that has one
   * (RFC 2308), capped; the default when no SOA answers. SOAs are looked up once per zone.
   */
  async negativeTtlMs(name: string): Promise<number> {
    const labels = name.split('.');
    for (let i = 0; i < labels.length; i++) {
      const minttl = await this.soaMinimum(labels.slice(i).join('.'));
      if (minttl !== null) return Math.min(minttl * 1000, this.negativeMaxMs);
    }
    return this.negativeDefaultMs;
  }

  /** Negative answers that arrived after `since` (epoch ms): the resolver was lying, forget them. */
  forgetNegativesSince(since: number): void {
    for (const [k, v] of this.cache) if (v.negative && v.at > since) this.cache.delete(k);
    for (const [k, v] of this.soas) if (v.at > since) this.soas.delete(k);
  }

  close(): void {
    this.resolver.cancel();
  }

  private soaMinimum(zone: string): Promise<number | null> {
    const now = Date.now();
    const hit = this.soas.get(zone);
    if (hit && now - hit.at < this.ttlMs) return hit.minttl;
    const minttl = this.limit.run(async () => {
      this.queries++;
      this.observer?.dnsLookup('SOA');
      try {
        return (await this.resolver.resolveSoa(zone)).minttl;
      } catch {
        return null;
      }
    });
    this.soas.set(zone, { at: now, minttl });
    return minttl;
  }

  private cached<T>(
    kind: string,
    name: string,
    query: () => Promise<T>,
    priority = 0,
  ): Promise<DnsAnswer<T>> {
    const key = `${kind} ${name}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now < hit.expires) return hit.answer as Promise<DnsAnswer<T>>;
    if (this.cache.size > 200_000) this.sweep(now);
    const answer = this.limit.run(
      async (): Promise<DnsAnswer<T>> => {
        this.queries++;
        this.observer?.dnsLookup(kind);
        try {
          return { ok: true as const, records: await query() };
        } catch (err) {
          return failure(err);
        }
      },
      // An address look-up is the last one before a row can be probed: it goes ahead of the MX
      // look-ups of later batches, so step 2 starts while step 1 is still looking domains up.
      kind === 'A' || kind === 'AAAA' ? 1 : priority,
    );
    // In flight: shared by every caller until it settles.
    const entry: CacheEntry = { at: now, expires: Number.POSITIVE_INFINITY, negative: false, answer };
    this.cache.set(key, entry);
    void answer.then(async (a) => {
      entry.at = Date.now();
      if (a.ok) entry.expires = entry.at + this.ttlMs;
      else if (isNegative(a)) {
        entry.negative = true;
        entry.expires = entry.at + this.negativeDefaultMs;
        const ttl = await this.negativeTtlMs(name);
        entry.expires = entry.at + ttl;
      } else if (this.cache.get(key) === entry) this.cache.delete(key);
    });
    return answer;
  }

  private sweep(now: number): void {
    for (const [k, v] of this.cache) if (now >= v.expires) this.cache.delete(k);
    for (const [k, v] of this.soas) if (now - v.at >= this.ttlMs) this.soas.delete(k);
  }
}
