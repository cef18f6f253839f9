// `npm run bench:send-body`: what a send of ROWS (50,000) verified rows costs to start, by the body it
// posts (decision 0935). `named`: the send screen's body now, naming the list ({ uploadIds }), the server
// reading the rows and building the leads. `copies`: the body the screen posted before, every lead
// rebuilt in the browser from /api/smartlead/verified-emails (its email, split name, company and
// columns) and parsed again by the server. Prints the body's size, the time from the POST to its answer
// (campaign recorded, Smartlead campaign created; the send job itself not run) and the server's memory
// over that request (peak heap and RSS growth). The app is the real one in this process, on an in-memory
// PGlite, with a fake Smartlead on loopback.
//
// BEFORE needs the server as it was: with BASE_TREE set to a worktree at that commit (its node_modules
// linked in), this script is copied there and run with SEND_BODY=copies, then here with `named`.
// Without it, BEFORE's body size is still computed from the verified-emails answer (the old client's
// way), and its time and memory are not measured.
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { allJobs } from '../src/server/features/index';
import { createUploadFromRows } from '../src/server/features/lists/create';
import { writeStep1, writeStep2 } from '../src/server/features/lists/results-write';
import { movableClock } from '../src/server/platform/clock';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/client';
import { migrate } from '../src/server/platform/db/migrate';
import { startQueue } from '../src/server/platform/jobs/queue';
import { startFakeSmartlead } from '../tests/fakes/smartlead';
import { TestClient } from '../tests/helpers/client';
import { TEST_ENV } from '../tests/helpers/pglite-snapshot';

const ROWS = Number(process.env.ROWS ?? 50_000);
const MODE = process.env.SEND_BODY === 'copies' ? 'copies' : 'named';
const BASE_TREE = process.env.BASE_TREE;

type Group = {
  uploadId: string;
  emails: { email: string; name: string | null; company: string | null; fields: Record<string, string> }[];
};

/** The old client's lead, as SendToSmartlead.tsx built it (its splitName: first word, then the rest). */
function oldLead(e: Group['emails'][number]) {
  const words = (e.name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    email: e.email,
    first_name: words[0] ?? '',
    last_name: words.slice(1).join(' '),
    company_name: e.company ?? '',
    custom_fields: e.fields,
  };
}

