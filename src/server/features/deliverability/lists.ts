import type { Config } from '../../platform/config';
import type { DomainResolver } from './resolver';
import { isRefusal } from './zones';

type ListConfig = Pick<
  Config,
  'DELIVERABILITY_DOMAIN_LISTS' | 'DELIVERABILITY_IP_LISTS' | 'SPAMHAUS_DQS_KEY'
>;

export interface Zone {
  /** What the user reads ("zen.spamhaus.org"). */
  name: string;
  /** What is asked (the DQS zone when a key is set). */
  query: string;
}

const split = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((z) => z.trim().toLowerCase())
    .filter(Boolean);

/** A Spamhaus zone through DQS when a key is set: zen.spamhaus.org → <key>.zen.dq.spamhaus.net. */
function zoneOf(name: string, key: string | undefined): Zone {
  const m = /^([a-z0-9-]+)\.spamhaus\.org$/.exec(name);
  return { name, query: key && m ? `${key}.${m[1]}.dq.spamhaus.net` : name };
}

export function listZones(config: ListConfig): { domain: Zone[]; ip: Zone[] } {
  const key = config.SPAMHAUS_DQS_KEY?.trim() || undefined;
  return {
    domain: split(config.DELIVERABILITY_DOMAIN_LISTS).map((z) => zoneOf(z, key)),
    ip: split(config.DELIVERABILITY_IP_LISTS).map((z) => zoneOf(z, key)),
  };
}

export type Listing =
  | { zone: string; state: 'listed'; code: string }
  | { zone: string; state: 'clear' | 'unknown'; code?: string };

async function lookUp(resolver: DomainResolver, zone: Zone, name: string): Promise<Listing> {
  const a = await resolver.a(`${name}.${zone.query}`);
  if (!a.ok)
    return a.none ? { zone: zone.name, state: 'clear' } : { zone: zone.name, state: 'unknown', code: a.code };
  const codes = a.records.filter((ip) => ip.startsWith('127.'));
  const listed = codes.find((c) => !isRefusal(zone.name, c));
  if (listed) return { zone: zone.name, state: 'listed', code: listed };
  return { zone: zone.name, state: codes.length ? 'unknown' : 'clear', code: codes[0] };
}

export function domainListings(resolver: DomainResolver, zones: Zone[], domain: string): Promise<Listing[]> {
  return Promise.all(zones.map((z) => lookUp(resolver, z, domain)));
}

/** An IPv4 address on each IP list (reversed octets under the zone); IPv6 is not looked up. */
export function ipListings(resolver: DomainResolver, zones: Zone[], ip: string): Promise<Listing[]> {
  const reversed = ip.split('.').reverse().join('.');
  return Promise.all(zones.map((z) => lookUp(resolver, z, reversed)));
}
