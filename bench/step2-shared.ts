// Step 2 over the shared world (bench/shared-world.ts; default 20,000 addresses on 10,000 domains
// whose MX names all differ but resolve to 15 fake servers; SHAPE, REPLY_MODEL and ERROR_LIMITS there):
// this engine against the engine at BASELINE_REV (default d4b1deb), same harness, same process,
// interleaved, default settings (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60). Per run: rows/s, its
// share of the polite ceiling for those rows under the reply model in use (bench/ceiling.ts), the
// commands the servers received per row and per verb, connections per address from the fakes'
// counters, the most open at once per server (each socket from 'connect' to 'close', the kernel's
// established sockets sampled every 5 ms by a separate process, the fakes' own count; /proc/net/tcp
// is not read atomically, see bench/established-watcher.mjs), accuracy against the world's truth.
//   npm run bench:step2-shared     (ROWS=20000 SERVERS=15 LATENCY_MS=30 BASELINE_ROWS=5000 ROUNDS=1; BASELINE_ROWS=0: no baseline)
//   REPLY_MODEL=per-command SHAPE=skewed BASELINE_ROWS=3000 npm run bench:step2-shared

import { createVerifier } from '../src/server/features/verification/verifier';
import { ceilingOf, describeCeiling, shareOf } from './ceiling';
import { describeMeasured, measure } from './shared-measure';
import { CAP, loadAverage, loadBaselineVerifier, ourAccuracy, startSharedWorld } from './shared-world';

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
  const ceiling = ceilingOf(world, emails);
  console.log(
    `  ${name}: ${emails.length} rows in ${(ms / 1000).toFixed(1)} s, ${shareOf(ceiling, ms / 1000)} of their ceiling (${ceiling.seconds.toFixed(1)} s)`,
  );
  console.log(describeMeasured(name, m, emails.length, !!world.spec.errorLimits));
  return {
    name,
    rows: emails.length,
    rowsPerS: Math.round(emails.length / (ms / 1000)),
    seconds: (ms / 1000).toFixed(2),
    ceilingS: ceiling.seconds.toFixed(2),
    ofCeiling: shareOf(ceiling, ms / 1000),
    cmdPerRow: (Object.values(m.verbs).reduce((a, b) => a + b, 0) / emails.length).toFixed(2),
    connPerAddress: (m.connections / emails.length).toFixed(3),
    maxPerServerSockets: m.maxPerServerSockets,
    maxPerServerKernel: m.maxPerServerKernel,
    maxPerServerFake: m.maxPerServerFake,
    accuracy: ourAccuracy(world, results).toFixed(3),
    load: loadAverage(),
  };
}

console.log(
  `${world.describe}; baseline = engine at ${baseline.sha} on the first ${BASELINE_ROWS} addresses`,
);
console.log(describeCeiling(ceilingOf(world)));
const rows: Awaited<ReturnType<typeof run>>[] = [];
for (let r = 0; r < ROUNDS; r++) {
  if (BASELINE_ROWS > 0) {
    rows.push(
      await run(
        `before (${baseline.sha})`,
        () => baseline.createVerifier(options),
        world.emails.slice(0, BASELINE_ROWS),
      ),
    );
  }
  rows.push(await run('after (this tree)', () => createVerifier(options), world.emails));
}
console.table(rows);
// Rows/s compare only on the same rows; shares of the ceiling compare always.
const best = (n: string) => Math.max(...rows.filter((x) => x.name.startsWith(n)).map((x) => x.rowsPerS));
const share = (n: string) =>
  Math.max(...rows.filter((x) => x.name.startsWith(n)).map((x) => Number.parseInt(x.ofCeiling, 10)));
if (BASELINE_ROWS > 0) {
  console.log(
    `share of the ceiling: after ${share('after')} %, before ${share('before')} %${BASELINE_ROWS === world.emails.length ? `; throughput after / before: ${(best('after') / best('before')).toFixed(1)}x` : ''}`,
  );
}
const after = rows.filter((x) => x.name.startsWith('after'));
console.log(
  `most simultaneous connections to one server, after: ${Math.max(...after.map((x) => x.maxPerServerSockets))} sockets open→closed, ${Math.max(...after.map((x) => x.maxPerServerKernel))} in kernel samples (cap ${CAP})`,
);
await world.close();
