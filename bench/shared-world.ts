// A loopback world like hosted mail: DOMAINS domains, each with its own MX name (mx.<domain>), all
// resolving to SERVERS fake SMTP servers (127.70.0.1…), like Google Workspace or Microsoft 365
// tenants. Two addresses per domain (DOMAINS sets fewer domains with more each); 60 % of addresses exist; 1 domain in 10 is catch-all. The truth
// of every address is known, so accuracy can be measured. The servers behave as real ones do: at most
// CAP connections per client, each counted until the server has read the client's close (421 to the
// next one), and RCPT_LIMIT recipients per session (then 452 4.5.3).
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FakeDns, startFakeDns } from '../tests/fakes/dns';
import { type FakeSmtp, startFakeSmtp } from '../tests/fakes/smtp';

export const ROWS = Number(process.env.ROWS ?? 20000);
export const SERVERS = Number(process.env.SERVERS ?? 15);
export const LATENCY_MS = Number(process.env.LATENCY_MS ?? 30);
export const RCPT_LIMIT = Number(process.env.RCPT_LIMIT ?? 20);
/** Domains (default: two addresses each). */
export const DOMAINS = Number(process.env.DOMAINS ?? Math.ceil(ROWS / 2));
export const CAP = 2;

export type Truth = 'exists' | 'unknown' | 'catch_all';

export interface SharedWorld {
  dns: FakeDns;
  port: number;
  servers: FakeSmtp[];
  emails: string[];
  truth: Map<string, Truth>;
  /** MX host name → IP (what a resolver pointed at the fake DNS answers). */
  ipOf: Map<string, string>;
  close(): Promise<void>;
}

export async function startSharedWorld(): Promise<SharedWorld> {
  const domains = DOMAINS;
  const perDomain = Math.ceil(ROWS / domains);
  const emails: string[] = [];
  const truth = new Map<string, Truth>();
  const perServer: string[][] = Array.from({ length: SERVERS }, () => []);
  const catchAllPerServer: boolean[] = [];
  const ipOf = new Map<string, string>();
  const zone: Record<string, { MX?: { preference: number; exchange: string }[]; A?: string[] }> = {};
  const serverIp = (s: number) => `127.70.0.${s + 1}`;
  for (let d = 0; d < domains; d++) {
    const domain = `t${d}.shared.test`;
    const s = d % SERVERS;
    // The last server hosts the catch-all domains (one in ten), like a gateway that accepts all.
    const catchAll = d % 10 === 9;
    const server = catchAll ? SERVERS - 1 : s === SERVERS - 1 ? 0 : s;
    zone[domain] = { MX: [{ preference: 10, exchange: `mx.${domain}` }] };
    zone[`mx.${domain}`] = { A: [serverIp(server)] };
    ipOf.set(`mx.${domain}`, serverIp(server));
    for (let i = 0; i < perDomain && emails.length < ROWS; i++) {
      const email = `user${i}.${d}@${domain}`;
      emails.push(email);
      const exists = (d * perDomain + i) % 10 < 6;
      truth.set(email, catchAll ? 'catch_all' : exists ? 'exists' : 'unknown');
      if (exists && !catchAll) perServer[server].push(email);
    }
    catchAllPerServer[server] = catchAllPerServer[server] || catchAll;
  }
  const servers: FakeSmtp[] = [];
  let port = 0;
  for (let s = 0; s < SERVERS; s++) {
    const fake = await startFakeSmtp({
      host: serverIp(s),
      port,
      latencyMs: LATENCY_MS,
      catchAll: s === SERVERS - 1,
      mailboxes: perServer[s],
      maxConnections: CAP,
      holdUntilClientCloses: true,
      maxRcptPerSession: RCPT_LIMIT,
    });
    port = fake.port;
    servers.push(fake);
  }
  const dns = await startFakeDns({ zone });
  return {
    dns,
    port,
    servers,
    emails,
    truth,
    ipOf,
    close: async () => {
      await Promise.all([dns.close(), ...servers.map((s) => s.close())]);
    },
  };
}

