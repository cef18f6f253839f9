// Upload and step 1 of a ~10 MB, 250k-row CSV through the HTTP API, on the embedded database and on
// PostgreSQL: seconds from the start of the upload until step 1 is complete, rows/s, server peak RSS.
//   npm run bench:lists-ingest        (ROWS=… to change the size; TARGET=pglite|postgres for one)
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

async function measure(label: string, server: BenchServer, csv: string) {
  const client = await signedInClient(server.baseUrl);
  const t0 = performance.now();
  const { uploadId, totalEmails } = await client.upload('bench.csv', csv);
  const tUpload = performance.now();
  await client.json('POST', `/api/verify/${uploadId}`);
  let s: { step1Done: boolean; step1Count: number; status: string };
  // How smoothly the progress moves: the largest step between two polls 100 ms apart.
  let last = 0;
  let maxJump = 0;
  let polls = 0;
  for (;;) {
    s = await client.json('GET', `/api/upload/${uploadId}/status`);
    polls++;
    maxJump = Math.max(maxJump, s.step1Count - last);
    last = s.step1Count;
    if (s.step1Done || s.status === 'failed') break;
    await sleep(100);
  }
  const tStep1 = performance.now();
  const up = (tUpload - t0) / 1000;
  const total = (tStep1 - t0) / 1000;
  console.log(
    `${label.padEnd(10)} rows=${totalEmails} upload=${up.toFixed(1)}s (${Math.round(totalEmails / up)} rows/s)` +
      ` step1 done at ${total.toFixed(1)}s after upload start (run ${(total - up).toFixed(1)}s,` +
      ` ${Math.round(totalEmails / (total - up))} rows/s; end to end ${Math.round(totalEmails / total)} rows/s)` +
      ` status=${s.status} peak RSS=${server.rss().peak} MB; progress: ${polls} polls, largest step ${maxJump} rows`,
  );
}

const csv = makeCsv();
console.log(`CSV: ${ROWS} rows, ${mb(Buffer.byteLength(csv))} MB`);
const world = await startBenchWorld();
const target = process.env.TARGET;
try {
  if (!target || target === 'pglite') {
    const server = await startBenchServer(world.env);
    await measure('embedded', server, csv);
    await server.stop();
  }
  if (!target || target === 'postgres') {
    const db = await freshPostgres();
    if (!db) console.log('postgres   skipped: no PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL');
    else {
      const server = await startBenchServer({ ...world.env, DATABASE_URL: db.url });
      await measure('postgres', server, csv);
      await server.stop();
      await db.drop();
    }
  }
} finally {
  await world.close();
}
