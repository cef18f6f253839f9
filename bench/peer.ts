// The shared world (bench/shared-world.ts: by default 20,000 addresses, 10,000 domains, 15 servers, 30 ms
// per reply; SHAPE, REPLY_MODEL and ERROR_LIMITS there) through the npm package deep-email-validator and
// through our engine (this tree, and the engine at BASELINE_REV, default d4b1deb), in the same process,
// interleaved, a fresh world for each run.
// The peer resolves MX through node's default resolver (pointed at the fake DNS with dns.setServers)
// and connects to port 25 by host name; its connections are redirected to the fake server of that
// host (the address the fake DNS gives it). It has no politeness: we run it with PEER_CONCURRENCY
// (default 50, our global connection cap) addresses at a time. Accuracy is against the world's truth:
// existing → valid, unknown → invalid, catch-all domain → "risky, catch-all" (which the peer cannot say).
// Speed is true verdicts per second (rows/s × accuracy: a fast wrong answer is not throughput) and
// the share of the polite ceiling (bench/ceiling.ts) under the reply model in use.
//   npm run bench:peer       (ROWS=20000 PEER_CONCURRENCY=50 ROUNDS=2; BASELINE_REV=none skips the baseline)
//   REPLY_MODEL=per-command SHAPE=skewed ROUNDS=1 npm run bench:peer

import dns from 'node:dns';
import net from 'node:net';
import { validate } from 'deep-email-validator';
import { Semaphore } from '../src/server/features/verification/limit';
import { createVerifier } from '../src/server/features/verification/verifier';
import { ceilingOf, describeCeiling, shareOf } from './ceiling';
import { describeMeasured, type Measured, measure } from './shared-measure';
import { CAP, loadAverage, loadBaselineVerifier, ourAccuracy, startSharedWorld } from './shared-world';

const PEER_CONCURRENCY = Number(process.env.PEER_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

// A fresh world for each run: a peer's sockets left open (counted by the servers until they read the
// close) or its greylist/rate state must not slow the next run down.
let world = await startSharedWorld();
async function freshWorld() {
  await world.close();
  world = await startSharedWorld();
  dns.setServers([world.dns.server]);
}
dns.setServers([world.dns.server]);
// The peer calls net.createConnection(25, exchange): send it to that exchange's fake server.
const original = net.createConnection;
(net as { createConnection: unknown }).createConnection = (port: unknown, host: unknown) =>
  port === 25 && typeof host === 'string'
    ? original({ port: world.port, host: world.ipOf.get(host) ?? '127.0.0.2' })
    : (original as (...a: unknown[]) => net.Socket)(port, host);

async function peer(emails: string[]) {
  const limit = new Semaphore(PEER_CONCURRENCY);
  const seenBefore = world.servers.map((s) => s.stats.rcpts.length);
  const done = measure(world);
  const t0 = performance.now();
  const out = await Promise.all(
    emails.map((email) =>
      limit.run(async () => {
        const r = await validate({
          email,
          sender: 'bounce@verilead.test',
          validateRegex: true,
          validateMx: true,
          validateTypo: false,
          validateDisposable: true,
          validateSMTP: true,
        });
        return { email, valid: r.valid };
      }),
    ),
  );
  const ms = performance.now() - t0;
  const m = await done();
  // A verdict is true only when it rests on the server's answer: a peer refused at the door (421 past
  // the servers' connection cap) calls the address invalid, which matches an unknown one by chance.
  const asked = new Set(world.servers.flatMap((s, i) => s.stats.rcpts.slice(seenBefore[i])));
  let right = 0;
  let rightByChance = 0;
  for (const r of out) {
    const t = world.truth.get(r.email);
    if ((t === 'exists' && r.valid) || (t === 'unknown' && !r.valid)) {
      if (asked.has(r.email.toLowerCase())) right++;
      else rightByChance++;
    }
  }
  console.log(
    `  deep-email-validator: ${right} verdicts right from the server's answer, ${rightByChance} right by chance (never asked: counted wrong)`,
  );
  return row('deep-email-validator', emails.length, ms, m, right / emails.length);
}

const baseline = process.env.BASELINE_REV === 'none' ? null : await loadBaselineVerifier();

async function ours(
  emails: string[],
  name = 'verilead engine',
  make: (o: object) => Engine = createVerifier,
) {
  const v = make({
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
  });
  // Both steps, like the peer (it does its MX look-up per address).
  const done = measure(world);
  const t0 = performance.now();
  // As `npm run verify` feeds the engine: batches of 500 rows, 16 in flight (step 1 of a batch
  // overlaps step 2 of the others), one tenant.
  const results: Awaited<ReturnType<Engine['checkStep2']>> = new Array(emails.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let i = next; i < emails.length; i = next) {
        next += 500;
        const got = await v.checkStep2(emails.slice(i, i + 500), { tenant: 'bench' });
        got.forEach((r, j) => {
          results[i + j] = r;
        });
      }
    }),
  );
  const ms = performance.now() - t0;
  const m = await done();
  await v.close();
  return row(name, emails.length, ms, m, ourAccuracy(world, results));
}

