// `npm run bench:budget`: three workspaces on one process (the real app: job queue, finder, lists,
// the probe budget on the embedded database) against fake mail servers on loopback, one answering a
// pipelined group at once and one spending COMMAND_MS on each command (a directory look-up per RCPT).
//   A: a trial on the defaults, flooding with bulk finds of random names: its probes against its allowance.
//   D: a workspace with Professional's figures (PROBE_BUDGET_PROFESSIONAL), flooding both servers with
//      bulk finds, stopped at the end: the RCPTs its finds still send more than 2 s after Stop.
//   B and C: single finds and a list meanwhile, at the same servers: time to the first answer.
import { loadavg } from 'node:os';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { allJobs } from '../src/server/features/index';
import { setAllowanceOverride } from '../src/server/features/probe-budget';
import { closeProcessProbers } from '../src/server/features/prober';
import { systemClock } from '../src/server/platform/clock';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/client';
import { migrate } from '../src/server/platform/db/migrate';
import { startQueue } from '../src/server/platform/jobs/queue';
import { realSleep } from '../src/server/platform/retry';
import { startWorld } from '../tests/fakes/smtp-world';
import { TestClient } from '../tests/helpers/client';
import { multipartBody } from '../tests/helpers/lists';
import { TEST_ENV } from '../tests/helpers/pglite-snapshot';

const COMMAND_MS = Number(process.env.COMMAND_MS ?? 30);
const FLOOD = Number(process.env.FLOOD ?? 400); // people per bulk find
const SINGLES = Number(process.env.SINGLES ?? 20);
const FIRST = ['anna', 'bruno', 'clara', 'david', 'emma', 'felix', 'greta', 'hugo', 'ida', 'jonas'];
const LAST = ['berg', 'costa', 'dahl', 'engel', 'fox', 'gray', 'hale', 'ivers', 'jung', 'kahn'];
const letters = (i: number) => {
  let s = '';
  do {
    s += String.fromCharCode(97 + (i % 26));
    i = Math.floor(i / 26);
  } while (i > 0);
  return s;
};
/** Known people: first.last at both servers (what B and C look for). */
const known = FIRST.flatMap((f) => LAST.map((l) => ({ first: f, last: l })));
const mailboxes = (d: string) => known.map((p) => `${p.first}.${p.last}@${d}`);

const world = await startWorld({
  'fast.test': { mailboxes: mailboxes('fast.test'), latencyMs: 1 },
  'slow.test': { mailboxes: mailboxes('slow.test'), commandMs: COMMAND_MS },
});
const config = loadConfig({ ...TEST_ENV, ...world.env(), LOG_LEVEL: 'silent' });
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await migrate(database);
const context = { config, database, clock: systemClock, sleep: realSleep, log: pino({ level: 'silent' }) };
const queue = await startQueue({ database, definitions: allJobs(), work: true, schedule: false, context });
const app = await buildApp({ ...context, queue });
await app.ready();

async function workspace(tag: string) {
  const web = new TestClient(app);
  await web.register({ plan: 'professional' });
  const { job } = (
    await web.post('/api/finds/single', { fullName: `${tag} Doe`, company: 'No Domain Inc' })
  ).json();
  const [row] = await database.raw.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM find_jobs WHERE id = $1',
    [job.id],
  );
  return { web, id: row.workspace_id };
}
const bulk = async (web: TestClient, tag: string, n: number, offset: number) => {
  const rows = Array.from({ length: n }, (_, i) => {
    const d = i % 2 === 0 ? 'fast.test' : 'slow.test';
    return `${FIRST[i % FIRST.length]} ${tag}${letters(offset + i)},${d}`;
  });
  const { payload, headers } = multipartBody(`${tag}.csv`, ['Name,Domain', ...rows].join('\n'), 'file');
  return (await web.request('POST', '/api/finds/bulk', payload, headers)).json().job.id as string;
};
const rcptsOf = (tag: string) =>
  Object.values(world.hosts).reduce((n, h) => n + h.stats.rcpts.filter((r) => r.includes(tag)).length, 0);
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

const a = await workspace('A');
const d = await workspace('D');
const b = await workspace('B');
const c = await workspace('C');
const [hour, day, domainHour] = config.PROBE_BUDGET_PROFESSIONAL
  ? [
      config.PROBE_BUDGET_PROFESSIONAL.hour,
      config.PROBE_BUDGET_PROFESSIONAL.day,
      config.PROBE_BUDGET_PROFESSIONAL.domainHour,
    ]
  : [0, 0, 0];
