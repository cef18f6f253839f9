import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../fakes/smtp-world';
import { type Child, spawnChild, waitHealthy } from '../helpers/child-server';
import { HttpClient } from '../helpers/lists';
import { freePort } from './harness';

// A server killed with SIGKILL in the middle of a run resumes after restart and completes: no row
// lost, none given two verdicts, and total = valid + invalid + risky + pending at every poll.
// No browser, but two real server boots as child processes: it runs with the end-to-end journeys
// (`npm run test:e2e`, part of `npm test`) rather than in the unit run.

const DOMAINS = 8;
const ROWS = 480;
let w: World;
let dataDir: string;
let child: Child | null = null;

// user<i>@d<i % 8>.test exists when i is even; every 40th row is a duplicate of row i - 1;
// every 25th row is not an address. So each row's verdict is known in advance.
function expected(i: number): { email: string; final: 'valid' | 'invalid' } {
  if (i % 25 === 24) return { email: `broken-${i}`, final: 'invalid' };
  const n = i % 40 === 39 ? i - 1 : i;
  return { email: `user${n}@d${n % DOMAINS}.test`, final: n % 2 === 0 ? 'valid' : 'invalid' };
}

beforeAll(async () => {
  const domains: Record<string, { mailboxes: string[]; latencyMs: number }> = {};
  for (let d = 0; d < DOMAINS; d++) domains[`d${d}.test`] = { mailboxes: [], latencyMs: 40 };
  for (let i = 0; i < ROWS; i += 2)
    domains[`d${i % DOMAINS}.test`].mailboxes.push(`user${i}@d${i % DOMAINS}.test`);
  w = await startWorld(domains);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'verilead-crash-'));
});

afterAll(async () => {
  await child?.stop();
  await w?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash safety', () => {
  it('resumes a run after SIGKILL and completes with every row verified once', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      DNS_SERVERS: w.dns.server,
      SMTP_PORT: String(w.port),
      SMTP_ALLOW_PRIVATE: 'true',
      SMTP_TIMEOUT_MS: '15000', // fakes always answer; a timeout here would only mean a starved CPU
      SMTP_HELO_NAME: 'probe.verilead.test',
      SMTP_MAIL_FROM: 'bounce@verilead.test',
      SMTP_MAX_RCPT_PER_SESSION: '5',
      LISTS_BATCH_SIZE: '20',
      LISTS_LANES: '3',
      LISTS_LEASE_S: '30',
      // A trial's hourly probe budget (300, decision 0860) would pause this 480-row run: what is
      // measured here is the restart, so the account's allowance is not what ends the run.
      PROBE_BUDGET_TRIAL: '100000,1000000,100000',
    };
    // A first start killed during initdb left a half-made data directory (initdb writes PG_VERSION
    // first): it is discarded, and the new one is moved into place only once complete.
    mkdirSync(path.join(dataDir, 'pglite.new'));
    writeFileSync(path.join(dataDir, 'pglite.new', 'PG_VERSION'), '17\n');
    child = spawnChild('src/server/main.ts', env);
    await waitHealthy(baseUrl, child);
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.new'))).toBe(false);
    const client = new HttpClient(baseUrl);
    await client.register(`crash${Date.now().toString(36)}`);
    const csv = ['email,row', ...Array.from({ length: ROWS }, (_, i) => `${expected(i).email},${i}`)].join(
      '\n',
    );
    const { uploadId, totalEmails } = await client.upload('crash.csv', csv);
    expect(totalEmails).toBe(ROWS);
    await client.json('POST', `/api/verify/${uploadId}`);

    const poll = async () => {
      const s = await client.json(`GET`, `/api/upload/${uploadId}/status`);
      expect(s.stats.valid + s.stats.invalid + s.stats.risky + s.stats.pending).toBe(s.stats.total);
      return s;
    };
    // Kill once step 2 has written some results but far from all.
    for (;;) {
      const s = await poll();
      if (s.status !== 'processing') throw new Error(`run ended before the kill: ${JSON.stringify(s)}`);
      if (s.step2Count >= 20) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await child.kill();
    const before = await (async () => {
      child = spawnChild('src/server/main.ts', env);
      await waitHealthy(baseUrl, child);
      return poll();
    })();
    expect(before.status).toBe('processing');
    expect(before.stats.pending).toBeGreaterThan(0);

    let s = before;
    const deadline = Date.now() + 60_000;
    while (s.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      s = await poll();
    }
    expect(s.status, child.output()).toBe('completed');
    const wantValid = Array.from({ length: ROWS }, (_, i) => expected(i)).filter(
      (e) => e.final === 'valid',
    ).length;
    expect(s.stats).toEqual({
      total: ROWS,
      valid: wantValid,
      invalid: ROWS - wantValid,
      risky: 0,
      pending: 0,
    });

    // Every row has exactly its expected verdict (the export lists each row once).
    const res = await client.request('GET', `/api/upload/${uploadId}/export?type=all`);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(ROWS);
    for (const line of lines) {
      const [email, row, initial, final] = line.split(',');
      const want = expected(Number(row));
      expect(email).toBe(want.email);
      expect(final, line).toBe(want.final);
      expect(initial).not.toBe('pending');
    }
    // Each existing mailbox was asked for at most a handful of times (resumed batches re-ask only
    // what had not been written), never once per duplicate row.
    const asked = Object.values(w.hosts).flatMap((h) => h.stats.rcpts);
    expect(asked.length).toBeLessThan(ROWS * 1.5);
  }, 120_000);
});
