// What the real-server benches (bench/real-exim.ts, bench/real-haraka.ts) share: the fake DNS that
// points a list's domains at a real daemon on loopback, the engine on its defaults, one verification
// of the list with its accuracy and verdicts, and the most connections open at once (kernel's count).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { type FakeDns, startFakeDns } from '../tests/fakes/dns';
import type { ServerList } from './real-server-list';
import { right } from './real-server-list';

/** "a 3, b 1" from a list of values. */
export function counts(xs: string[]): string {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].map(([k, c]) => `${k} ${c}`).join(', ');
}

/** The list's domains alternate between mx1 and mx2 of its zone (ips[0], ips[1]); the catch-all on mx2. */
export function startListDns(list: ServerList, zone: string, ips: [string, string]): Promise<FakeDns> {
  const mx = (i: number) => ({ MX: [{ preference: 10, exchange: `mx${1 + (i % 2)}.${zone}` }] });
  return startFakeDns({
    zone: Object.fromEntries([
      ...list.domains.map((d, i) => [d, mx(i)]),
      [list.catchAll, mx(1)],
      [`mx1.${zone}`, { A: [ips[0]] }],
      [`mx2.${zone}`, { A: [ips[1]] }],
    ]),
  });
}

/**
 * The engine's options: its defaults (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60, 2 connections per
 * server, 50 RCPT per session) but for the port, loopback being allowed, and our HELO/MAIL FROM names.
 */
export function engineOptions(dns: FakeDns, port: number) {
  return {
    dnsServers: [dns.server],
    logger: { info() {}, warn() {}, error() {} },
    smtp: { port, allowPrivate: true, heloName: 'bench.verilead.test', mailFrom: 'bounce@verilead.test' },
  };
}

export type Engine = {
  checkStep2(emails: string[]): Promise<
    Array<{
      input: string;
      status: string;
      reason: string;
      smtpCode?: number | null;
      smtpMessage?: string | null;
    }>
  >;
  close(): Promise<void>;
};

/** The most client connections open at once to one of the targets, by the kernel's count. */
function kernelWatcher(ips: string[], port: number) {
  const targets = ips.map((ip) => ({ ip, port }));
  const w = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'established-watcher.mjs'), JSON.stringify(targets)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let out = '';
  w.stdout.on('data', (b) => {
    out += b;
  });
  const exited = new Promise((r) => w.once('exit', r));
  return async () => {
    w.stdin.end();
    await exited;
    return Math.max(...(JSON.parse(out).max as number[]));
  };
}

/** Verifies the whole list once and prints the time, accuracy, verdicts, connections and wrong rows. */
export async function verifyList(o: {
  name: string;
  engine: Engine;
  list: ServerList;
  ips: string[];
  port: number;
}) {
  const kernel = kernelWatcher(o.ips, o.port);
  const t0 = performance.now();
  const results = await o.engine.checkStep2(o.list.emails);
  const seconds = (performance.now() - t0) / 1000;
  await o.engine.close();
  const maxKernel = await kernel();
  const wrong = results.filter((r) => !right(o.list.truth.get(r.input), r));
  console.log(
    `${o.name}: ${results.length} rows in ${seconds.toFixed(1)} s, accuracy ${(1 - wrong.length / results.length).toFixed(3)} (${wrong.length} wrong)`,
  );
  console.log(`  verdicts: ${counts(results.map((r) => `${r.status}/${r.reason}`))}`);
  console.log(`  most connections at once to one server address (kernel): ${maxKernel} (cap 2)`);
  if (wrong.length) {
    console.log(
      `  wrong, truth → verdict: ${counts(wrong.map((r) => `${o.list.truth.get(r.input)} → ${r.status}/${r.reason}`))}`,
    );
  }
  for (const r of wrong.slice(0, 10)) {
    console.log(
      `  !!! wrong: ${r.input} (truth ${o.list.truth.get(r.input)}) → ${r.status}/${r.reason}: ${r.smtpCode ?? ''} ${r.smtpMessage ?? ''}`,
    );
  }
  return { results, seconds, wrong };
}
