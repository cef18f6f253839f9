import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../tests/fakes/smtp-world';

// `npm run verify` on a broken resolver: it stops with the reason and exit status 75, and leaves no
// results file, rather than writing "no such domain" for every row. Once the resolver tells the
// truth, the same file gets its true verdicts.
const run = promisify(execFile);
let w: World;
let dir: string;

beforeAll(async () => {
  w = await startWorld({ 'acme.test': { mailboxes: ['jane@acme.test'] } });
  dir = mkdtempSync(join(tmpdir(), 'verify-our-side-'));
});
afterEach(() => w.dns.setMode('normal'));
afterAll(() => w.close());

const INPUT = ['email', 'jane@acme.test', 'ghost@acme.test', 'x@nowhere.test'].join('\n');

// A broken resolver is told quickly (200 ms); a healthy one gets a timeout a loaded machine cannot miss.
async function cli(input: string, output: string, dnsTimeoutMs = 200) {
  const env = {
    PATH: process.env.PATH,
    DNS_SERVERS: w.dns.server,
    DNS_TIMEOUT_MS: String(dnsTimeoutMs),
    DNS_TRIES: '1',
    SMTP_PORT: String(w.port),
    SMTP_ALLOW_PRIVATE: 'true',
    SMTP_HELO_NAME: 'probe.test',
    SMTP_MAIL_FROM: 'bounce@probe.test',
    SMTP_TIMEOUT_MS: '2000',
  };
  const tsx = join(process.cwd(), 'node_modules/.bin/tsx');
  return run(tsx, ['src/cli/verify.ts', input, '--out', output], { env, timeout: 30_000 }).then(
    (r) => ({ code: 0, stderr: r.stderr }),
    (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
  );
}

describe('npm run verify when our resolver is broken', () => {
  it.each([
    ['answers NXDOMAIN to every name', 'nxdomain', 'Our DNS resolver is not answering correctly'],
    ['does not answer', 'timeout', 'Our DNS resolver is not answering.'],
  ] as const)(
    'a resolver that %s: exit 75 with the reason, no results file',
    async (_, mode, message) => {
      const input = join(dir, `${mode}.csv`);
      const output = join(dir, `${mode}-out.csv`);
      writeFileSync(input, INPUT);
      w.dns.setMode(mode);
      const broken = await cli(input, output);
      expect(broken.code).toBe(75);
      expect(broken.stderr).toContain(message);
      expect(broken.stderr).toContain('No results were written');
      expect(existsSync(output)).toBe(false);

      w.dns.setMode('normal');
      const fixed = await cli(input, output, 5000);
      expect(fixed.code, fixed.stderr).toBe(0);
      const rows = Papa.parse<Record<string, string>>(readFileSync(output, 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data;
      expect(rows.map((r) => [r.email, r.final_status, r.reason])).toEqual([
        ['jane@acme.test', 'valid', 'accepted'],
        ['ghost@acme.test', 'invalid', 'rejected'],
        ['x@nowhere.test', 'invalid', 'no_domain'],
      ]);
    },
    60_000,
  );
});
