import { Resolver } from 'node:dns/promises';
import type { Config } from '../../platform/config';
import { parseDnsServers } from '../verification';

/** A look-up's outcome: records, "none" (no such name or record), or the resolver could not say. */
export type Lookup<T> = { ok: true; records: T } | { ok: false; none: boolean; code: string };

/**
 * What the checks ask of DNS. The app's implementation goes through the configured resolver
 * (DNS_SERVERS, as the engine does); tests point that at the fake DNS server.
 */
export interface DomainResolver {
  mx(name: string): Promise<Lookup<{ exchange: string; priority: number }[]>>;
  /** TXT records, each one's character strings joined (RFC 7208). */
  txt(name: string): Promise<Lookup<string[]>>;
  cname(name: string): Promise<Lookup<string[]>>;
  a(name: string): Promise<Lookup<string[]>>;
  ptr(ip: string): Promise<Lookup<string[]>>;
}

type DnsConfig = Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS' | 'DNS_TRIES'>;

const NONE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'NODATA']);

async function ask<T>(run: () => Promise<T>): Promise<Lookup<T>> {
  try {
    return { ok: true, records: await run() };
  } catch (err) {
    const code = String((err as NodeJS.ErrnoException)?.code ?? 'ERROR');
    return { ok: false, none: NONE.has(code), code };
  }
}

/**
 * A resolver without a cache: a user who has just added a record and presses Recheck must see it.
 * Empty DNS_SERVERS: the system's resolvers.
 */
export function configuredResolver(config: DnsConfig): DomainResolver & { close(): void } {
  const r = new Resolver({ timeout: config.DNS_TIMEOUT_MS, tries: config.DNS_TRIES });
  const servers = parseDnsServers(config.DNS_SERVERS);
  if (servers.length) r.setServers(servers);
  return {
    mx: (name) => ask(() => r.resolveMx(name)),
    txt: (name) => ask(async () => (await r.resolveTxt(name)).map((parts) => parts.join(''))),
    cname: (name) => ask(() => r.resolveCname(name)),
    a: (name) => ask(() => r.resolve4(name)),
    ptr: (ip) => ask(() => r.reverse(ip)),
    close: () => r.cancel(),
  };
}
