// Step 1 over a generated 250k-row CSV with ~15,000 distinct domains answered by a loopback DNS
// server, beside the floor (the same CSV read and written with no checks). Each measured run is a
// fresh child process, so its peak RSS is its own; the DNS server stays in this process.
//   npm run bench:step1            (ROWS=250000 DOMAINS=15000 to change the size)
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeDns } from '../tests/fakes/dns';

const ROWS = Number(process.env.ROWS ?? 250_000);
const DOMAINS = Number(process.env.DOMAINS ?? 15_000);

interface ChildReport {
  ms: number;
  maxRssMb: number;
  rows: number;
  byStatus: Record<string, number>;
  dnsQueries: number;
}

async function child(
  mode: '0' | '1',
  input: string,
  output: string,
  dnsServer: string,
): Promise<ChildReport> {
  const proc = fork(fileURLToPath(import.meta.url), ['--child', mode, input, output], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DNS_SERVERS: dnsServer, DNS_CONCURRENCY: process.env.DNS_CONCURRENCY ?? '128' },
  });
  const [report] = (await once(proc, 'message')) as [ChildReport];
  await once(proc, 'exit');
  return report;
}

async function runChild(mode: string, input: string, output: string) {
  const { verifyCsv } = await import('../src/cli/verify-csv');
  const { createVerifier } = await import('../src/server/features/verification/verifier');
  const { verificationEnvSchema } = await import('../src/server/features/verification/env');
  const { verifierOptionsFromEnv } = await import('../src/server/features/verification/options');
  const verifier = createVerifier(verifierOptionsFromEnv(verificationEnvSchema.parse(process.env)));
  const t0 = performance.now();
  const p = await verifyCsv({ input, output, step: mode === '1' ? 1 : 0, verifier });
  const ms = performance.now() - t0;
  const report: ChildReport = {
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    rows: p.written,
    byStatus: p.byStatus,
    dnsQueries: verifier.dns.queries,
  };
  await verifier.close();
  process.send!(report, () => process.exit(0));
}

async function generate(path: string) {
  const out = createWriteStream(path);
  out.write('id,name,email,company\n');
  for (let i = 0; i < ROWS; i++) {
    const d = (i * 7919) % DOMAINS; // spread the domains over the file
    const local = i % 97 === 0 ? 'info' : `user${i}`;
    const email = i % 101 === 0 ? `broken${i}.at.d${d}.bench.test` : `${local}@d${d}.bench.test`;
    if (!out.write(`${i},"Person ${i}",${email},Company ${d}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-step1-'));
  const input = join(dir, 'in.csv');
  await generate(input);
  // d<n>.bench.test: 1 in 20 does not exist, 1 in 50 has a null MX, the rest have an MX.
  const dns = await startFakeDns({
    resolve: (name) => {
      const m = /^d(\d+)\.bench\.test$/.exec(name);
      if (!m) return undefined;
      const n = Number(m[1]);
      if (n % 20 === 0) return 'NXDOMAIN';
      if (n % 50 === 1) return { MX: [{ preference: 0, exchange: '.' }] };
      return { MX: [{ preference: 10, exchange: `mx${n % 300}.bench-hosting.test` }] };
    },
  });
  const floor = await child('0', input, join(dir, 'floor.csv'), dns.server);
  const step1 = await child('1', input, join(dir, 'out.csv'), dns.server);
  await dns.close();
  rmSync(dir, { recursive: true, force: true });

  const rate = (r: ChildReport) => Math.round(r.rows / (r.ms / 1000));
  console.log(`rows: ${ROWS}, distinct domains: ${DOMAINS}`);
  console.log(
    `floor  (read+write, no checks): ${rate(floor)} rows/s, ${(floor.ms / 1000).toFixed(2)} s, peak RSS ${floor.maxRssMb.toFixed(0)} MB`,
  );
  console.log(
    `step 1 (syntax, flags, DNS):    ${rate(step1)} rows/s, ${(step1.ms / 1000).toFixed(2)} s, peak RSS ${step1.maxRssMb.toFixed(0)} MB`,
  );
  console.log(
    `step 1 / floor time: ${(step1.ms / floor.ms).toFixed(2)}x; DNS queries sent: ${step1.dnsQueries}`,
  );
  console.log(`statuses: ${JSON.stringify(step1.byStatus)}`);
}

if (process.argv[2] === '--child') await runChild(process.argv[3], process.argv[4], process.argv[5]);
else await main();
