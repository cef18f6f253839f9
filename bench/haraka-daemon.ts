// A real Haraka (npm `haraka` 3.3 with haraka-plugin-karma and haraka-plugin-limit, installed OUTSIDE
// this repository: it is 49 MB with a native module, so not a devDependency) for bench/real-haraka.ts,
// with its own Redis (karma's history, limit's concurrency). An instance is made for the run in a
// temporary directory (`haraka -i`), with:
// - karma.ini as the plugin ships it (a stranger's score, tarpit below 0, deny at -8);
// - limit.ini as the plugin ships it with its sections turned on at their shipped values: 3 concurrent
//   connections, 20 recipient attempts per connection ("450 Too many recipient attempts", after a 3 s
//   tarpit), 10 errors, 10 unrecognized commands (rate limits stay off: they exempt 127/8 anyway);
// - two small plugins of the bench: `bench_stranger` (the client counts as a stranger on the internet:
//   karma skips private addresses, loopback included) and `bench_mailboxes` (a fixed list of mailboxes,
//   `550 No such user here` for the rest, catch-all domains accept all).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { counts } from './real-server';

/** Where Haraka is installed (HARAKA_DIR, default <tmp>/verilead-haraka) and redis-server, or why not. */
export function findHaraka(): { dir: string; redis: string } | { missing: string } {
  const dir = process.env.HARAKA_DIR ?? path.join(os.tmpdir(), 'verilead-haraka');
  for (const p of ['haraka', 'haraka-plugin-karma', 'haraka-plugin-limit']) {
    if (!existsSync(path.join(dir, 'node_modules', p, 'package.json'))) return { missing: `${p} in ${dir}` };
  }
  const redis = ['/usr/bin', '/usr/local/bin', '/usr/sbin', ...(process.env.PATH ?? '').split(':')]
    .map((d) => path.join(d, 'redis-server'))
    .find((f) => existsSync(f));
  return redis ? { dir, redis } : { missing: 'redis-server' };
}

const STRANGER = `// The bench's client stands for a stranger on the internet: karma skips private addresses.
exports.hook_connect_init = function (next, connection) {
  connection.remote.is_private = false
  next()
}
`;

const MAILBOXES = `// The bench's mailboxes: a fixed list; catch-all domains accept all; other domains are refused.
exports.register = function () {
  const set = (name) => new Set(this.config.get(name, 'list').map((s) => s.toLowerCase()))
  this.mailboxes = set('bench_mailboxes')
  this.domains = set('bench_domains')
  this.catchall = set('bench_catchall')
}
exports.hook_rcpt = function (next, connection, params) {
  const host = (params[0].host || '').toLowerCase()
  if (!this.domains.has(host)) return next(DENY, 'relaying denied')
  if (this.catchall.has(host)) return next(OK)
  if (this.mailboxes.has((params[0].user + '@' + host).toLowerCase())) return next(OK)
  return next(DENY, 'No such user here')
}
`;

/** The shipped limit.ini with the given sections enabled (their shipped values kept). */
function enableSections(ini: string, sections: string[], extra: Record<string, string[]>): string {
  let section = '';
  return ini
    .split('\n')
    .flatMap((line) => {
      const head = /^\[(.+)\]/.exec(line);
      if (head) {
        section = head[1];
        return [line, ...(extra[section] ?? [])];
      }
      return sections.includes(section) && line.trim() === '; enabled=false' ? ['enabled=true'] : [line];
    })
    .join('\n');
}

async function greets(ip: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: ip, port });
    s.setTimeout(1000, () => s.destroy());
    s.once('data', (b) => {
      s.end('QUIT\r\n');
      resolve(b.toString().startsWith('220'));
    });
    s.once('error', () => resolve(false));
    s.once('close', () => resolve(false));
  });
}

export interface HarakaDaemon {
  version: string;
  /** Haraka's output (its log) so far. */
  log(): string;
  close(): Promise<void>;
}

