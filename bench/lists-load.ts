// `MODE=load` of bench/lists-read.ts: many clients on one upload while its whole run (step 1 and
// step 2) writes, as a busy team would: CLIENTS clients send page / filter / search / search+filter
// requests back to back (each takes the next kind), and one probe asks GET /api/user every 100 ms.
// Prints p50/p95/p99/max per kind, requests over 2 s, errors, the server's RSS (process, sampled
// every 50 ms; the embedded database's share reported by the server when it runs apart) and how
// long the run took from POST /api/verify to completed.
// START=spread (default): with a think time, each client also pauses before its first request, as
// people already reading do; START=together: every client fires its first request at the instant the
// run starts (a burst no real team produces, kept to measure that worst case). TIMELINE=1 prints
// latency per second of the load, to see where a tail comes from.
import type { HttpClient } from '../tests/helpers/lists';
import { type BenchServer, descendantsRss } from './lists-common';

const rnd = (n: number) => Math.floor(Math.random() * n);

export interface LoadOptions {
  client: HttpClient;
  server: BenchServer;
  uploadId: string;
  rows: number;
  clients: number;
  /** Pause between a client's requests (0: back to back). */
  thinkMs: number;
  /** The load stops when the run completes or after this long. */
  maxSeconds: number;
  /** Every client's first request at once ('together') or after a first pause ('spread'). */
  start: 'spread' | 'together';
  /** Print p50/p95/max per second of the load. */
  timeline: boolean;
}

const searchTerm = (rows: number) =>
  [`u${rnd(rows)}`, `n ${rnd(9973)}`, `c${rnd(5000)}`, `d${rnd(5000)}.t`, 'u1'][rnd(5)];

const KINDS: Record<string, (rows: number) => string> = {
  page: (rows) => `filter=all&page=${1 + rnd(rows / 50)}`,
  filter: () => `filter=${['valid', 'invalid', 'risky'][rnd(3)]}&page=${1 + rnd(20)}`,
  search: (rows) => `search=${encodeURIComponent(searchTerm(rows))}`,
  'search+filter': (rows) =>
    `filter=${['valid', 'invalid', 'risky'][rnd(3)]}&search=${encodeURIComponent(searchTerm(rows))}`,
};

function summary(l: number[]) {
  l.sort((a, b) => a - b);
  const q = (p: number) => (l.length ? l[Math.min(l.length - 1, Math.floor(p * l.length))] : 0);
  return {
    n: l.length,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    max: l.length ? l[l.length - 1] : 0,
    over2s: l.filter((x) => x > 2000).length,
  };
}

const fmt = (s: ReturnType<typeof summary>) =>
  `n=${s.n} p50=${s.p50.toFixed(0)} p95=${s.p95.toFixed(0)} p99=${s.p99.toFixed(0)} max=${s.max.toFixed(0)} ms, >2s: ${s.over2s}`;

export async function runLoad(opts: LoadOptions) {
  const { client, uploadId } = opts;
  const status = () =>
    client.json<{ status: string; step2Count: number; stats: Record<string, number> }>(
      'GET',
      `/api/upload/${uploadId}/status`,
    );
  const lat = new Map(Object.keys(KINDS).map((k) => [k, [] as number[]]));
  const user: number[] = [];
  let errors = 0;
  let running = true;
  let peak = 0;
  let peakDb = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, opts.server.rss().now);
    peakDb = Math.max(peakDb, descendantsRss(opts.server.proc.pid));
  }, 50);

  const t0 = performance.now();
  await client.json('POST', `/api/verify/${uploadId}`);
  let runSeconds = Number.NaN;
  const poll = (async () => {
    while (running) {
      const s = await status().catch(() => null);
      if (s && s.status !== 'processing') {
        runSeconds = (performance.now() - t0) / 1000;
        running = false;
        break;
      }
      if ((performance.now() - t0) / 1000 > opts.maxSeconds) running = false;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const bySecond: number[][] = [];
  const timed = async (path: string, into: number[]) => {
    const t = performance.now();
    try {
      const res = await client.request('GET', path);
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    const ms = performance.now() - t;
    into.push(ms);
    const second = Math.floor((t - t0) / 1000);
    bySecond[second] ??= [];
    bySecond[second].push(ms);
  };
  const think = () => new Promise((r) => setTimeout(r, rnd(2 * opts.thinkMs)));
  let turn = 0;
  const kinds = Object.keys(KINDS);
  const workers = Array.from({ length: opts.clients }, async () => {
    if (opts.thinkMs && opts.start === 'spread') await think();
    while (running) {
      const kind = kinds[turn++ % kinds.length];
      await timed(`/api/upload/${uploadId}/results?${KINDS[kind](opts.rows)}`, lat.get(kind) as number[]);
      if (opts.thinkMs) await think();
    }
  });
  const probe = (async () => {
    while (running) {
      await timed('/api/user', user);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.all([...workers, probe, poll]);
  clearInterval(sample);
  const window = (performance.now() - t0) / 1000;
  const end = await status();

  const all = [...lat.values()].flat();
  const results = summary([...all]);
  console.log(
    `load     ${opts.clients} clients${opts.thinkMs ? ` (think ${opts.thinkMs} ms, start ${opts.start})` : ''} for ${window.toFixed(1)}s, ${(all.length / window).toFixed(0)} results req/s, errors=${errors}`,
  );
  if (opts.timeline) {
    for (const [second, l] of bySecond.entries())
      if (l) console.log(`second   ${String(second).padStart(3)} ${fmt(summary(l))}`);
  }
  for (const [kind, l] of lat) console.log(`load     ${kind.padEnd(13)} ${fmt(summary(l))}`);
  console.log(`load     ${'results (all)'.padEnd(13)} ${fmt(results)}`);
  console.log(`load     ${'/api/user'.padEnd(13)} ${fmt(summary(user))}`);
  console.log(
    `load     run ${Number.isNaN(runSeconds) ? `not finished (${end.status}) after ${window.toFixed(0)}s` : `completed in ${runSeconds.toFixed(1)}s`} ${JSON.stringify(end.stats)}`,
  );
  console.log(
    `load     server RSS peak ${peak} MB (process, sampled), VmHWM ${opts.server.rss().peak} MB${peakDb ? `; child processes (database) peak ${peakDb} MB, sum ${peak + peakDb} MB` : ''}`,
  );
}
