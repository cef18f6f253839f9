// Results API on a 250k-row upload: p50/p95 latency of page, filter and search queries under
// concurrent load, while a run is writing (the three kinds interleaved) and when idle (one kind at a
// time); then a 250k-row export streamed while the server's RSS is sampled.
//   npm run bench:lists-read   (TARGET=postgres for PostgreSQL, plus WORKERS=separate for the run in
//   an `npm run worker` process; CONCURRENCY=10, SECONDS=8)
//   MODE=load npm run bench:lists-read   (50 clients on a 100k-row upload while its run writes, plus
//   an /api/user probe; CLIENTS=50, THINK_MS=0, ROWS=100000, MAX_SECONDS=120, START=spread|together,
//   TIMELINE=1; SERVER_ROOT=<checkout> measures another checkout's server with this harness, for
//   before/after pairs)
import type { HttpClient } from '../tests/helpers/lists';
import {
  type BenchServer,
  freshPostgres,
  makeCsv,
  mb,
  ROWS,
  signedInClient,
  sleep,
  startBenchServer,
  startBenchWorker,
  startBenchWorld,
} from './lists-common';
import { runLoad } from './lists-load';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 8);
const rnd = (n: number) => Math.floor(Math.random() * n);

const SCENARIOS: Record<string, () => string> = {
  page: () => `filter=all&page=${1 + rnd(ROWS / 50)}`,
  filter: () => `filter=${['valid', 'invalid', 'risky'][rnd(3)]}&page=${1 + rnd(20)}`,
  search: () =>
    `search=${encodeURIComponent([`u${rnd(ROWS)}`, `n ${rnd(9973)}`, `c${rnd(5000)}`, `d${rnd(5000)}.t`, 'u1'][rnd(5)])}`,
};

/**
 * CONCURRENCY clients send requests back to back for `seconds` (or until `stop()`), each taking the
 * query kinds in turn; latencies are kept per kind.
 */
async function load(opts: {
  client: HttpClient;
  uploadId: string;
  kinds: string[];
  seconds: number;
  stop?: () => boolean;
}) {
  const lat = new Map(opts.kinds.map((k) => [k, [] as number[]]));
  const t0 = Date.now();
  const end = t0 + opts.seconds * 1000;
  let errors = 0;
  let turn = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end && !opts.stop?.()) {
        const kind = opts.kinds[turn++ % opts.kinds.length];
        const t = performance.now();
        const res = await opts.client.request(
          'GET',
          `/api/upload/${opts.uploadId}/results?${SCENARIOS[kind]()}`,
        );
        await res.arrayBuffer();
        if (!res.ok) errors++;
        lat.get(kind)?.push(performance.now() - t);
      }
    }),
  );
  const secs = (Date.now() - t0) / 1000;
  const figures = [...lat].map(([kind, l]) => {
    l.sort((a, b) => a - b);
    const q = (p: number) =>
      l.length ? l[Math.min(l.length - 1, Math.floor(p * l.length))].toFixed(1) : '-';
    return `${kind.padEnd(7)} c=${CONCURRENCY} n=${l.length} ${(l.length / secs).toFixed(0)} req/s p50=${q(0.5)}ms p95=${q(0.95)}ms p99=${q(0.99)}ms`;
  });
  return { figures, secs, errors };
}

/** Idle: one query kind at a time, SECONDS each. */
async function runIdle(client: HttpClient, uploadId: string) {
  for (const kind of Object.keys(SCENARIOS)) {
    const r = await load({ client, uploadId, kinds: [kind], seconds: SECONDS });
    console.log(`idle     ${r.figures[0]} errors=${r.errors}`);
  }
}

/**
 * Writing: the three kinds interleaved (every request takes the next kind), for up to 3 × SECONDS or
 * until the run completes, so each kind is measured while step 2 really writes (run alone one after
 * the other, the later kinds found the run finished on PostgreSQL).
 */
