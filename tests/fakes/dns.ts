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
    }
  | 'NXDOMAIN'
  | 'SERVFAIL'
  | 'TIMEOUT';

export interface FakeDnsOptions {
  zone?: Record<string, FakeDnsEntry>;
  /** Consulted for names not in `zone` (benchmarks generate thousands); undefined → NXDOMAIN. */
  resolve?: (name: string) => FakeDnsEntry | undefined;
  host?: string;
  /** Answer after this delay, to observe how many queries a client keeps in flight. */
  delayMs?: number;
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
    const entry = zone.get(name) ?? options.resolve?.(name) ?? 'NXDOMAIN';
    if (entry === 'TIMEOUT') return; // never answer
    const answers: dnsPacket.Answer[] = [];
    let rcode = 'NOERROR';
    if (entry === 'NXDOMAIN' || entry === 'SERVFAIL') rcode = entry;
    else if (q.type === 'A')
      for (const ip of entry.A ?? []) answers.push({ type: 'A', name: q.name, ttl: 60, data: ip });
    else if (q.type === 'AAAA') {
      for (const ip of entry.AAAA ?? []) answers.push({ type: 'AAAA', name: q.name, ttl: 60, data: ip });
    } else if (q.type === 'TXT') {
      for (const strings of entry.TXT ?? [])
        answers.push({ type: 'TXT', name: q.name, ttl: 60, data: strings });
    } else if (q.type === 'MX') {
      for (const mx of entry.MX ?? []) {
        answers.push({
          type: 'MX',
          name: q.name,
          ttl: 60,
          data: { preference: mx.preference, exchange: mx.exchange },
        });
      }
    }
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcodeFlag(rcode),
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
  return {
    server: `${host}:${port}`,
    port,
    queries,
    count: (type, name) => queries.get(`${type} ${name.toLowerCase()}`) ?? 0,
    inFlight,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function rcodeFlag(rcode: string): number {
  return rcode === 'NXDOMAIN' ? 3 : rcode === 'SERVFAIL' ? 2 : 0;
}