type Engine = {
  checkStep2(
    e: string[],
    o: { tenant: string },
  ): Promise<Array<{ input: string; status: string; reason: string }>>;
  close(): Promise<void>;
};

function row(name: string, n: number, ms: number, m: Measured, acc: number) {
  console.log(describeMeasured(name, m, n, !!world.spec.errorLimits));
  return {
    name,
    rowsPerS: Math.round(n / (ms / 1000)),
    /** Rows with their true verdict, per second: a fast wrong answer is not throughput. */
    rightPerS: Math.round((n * acc) / (ms / 1000)),
    seconds: (ms / 1000).toFixed(2),
    ofCeiling: shareOf(ceilingOf(world), ms / 1000),
    cmdPerRow: (Object.values(m.verbs).reduce((a, b) => a + b, 0) / n).toFixed(2),
    connPerAddress: (m.connections / n).toFixed(3),
    maxPerServerSockets: m.maxPerServerSockets,
    maxPerServerKernel: m.maxPerServerKernel,
    accuracy: acc.toFixed(3),
    load: loadAverage(),
  };
}

console.log(
  `${world.describe}; ours: cap ${CAP} per server${baseline ? ` (and the engine at ${baseline.sha})` : ''}; peer: ${PEER_CONCURRENCY} addresses at a time`,
);
// What the servers allow a polite client at most (bench/ceiling.ts): the fakes advertise PIPELINING.
console.log(describeCeiling(ceilingOf(world)));
const rows: ReturnType<typeof row>[] = [];
for (let r = 0; r < ROUNDS; r++) {
  if (baseline) {
    await freshWorld();
    rows.push(
      await ours(world.emails, `before (${baseline.sha})`, baseline.createVerifier as (o: object) => Engine),
    );
  }
  await freshWorld();
  rows.push(await ours(world.emails));
  await freshWorld();
  rows.push(await peer(world.emails));
}
console.table(rows);
const best = (n: string, k: 'rowsPerS' | 'rightPerS') =>
  Math.max(...rows.filter((x) => x.name.startsWith(n)).map((x) => x[k]));
const peerRight = best('deep-email-validator', 'rightPerS');
console.log(
  `true verdicts/s: ours ${best('verilead engine', 'rightPerS')}, deep-email-validator ${peerRight}: ${(best('verilead engine', 'rightPerS') / peerRight).toFixed(2)}× (target ≥ 2×); rows/s ${(best('verilead engine', 'rowsPerS') / best('deep-email-validator', 'rowsPerS')).toFixed(2)}×`,
);
if (baseline) {
  console.log(
    `true verdicts/s before (${baseline.sha}): ${best('before', 'rightPerS')}, ${(best('before', 'rightPerS') / peerRight).toFixed(2)}× the peer's`,
  );
}
await world.close();
