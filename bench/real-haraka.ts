// Step 2 against a REAL Haraka with its karma and limit plugins (bench/haraka-daemon.ts): the list of
// bench/real-exim.ts (ROWS addresses, most unknown, over DOMAINS domains and a catch-all) served by
// Haraka on two loopback addresses, the engine on its defaults (bench/real-server.ts), first at
// BASELINE_REV (f08303f, before issue 48) then this tree. Prints the verdicts, accuracy, and from
// Haraka's own log: sessions, RCPTs accepted / deferred / rejected, "Too many recipient attempts"
// and other limit refusals, and every karma score.
//   npm run bench:real-haraka   (ROWS=400 DOMAINS=5 UNKNOWN_SHARE=0.65 HARAKA_PORT=43026 REDIS_PORT=43379 RUNS=1 BASELINE_REV=f08303f)
// Skips (exit 0) when Haraka is not installed in HARAKA_DIR (default <tmp>/verilead-haraka):
//   npm install --prefix /tmp/verilead-haraka haraka haraka-plugin-karma haraka-plugin-limit
import { createVerifier } from '../src/server/features/verification/verifier';
import { findHaraka, harakaLogFigures, startHaraka } from './haraka-daemon';
import { counts, type Engine, engineOptions, startListDns, verifyList } from './real-server';
import { makeList } from './real-server-list';
import { loadAverage, loadBaselineVerifier } from './shared-world';

const ROWS = Number(process.env.ROWS ?? 400);
const DOMAINS = Number(process.env.DOMAINS ?? 5);
const UNKNOWN_SHARE = Number(process.env.UNKNOWN_SHARE ?? 0.65);
const PORT = Number(process.env.HARAKA_PORT ?? 43026);
const REDIS_PORT = Number(process.env.REDIS_PORT ?? 43379);
const RUNS = Number(process.env.RUNS ?? 1);
const BASELINE_REV = process.env.BASELINE_REV ?? 'f08303f';
/**
 * HARAKA_IPS=1 (default): one address, as Haraka is mostly deployed. 2: the list's domains alternate
 * between two MX addresses of the same Haraka, whose limit counts concurrency per client over both.
 */
const IPS = ['127.43.1.1', '127.43.1.2'].slice(0, process.env.HARAKA_IPS === '2' ? 2 : 1);
const ZONE = 'haraka-bench.test';

const found = findHaraka();
if ('missing' in found) {
  console.log(
    `bench:real-haraka skipped: ${found.missing} is not installed (npm install --prefix /tmp/verilead-haraka haraka haraka-plugin-karma haraka-plugin-limit, and redis-server; see bench/README.md)`,
  );
  process.exit(0);
}

const list = makeList({ rows: ROWS, domains: DOMAINS, unknownShare: UNKNOWN_SHARE, zone: ZONE });
const dns = await startListDns(list, ZONE, [IPS[0], IPS.at(-1) ?? IPS[0]]);
const haraka = await startHaraka({
  ...found,
  ips: IPS,
  port: PORT,
  redisPort: REDIS_PORT,
  domains: list.domains,
  catchAllDomains: [list.catchAll],
  // Haraka has no built-in postmaster: the bench's mailbox list carries it.
  mailboxes: [...list.mailboxes, ...list.domains.map((d) => `postmaster@${d}`)],
});
const baseline = BASELINE_REV === 'none' ? null : await loadBaselineVerifier(BASELINE_REV);
console.log(
  `real Haraka ${haraka.version} (karma, limit) on ${IPS.join(', ')} port ${PORT}; ` +
    `${list.emails.length} rows (truth: ${counts(list.emails.map((e) => list.truth.get(e) ?? '?'))}) over ${DOMAINS} domains + 1 catch-all; engine defaults; load ${loadAverage()}`,
);

async function run(name: string, engine: Engine) {
  const from = haraka.log().length;
  await verifyList({ name, engine, list, ips: IPS, port: PORT });
  await new Promise((r) => setTimeout(r, 500)); // the last disconnect lines
  const log = harakaLogFigures(haraka.log().slice(from));
  console.log(
    `  Haraka's log: ${log.sessions} sessions, RCPTs ${log.rcpts}, most RCPTs in one session ${log.mostRcptInSession}; ` +
      `"Too many recipient attempts" ${log.tooManyRcpt}, "Too many concurrent connections" ${log.concurrency}, other limit refusals ${log.otherLimits}; karma: ${log.karma}; "very bad karma" ${log.badKarma}`,
  );
}

const options = engineOptions(dns, PORT);
try {
  for (let i = 1; i <= RUNS; i++) {
    if (baseline)
      await run(`run ${i}, before (engine at ${baseline.sha})`, baseline.createVerifier(options) as Engine);
    await run(`run ${i}, after (this tree)`, createVerifier(options));
  }
} finally {
  await haraka.close();
  await dns.close();
}
