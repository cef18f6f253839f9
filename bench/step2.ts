// Step 2 over 5,000 addresses across 50 fake SMTP hosts that add 30 ms to every reply (like a
// network round trip), beside a plain probe (one connection per address: connect, EHLO, MAIL,
// RCPT, QUIT) under the same caps. Figures come from the fake servers' own counters.
//   npm run bench:step2            (HOSTS=50 PER_HOST=100 LATENCY_MS=30 to change the shape)

import { ConnectionPool } from '../src/server/features/verification/smtp/pool';
import { SmtpSession } from '../src/server/features/verification/smtp/session';
import { createVerifier } from '../src/server/features/verification/verifier';
import { startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtp, startFakeSmtp } from '../tests/fakes/smtp';

const HOSTS = Number(process.env.HOSTS ?? 50);
const PER_HOST = Number(process.env.PER_HOST ?? 100);
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 30);
const PER_HOST_CAP = 2;
const GLOBAL_CAP = 50;

const hosts: FakeSmtp[] = [];
const emails: Array<{ email: string; ip: string }> = [];
const zone: Record<string, { MX?: Array<{ preference: number; exchange: string }>; A?: string[] }> = {};
let port = 0;
for (let h = 0; h < HOSTS; h++) {
  const ip = `127.66.${Math.floor(h / 200)}.${(h % 200) + 1}`;
  const domain = `h${h}.bench.test`;
  const all = Array.from({ length: PER_HOST }, (_, i) => `user${i}@${domain}`);
  const fake = await startFakeSmtp({
    host: ip,
    port,
    latencyMs: LATENCY_MS,
    mailboxes: all.filter((_, i) => i % 10 < 7), // 70% exist
  });
  port = fake.port;
  hosts.push(fake);
  zone[domain] = { MX: [{ preference: 10, exchange: `mx.${domain}` }] };
  zone[`mx.${domain}`] = { A: [ip] };
  for (const email of all) emails.push({ email, ip });
}
const dns = await startFakeDns({ zone });

function snapshot() {
  for (const h of hosts) h.stats.maxConcurrent = 0;
  const connections = hosts.reduce((n, h) => n + h.stats.connections, 0);
  return () => ({
    connections: hosts.reduce((n, h) => n + h.stats.connections, 0) - connections,
    maxPerHost: Math.max(...hosts.map((h) => h.stats.maxConcurrent)),
  });
}

// 1. The engine: pipelined, reused sessions, catch-all probe per domain.
const verifier = createVerifier({
  dnsServers: [dns.server],
  smtp: {
    allowPrivate: true,
    port,
    heloName: 'bench.verilead.test',
    mailFrom: 'bounce@verilead.test',
    maxConnectionsPerHost: PER_HOST_CAP,
    maxConnections: GLOBAL_CAP,
    timeoutMs: 5000,
  },
});
await verifier.checkStep1(emails.map((e) => e.email)); // DNS warm-up: we measure SMTP here
let done = snapshot();
let t0 = performance.now();
const results = await verifier.checkStep2(emails.map((e) => e.email));
const engineMs = performance.now() - t0;
await verifier.close();
const engine = done();
const valid = results.filter((r) => r.status === 'valid').length;

// 2. The plain probe: a fresh connection per address, same per-host and global caps.
const pool = new ConnectionPool(PER_HOST_CAP, GLOBAL_CAP, 1000, 1000);
done = snapshot();
t0 = performance.now();
let plainValid = 0;
await Promise.all(
  emails.map(async ({ email, ip }) => {
    const release = await pool.acquire(ip);
    try {
      const session = await SmtpSession.open({
        ip,
        port,
        timeoutMs: 5000,
        exchange: 'mx',
        heloName: 'bench.verilead.test',
        mailFrom: 'bounce@verilead.test',
        starttls: false,
      });
      const res = await session.transaction([email]);
      if (res.rcpts[0]?.code === 250) plainValid++;
      await session.quit();
    } finally {
      release();
    }
  }),
);
const plainMs = performance.now() - t0;
const plain = done();

await Promise.all([dns.close(), ...hosts.map((h) => h.close())]);

const n = emails.length;
const rate = (ms: number) => Math.round(n / (ms / 1000));
console.log(
  `${n} addresses, ${HOSTS} hosts, ${LATENCY_MS} ms per reply, caps ${PER_HOST_CAP}/host ${GLOBAL_CAP} global`,
);
console.log(
  `engine: ${rate(engineMs)} addresses/s (${(engineMs / 1000).toFixed(2)} s), ${(engine.connections / n).toFixed(3)} connections/address, max ${engine.maxPerHost} concurrent per host, ${valid} valid`,
);
console.log(
  `plain:  ${rate(plainMs)} addresses/s (${(plainMs / 1000).toFixed(2)} s), ${(plain.connections / n).toFixed(3)} connections/address, max ${plain.maxPerHost} concurrent per host, ${plainValid} valid`,
);
console.log(`engine / plain throughput: ${(plainMs / engineMs).toFixed(1)}x`);
