// What a shared-world bench measures besides time: connections (the servers' counters and the most
// open at once per server, client side), the commands the servers received per verb, and what
// error-limited servers saw. Importing this module patches node:net to count this process's sockets.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { FakeSmtp } from '../tests/fakes/smtp';
import { countVerbs, describeCommands } from './commands';
import { CAP, type SharedWorld } from './shared-world';

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
 * Counts connections and commands (the servers' counters) and the most open at once per server: from
 * the kernel's established sockets (client side), sampled every 5 ms by a separate process; and what
 * error-limited servers saw (the most errors in one session, sessions slowed, "too many errors").
 */
export function measure(world: SharedWorld) {
  for (const s of world.servers) s.stats.maxConcurrent = 0;
  sockets.max.clear();
  sockets.current.clear();
  const before = world.servers.reduce((n, s) => n + s.stats.connections, 0);
  const from = world.servers.map((s) => ({
    commands: s.stats.commands.length,
    sessions: s.stats.sessionErrors.length,
    slowed: s.stats.slowedSessions,
    log: s.stats.errorLimitLog.length,
    exim: s.stats.eximRejects.length,
    tls: s.stats.tlsSessions,
    resumed: s.stats.tlsResumed,
  }));
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
    const since = <T>(f: (s: FakeSmtp, i: number) => T[]) => world.servers.flatMap(f);
    return {
      connections: world.servers.reduce((n, s) => n + s.stats.connections, 0) - before,
      maxPerServerSockets: Math.max(0, ...sockets.max.values()),
      maxPerServerKernel: Math.max(...kernel),
      maxPerServerFake: Math.max(...world.servers.map((s) => s.stats.maxConcurrent)),
      verbs: countVerbs(since((s, i) => s.stats.commands.slice(from[i].commands))),
      perServer: world.servers.map((s, i) => ({
        host: s.host,
        verbs: countVerbs(s.stats.commands.slice(from[i].commands)),
      })),
      maxSessionErrors: Math.max(0, ...since((s, i) => s.stats.sessionErrors.slice(from[i].sessions))),
      slowedSessions: world.servers.reduce((n, s, i) => n + s.stats.slowedSessions - from[i].slowed, 0),
      errorLimitLog: since((s, i) => s.stats.errorLimitLog.slice(from[i].log)),
      /** RCPTs denied by Exim's bad-recipient rule (ERROR_LIMITS=exim): refusals of the session. */
      eximRejects: world.servers.reduce((n, s, i) => n + s.stats.eximRejects.length - from[i].exim, 0),
      tlsSessions: world.servers.reduce((n, s, i) => n + s.stats.tlsSessions - from[i].tls, 0),
      tlsResumed: world.servers.reduce((n, s, i) => n + s.stats.tlsResumed - from[i].resumed, 0),
    };
  };
}

export type Measured = Awaited<ReturnType<ReturnType<typeof measure>>>;

/** The lines every shared-world bench prints after a run. */
export function describeMeasured(name: string, m: Measured, rows: number, errorLimited = false): string {
  const total = (v: Record<string, number>) => Object.values(v).reduce((a, b) => a + b, 0);
  const busiest = m.perServer.reduce((a, b) => (total(b.verbs) > total(a.verbs) ? b : a));
  const each = Object.entries(busiest.verbs)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const lines = [
    `  ${name}: commands the servers received: ${describeCommands(m.verbs, rows)}`,
    `  ${name}: the server that received the most, ${busiest.host}: ${total(busiest.verbs)} (${each})`,
    `  ${name}: most connections at once to one server: ${m.maxPerServerKernel} by the kernel's count, ${m.maxPerServerFake} by the servers' (cap ${CAP}); ${(m.connections / rows).toFixed(3)} connections per row`,
  ];
  if (errorLimited) {
    lines.push(
      `  ${name}: most errors in one session ${m.maxSessionErrors}; sessions slowed ${m.slowedSessions}`,
    );
  }
  lines.push(
    `  ${name}: session refusals by Exim's rule: ${m.eximRejects}; TLS sessions ${m.tlsSessions} (${m.tlsResumed} resumed)`,
  );
  for (const l of m.errorLimitLog) lines.push(`  !!! ${name}: the server logged "${l}" (an IP ban offence)`);
  return lines.join('\n');
}