async function runWriting(client: HttpClient, uploadId: string) {
  const before = await status(client, uploadId);
  let writing = true;
  const poll = setInterval(() => {
    status(client, uploadId)
      .then((s) => {
        if (s.status !== 'processing') writing = false;
      })
      .catch(() => {});
  }, 500);
  const r = await load({
    client,
    uploadId,
    kinds: Object.keys(SCENARIOS),
    seconds: 3 * SECONDS,
    stop: () => !writing,
  });
  clearInterval(poll);
  const after = await status(client, uploadId);
  for (const f of r.figures) console.log(`writing  ${f} errors=${r.errors}`);
  console.log(
    `writing  window ${r.secs.toFixed(1)}s, step 2 wrote ${after.step2Count - before.step2Count} rows meanwhile (${before.step2Count}→${after.step2Count}/${after.step2Total}, ${after.status})`,
  );
}

async function status(client: HttpClient, id: string) {
  return client.json<{
    status: string;
    step1Done: boolean;
    step2Count: number;
    step2Total: number;
    stats: Record<string, number>;
  }>('GET', `/api/upload/${id}/status`);
}

async function bench(label: string, server: BenchServer, csv: string) {
  const client = await signedInClient(server.baseUrl);
  const { uploadId } = await client.upload('read.csv', csv);
  await client.json('POST', `/api/verify/${uploadId}`);
  while (!(await status(client, uploadId)).step1Done) await sleep(200);
  // Writing: step 2 of this upload is writing results while the reads run.
  const s = await status(client, uploadId);
  console.log(`[${label}] step 1 done; step 2 writing (${s.step2Count}/${s.step2Total})`);
  await runWriting(client, uploadId);
  const deadline = Date.now() + 300_000;
  while ((await status(client, uploadId)).status === 'processing' && Date.now() < deadline) await sleep(500);
  const end = await status(client, uploadId);
  console.log(`[${label}] run ${end.status} (${JSON.stringify(end.stats)}); idle`);
  await runIdle(client, uploadId);

  const before = server.rss().now;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rss().now);
  }, 20);
  const t0 = performance.now();
  const res = await client.request('GET', `/api/upload/${uploadId}/export?type=all`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  clearInterval(sampler);
  const secs = (performance.now() - t0) / 1000;
  console.log(
    `export   all: ${mb(bytes)} MB in ${secs.toFixed(1)}s (${Math.round(ROWS / secs)} rows/s); server RSS ${before} MB before, ${peak} MB peak during (+${peak - before} MB); process peak ${server.rss().peak} MB`,
  );
}

/** MODE=load: CLIENTS clients (50) on a fresh upload while its run writes (see lists-load.ts). */
async function benchLoad(label: string, server: BenchServer, csv: string) {
  const client = await signedInClient(server.baseUrl);
  const { uploadId } = await client.upload('load.csv', csv);
  console.log(`[${label}] ${ROWS} rows stored; server RSS ${server.rss().now} MB`);
  await runLoad({
    client,
    server,
    uploadId,
    rows: ROWS,
    clients: Number(process.env.CLIENTS ?? 50),
    thinkMs: Number(process.env.THINK_MS ?? 0),
    maxSeconds: Number(process.env.MAX_SECONDS ?? 120),
    start: process.env.START === 'together' ? 'together' : 'spread',
    timeline: process.env.TIMELINE === '1',
  });
}

const csv = makeCsv();
const run = process.env.MODE === 'load' ? benchLoad : bench;
const world = await startBenchWorld();
try {
  if (process.env.TARGET === 'postgres') {
    const db = await freshPostgres();
    if (!db) throw new Error('no PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL');
    // WORKERS=separate: the web server works no jobs; one `npm run worker` process runs the lanes
    // (the scale-out setup), so the run's engine work is not on the web server's event loop.
    const separate = process.env.WORKERS === 'separate';
    const env = { ...world.env, DATABASE_URL: db.url };
    const server = await startBenchServer({ ...env, ...(separate ? { RUN_WORKERS: 'false' } : {}) });
    const worker = separate ? await startBenchWorker(env) : null;
    await run(separate ? 'postgres, separate worker' : 'postgres', server, csv);
    await worker?.stop();
    await server.stop();
    await db.drop();
  } else {
    const server = await startBenchServer(world.env);
    await run('embedded', server, csv);
    await server.stop();
  }
} finally {
  await world.close();
}
