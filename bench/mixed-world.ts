// The mixed world of bench/mixed.ts: fake mail hosts on 127.71.0.x, each with the rudeness of a kind
// of real server, and the fake DNS that points the list's domains at them.
import { startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtp, type FakeSmtpOptions, startFakeSmtp } from '../tests/fakes/smtp';

const GOOD_HOSTS = 15;
/** Exchange's TarpitInterval for anonymous senders. */
const TARPIT_MS = 5000;

export interface MixedHost {
  name: string;
  fake: FakeSmtp;
  rows: number;
  /** Rejections correct verification cannot avoid: unknown rows, and a probe per domain with none. */
  rejections: number;
}

export async function startMixedWorld(o: { exchange: boolean }) {
  const zone: Record<string, { MX?: { preference: number; exchange: string }[]; A?: string[] }> = {};
  const rows: string[] = [];
  const hosts: MixedHost[] = [];
  let port = 0;
  /**
   * One fake host `mx.<name>` serving `domains` (each with its number of rows, user0…); `exists` says
   * which of the host's rows (numbered across its domains) have a mailbox: by default every other.
   */
  const host = async (
    name: string,
    spec: Omit<FakeSmtpOptions, 'host' | 'port' | 'mailboxes'>,
    domains: Array<[string, number]> = [[name, 100]],
    exists: (k: number) => boolean = (k) => k % 2 === 0,
  ) => {
    const ip = `127.71.0.${hosts.length + 1}`;
    const mailboxes: string[] = [];
    const mine: string[] = [];
    let rejections = 0;
    for (const [d, n] of domains) {
      let rejected = false;
      for (let i = 0; i < n; i++) {
        const email = `user${i}@${d}`;
        if (exists(mine.length)) mailboxes.push(email);
        else {
          rejected = true;
          rejections++;
        }
        mine.push(email);
      }
      // No address rejected: the domain's catch-all probe is (none of these hosts accepts all).
      if (!rejected) rejections++;
    }
    const fake = await startFakeSmtp({
      host: ip,
      port,
      latencyMs: 30,
      maxConnections: 2,
      holdUntilClientCloses: true,
      mailboxes,
      ...spec,
    });
    port = fake.port;
    hosts.push({ name, fake, rows: mine.length, rejections });
    zone[`mx.${name}`] = { A: [ip] };
    for (const [d] of domains) zone[d] ??= { MX: [{ preference: 10, exchange: `mx.${name}` }] };
    rows.push(...mine);
  };
  for (let h = 0; h < GOOD_HOSTS; h++) {
    await host(`good${h}.mixed.test`, h % 2 === 0 ? { maxRcptPerSession: 20 } : {});
  }
  await host('grey.mixed.test', { greylistS: 5 });
  await host('tarpit.mixed.test', { bannerDelayMs: 3000 });
  await host('dead.mixed.test', { silent: true });
  await host('flaky.mixed.test', { closeAfterEhloEvery: 2 });
  // backup.mixed.test's server also serves fallback.mixed.test, whose primary MX refuses connections.
  zone['fallback.mixed.test'] = {
    MX: [
      { preference: 10, exchange: 'mx1.fallback.mixed.test' },
      { preference: 20, exchange: 'mx.backup.mixed.test' },
    ],
  };
  zone['mx1.fallback.mixed.test'] = { A: ['127.71.1.250'] };
  await host('backup.mixed.test', {}, [['fallback.mixed.test', 100]]);
  // Postfix with its stock error limits: 1 s added to every reply after 10 errors in a session, 421 at
  // 20 and "too many errors after RCPT" in its log. 100 rows on two domains, 9 in 10 unknown.
  await host(
    'postfix.mixed.test',
    { errorLimits: { soft: 10, hard: 20, sleepMs: 1000 } },
    [
      ['postfix.mixed.test', 50],
      ['postfix2.mixed.test', 50],
    ],
    (k) => k % 10 === 0,
  );
  // A shared server that spends 30 ms on each command, one after another: 200 rows on 150 domains
  // (50 with two rows, 100 with one), 3 in 5 existing.
  await host(
    'pc.mixed.test',
    { commandMs: 30 },
    Array.from({ length: 150 }, (_, d): [string, number] => [`pc${d}.mixed.test`, d < 50 ? 2 : 1]),
    (k) => k % 5 < 3,
  );
  // Microsoft 365's refusal of a second domain in one transaction: 100 rows on 10 domains.
  await host(
    'ms.mixed.test',
    { singleDomainPerTransaction: true },
    Array.from({ length: 10 }, (_, d): [string, number] => [`ms${d}.mixed.test`, 10]),
  );
  // Exchange's tarpit: 5 s added to every 5xx. 40 rows, half unknown.
  if (o.exchange)
    await host('exchange.mixed.test', { rejectDelayMs: TARPIT_MS }, [['exchange.mixed.test', 40]]);
  const dns = await startFakeDns({ zone });
  const exchange = hosts.find((h) => h.name.startsWith('exchange'));
  return {
    dns,
    port,
    rows,
    hosts,
    /** The Exchange-like host's own floor: its rejections × the tarpit ÷ 2 connections, plus 2 s. */
    exchangeFloorS: exchange ? (exchange.rejections * TARPIT_MS) / 2 / 1000 + 2 : null,
    close: () => Promise.all([dns.close(), ...hosts.map((h) => h.fake.close())]),
  };
}
