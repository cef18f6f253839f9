// Step 2 against a REAL Exim (Debian's exim4-daemon-light) with Debian's stock bad-recipient rule
// (bench/exim-daemon.ts): a list of ROWS addresses, most of them unknown, over DOMAINS domains whose
// MX (through the fake DNS) is that Exim on two loopback addresses, plus one catch-all domain. The
// engine runs on its defaults (bench/real-server.ts), first at BASELINE_REV (f08303f, before issue 48)
// then this tree, each with a fresh memory. Prints the verdicts, accuracy against the known truth, and
// from Exim's own logs: sessions, STARTTLS, RCPTs, the most RCPTs in one message and every
// "bad recipient count high" rejection.
//   npm run bench:real-exim   (ROWS=400 DOMAINS=5 UNKNOWN_SHARE=0.65 EXIM_PORT=43025 EXIM_TLS=1 RUNS=1 BASELINE_REV=f08303f)
// Skips (exit 0) when exim is not installed: apt-get install exim4-daemon-light (bench/README.md).
import { createVerifier } from '../src/server/features/verification/verifier';
import { eximLogFigures, findExim, startExim } from './exim-daemon';
import { counts, type Engine, engineOptions, startListDns, verifyList } from './real-server';
import { makeList } from './real-server-list';
import { loadAverage, loadBaselineVerifier } from './shared-world';

const ROWS = Number(process.env.ROWS ?? 400);
const DOMAINS = Number(process.env.DOMAINS ?? 5);
const UNKNOWN_SHARE = Number(process.env.UNKNOWN_SHARE ?? 0.65);
const PORT = Number(process.env.EXIM_PORT ?? 43025);
const TLS = process.env.EXIM_TLS !== '0';
const RUNS = Number(process.env.RUNS ?? 1);
/** The engine before issue 48, run first on the same Exim; BASELINE_REV=none skips it. */
const BASELINE_REV = process.env.BASELINE_REV ?? 'f08303f';
const IPS: [string, string] = ['127.43.0.1', '127.43.0.2'];
const ZONE = 'exim-bench.test';

const binary = findExim(process.env.EXIM_BIN);
if (!binary) {
  console.log(
    'bench:real-exim skipped: exim is not installed (Debian/Ubuntu: sudo apt-get install exim4-daemon-light; see bench/README.md)',
  );
  process.exit(0);
}

const list = makeList({ rows: ROWS, domains: DOMAINS, unknownShare: UNKNOWN_SHARE, zone: ZONE });
const dns = await startListDns(list, ZONE, IPS);
const exim = await startExim({
  binary,
  ips: IPS,
  port: PORT,
  domains: list.domains,
  catchAllDomains: [list.catchAll],
  mailboxes: list.mailboxes,
  tls: TLS,
});
const baseline = BASELINE_REV === 'none' ? null : await loadBaselineVerifier(BASELINE_REV);
const version = /exim ([\d.]+) daemon started/.exec(exim.mainlog())?.[1] ?? '?';
console.log(
  `real Exim ${version} (${binary}) on ${IPS.join(', ')} port ${PORT}, Debian's bad-recipient rule, STARTTLS ${exim.tls ? 'offered' : 'off'}; ` +
    `${list.emails.length} rows (truth: ${counts(list.emails.map((e) => list.truth.get(e) ?? '?'))}) over ${DOMAINS} domains + 1 catch-all; engine defaults; load ${loadAverage()}`,
);

async function run(name: string, engine: Engine) {
  const logFrom = exim.mainlog().length;
  const rejectFrom = exim.rejectlog().length;
  await verifyList({ name, engine, list, ips: IPS, port: PORT });
  const log = eximLogFigures(exim.mainlog().slice(logFrom));
  const rejectlog = eximLogFigures(exim.rejectlog().slice(rejectFrom));
  console.log(
    `  Exim's log: ${log.sessions} sessions (${log.starttls} STARTTLS), ${log.rcpts} RCPTs (${log.unrouteable} "Unrouteable address"), most RCPTs in one message ${log.mostRcptInMessage}; ` +
      `"bad recipient count high" ${log.badRcptHigh}, "Rejected for too many bad recipients" ${log.tooManyBad} (rejectlog ${rejectlog.tooManyBad})`,
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
  await exim.close();
  await dns.close();
}
