// 250,000 rows of the shared world (bench/shared-world.ts: 15,000 domains with their own MX names on
// 15 fake servers, 30 ms per reply, 2 connections per client counted until the close is read, 20 RCPT
// per session; SHAPE, REPLY_MODEL and ERROR_LIMITS there) through the HTTP API of the real server,
// both steps, embedded database, default settings. Meanwhile a client asks for the signed-in user, the
// upload's status and a results page in turn, every PROBE_MS (250): latency p50 / p95 / max per kind.
// Prints the wall time from "start verification" to "completed" and its share of the polite ceiling
// (bench/ceiling.ts) under the reply model in use, the commands the servers received per row and per
// verb, the most connections per server by the kernel's count, the server's RSS (sampled, and
// VmHWM), the verdict counts against the world's truth and the accuracy (from the CSV export).
// BASELINE_ROOT=<checkout>: that checkout's server first, on a fresh copy of the same world.
//   npm run bench:world-250k        (ROWS=250000 DOMAINS=15000 SERVERS=15 PROBE_MS=250 MAX_SECONDS=900)

import { readCsv } from '../src/shared/csv';
import type { HttpClient } from '../tests/helpers/lists';
import { signedInClient, sleep, startBenchServer } from './lists-common';

// The shared world reads its size when loaded: this bench's defaults first.
process.env.ROWS ??= '250000';
process.env.DOMAINS ??= '15000';
const { CAP, loadAverage, ourAccuracy, startSharedWorld } = await import('./shared-world');
const { describeMeasured, measure } = await import('./shared-measure');
const { ceilingOf, describeCeiling, shareOf } = await import('./ceiling');

const PROBE_MS = Number(process.env.PROBE_MS ?? 250);
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 900);

async function run(label: string, serverRoot: string | undefined) {
  const world = await startSharedWorld();
  const previous = process.env.SERVER_ROOT;
  if (serverRoot) process.env.SERVER_ROOT = serverRoot;
  else delete process.env.SERVER_ROOT;
  const server = await startBenchServer({
    DNS_SERVERS: world.dns.server,
    SMTP_PORT: String(world.port),
    SMTP_ALLOW_PRIVATE: 'true',
    SMTP_HELO_NAME: 'bench.verilead.test',
    SMTP_MAIL_FROM: 'bounce@verilead.test',
  });
  if (previous === undefined) delete process.env.SERVER_ROOT;
  else process.env.SERVER_ROOT = previous;
  console.log(`[${label}] ${world.describe}; load ${loadAverage()}`);
  console.log(describeCeiling(ceilingOf(world)));
  try {
    const c = await signedInClient(server.baseUrl);
    const t0 = performance.now();
    const { uploadId } = await c.upload('world.csv', ['email', ...world.emails].join('\n'));
    console.log(`upload: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // The server's sockets to each mail server, counted by the kernel (and by the servers themselves).
    const counted = measure(world);
    const started = performance.now();
    await c.json('POST', `/api/verify/${uploadId}`);

    // The probe: one request at a time, the three kinds in turn.
    const latency: Record<string, number[]> = { user: [], status: [], results: [] };
    let running = true;
    let rssPeak = 0;
    const probe = (async () => {
      for (let i = 0; running; i++) {
        const kind = (['user', 'status', 'results'] as const)[i % 3];
        const path =
          kind === 'user'
            ? '/api/user'
            : kind === 'status'
              ? `/api/upload/${uploadId}/status`
              : `/api/upload/${uploadId}/results?page=${1 + Math.floor(Math.random() * 100)}`;
        const t = performance.now();
        await c.json('GET', path);
        latency[kind].push(performance.now() - t);
        rssPeak = Math.max(rssPeak, server.rss().now);
        await sleep(PROBE_MS);
      }
    })();

    let s: any;
    let lastLog = 0;
    for (;;) {
      s = await c.json('GET', `/api/upload/${uploadId}/status`);
      const at = (performance.now() - started) / 1000;
      if (s.status !== 'processing' || at > MAX_SECONDS) break;
      if (at - lastLog >= 15) {
        lastLog = at;
        const waiting = (s.waiting ?? []).map((x: any) => `${x.rows} ${x.reason}`).join(', ');
        console.log(
          `  ${at.toFixed(0)} s: step 1 ${s.step1Count}, step 2 ${s.step2Count}/${s.step2Total}, RSS ${server.rss().now} MB${waiting ? `; waiting: ${waiting}` : ''}`,
        );
      }
      await sleep(1000);
    }
    const wall = (performance.now() - started) / 1000;
    running = false;
    await probe;
    const m = await counted();

    const truth = { valid: 0, invalid: 0, risky: 0 };
    for (const t of world.truth.values())
      truth[t === 'exists' ? 'valid' : t === 'unknown' ? 'invalid' : 'risky']++;
    const pct = (xs: number[], p: number) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
    };
    console.log(`status ${s.status}; stats ${JSON.stringify(s.stats)}; truth ${JSON.stringify(truth)}`);
    console.log(describeMeasured(label, m, world.emails.length, !!world.spec.errorLimits));
    // Over every row of the world: a row missing from the export counts as wrong.
    const got = await exported(c, uploadId);
    const accuracy = got.length === 0 ? 0 : (ourAccuracy(world, got) * got.length) / world.emails.length;
    console.table(
      Object.entries(latency).map(([kind, xs]) => ({
        kind,
        n: xs.length,
        p50: pct(xs, 50),
        p95: pct(xs, 95),
        max: pct(xs, 100),
      })),
    );
    const all = Object.values(latency).flat();
    console.log(
      `[${label}] wall time, start → completed (both steps, HTTP API, embedded): ${wall.toFixed(0)} s (target ≤ 600 s), ${shareOf(ceilingOf(world), wall)} of the ceiling; accuracy ${accuracy.toFixed(3)}; ${m.maxPerServerKernel} per server by the kernel (cap ${CAP}); API p95 ${pct(all, 95)} ms (target ≤ 150); server RSS peak ${rssPeak} MB sampled, VmHWM ${server.rss().peak} MB (target ≤ 600); load ${loadAverage()}`,
    );
  } finally {
    await server.stop();
    await world.close();
  }
}

/** Every row's verdict, from the CSV export (the results pages would take 2,500 requests). */
async function exported(c: HttpClient, uploadId: string) {
  const res = await c.request('GET', `/api/upload/${uploadId}/export?type=all`);
  if (!res.body) return [];
  let head: string[] | null = null;
  const out: Array<{ input: string; status: string; reason: string }> = [];
  for await (const rows of readCsv(res.body as AsyncIterable<Uint8Array>)) {
    for (const r of rows) {
      if (!head) head = r;
      else
        out.push({
          input: r[head.indexOf('email')],
          status: r[head.indexOf('final_status')],
          reason: r[head.indexOf('reason')],
        });
    }
  }
  return out;
}

if (process.env.BASELINE_ROOT) await run('before', process.env.BASELINE_ROOT);
await run('after', undefined);
