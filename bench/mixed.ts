// A mixed 2,000-row list through the HTTP API, both steps, on the embedded database, default
// settings (SMTP_TIMEOUT_MS=10000, SMTP_BACKOFF_S=60, GREYLIST_RETRY_S=300): 1,500 rows on 15
// well-behaved fake hosts (30 ms per reply, as real servers: 2 connections per client counted until
// the server has read the close, the next one gets 421; 20 RCPT per session on every other host)
// plus 100 rows each on a host that greylists for 5 s ("try again in 5 seconds"), a 3 s tarpit
// (banner after 3 s), a dead host (accepts, never answers), a flaky host (drops every other
// connection right after EHLO) and a domain whose primary MX refuses connections (its backup
// answers). Prints the wall time from "start verification" to "completed", the verdicts per host,
// and the `waiting` breakdown the status API reports meanwhile.
//   npm run bench:mixed            (BASELINE_ROOT=<checkout>: the same world through that server first)

import { signedInClient, sleep, startBenchServer } from './lists-common';
import { startMixedWorld } from './mixed-world';
import { loadAverage } from './shared-world';

async function run(label: string, serverRoot: string | undefined) {
  const world = await startMixedWorld();
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
      const h = String(r.email.email).split('@')[1].split('.')[0].replace(/\d+$/, '');
      const key = `${r.finalStatus}/${r.fourthVerificationDetails?.reason ?? r.reason ?? ''}`;
      byHost[h] ??= {};
      byHost[h][key] = (byHost[h][key] ?? 0) + 1;
    }
    console.log(`[${label}] ${world.rows.length} rows, status ${s.status}, stats ${JSON.stringify(s.stats)}`);
    console.table(byHost);
    return { label, wall, load: loadAverage() };
  } finally {
    await server.stop();
    await world.close();
  }
}

const runs = [];
if (process.env.BASELINE_ROOT) runs.push(await run('before', process.env.BASELINE_ROOT));
runs.push(await run('after', undefined));
for (const r of runs) {
  console.log(
    `${r.label}: wall time, start → completed (both steps, HTTP API): ${r.wall.toFixed(1)} s (target ≤ 15 s); load ${r.load}`,
  );
}
