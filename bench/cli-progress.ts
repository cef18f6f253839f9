// What `npm run verify` tells a person while it runs, on the mixed 2,000-row world of bench:mixed
// (default settings): each progress line on stderr with its time, then how long the "rows done" count
// stood still at most after the first line, and when it first moved. The rows are shuffled (a fixed
// seed), as in a real list, so every batch of the CLI holds some rows of the slow servers. Figures,
// never a pass/fail.
//   npm run bench:cli-progress     (BASELINE_ROOT=<checkout>: that checkout's CLI on the same world first)

import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMixedWorld } from './mixed-world';

/** The same order on every run (a small linear congruential generator, Fisher-Yates). */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  let seed = 42;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function run(label: string, root: string) {
  const world = await startMixedWorld({ exchange: false });
  const dir = mkdtempSync(join(tmpdir(), 'cli-progress-'));
  const input = join(dir, 'mixed.csv');
  writeFileSync(input, ['email', ...shuffled(world.rows)].join('\n'));
  const env = {
    PATH: process.env.PATH,
    DNS_SERVERS: world.dns.server,
    SMTP_PORT: String(world.port),
    SMTP_ALLOW_PRIVATE: 'true',
    SMTP_HELO_NAME: 'bench.verilead.test',
    SMTP_MAIL_FROM: 'bounce@verilead.test',
  };
  const t0 = performance.now();
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    ['src/cli/verify.ts', input, '--out', join(dir, 'out.csv')],
    {
      cwd: root,
      env,
    },
  );
  // The count of rows done, whatever the line's wording ("verify: 812 rows done", "verify: 812/2000 rows done").
  const counts: Array<{ at: number; done: number }> = [];
  let buffered = '';
  child.stderr.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    const at = (performance.now() - t0) / 1000;
    for (const line of lines) {
      console.log(`  [${label}] ${at.toFixed(1)} s  ${line}`);
      const m = /^verify: (\d+)(?:\/\d+)? rows done/.exec(line);
      if (m) counts.push({ at, done: Number(m[1]) });
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await world.close();
  const wall = (performance.now() - t0) / 1000;
  let still = 0;
  let since = counts[0]?.at ?? 0;
  let first: number | null = null;
  let previous = 0;
  for (const c of counts) {
    if (c.done !== previous) {
      if (first === null && c.done > 0) first = c.at;
      still = Math.max(still, c.at - since);
      since = c.at;
      previous = c.done;
    }
  }
  return { label, code, wall, still, first };
}

const runs = [];
if (process.env.BASELINE_ROOT) runs.push(await run('before', process.env.BASELINE_ROOT));
runs.push(await run('after', process.cwd()));
for (const r of runs) {
  console.log(
    `${r.label}: exit ${r.code}, ${r.wall.toFixed(1)} s; the count first moved at ${r.first === null ? 'never (before the last line)' : `${r.first.toFixed(1)} s`}; it stood still at most ${r.still.toFixed(1)} s`,
  );
}
