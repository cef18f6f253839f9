// Step 2 against a REAL Exim (Debian's exim4-daemon-light) with Debian's stock bad-recipient rule
// (bench/exim-daemon.ts): a list of ROWS addresses, most of them unknown, over DOMAINS domains whose
// MX (through the fake DNS) is that Exim on two loopback addresses, plus one catch-all domain. The
// engine runs on its defaults (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60, 2 connections per server,
// 50 RCPT per session); only the port, the private-address permission and the HELO/MAIL FROM names
// are set. Prints the verdicts, accuracy against the known truth, and from Exim's own log: sessions,
// RCPTs, the most RCPTs in one message and every "bad recipient count high" rejection.
//   npm run bench:real-exim        (ROWS=400 DOMAINS=5 UNKNOWN_SHARE=0.65 EXIM_PORT=43025 EXIM_TLS=1 RUNS=1 BASELINE_REV=f08303f)
// Skips (exit 0) when exim is not installed: apt-get install exim4-daemon-light.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createVerifier } from '../src/server/features/verification/verifier';
import { startFakeDns } from '../tests/fakes/dns';
import { findExim, startExim } from './exim-daemon';
import { fromLog, makeList, right } from './real-exim-list';
import { loadAverage, loadBaselineVerifier } from './shared-world';

const ROWS = Number(process.env.ROWS ?? 400);
const DOMAINS = Number(process.env.DOMAINS ?? 5);
const UNKNOWN_SHARE = Number(process.env.UNKNOWN_SHARE ?? 0.65);
const PORT = Number(process.env.EXIM_PORT ?? 43025);
const TLS = process.env.EXIM_TLS !== '0';
const RUNS = Number(process.env.RUNS ?? 1);
/** The engine before issue 48 (f08303f), run first on the same Exim; BASELINE_REV=none skips it. */
const BASELINE_REV = process.env.BASELINE_REV ?? 'f08303f';
const IPS = ['127.43.0.1', '127.43.0.2'];

const binary = findExim();
if (!binary) {
  console.log(
    'bench:real-exim skipped: exim is not installed (Debian/Ubuntu: sudo apt-get install exim4-daemon-light; see bench/README.md)',
  );
  process.exit(0);
}

/** The most client connections open at once to one of Exim's addresses, by the kernel's count. */
function kernelWatcher() {
  const targets = IPS.map((ip) => ({ ip, port: PORT }));
  const w = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'established-watcher.mjs'), JSON.stringify(targets)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  w.stdout.on('data', (b) => {
    out += b;
  });
  const exited = new Promise((r) => w.once('exit', r));
  return async () => {
    w.stdin.end();
    await exited;
    return Math.max(...(JSON.parse(out).max as number[]));
  };
}

const list = makeList({ rows: ROWS, domains: DOMAINS, unknownShare: UNKNOWN_SHARE });
const dns = await startFakeDns({
  zone: Object.fromEntries([
    ...list.domains.map((d, i) => [
      d,
      { MX: [{ preference: 10, exchange: `mx${1 + (i % 2)}.exim-bench.test` }] },
    ]),
    [list.catchAll, { MX: [{ preference: 10, exchange: 'mx2.exim-bench.test' }] }],
    ['mx1.exim-bench.test', { A: [IPS[0]] }],
    ['mx2.exim-bench.test', { A: [IPS[1]] }],
  ]),
});
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
const counts = (xs: string[]) => {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].map(([k, c]) => `${k} ${c}`).join(', ');
};
console.log(
  `real Exim ${version} (${binary}) on ${IPS.join(', ')} port ${PORT}, Debian's bad-recipient rule, STARTTLS ${exim.tls ? 'offered' : 'off'}; ` +
    `${list.emails.length} rows (truth: ${counts(list.emails.map((e) => list.truth.get(e) ?? '?'))}) over ${DOMAINS} domains + 1 catch-all; engine defaults; load ${loadAverage()}`,
);

type Engine = {
  checkStep2(e: string[]): Promise<
    Array<{
      input: string;
      status: string;
      reason: string;
      smtpCode?: number | null;
      smtpMessage?: string | null;
    }>
  >;
  close(): Promise<void>;
};
const options = {
  dnsServers: [dns.server],
  logger: { info() {}, warn() {}, error() {} },
  smtp: { port: PORT, allowPrivate: true, heloName: 'bench.verilead.test', mailFrom: 'bounce@verilead.test' },
};

async function run(name: string, v: Engine) {
  const logFrom = exim.mainlog().length;
  const rejectFrom = exim.rejectlog().length;
  const kernel = kernelWatcher();
  const t0 = performance.now();
  const results = await v.checkStep2(list.emails);
  const seconds = (performance.now() - t0) / 1000;
  await v.close();
  const maxKernel = await kernel();
  const wrong = results.filter((r) => !right(list.truth.get(r.input), r));
  const log = fromLog(exim.mainlog().slice(logFrom));
  const rejected = exim.rejectlog().slice(rejectFrom).split('\n');
  const rejectlogRule = rejected.filter((l) => l.includes('Rejected for too many bad recipients')).length;
  console.log(
    `${name}: ${results.length} rows in ${seconds.toFixed(1)} s, accuracy ${(1 - wrong.length / results.length).toFixed(3)} (${wrong.length} wrong)`,
  );
  console.log(`  verdicts: ${counts(results.map((r) => `${r.status}/${r.reason}`))}`);
  console.log(
    `  Exim's log: ${log.sessions} sessions (${log.starttls} STARTTLS), ${log.rcpts} RCPTs (${log.unrouteable} "Unrouteable address"), most RCPTs in one message ${log.mostRcptInMessage}; ` +
      `"bad recipient count high" ${log.badRcptHigh}, "Rejected for too many bad recipients" ${log.tooManyBad} (rejectlog ${rejectlogRule})`,
  );
  console.log(`  most connections at once to one of Exim's addresses (kernel): ${maxKernel} (cap 2)`);
  for (const r of wrong.slice(0, 10)) {
    console.log(
      `  !!! wrong: ${r.input} (truth ${list.truth.get(r.input)}) → ${r.status}/${r.reason}: ${r.smtpCode ?? ''} ${r.smtpMessage ?? ''}`,
    );
  }
}

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
