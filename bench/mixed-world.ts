// The mixed 2,000-row world of bench:mixed (and bench:cli-progress): 1,500 rows on 15 well-behaved
// fake hosts (30 ms per reply, 2 connections counted until the server has read the close, 20 RCPT
// per session on every other host) plus 100 rows each on a greylisting host (5 s), a 3 s tarpit, a
// dead host, a flaky host and a domain whose primary MX refuses connections (its backup answers).

import { startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtpOptions, startFakeSmtp } from '../tests/fakes/smtp';

const GOOD_HOSTS = 15;

export async function startMixedWorld() {
  const zone: Record<string, { MX?: { preference: number; exchange: string }[]; A?: string[] }> = {};
  const rows: string[] = [];
  const hosts: Array<{ close(): Promise<void> }> = [];
  let port = 0;
  const host = async (
    name: string,
    n: number,
    spec: Omit<FakeSmtpOptions, 'host' | 'port' | 'mailboxes'>,
    served = [name],
  ) => {
    const ip = `127.71.0.${hosts.length + 1}`;
    const fake = await startFakeSmtp({
      host: ip,
      port,
      latencyMs: 30,
      maxConnections: 2,
      holdUntilClientCloses: true,
      mailboxes: served
        .flatMap((d) => Array.from({ length: n }, (_, i) => `user${i}@${d}`))
        .filter((e) => /user\d*[02468]@/.test(e)),
      ...spec,
    });
    port = fake.port;
    hosts.push(fake);
    zone[`mx.${name}`] = { A: [ip] };
    for (const d of served) {
      zone[d] ??= { MX: [{ preference: 10, exchange: `mx.${name}` }] };
      rows.push(...Array.from({ length: n }, (_, i) => `user${i}@${d}`));
    }
  };
  for (let h = 0; h < GOOD_HOSTS; h++) {
    await host(`good${h}.mixed.test`, 100, h % 2 === 0 ? { maxRcptPerSession: 20 } : {});
  }
  await host('grey.mixed.test', 100, { greylistS: 5 });
  await host('tarpit.mixed.test', 100, { bannerDelayMs: 3000 });
  await host('dead.mixed.test', 100, { silent: true });
  await host('flaky.mixed.test', 100, { closeAfterEhloEvery: 2 });
  // backup.mixed.test's server also serves fallback.mixed.test, whose primary MX refuses connections.
  zone['fallback.mixed.test'] = {
    MX: [
      { preference: 10, exchange: 'mx1.fallback.mixed.test' },
      { preference: 20, exchange: 'mx.backup.mixed.test' },
    ],
  };
  zone['mx1.fallback.mixed.test'] = { A: ['127.71.1.250'] };
  await host('backup.mixed.test', 100, {}, ['fallback.mixed.test']);
  const dns = await startFakeDns({ zone });
  return {
    dns,
    port,
    rows,
    close: () => Promise.all([dns.close(), ...hosts.map((h) => h.close())]),
  };
}
