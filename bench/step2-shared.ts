// Step 2 over ROWS addresses (default 20,000) on ROWS/2 domains whose MX names all differ but resolve
// to SERVERS fake servers (default 15; 30 ms per reply; each allows 2 connections per client, counted
// until it has read the close, and 20 RCPT per session): this engine against the engine at
// BASELINE_REV (default 7312a96), same harness, same process, interleaved, default settings
// (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60). Connections per address from the fakes' counters. The
// most open at once per server, client side, two ways: each socket from 'connect' to 'close', and the
// kernel's established sockets sampled every 5 ms by a separate process (/proc/net/tcp is not read
// atomically: a socket closing and the next one opening can land in one sample, so it may read 1 high).
//   npm run bench:step2-shared     (ROWS=20000 SERVERS=15 LATENCY_MS=30 BASELINE_ROWS=5000 ROUNDS=1)

import { createVerifier } from '../src/server/features/verification/verifier';
import {
  CAP,
  LATENCY_MS,
  loadAverage,
  loadBaselineVerifier,
  measure,
  ourAccuracy,
  ROWS,
  SERVERS,
  startSharedWorld,
} from './shared-world';

const BASELINE_ROWS = Number(process.env.BASELINE_ROWS ?? 5000);
const ROUNDS = Number(process.env.ROUNDS ?? 1);

const world = await startSharedWorld();
const baseline = await loadBaselineVerifier();
const options = {
  dnsServers: [world.dns.server],
  logger: { info() {}, warn() {}, error() {} },
  smtp: {
    allowPrivate: true,
    port: world.port,
    heloName: 'bench.verilead.test',
    mailFrom: 'bounce@verilead.test',
    maxConnectionsPerHost: CAP,
    maxConnections: 50,
  },
};

type Engine = {
  checkStep1(e: string[]): Promise<unknown>;
  checkStep2(e: string[]): Promise<any[]>;
  close(): Promise<void>;
};

async function run(name: string, make: () => Engine, emails: string[]) {
  const v = make();
  await v.checkStep1(emails); // DNS warm-up: the figure is SMTP
  const done = measure(world);
  const t0 = performance.now();
  const results = await v.checkStep2(emails);
  const ms = performance.now() - t0;
  await v.close();
  const m = await done();
  return {
    name,
    rows: emails.length,
    rowsPerS: Math.round(emails.length / (ms / 1000)),
    seconds: (ms / 1000).toFixed(2),
    connPerAddress: (m.connections / emails.length).toFixed(3),
    maxPerServerSockets: m.maxPerServerSockets,
    maxPerServerKernel: m.maxPerServerKernel,
    maxPerServerFake: m.maxPerServerFake,
    accuracy: ourAccuracy(world, results).toFixed(3),
    load: loadAverage(),
  };
}

console.log(
  `${ROWS} addresses, ${Math.ceil(ROWS / 2)} domains (distinct MX names) on ${SERVERS} servers, ${LATENCY_MS} ms per reply, cap ${CAP} per server; baseline = engine at ${baseline.sha} on the first ${BASELINE_ROWS} addresses`,
);
const rows: Awaited<ReturnType<typeof run>>[] = [];
for (let r = 0; r < ROUNDS; r++) {
  rows.push(
    await run(
      `before (${baseline.sha})`,
      () => baseline.createVerifier(options),
      world.emails.slice(0, BASELINE_ROWS),
    ),
  );
  rows.push(await run('after (this tree)', () => createVerifier(options), world.emails));
}
console.table(rows);
const best = (n: string) => Math.max(...rows.filter((x) => x.name.startsWith(n)).map((x) => x.rowsPerS));
console.log(`throughput after / before: ${(best('after') / best('before')).toFixed(1)}x`);
const after = rows.filter((x) => x.name.startsWith('after'));
console.log(
  `most simultaneous connections to one server, after: ${Math.max(...after.map((x) => x.maxPerServerSockets))} sockets open→closed, ${Math.max(...after.map((x) => x.maxPerServerKernel))} in kernel samples (cap ${CAP})`,
);
await world.close();
