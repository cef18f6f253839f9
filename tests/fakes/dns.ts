import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

/** What the fake answers for a name: records (missing types → NOERROR with no answer), or a failure. */
export type FakeDnsEntry =
  | {
      A?: string[];
      AAAA?: string[];
      /** exchange "." is a null MX (RFC 7505). */
      MX?: Array<{ preference: number; exchange: string }>;
      /** Each record's character strings (a long value may be split in several). */
      TXT?: string[][];
      /** The zone's SOA; `minimum` is its negative-answer TTL in seconds (RFC 2308). */
      SOA?: { minimum: number };
      /** An alias: CNAME queries get it; other types follow it within the zone (as a recursive resolver). */
      CNAME?: string;
      /** Host names of a reverse name (x.x.x.x.in-addr.arpa). */
      PTR?: string[];
    }
  | 'NXDOMAIN'
  | 'SERVFAIL'
  | 'TIMEOUT';

/**
 * How the whole resolver behaves: truthfully, or like a broken one (a sandbox answering "no such
 * domain" to every name, or one that never answers). Switchable at any time.
 */
export type FakeDnsMode = 'normal' | 'nxdomain' | 'timeout';

/**
 * The resolver health check's default canaries (DNS_CANARY_DOMAINS) exist in every fake world, as on
 * the real internet; a zone entry or `resolve` may still answer them otherwise.
 */
const CANARIES: Record<string, FakeDnsEntry> = Object.fromEntries(
  ['gmail.com', 'outlook.com', 'yahoo.com'].map((d) => [d, { MX: [{ preference: 5, exchange: `mx.${d}` }] }]),
);

export interface FakeDnsOptions {
  zone?: Record<string, FakeDnsEntry>;
  /** Consulted for names not in `zone` (benchmarks generate thousands); undefined → NXDOMAIN. */
  resolve?: (name: string) => FakeDnsEntry | undefined;
  host?: string;
  /** Answer after this delay, to observe how many queries a client keeps in flight. */
  delayMs?: number;
  mode?: FakeDnsMode;
  /**
   * Zones a validating resolver would call signed: answers for names in them carry the AD bit when the
   * query asked for it (AD or DO set), as RFC 6840 §5.7 has it.
   */
  signed?: string[];
}

export interface FakeDns {
  /** "127.0.0.1:port", ready for DNS_SERVERS. */
  server: string;
  port: number;
  /** "MX example.com" → number of queries received. */
  queries: Map<string, number>;
  count(type: string, name: string): number;
  /** Queries received and not yet answered: now, and the most at once. */
  inFlight: { current: number; max: number };
  /** Makes the resolver lie, go silent, or tell the truth again (canaries included). */
  setMode(mode: FakeDnsMode): void;
  /** Replaces what the zone answers for a name (a user fixing a record); undefined removes it. */
  set(name: string, entry: FakeDnsEntry | undefined): void;
  /** Called with each query before it is answered (a test can change the mode right there). */
  onQuery: ((type: string, name: string) => void) | null;
  close(): Promise<void>;
}

