// A mixed 2,000-row list through the HTTP API, both steps, on the embedded database: 1,600 rows on
// 16 well-behaved fake hosts (30 ms per reply) plus 100 rows each on a host that greylists for 5 s
// ("try again in 5 seconds"), a 3 s tarpit (banner after 3 s), a dead host (accepts, never answers)
// and a flaky host (drops every other connection right after EHLO). SMTP_TIMEOUT_MS=5000, so the
// dead host costs two timeouts (~10 s) and the tarpit is waited for. Prints the wall time from
// "start verification" to "completed" and the verdicts per host.
//   npm run bench:mixed

import { startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtpOptions, startFakeSmtp } from '../tests/fakes/smtp';
import { signedInClient, sleep, startBenchServer } from './lists-common';
import { loadAverage } from './shared-world';

const GOOD_HOSTS = 16;
const zone: Record<string, { MX?: { preference: number; exchange: string }[]; A?: string[] }> = {};
const rows: string[] = [];
const hosts: Array<{ close(): Promise<void> }> = [];
let port = 0;

async function host(name: string, n: number, spec: Omit<FakeSmtpOptions, 'host' | 'port' | 'mailboxes'>) {
  const ip = `127.71.0.${hosts.length + 1}`;
  const emails = Array.from({ length: n }, (_, i) => `user${i}@${name}`);
  const fake = await startFakeSmtp({
    host: ip,
    port,
    latencyMs: 30,
    mailboxes: emails.filter((_, i) => i % 2 === 0),
    ...spec,
  });
  port = fake.port;
  hosts.push(fake);
  zone[name] = { MX: [{ preference: 10, exchange: `mx.${name}` }] };
  zone[`mx.${name}`] = { A: [ip] };
  rows.push(...emails);
}

for (let h = 0; h < GOOD_HOSTS; h++) await host(`good${h}.mixed.test`, 100, {});
await host('grey.mixed.test', 100, { greylistS: 5 });
await host('tarpit.mixed.test', 100, { bannerDelayMs: 3000 });
await host('dead.mixed.test', 100, { silent: true });
await host('flaky.mixed.test', 100, { closeAfterEhloEvery: 2 });
const dns = await startFakeDns({ zone });

const server = await startBenchServer({
  DNS_SERVERS: dns.server,
  SMTP_PORT: String(port),
  SMTP_ALLOW_PRIVATE: 'true',
  SMTP_HELO_NAME: 'bench.verilead.test',
  SMTP_MAIL_FROM: 'bounce@verilead.test',
  SMTP_TIMEOUT_MS: '5000',
  GREYLIST_RETRY_S: '300',
});
try {
  const c = await signedInClient(server.baseUrl);
  const csv = ['email', ...rows].join('\n');
  const { uploadId } = await c.upload('mixed.csv', csv);
  const t0 = performance.now();
  await c.json('POST', `/api/verify/${uploadId}`);
  let s: any;
  let lastLog = 0;
  for (;;) {
    s = await c.json('GET', `/api/upload/${uploadId}/status`);
    if (s.status !== 'processing') break;
    const at = (performance.now() - t0) / 1000;
    if (at - lastLog >= 2) {
      lastLog = at;
      console.log(`  ${at.toFixed(1)} s: step 1 ${s.step1Count}, step 2 ${s.step2Count}/${s.step2Total}`);
    }
    await sleep(100);
  }
  const wall = (performance.now() - t0) / 1000;
  const all: any[] = [];
  for (let page = 1; all.length < rows.length; page++) {
    const got: any = await c.json('GET', `/api/upload/${uploadId}/results?page=${page}`);
    if (got.results.length === 0) break;
    all.push(...got.results);
  }
  const byHost: Record<string, Record<string, number>> = {};
  for (const r of all) {
    const h = String(r.email.email).split('@')[1].split('.')[0].replace(/\d+$/, '');
    const key = `${r.finalStatus}/${r.fourthVerificationDetails?.reason ?? r.reason ?? ''}`;
    byHost[h] ??= {};
    byHost[h][key] = (byHost[h][key] ?? 0) + 1;
  }
  console.log(`${rows.length} rows, status ${s.status}, stats ${JSON.stringify(s.stats)}`);
  console.table(byHost);
  console.log(
    `wall time, start → completed (both steps, HTTP API): ${wall.toFixed(1)} s (target ≤ 15 s); load ${loadAverage()}`,
  );
} finally {
  await server.stop();
  await Promise.all([dns.close(), ...hosts.map((h) => h.close())]);
}