/**
 * Every client socket of this process towards a fake server, from its 'connect' to its 'close'
 * event (emitted once the descriptor is closed): the exact number open at once per server IP.
 * Patches net.connect / net.createConnection (our engine and the peer both use them).
 */
const sockets = { current: new Map<string, number>(), max: new Map<string, number>() };
for (const name of ['connect', 'createConnection'] as const) {
  const original = net[name] as (...a: unknown[]) => net.Socket;
  (net as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
    const socket = original(...args);
    socket.once('connect', () => {
      const ip = socket.remoteAddress ?? '';
      const n = (sockets.current.get(ip) ?? 0) + 1;
      sockets.current.set(ip, n);
      sockets.max.set(ip, Math.max(n, sockets.max.get(ip) ?? 0));
      let open = true;
      const gone = () => {
        if (!open) return;
        open = false;
        sockets.current.set(ip, (sockets.current.get(ip) ?? 1) - 1);
      };
      socket.once('close', gone);
      // The peer removes every listener before destroy(): count the destroy call too.
      const destroy = socket.destroy.bind(socket);
      socket.destroy = (err?: Error) => {
        gone();
        return destroy(err);
      };
    });
    return socket;
  };
}

/**
 * Counts connections (server counters) and the most open at once per server: from the kernel's
 * established sockets (client side), sampled every 5 ms by a separate process.
 */
export function measure(world: SharedWorld) {
  for (const s of world.servers) s.stats.maxConcurrent = 0;
  sockets.max.clear();
  sockets.current.clear();
  const before = world.servers.reduce((n, s) => n + s.stats.connections, 0);
  const targets = world.servers.map((s) => ({ ip: s.host, port: world.port }));
  const watcher = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'established-watcher.mjs'), JSON.stringify(targets)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  watcher.stdout.on('data', (b) => {
    out += b;
  });
  const exited = new Promise((r) => watcher.once('exit', r));
  return async () => {
    watcher.stdin.end();
    await exited;
    const kernel: number[] = JSON.parse(out).max;
    return {
      connections: world.servers.reduce((n, s) => n + s.stats.connections, 0) - before,
      maxPerServerSockets: Math.max(0, ...sockets.max.values()),
      maxPerServerKernel: Math.max(...kernel),
      maxPerServerFake: Math.max(...world.servers.map((s) => s.stats.maxConcurrent)),
    };
  };
}

/**
 * The engine as it was at BASELINE_REV (default 7312a96, before adaptive scheduling), taken from git
 * into .tmp/ so both run on the same harness in the same process.
 */
export async function loadBaselineVerifier(rev = process.env.BASELINE_REV ?? '7312a96') {
  const root = path.resolve(import.meta.dirname, '..');
  const sha = execSync(`git rev-parse --short ${rev}`, { cwd: root }).toString().trim();
  const dir = path.join(root, '.tmp', `bench-baseline-${sha}`);
  if (!existsSync(path.join(dir, 'src/server/features/verification/verifier.ts'))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${sha} src | tar -x -C ${dir}`, {
      cwd: root,
    });
  }
  const mod = await import(path.join(dir, 'src/server/features/verification/verifier.ts'));
  return { sha, createVerifier: mod.createVerifier as (o: object) => BaselineVerifier };
}

export interface BaselineVerifier {
  checkStep1(emails: string[]): Promise<unknown[]>;
  checkStep2(emails: string[]): Promise<Array<{ input: string; status: string; reason: string }>>;
  close(): Promise<void>;
}

/** Our verdict right when it matches the world's truth. */
export function ourAccuracy(
  world: SharedWorld,
  results: Array<{ input: string; status: string; reason: string }>,
) {
  let right = 0;
  for (const r of results) {
    const t = world.truth.get(r.input);
    if (t === 'exists' && r.status === 'valid') right++;
    else if (t === 'unknown' && r.status === 'invalid') right++;
    else if (t === 'catch_all' && r.reason === 'catch_all') right++;
  }
  return right / results.length;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
