import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  createVerifier,
  verificationEnvSchema,
  verifierOptionsFromEnv,
} from '../server/features/verification';
import { describeWaiting } from '../shared/list-runs';
import { CLI_TENANT, type Progress, verifyCsv } from './verify-csv';

/** 10:42:05 in the machine's time zone. */
const clockTime = (iso: string) => new Date(iso).toTimeString().slice(0, 8);

const USAGE = `usage: npm run verify -- INPUT.csv --out RESULTS.csv [--step 1|2]

  --step 1   format and domain checks only (no SMTP); final_status is the step-1 status
  --step 2   also the SMTP check for rows that pass step 1 (default)

Reads DNS_SERVERS, DNS_*, SMTP_*, GREYLIST_*, VERIFIER_API_* like the server. Progress goes to stderr.

Exit status 75 (try again later): our side failed (the DNS resolver fails its canary check or does not
answer, no mail server is reachable, the verifier API is down). No verdict is made up and no results
file is left: run it again once the problem is solved.`;

/** EX_TEMPFAIL (sysexits.h): a temporary failure on our side; trying again later may work. */
const EXIT_OUR_SIDE = 75;

function fail(message: string): never {
  process.stderr.write(`verify: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      step: { type: 'string', default: '2' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const input = positionals[0];
  if (!input) fail('missing INPUT.csv');
  if (!values.out) fail('missing --out RESULTS.csv');
  if (values.step !== '1' && values.step !== '2') fail('--step must be 1 or 2');
  const env = verificationEnvSchema.safeParse(process.env);
  if (!env.success) {
    fail(`bad environment: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }

  const verifier = createVerifier(verifierOptionsFromEnv(env.data));
  const started = Date.now();
  let last: Progress = { rows: 0, written: 0, byStatus: {} };
  const report = (final = false) => {
    const s = (Date.now() - started) / 1000;
    const counts = Object.entries(last.byStatus)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    process.stderr.write(
      `verify: ${last.written} rows done (${Math.round(last.written / Math.max(s, 0.001))}/s)${counts ? `: ${counts}` : ''}${final ? ` in ${s.toFixed(1)} s` : ''}\n`,
    );
    // What the rows still out are waiting for: "3 rows: greylisted (mx.x), retry at 10:42:05".
    if (!final) {
      for (const g of verifier.waiting(CLI_TENANT)) {
        process.stderr.write(`verify:   waiting: ${describeWaiting(g, clockTime)}\n`);
      }
    }
  };
  const output = values.out;
  // Our side failing is never written as verdicts: stop, say why (the server's notice), leave no file.
  const ourSide = () => {
    const h = verifier.health();
    if (h.ok) return;
    clearInterval(timer);
    rmSync(output, { force: true });
    // The server's words, without its promise to resume: this command stops instead.
    const why = (h.message ?? 'our side failed').replace(/; verification will resume by itself$/, '');
    process.stderr.write(`verify: ${why}. No results were written; run it again later.\n`);
    process.exit(EXIT_OUR_SIDE);
  };
  const timer = setInterval(() => {
    ourSide();
    report();
  }, 1000);
  try {
    // The resolver's canaries first: a lying resolver stops the run before any row.
    if (verifier.checkResolver && !(await verifier.checkResolver())) ourSide();
    last = await verifyCsv({
      input,
      output: values.out,
      step: values.step === '1' ? 1 : 2,
      verifier,
      onProgress: (p) => {
        last = p;
      },
    });
    ourSide();
    report(true);
  } catch (err) {
    process.stderr.write(`verify: ${(err as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    clearInterval(timer);
    await verifier.close();
  }
}

await main();