export async function startHaraka(o: {
  dir: string;
  redis: string;
  ips: string[];
  port: number;
  redisPort: number;
  domains: string[];
  catchAllDomains: string[];
  mailboxes: string[];
}): Promise<HarakaDaemon> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'verilead-haraka-run-'));
  const modules = path.join(o.dir, 'node_modules');
  const bin = path.join(modules, 'haraka', 'bin', 'haraka');
  const inst = path.join(tmp, 'haraka');
  execFileSync(process.execPath, [bin, '-i', inst], { stdio: 'ignore' });
  const config = (name: string, text: string) => writeFileSync(path.join(inst, 'config', name), text);
  config('smtp.ini', `listen=${o.ips.map((ip) => `${ip}:${o.port}`).join(',')}\nnodes=1\n`);
  config('plugins', 'bench_stranger\nredis\nkarma\nlimit\nbench_mailboxes\n');
  config('redis.ini', `[server]\nhost=127.0.0.1\nport=${o.redisPort}\n`);
  copyFileSync(
    path.join(modules, 'haraka-plugin-karma/config/karma.ini'),
    path.join(inst, 'config/karma.ini'),
  );
  const limit = readFileSync(path.join(modules, 'haraka-plugin-limit/config/limit.ini'), 'utf8');
  config(
    'limit.ini',
    enableSections(limit, ['concurrency', 'recipients', 'unrecognized_commands', 'errors'], {
      recipients: ['max=20'], // the value limit.ini suggests (commented out there)
    }),
  );
  config('bench_mailboxes', `${o.mailboxes.join('\n')}\n`);
  config('bench_domains', `${[...o.domains, ...o.catchAllDomains].join('\n')}\n`);
  config('bench_catchall', `${o.catchAllDomains.join('\n')}\n`);
  writeFileSync(path.join(inst, 'plugins/bench_stranger.js'), STRANGER);
  writeFileSync(path.join(inst, 'plugins/bench_mailboxes.js'), MAILBOXES);

  const children: ChildProcess[] = [];
  let output = '';
  const start = (file: string, args: string[]) => {
    const child = spawn(file, args, { cwd: tmp, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (b) => {
      output += b;
    });
    child.stderr?.on('data', (b) => {
      output += b;
    });
    children.push(child);
    return child;
  };
  start(o.redis, ['--port', String(o.redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  start(process.execPath, [bin, '-c', inst]);
  const close = async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    if (!process.env.KEEP_HARAKA_DIR) rmSync(tmp, { recursive: true, force: true });
  };
  const until = Date.now() + 30_000;
  for (const ip of o.ips) {
    while (!(await greets(ip, o.port))) {
      if (Date.now() > until || children.some((c) => c.exitCode !== null)) {
        await close();
        throw new Error(`haraka did not greet on ${ip}:${o.port}:\n${output.slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const version = JSON.parse(readFileSync(path.join(modules, 'haraka/package.json'), 'utf8')).version;
  return { version, log: () => output, close };
}

/** What Haraka's log says about a run. */
export function harakaLogFigures(log: string) {
  const lines = log.split('\n');
  const has = (s: string) => lines.filter((l) => l.includes(s)).length;
  // "disconnect ip=… rcpts=accepted/deferred/rejected"
  const ends = lines
    .map((l) => /\bdisconnect ip=\S+ .* rcpts=(\d+)\/(\d+)\/(\d+)/.exec(l))
    .filter((m) => m !== null);
  const sum = (i: number) => ends.reduce((n, m) => n + Number(m[i]), 0);
  // A connection's karma (its id without a transaction's ".n"): one line at each disconnect.
  const scores = lines
    .map((l) => /\[[0-9A-F-]+\] \[karma\] score: (-?[\d.]+)/.exec(l)?.[1])
    .filter((s) => s !== undefined);
  return {
    sessions: ends.length,
    rcpts: `${sum(1)} accepted, ${sum(2)} deferred, ${sum(3)} rejected`,
    mostRcptInSession: Math.max(0, ...ends.map((m) => Number(m[1]) + Number(m[2]) + Number(m[3]))),
    tooManyRcpt: has('retval=DENYSOFT msg="Too many recipient attempts"'),
    concurrency: has('retval=DENYSOFTDISCONNECT msg="Too many concurrent connections"'),
    otherLimits: has('msg="Too many errors"') + has('msg="Too many unrecognized'),
    karma: scores.length
      ? counts(scores.map((x) => `score ${x} in sessions:`)).replace(/: /g, ' ')
      : 'no karma line',
    badKarma: has('very bad karma score'),
  };
}
