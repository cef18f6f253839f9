import { type FakeDns, type FakeDnsEntry, startFakeDns } from './dns';
import { type FakeSmtp, type FakeSmtpOptions, startFakeSmtp } from './smtp';

export type HostSpec = Omit<FakeSmtpOptions, 'host' | 'port'>;

export interface World {
  dns: FakeDns;
  port: number;
  /** Fake mail exchangers by domain (each domain gets its own IP, 127.0.<n>.<m>). */
  hosts: Record<string, FakeSmtp>;
  ipOf: Record<string, string>;
  /** An address in this world's range where nothing listens (connection refused). */
  unusedIp: string;
  /** The environment that points a server, worker or CLI at this world (fast timeouts, 1 s greylist retry). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

let nextNet = 0;

/**
 * A small Internet on loopback: one DNS server, and for each domain an MX "mx.<domain>" whose A
 * record is a distinct 127.x.y.z address where a fake SMTP server listens, all on one shared port
 * (the prober has one SMTP_PORT, like port 25 on the real Internet).
 */
export async function startWorld(
  domains: Record<string, HostSpec>,
  extraZone:
    | Record<string, FakeDnsEntry>
    | ((unusedIp: string, ipOf: Record<string, string>) => Record<string, FakeDnsEntry>) = {},
): Promise<World> {
  // A different 127.<n>.0.0/16 per world so parallel test files never collide.
  const net = 10 + ((process.pid + nextNet++) % 240);
  const unusedIp = `127.${net}.200.200`;
  const hosts: Record<string, FakeSmtp> = {};
  const ipOf: Record<string, string> = {};
  const zone: Record<string, FakeDnsEntry> = {};
  let port = 0;
  let i = 1;
  for (const [domain, spec] of Object.entries(domains)) {
    const ip = `127.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    i++;
    const fake = await startFakeSmtp({ ...spec, host: ip, port });
    port = fake.port;
    hosts[domain] = fake;
    ipOf[domain] = ip;
    zone[domain] = { MX: [{ preference: 10, exchange: `mx.${domain}` }] };
    zone[`mx.${domain}`] = { A: [ip] };
  }
  if (port === 0) port = 2525; // no SMTP fakes: any port
  const extra = typeof extraZone === 'function' ? extraZone(unusedIp, ipOf) : extraZone;
  const dns = await startFakeDns({ zone: { ...zone, ...extra } });
  return {
    dns,
    port,
    hosts,
    ipOf,
    unusedIp,
    env: () => ({
      DNS_SERVERS: dns.server,
      SMTP_PORT: String(port),
      // The fakes live on loopback, which the prober refuses unless told otherwise.
      SMTP_ALLOW_PRIVATE: 'true',
      SMTP_HELO_NAME: 'probe.test',
      SMTP_MAIL_FROM: 'bounce@probe.test',
      // The fakes always answer: a short timeout would only turn a starved CPU into false verdicts.
      SMTP_TIMEOUT_MS: '15000',
      GREYLIST_RETRY_S: '1',
    }),
    async close() {
      await Promise.all([dns.close(), ...Object.values(hosts).map((h) => h.close())]);
    },
  };
}