/** A UDP DNS server on loopback answering from a fixed zone; counts every query it receives. */
export async function startFakeDns(options: FakeDnsOptions = {}): Promise<FakeDns> {
  const host = options.host ?? '127.0.0.1';
  if (!host.startsWith('127.')) throw new Error('fakes bind loopback only');
  const zone = new Map(Object.entries(options.zone ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const queries = new Map<string, number>();
  const socket = dgram.createSocket('udp4');
  const inFlight = { current: 0, max: 0 };
  let mode: FakeDnsMode = options.mode ?? 'normal';

  socket.on('message', (msg, rinfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    const name = q.name.toLowerCase();
    const key = `${q.type} ${name}`;
    queries.set(key, (queries.get(key) ?? 0) + 1);
    fake.onQuery?.(q.type, name);
    const lookup = (n: string): FakeDnsEntry =>
      mode === 'nxdomain'
        ? 'NXDOMAIN'
        : mode === 'timeout'
          ? 'TIMEOUT'
          : (zone.get(n) ?? options.resolve?.(n) ?? CANARIES[n] ?? 'NXDOMAIN');
    let entry = lookup(name);
    if (entry === 'TIMEOUT') return; // never answer
    const answers: dnsPacket.Answer[] = [];
    let rcode = 'NOERROR';
    let owner = q.name;
    // An alias answers its CNAME, then the target's records (one hop, as resolvers chase it).
    if (typeof entry === 'object' && entry.CNAME && q.type !== 'CNAME') {
      answers.push({ type: 'CNAME', name: q.name, ttl: 60, data: entry.CNAME });
      owner = entry.CNAME;
      const target = lookup(entry.CNAME.toLowerCase());
      entry = typeof target === 'object' ? target : {};
    }
    if (entry === 'NXDOMAIN' || entry === 'SERVFAIL') rcode = entry;
    else if (q.type === 'A')
      for (const ip of entry.A ?? []) answers.push({ type: 'A', name: owner, ttl: 60, data: ip });
    else if (q.type === 'AAAA') {
      for (const ip of entry.AAAA ?? []) answers.push({ type: 'AAAA', name: owner, ttl: 60, data: ip });
    } else if (q.type === 'SOA' && entry.SOA) {
      answers.push({
        type: 'SOA',
        name: q.name,
        ttl: 60,
        data: {
          mname: `ns.${name}`,
          rname: `hostmaster.${name}`,
          serial: 1,
          refresh: 3600,
          retry: 600,
          expire: 86400,
          minimum: entry.SOA.minimum,
        },
      });
    } else if (q.type === 'CNAME' && entry.CNAME) {
      answers.push({ type: 'CNAME', name: q.name, ttl: 60, data: entry.CNAME });
    } else if (q.type === 'PTR') {
      for (const host of entry.PTR ?? []) answers.push({ type: 'PTR', name: q.name, ttl: 60, data: host });
    } else if (q.type === 'TXT') {
      for (const strings of entry.TXT ?? [])
        answers.push({ type: 'TXT', name: owner, ttl: 60, data: strings });
    } else if (q.type === 'MX') {
      for (const mx of entry.MX ?? []) {
        answers.push({
          type: 'MX',
          name: owner,
          ttl: 60,
          data: { preference: mx.preference, exchange: mx.exchange },
        });
      }
    }
    const askedAd =
      ((query.flags ?? 0) & dnsPacket.AUTHENTIC_DATA) !== 0 ||
      (query.additionals ?? []).some((a) => a.type === 'OPT' && (a as dnsPacket.OptAnswer).flag_do);
    const signed = (options.signed ?? []).some((z) => name === z || name.endsWith(`.${z}`));
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags:
        dnsPacket.RECURSION_DESIRED |
        dnsPacket.RECURSION_AVAILABLE |
        rcodeFlag(rcode) |
        (signed && askedAd && rcode === 'NOERROR' ? dnsPacket.AUTHENTIC_DATA : 0),
      questions: query.questions,
      answers,
    });
    inFlight.current++;
    inFlight.max = Math.max(inFlight.max, inFlight.current);
    setTimeout(() => {
      inFlight.current--;
      socket.send(response, rinfo.port, rinfo.address);
    }, options.delayMs ?? 0);
  });

  await new Promise<void>((resolve) => socket.bind(0, host, resolve));
  const port = socket.address().port;
  const fake: FakeDns = {
    server: `${host}:${port}`,
    port,
    queries,
    count: (type, name) => queries.get(`${type} ${name.toLowerCase()}`) ?? 0,
    inFlight,
    setMode: (m) => {
      mode = m;
    },
    onQuery: null,
    set: (name, entry) => {
      if (entry === undefined) zone.delete(name.toLowerCase());
      else zone.set(name.toLowerCase(), entry);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
  return fake;
}

function rcodeFlag(rcode: string): number {
  return rcode === 'NXDOMAIN' ? 3 : rcode === 'SERVFAIL' ? 2 : 0;
}