async function measure() {
  const fake = await startFakeSmartlead({ rateLimit: { limit: 100_000, windowMs: 1_000 } });
  const config = loadConfig({ ...TEST_ENV, SMARTLEAD_API_URL: fake.url });
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(database);
  const clock = movableClock();
  const sleep = () => Promise.resolve();
  const log = pino({ level: 'silent' });
  const queue = await startQueue({
    database,
    definitions: allJobs(),
    work: false,
    schedule: false,
    context: { config, database, clock, sleep, log },
  });
  const app = await buildApp({ config, database, queue, clock, sleep });
  await app.ready();
  try {
    const c = new TestClient(app);
    const user = await c.register();
    const apiKey = `bench-${Date.now()}-key-0123456789`;
    fake.apiKeys.add(apiKey);
    await c.post('/api/smartlead/settings', { apiKey });

    // ROWS valid rows with a name, a company and one more column, verified (both steps) as a run writes them.
    const db = database.db;
    const { uploadId } = await createUploadFromRows({
      db,
      workspaceId: user.id,
      name: 'bench.csv',
      headers: ['email', 'name', 'company', 'Job Title'],
      rows: Array.from({ length: ROWS }, (_, i) => [
        `person${i}@company${i % 500}.test`,
        `First${i} Middle Last${i}`,
        `Company ${i % 500}`,
        'Head of Sales',
      ]),
      emailColumn: 'email',
    });
    await database.raw.query(`UPDATE uploads SET status = 'processing' WHERE id = $1`, [uploadId]);
    const now = new Date();
    const base = { role: false, free: false, disposable: false, suggestion: null, mxHost: 'mx.company.test' };
    for (let from = 0; from < ROWS; from += 5_000) {
      const rowIndexes = Array.from({ length: Math.min(5_000, ROWS - from) }, (_, i) => from + i);
      await writeStep1({
        db,
        uploadId,
        now,
        items: rowIndexes.map((rowIndex) => ({
          rowIndex,
          result: { ...base, status: 'valid', reason: null } as never,
        })),
      });
      await writeStep2({
        db,
        uploadId,
        now,
        items: rowIndexes.map((rowIndex) => ({
          rowIndex,
          result: {
            ...base,
            status: 'valid',
            reason: 'accepted',
            smtpCode: 250,
            smtpMessage: 'OK',
            decidedBy: 'smtp',
            attempts: 1,
          } as never,
        })),
      });
    }
    await database.raw.query(`UPDATE uploads SET status = 'completed' WHERE id = $1`, [uploadId]);

    // The send screen loads the verified emails either way; the user picks the whole list.
    const groups = (await c.get('/api/smartlead/verified-emails')).json().groups as Group[];
    const chosen = groups.flatMap((g) => g.emails);
    const campaignName = `Bench ${MODE} ${Date.now()}`;
    const choices = { start: false, bounceBudget: 2, force: false };
    const copies = { campaignName, emails: chosen.map(oldLead), ...choices };
    const named = { campaignName, uploadIds: [uploadId], rowIds: [], includeRisky: false, ...choices };
    const body = MODE === 'copies' ? copies : named;
    const payload = JSON.stringify(body);

    (globalThis as { gc?: () => void }).gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const rss0 = process.memoryUsage().rss;
    let heapPeak = heap0;
    let rssPeak = rss0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      heapPeak = Math.max(heapPeak, m.heapUsed);
      rssPeak = Math.max(rssPeak, m.rss);
    }, 5);
    const t0 = performance.now();
    const res = await c.request('POST', '/api/smartlead/create-campaign', payload, {
      'content-type': 'application/json',
    });
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
    const sent = res.statusCode < 300 ? res.json().send : null;
    return {
      mode: MODE,
      status: res.statusCode,
      error: res.statusCode < 300 ? undefined : res.body.slice(0, 200),
      leads: sent?.totalLeads ?? null,
      bodyBytes: Buffer.byteLength(payload),
      copiesBodyBytes: Buffer.byteLength(JSON.stringify(copies)),
      startMs: Math.round(ms),
      heapPeakMB: +((heapPeak - heap0) / 1e6).toFixed(1),
      rssGrowthMB: +((rssPeak - rss0) / 1e6).toFixed(1),
    };
  } finally {
    await app.close();
    await queue.stop();
    await database.close();
    await fake.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(n < 10_240 ? 2 : 0)} KB`;
const line = (label: string, r: Awaited<ReturnType<typeof measure>>) =>
  `${label} (${r.mode}): HTTP ${r.status}, ${r.leads?.toLocaleString('en-US') ?? '?'} leads, body ${kb(r.bodyBytes)}, ` +
  `start ${r.startMs} ms, heap peak +${r.heapPeakMB} MB, RSS +${r.rssGrowthMB} MB${r.error ? `, ${r.error}` : ''}`;

if (process.env.SEND_BODY_CHILD) {
  // Run by a BEFORE/AFTER parent: one line of JSON.
  console.log(`RESULT ${JSON.stringify(await measure())}`);
  process.exit(0);
}

console.log(`bench:send-body: ${ROWS.toLocaleString('en-US')} rows, load ${loadavg()[0].toFixed(2)}`);
/** Runs this script in a tree (a fresh process, so one measure's memory does not colour the other). */
function runIn(tree: string, mode: string) {
  const out = spawnSync('npx', ['tsx', '--expose-gc', path.join('bench', 'send-body.ts')], {
    cwd: tree,
    env: { ...process.env, SEND_BODY: mode, SEND_BODY_CHILD: '1', BASE_TREE: '' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const found = /^RESULT (.*)$/m.exec(out.stdout);
  if (!found) throw new Error(`no result from ${tree}: ${out.stdout.slice(-500)} ${out.stderr.slice(-2000)}`);
  return JSON.parse(found[1]) as Awaited<ReturnType<typeof measure>>;
}
const here = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
if (BASE_TREE) {
  copyFileSync(path.join(here, 'bench', 'send-body.ts'), path.join(BASE_TREE, 'bench', 'send-body.ts'));
  console.log(line('BEFORE', runIn(BASE_TREE, 'copies')));
}
const after = runIn(here, 'named');
if (!BASE_TREE)
  console.log(
    `BEFORE (copies, computed): body ${kb(after.copiesBodyBytes)}; set BASE_TREE to measure its start`,
  );
console.log(line('AFTER ', after));
console.log(`body: ${after.bodyBytes} bytes (target < 1 KB: ${after.bodyBytes < 1024 ? 'met' : 'NOT met'})`);