// D is a paying customer: Professional's figures (a trial's would pause it before the measure).
await setAllowanceOverride({
  db: database.db,
  workspaceId: d.id,
  perHour: hour,
  perDay: day,
  perDomainHour: domainHour,
});
const trial = config.PROBE_BUDGET_TRIAL;

const started = Date.now();
const floodA = await Promise.all([0, 1, 2].map((k) => bulk(a.web, 'aflood', FLOOD, k * FLOOD)));
const floodD = await Promise.all([0, 1, 2, 3].map((k) => bulk(d.web, 'dflood', FLOOD, k * FLOOD)));
await realSleep(1500); // the floods are under way

const firstAnswer: number[] = [];
const single = async (web: TestClient, i: number) => {
  const p = known[(i * 7) % known.length];
  const t0 = Date.now();
  const res = await web.post('/api/finds/single', {
    firstName: p.first,
    lastName: p.last,
    company: i % 2 === 0 ? 'slow.test' : 'fast.test',
  });
  let result = res.json().result;
  while (!result?.status) {
    await realSleep(100);
    result = (await web.get(`/api/finds/${res.json().job.id}/results`)).json().results[0];
  }
  firstAnswer.push(Date.now() - t0);
};
const listT0 = Date.now();
const emails = known.slice(0, 50).flatMap((p) => [`${p.first}.${p.last}@slow.test`, `${p.last}x@fast.test`]);
const { payload, headers } = multipartBody('c.csv', ['email', ...emails].join('\n'), 'csvFile');
const listId = (await c.web.request('POST', '/api/upload', payload, headers)).json().uploadId;
await c.web.post(`/api/verify/${listId}`);
const listFirst = (async () => {
  for (;;) {
    const s = (await c.web.get(`/api/upload/${listId}/status`)).json().stats;
    if (s.valid + s.invalid + s.risky > 0) return Date.now() - listT0;
    await realSleep(100);
  }
})();
await Promise.all(
  Array.from({ length: SINGLES }, async (_, i) => {
    await realSleep(i * 400);
    await single(i % 2 === 0 ? b.web : c.web, i);
  }),
);
const listMs = await listFirst;

// Stop D's floods; sample what its finds still send.
const beforeStop = rcptsOf('dflood');
const stopAt = Date.now();
await Promise.all(floodD.map((id) => d.web.post(`/api/finds/${id}/stop`)));
let atTwo = beforeStop;
await realSleep(2000 - (Date.now() - stopAt));
atTwo = rcptsOf('dflood');
await realSleep(5000);
const afterStop = rcptsOf('dflood');

const probes = async (ws: string) =>
  Number(
    (
      await database.raw.query<{ probes: number }>(
        "SELECT coalesce(sum(probes), 0) AS probes FROM probe_budget_usage WHERE workspace_id = $1 AND scope = 'hour'",
        [ws],
      )
    )[0].probes,
  );
const aPaused = await database.raw.query<{ n: number }>(
  "SELECT count(*) AS n FROM find_jobs WHERE id = ANY($1) AND notice->>'kind' = 'budget'",
  [floodA],
);
const secs = (Date.now() - started) / 1000;
console.log(
  `probe budget: 4 workspaces on one process, ${COMMAND_MS} ms per command at slow.test, fast.test answers at once; load ${loadavg()[0].toFixed(2)}`,
);
console.log(
  `  A (trial, defaults ${trial.hour}/h, ${trial.day}/day, ${trial.domainHour}/domain/h): 3 bulk finds of ${FLOOD}: ${rcptsOf('aflood')} RCPTs at the servers, ${await probes(a.id)} probes spent in ${secs.toFixed(0)} s against ${trial.hour}/h (target: never above); ${Number(aPaused[0].n)}/3 finds paused with the notice`,
);
console.log(
  `  D (Professional's ${hour}/h): 4 bulk finds of ${FLOOD}: ${rcptsOf('dflood')} RCPTs, ${await probes(d.id)} probes spent`,
);
console.log(
  `  B and C: ${firstAnswer.length} single finds during the floods: first answer p50 ${(q(firstAnswer, 0.5) / 1000).toFixed(2)} s, p95 ${(q(firstAnswer, 0.95) / 1000).toFixed(2)} s, max ${(Math.max(...firstAnswer) / 1000).toFixed(2)} s (target p95 ≤ 10 s); C's list of ${emails.length}: first verdict after ${(listMs / 1000).toFixed(2)} s`,
);
console.log(
  `  Stop (D): ${atTwo - beforeStop} RCPTs in the first 2 s after Stop, ${afterStop - atTwo} more than 2 s after (target 0)`,
);
await app.close();
await queue.stop();
await closeProcessProbers();
await database.close();
await world.close();
process.exit(0);
