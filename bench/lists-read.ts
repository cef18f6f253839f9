// Results API on a 250k-row upload: p50/p95 latency of page, filter and search queries under
// concurrent load, while a run is writing and when idle; then a 250k-row export streamed while
// the server's RSS is sampled.   npm run bench:lists-read   (TARGET=postgres for PostgreSQL;
// CONCURRENCY=10, SECONDS=8)
import type { HttpClient } from '../src/server/lists/testing';
import {
  type BenchServer,
  freshPostgres,
  makeCsv,
  mb,
  ROWS,
  signedInClient,
  sleep,
  startBenchServer,
  startBenchWorld,
} from './lists-common';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10);
const SECONDS = Number(process.env.SECONDS ?? 8);
const rnd = (n: number) => Math.floor(Math.random() * n);

const SCENARIOS: Record<string, () => string> = {
  page: () => `filter=all&page=${1 + rnd(ROWS / 50)}`,
  filter: () => `filter=${['valid', 'invalid', 'risky'][rnd(3)]}&page=${1 + rnd(20)}`,
  search: () =>
    `search=${encodeURIComponent([`u${rnd(ROWS)}`, `n ${rnd(9973)}`, `c${rnd(5000)}`, `d${rnd(5000)}.t`, 'u1'][rnd(5)])}`,
};

async function load(client: HttpClient, uploadId: string, make: () => string) {
  const lat: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await client.request('GET', `/api/upload/${uploadId}/results?${make()}`);
        await res.arrayBuffer();
        if (!res.ok) errors++;
        lat.push(performance.now() - t);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))].toFixed(1);
  return `n=${lat.length} ${(lat.length / SECONDS).toFixed(0)} req/s p50=${q(0.5)}ms p95=${q(0.95)}ms p99=${q(0.99)}ms errors=${errors}`;
}

async function runAll(label: string, client: HttpClient, uploadId: string) {
  for (const [name, make] of Object.entries(SCENARIOS)) {
    console.log(
      `${label.padEnd(8)} ${name.padEnd(7)} c=${CONCURRENCY} ${await load(client, uploadId, make)}`,
    );
  }
}

async function status(client: HttpClient, id: string) {
  return client.json<{ status: string; step1Done: boolean; step2Count: number; step2Total: number }>(
    'GET',
    `/api/upload/${id}/status`,
  );
}

async function bench(label: string, server: BenchServer, csv: string) {
  const client = await signedInClient(server.baseUrl);
  const { uploadId } = await client.upload('read.csv', csv);
  await client.json('POST', `/api/verify/${uploadId}`);
  while (!(await status(client, uploadId)).step1Done) await sleep(200);
  // Writing: step 2 of this upload is writing results while the reads run.
  const s = await status(client, uploadId);
  console.log(`[${label}] step 1 done; step 2 writing (${s.step2Count}/${s.step2Total})`);
  await runAll('writing', client, uploadId);
  const deadline = Date.now() + 300_000;
  while ((await status(client, uploadId)).status === 'processing' && Date.now() < deadline) await sleep(500);
  console.log(`[${label}] run ${(await status(client, uploadId)).status}; idle`);
  await runAll('idle', client, uploadId);

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

const csv = makeCsv();
const world = await startBenchWorld();
try {
  if (process.env.TARGET === 'postgres') {
    const db = await freshPostgres();
    if (!db) throw new Error('no PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL');
    const server = await startBenchServer({ ...world.env, DATABASE_URL: db.url });
    await bench('postgres', server, csv);
    await server.stop();
    await db.drop();
  } else {
    const server = await startBenchServer(world.env);
    await bench('embedded', server, csv);
    await server.stop();
  }
} finally {
  await world.close();
}
