import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  createVerifier,
  type NetworkHealth,
  verificationEnvSchema,
  verifierOptionsFromEnv,
} from '../server/features/verification';
import { finalLine, noProgress, type Progress, progressLines, whyPaused } from './progress';
import { CLI_TENANT, verifyCsv } from './verify-csv';

/** 10:42:05 in the machine's time zone. */
const clockTime = (iso: string) => new Date(iso).toTimeString().slice(0, 8);

const USAGE = `usage: npm run verify -- INPUT.csv --out RESULTS.csv [--step 1|2] [--max-pause S] [--progress-every S]

  --step 1             format and domain checks only (no SMTP); final_status is the step-1 status
  --step 2             also the SMTP check for rows that pass step 1 (default)
  --max-pause S        how long a run may stay paused on our side before it stops (default 120)
  --progress-every S   seconds between progress lines (default 2)

Reads DNS_SERVERS, DNS_*, SMTP_*, GREYLIST_*, VERIFIER_API_* like the server. Progress goes to stderr:
rows done, step 1 and step 2 counts as verdicts arrive, what rows wait for, and "paused: <why>" while
our side fails (the DNS resolver fails its canary check or does not answer, no mail server is
reachable, the verifier API is down): then rows wait, nothing is judged, and the run resumes by itself.

Exit status 75 (try again later): our side failed at the start, or for longer than --max-pause. No
verdict is made up and no results file is left: run it again once the problem is solved.`;

/** EX_TEMPFAIL (sysexits.h): a temporary failure on our side; trying again later may work. */
const EXIT_OUR_SIDE = 75;

function fail(message: string): never {
  process.stderr.write(`verify: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

/** A number of seconds from the command line (fractions allowed), or a usage error. */
function seconds(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number of seconds`);
  return n;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      step: { type: 'string', default: '2' },
      'max-pause': { type: 'string', default: '120' },
      'progress-every': { type: 'string', default: '2' },
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
  const maxPauseMs = seconds('max-pause', values['max-pause']) * 1000;
  const everyMs = Math.max(100, seconds('progress-every', values['progress-every']) * 1000);
  const env = verificationEnvSchema.safeParse(process.env);
  if (!env.success) {
    fail(`bad environment: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }

  const verifier = createVerifier(verifierOptionsFromEnv(env.data));
  const step = values.step === '1' ? 1 : 2;
  const started = Date.now();
  let last: Progress = noProgress();
  const elapsedS = () => (Date.now() - started) / 1000;
  const say = (lines: string[]) => process.stderr.write(lines.map((l) => `${l}\n`).join(''));
  const report = () =>
    say(
      progressLines({
        progress: last,
        step,
        elapsedS: elapsedS(),
        waiting: verifier.waiting(CLI_TENANT),
        health: verifier.health(),
        time: clockTime,
      }),
    );
  const output = values.out;
  // Our side failing is never written as verdicts: stop, say why (the server's notice), leave no file.
  const stop = (h: NetworkHealth) => {
    clearInterval(timer);
    rmSync(output, { force: true });
    say([`verify: ${whyPaused(h)}. No results were written; run it again later.`]);
    process.exit(EXIT_OUR_SIDE);
  };
  // While our side fails, the engine holds the rows (nothing is judged) and tries again by itself, as
  // the server does: the run says it is paused, and stops only if that lasts past --max-pause.
  let pausedSince: number | null = null;
  let printedAt = started;
  const timer = setInterval(
    () => {
      const h = verifier.health();
      const pauseStarts = !h.ok && pausedSince === null;
      pausedSince = h.ok ? null : (pausedSince ?? Date.now());
      if (pausedSince !== null && Date.now() - pausedSince >= maxPauseMs) stop(h);
      if (pauseStarts || Date.now() - printedAt >= everyMs - 50) {
        printedAt = Date.now();
        report();
      }
    },
    Math.min(1000, everyMs),
  );
  try {
    // The resolver's canaries first: a lying resolver stops the run before any row.
    if (verifier.checkResolver && !(await verifier.checkResolver())) stop(verifier.health());
    last = await verifyCsv({
      input,
      output,
      step,
      verifier,
      onProgress: (p) => {
        last = p;
      },
    });
    const h = verifier.health();
    if (!h.ok) stop(h);
    say([finalLine(last, elapsedS())]);
  } catch (err) {
    process.stderr.write(`verify: ${(err as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    clearInterval(timer);
    await verifier.close();
  }
}

await main();
