// Shared by bench/lists-ingest.ts and bench/lists-read.ts: a loopback world (DNS + SMTP fakes), the
// real server as a child process (embedded database or PostgreSQL), a 250k-row CSV, RSS sampling.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/e2e/harness';
import { type FakeDnsEntry, startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtp, startFakeSmtp } from '../tests/fakes/smtp';
import { HttpClient } from '../tests/helpers/lists';

export const ROWS = Number(process.env.ROWS ?? (process.env.MODE === 'load' ? 100_000 : 250_000));
const DOMAINS = 5000;
const LIVE_HOSTS = 20;

/** 1 in 10 domains has a live mail server (half its addresses exist), 6 in 10 an unreachable one, 3 in 10 do not exist. */
export function makeCsv(rows = ROWS): string {
  const lines = ['email,name,company'];
  for (let i = 0; i < rows; i++) {
    const d = i % DOMAINS;
    const email = i % 997 === 0 ? `broken${i}` : `u${i}@d${d}.test`;
    lines.push(`${email},N ${i % 9973},C${d}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function startBenchWorld() {
  const hosts: FakeSmtp[] = [];
  let port = 0;
  const mailboxes: string[][] = Array.from({ length: LIVE_HOSTS }, () => []);
  for (let i = 0; i < ROWS; i += 2) {
    const d = i % DOMAINS;
    if (d % 10 === 0) mailboxes[(d / 10) % LIVE_HOSTS].push(`u${i}@d${d}.test`);
  }
  for (let h = 0; h < LIVE_HOSTS; h++) {
    const fake = await startFakeSmtp({ host: `127.77.0.${h + 1}`, port, mailboxes: mailboxes[h] });
    port = fake.port;
    hosts.push(fake);
  }
  const resolve = (name: string): FakeDnsEntry | undefined => {
    let m = /^d(\d+)\.test$/.exec(name);
    if (m) {
      const d = Number(m[1]);
      if (d % 10 === 0) return { MX: [{ preference: 10, exchange: `mx.live${(d / 10) % LIVE_HOSTS}.test` }] };
      if (d % 10 <= 6) return { MX: [{ preference: 10, exchange: 'mx.dead.test' }] };
      return 'NXDOMAIN';
    }
    m = /^mx\.live(\d+)\.test$/.exec(name);
    if (m) return { A: [`127.77.0.${Number(m[1]) + 1}`] };
    if (name === 'mx.dead.test') return { A: ['127.77.200.200'] };
    return undefined;
  };
  // DNS_DELAY_MS: answers like a real resolver's round trip (step 1 then waits on DNS, not on the CPU).
  const dns = await startFakeDns({ resolve, delayMs: Number(process.env.DNS_DELAY_MS ?? 0) });
  return {
    env: {
      DNS_SERVERS: dns.server,
      SMTP_PORT: String(port),
      SMTP_ALLOW_PRIVATE: 'true',
      SMTP_TIMEOUT_MS: '2000',
      SMTP_MAIL_FROM: 'b@bench.test',
    },
    async close() {
      await Promise.all([dns.close(), ...hosts.map((h) => h.close())]);
    },
  };
}

export interface BenchServer {
  baseUrl: string;
  proc: ChildProcess;
  /** Current and peak resident memory of the server process, MB (from /proc). */
  rss(): { now: number; peak: number };
  stop(): Promise<void>;
}

/** The real server (`src/server/main.ts`), one node process so its /proc figures are its own. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'verilead-bench-'));
  // SERVER_ROOT: another checkout's server (a baseline), measured by this harness.
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.env.SERVER_ROOT || undefined,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every bench client signs up from loopback; abuse limits are not what is measured.
      RATE_LIMIT_SIGNUP_MAX: '100000',
      RATE_LIMIT_LOGIN_MAX: '100000',
      // Bench accounts sign up as trials, whose probe budget (300 an hour, decision 0860) pauses any list
      // over a few hundred rows: what these benches measure is the engine's pace, so the account gets an
      // allowance out of its reach, as an operator can grant a workspace. The probes are still counted
      // (the budget's bookkeeping is in every figure); `npm run bench:budget` measures the allowance.
      PROBE_BUDGET_TRIAL: '100000000,1000000000,100000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    // Two minutes: on a busy shared machine the server's start (tsx, migrations) has taken over one.
    if (i > 600) {
      proc.kill('SIGKILL'); // never leave a server behind the bench
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const kb = (field: string) => {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  };
  return {
    baseUrl,
    proc,
    rss: () => ({ now: Math.round(kb('VmRSS')), peak: Math.round(kb('VmHWM')) }),
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory (MB) of every descendant process of `pid` (an embedded database run apart). */
export function descendantsRss(pid: number | undefined): number {
  if (!pid) return 0;
  let kb = 0;
  const visit = (p: number) => {
    let children: number[] = [];
    try {
      for (const task of readdirSync(`/proc/${p}/task`))
        children = children.concat(
          readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
        );
    } catch {
      return;
    }
    for (const c of children) {
      try {
        kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${c}/status`, 'utf8'))?.[1] ?? 0);
      } catch {}
      visit(c);
    }
  };
  visit(pid);
  return Math.round(kb / 1024);
}

/** `npm run worker` as a child process (PostgreSQL only): works the runs' jobs outside the web server. */
export async function startBenchWorker(env: Record<string, string>): Promise<{ stop(): Promise<void> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('worker started')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`worker exited (${code}): ${out.slice(-500)}`)));
  });
  return {
    async stop() {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** A fresh PostgreSQL database for a bench run (dropped by the returned function). */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `verilead_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch {
    return null;
  }
  await client.query(`DROP DATABASE IF EXISTS ${name}`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function signedInClient(baseUrl: string): Promise<HttpClient> {
  const c = new HttpClient(baseUrl);
  await c.register(`bench${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
  return c;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
