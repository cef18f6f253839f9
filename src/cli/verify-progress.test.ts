import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../tests/fakes/smtp-world';

// `npm run verify` says on stderr where the run stands as verdicts arrive: step 1's count as soon as
// step 1 is done, step 2's as each mail server answers (not once a whole batch is written), and
// "paused: <why>" while our side fails.
const run = promisify(execFile);
const ROWS_PER_DOMAIN = 40;
/** Five mail servers, each slower than the last: their answers come in five waves, ~0.75 s apart. */
const SLOW = Array.from({ length: 5 }, (_, i) => `s${i}.test`);
let w: World;
let dir: string;

beforeAll(async () => {
  w = await startWorld(
    Object.fromEntries([
      ...SLOW.map((d, i) => [d, { mailboxes: [`u0@${d}`, `u2@${d}`], latencyMs: 250 * (i + 1) }]),
      ['acme.test', { mailboxes: ['jane@acme.test'] }],
      ['late.test', { mailboxes: ['kim@late.test'] }],
    ]),
    // Three domains whose mail servers refuse every connection: to the prober, our network is down.
    (unusedIp) =>
      Object.fromEntries(
        [1, 2, 3].flatMap((n) => {
          const ip = unusedIp.replace(/\.\d+$/, `.${200 + n}`);
          return [
            [`down${n}.test`, { MX: [{ preference: 10, exchange: `mx.down${n}.test` }] }],
            [`mx.down${n}.test`, { A: [ip] }],
          ];
        }),
      ),
  );
  dir = mkdtempSync(join(tmpdir(), 'verify-progress-'));
});
afterAll(() => w.close());

const TSX = join(process.cwd(), 'node_modules/.bin/tsx');
const ENV = () => ({ PATH: process.env.PATH, ...w.env() });
/** A resolver that goes silent is noticed within a second, and asked again every second. */
const QUICK_DNS = { DNS_TIMEOUT_MS: '1000', DNS_TRIES: '1', DNS_RETRY_S: '1' };

async function cli(args: string[]) {
  return run(TSX, ['src/cli/verify.ts', ...args], { env: ENV(), timeout: 40_000 }).then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
  );
}

/** The progress lines' counts: "verify: 12/205 rows done (…); step 1 205/205; step 2 7/200". */
function counts(stderr: string) {
  return [...stderr.matchAll(/rows done .*; step 1 (\d+)\/(\d+); step 2 (\d+)\/(\d+)/g)].map((m) => ({
    step1: Number(m[1]),
    step2: Number(m[3]),
    step2Total: Number(m[4]),
  }));
}

describe('npm run verify: progress on stderr', () => {
  it('counts step 1 at once and step 2 as each server answers, before the batch is written', async () => {
    const input = join(dir, 'slow.csv');
    const output = join(dir, 'slow-out.csv');
    const emails = SLOW.flatMap((d) => Array.from({ length: ROWS_PER_DOMAIN }, (_, i) => `u${i}@${d}`));
    writeFileSync(input, ['email', ...emails, 'not-an-email', 'x@nowhere.test'].join('\n'));
    const { code, stderr } = await cli([input, '--out', output, '--progress-every', '0.25']);
    expect(code, stderr).toBe(0);
    const seen = counts(stderr);
    // Step 1 is done (202 rows; 200 go on to step 2) while step 2 has not answered anything yet.
    expect(seen).toContainEqual({ step1: 202, step2: 0, step2Total: 200 });
    // Step 2's count moved in several steps while the one batch (all 202 rows) was still out.
    const steps = new Set(seen.map((s) => s.step2).filter((n) => n > 0 && n < 200));
    expect(steps.size, stderr).toBeGreaterThanOrEqual(3);
    expect(stderr).toMatch(/verify: 202 rows done in [\d.]+ s/);
    // The results file is as before: every row, in input order.
    const lines = readFileSync(output, 'utf8').trim().split('\n');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([...emails, 'not-an-email', 'x@nowhere.test']);
  }, 60_000);

  it('says "paused" and why while no mail server can be reached, then stops after --max-pause', async () => {
    const input = join(dir, 'down.csv');
    const output = join(dir, 'down-out.csv');
    writeFileSync(input, ['email', 'a@down1.test', 'b@down2.test', 'c@down3.test'].join('\n'));
    const { code, stderr } = await cli([input, '--out', output, '--max-pause', '2']);
    expect(stderr).toMatch(
      /verify: {3}paused: Our server cannot reach mail servers on port \d+ \(set SMTP_PROXY or VERIFIER_API_URL\)/,
    );
    // Paused rows are never judged: the run ends without a verdict, as when our side fails at the start.
    expect(code).toBe(75);
    expect(stderr).toContain('No results were written');
    expect(existsSync(output)).toBe(false);
  }, 60_000);

  it('pauses while our resolver is silent, says so, and resumes by itself once it answers', async () => {
    const input = join(dir, 'dns.csv');
    const output = join(dir, 'dns-out.csv');
    writeFileSync(input, ['email', 'jane@acme.test', 'kim@late.test', 'ghost@late.test'].join('\n'));
    // The resolver goes silent once the run asks about late.test (after the canaries passed at the start).
    w.dns.onQuery = (_type, name) => {
      if (name === 'late.test') w.dns.setMode('timeout');
    };
    let stderr = '';
    const child = spawn(TSX, ['src/cli/verify.ts', input, '--out', output], {
      env: { ...ENV(), ...QUICK_DNS },
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // The user sees the pause: the resolver then tells the truth again.
      if (stderr.includes('paused:')) {
        w.dns.onQuery = null;
        w.dns.setMode('normal');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    w.dns.onQuery = null;
    w.dns.setMode('normal');
    expect(stderr).toMatch(
      /verify: {3}paused: Our DNS resolver is not answering; next try at \d\d:\d\d:\d\d/,
    );
    expect(code, stderr).toBe(0);
    const rows = readFileSync(output, 'utf8').trim().split('\n').slice(1);
    expect(rows.map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'jane@acme.test,valid,valid',
      'kim@late.test,valid,valid',
      'ghost@late.test,valid,invalid',
    ]);
  }, 60_000);
});
