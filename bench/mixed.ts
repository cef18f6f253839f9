// A mixed list of 2,400 rows through the HTTP API, both steps, on the embedded database, default
// settings (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60, GREYLIST_RETRY_S=300), on the fake hosts of
// bench/mixed-world.ts: 1,500 rows on 15 well-behaved hosts (30 ms per reply, as real servers: 2
// connections per client counted until the server has read the close, the next one gets 421; 20 RCPT
// per session on every other host); 100 rows each on a host that greylists for 5 s ("try again in 5
// seconds"), a 3 s tarpit (banner after 3 s), a dead host (accepts, never answers), a flaky host (drops
// every other connection right after EHLO) and a domain whose primary MX refuses connections (its
// backup answers); a Postfix with its stock error limits (100 rows on two domains, 9 in 10 unknown);
// a shared server spending 30 ms on each command, one after another (200 rows on 150 domains); a
// server refusing a second domain in one transaction (100 rows on 10 domains). EXCHANGE=1 adds an
// Exchange-like host (5 s added to every 5xx; 40 rows, half unknown), whose own floor (rejections ×
// 5 s ÷ 2 connections + 2 s) is printed beside the wall time.
// Prints the wall time from "start verification" to "completed", the verdicts per host, the
// `waiting` breakdown the status API reports meanwhile, and per host the commands it received, the
// most errors one session made, the sessions slowed by an error limit and any "too many errors" line
// (an offence real servers ban an IP for).
//   npm run bench:mixed            (BASELINE_ROOT=<checkout>: the same world through that server first)
//   EXCHANGE=1 npm run bench:mixed

import { countVerbs } from './commands';
import { signedInClient, sleep, startBenchServer } from './lists-common';
import { type MixedHost, startMixedWorld } from './mixed-world';
import { loadAverage } from './shared-world';

const EXCHANGE = process.env.EXCHANGE === '1';
/** good3.mixed.test, pc17.mixed.test → good, pc: one row per kind of host. */
const kindOf = (domain: string) => domain.split('.')[0].replace(/\d+$/, '');

/** Per kind of host: what the servers saw of the run. */
function serversSaw(hosts: MixedHost[]) {
  const kinds = new Map<string, MixedHost[]>();
  for (const h of hosts) kinds.set(kindOf(h.name), [...(kinds.get(kindOf(h.name)) ?? []), h]);
  const table: Record<string, Record<string, number | string>> = {};
  for (const [k, hs] of kinds) {
    const stats = hs.map((h) => h.fake.stats);
    const rows = hs.reduce((n, h) => n + h.rows, 0);
    const verbs = countVerbs(stats.flatMap((s) => s.commands));
    const commands = Object.values(verbs).reduce((a, b) => a + b, 0);
    table[k] = {
      rows,
      commands,
      perRow: (commands / rows).toFixed(2),
      verbs: Object.entries(verbs)
        .map(([v, n]) => `${v} ${n}`)
        .join(' '),
      maxErrorsInASession: Math.max(0, ...stats.flatMap((s) => s.sessionErrors)),
      slowedSessions: stats.reduce((n, s) => n + s.slowedSessions, 0),
      tooManyErrors: stats.reduce((n, s) => n + s.errorLimitLog.length, 0),
    };
  }
  const log = hosts.flatMap((h) => h.fake.stats.errorLimitLog.map((l) => `${h.name}: ${l}`));
  return { table, log };
}

async function run(label: string, serverRoot: string | undefined) {
  const world = await startMixedWorld({ exchange: EXCHANGE });
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
  try {
    const c = await signedInClient(server.baseUrl);
    const { uploadId } = await c.upload('mixed.csv', ['email', ...world.rows].join('\n'));
    const t0 = performance.now();
    await c.json('POST', `/api/verify/${uploadId}`);
    let s: any;
    let lastLog = 0;
    for (;;) {
      s = await c.json('GET', `/api/upload/${uploadId}/status`);
      if (s.status !== 'processing') break;
      const at = (performance.now() - t0) / 1000;
      if (at - lastLog >= 2) {
        lastLog = at;
        const waiting = (s.waiting ?? []).map((x: any) => `${x.rows} ${x.reason}`).join(', ');
        console.log(
          `  [${label}] ${at.toFixed(1)} s: step 1 ${s.step1Count}, step 2 ${s.step2Count}/${s.step2Total}${waiting ? `; waiting: ${waiting}` : ''}`,
        );
      }
      await sleep(100);
    }
    const wall = (performance.now() - t0) / 1000;
    const all: any[] = [];
    for (let page = 1; all.length < world.rows.length; page++) {
      const got: any = await c.json('GET', `/api/upload/${uploadId}/results?page=${page}`);
      if (got.results.length === 0) break;
      all.push(...got.results);
    }
    const byHost: Record<string, Record<string, number>> = {};
    for (const r of all) {
      const h = kindOf(String(r.email.email).split('@')[1]);
      const key = `${r.finalStatus}/${r.fourthVerificationDetails?.reason ?? r.reason ?? ''}`;
      byHost[h] ??= {};
      byHost[h][key] = (byHost[h][key] ?? 0) + 1;
    }
    console.log(`[${label}] ${world.rows.length} rows, status ${s.status}, stats ${JSON.stringify(s.stats)}`);
    console.table(byHost);
    const saw = serversSaw(world.hosts);
    console.table(saw.table);
    for (const l of saw.log) {
      console.log(`!!! [${label}] FAILURE: ${l} (the line fail2ban and harvest detectors ban an IP for)`);
    }
    return { label, wall, load: loadAverage(), tooMany: saw.log.length, floor: world.exchangeFloorS };
  } finally {
    await server.stop();
    await world.close();
  }
}

const runs = [];
if (process.env.BASELINE_ROOT) runs.push(await run('before', process.env.BASELINE_ROOT));
runs.push(await run('after', undefined));
for (const r of runs) {
  const floor = r.floor === null ? '' : `; the Exchange-like host's own floor ${r.floor.toFixed(0)} s`;
  const failed = r.tooMany > 0 ? `; !!! ${r.tooMany} "too many errors" disconnects` : '';
  console.log(
    `${r.label}: wall time, start → completed (both steps, HTTP API): ${r.wall.toFixed(1)} s (target ≤ 15 s${r.floor === null ? '' : ' without the Exchange-like host'})${floor}${failed}; load ${r.load}`,
  );
}
