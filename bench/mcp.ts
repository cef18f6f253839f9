// `npm run bench:mcp`: 50 MCP sessions at once (SESSIONS) against the real server on its embedded
// default database, each the SDK's own client over Streamable HTTP with its own API token (one
// workspace each), calling verify_emails (ADDRESSES addresses on the loopback world) then get_list,
// ROUNDS times. Prints p50 / p95 per tool, errors, and the server's memory. The server runs its
// defaults (API_RATE_LIMIT_PER_MINUTE too: each session stays well under it).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startWorld } from '../tests/fakes/smtp-world';
import { HttpClient } from '../tests/helpers/lists';
import { startBenchServer } from './lists-common';

const SESSIONS = Number(process.env.SESSIONS ?? 50);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ADDRESSES = Number(process.env.ADDRESSES ?? 10);

const world = await startWorld({
  'acme.test': { mailboxes: Array.from({ length: 200 }, (_, i) => `p${i}@acme.test`) },
  'beta.test': { mailboxes: Array.from({ length: 200 }, (_, i) => `p${i}@beta.test`) },
});
const server = await startBenchServer({ ...world.env(), RATE_LIMIT_SIGNUP_MAX: '100000' });
const url = `${server.baseUrl}/mcp`;

const times: Record<string, number[]> = { verify_emails: [], get_list: [], connect: [] };
const errors: string[] = [];
let incomplete = 0;
let peakRss = server.rss().now;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, server.rss().now);
}, 200);

async function timed<T>(kind: string, fn: () => Promise<T>): Promise<T | null> {
  const t0 = performance.now();
  try {
    const out = await fn();
    times[kind].push(performance.now() - t0);
    return out;
  } catch (err) {
    errors.push(`${kind}: ${(err as Error).message.slice(0, 200)}`);
    return null;
  }
}

/** One person's workspace (White Label trial: API access) and an API token of every scope. */
async function tokenFor(i: number): Promise<string> {
  const web = new HttpClient(server.baseUrl);
  const name = `bench${Date.now().toString(36)}${i}`;
  await web.json('POST', '/api/apply', {
    username: name,
    email: `${name}@example.com`,
    password: 'correct horse battery',
    plan: 'whitelabel',
  });
  return (await web.json<{ token: string }>('POST', '/api/api-tokens', { name: 'bench' })).token;
}

async function session(i: number) {
  const token = await tokenFor(i);
  const client = new Client({ name: `bench-${i}`, version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  if ((await timed('connect', () => client.connect(transport))) === null) return;
  for (let round = 0; round < ROUNDS; round++) {
    const domain = (i + round) % 2 ? 'acme.test' : 'beta.test';
    const emails = Array.from(
      { length: ADDRESSES },
      (_, k) => `p${(i * 7 + round * 13 + k) % 260}@${domain}`,
    );
    const res = (await timed('verify_emails', () =>
      client.callTool({ name: 'verify_emails', arguments: { emails } }),
    )) as CallToolResult | null;
    if (!res) continue;
    if (res.isError) {
      errors.push(`verify_emails tool error: ${JSON.stringify(res.content).slice(0, 200)}`);
      continue;
    }
    const out = res.structuredContent as { list: { id: string }; complete: boolean };
    if (!out.complete) incomplete++;
    const listId = out.list.id;
    const got = (await timed('get_list', () =>
      client.callTool({ name: 'get_list', arguments: { listId } }),
    )) as CallToolResult | null;
    if (got?.isError) errors.push(`get_list tool error: ${JSON.stringify(got.content).slice(0, 200)}`);
  }
  await client.close();
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};

const rssBefore = server.rss().now;
const started = performance.now();
await Promise.all(Array.from({ length: SESSIONS }, (_, i) => session(i)));
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const { peak } = server.rss();

console.log(
  `MCP bench: ${SESSIONS} concurrent sessions × ${ROUNDS} rounds (verify_emails of ${ADDRESSES}, then get_list), embedded database`,
);
for (const [kind, xs] of Object.entries(times)) {
  console.log(
    `  ${kind.padEnd(14)} calls ${String(xs.length).padStart(4)}  p50 ${pct(xs, 50).toFixed(0).padStart(6)} ms  p95 ${pct(xs, 95).toFixed(0).padStart(6)} ms  max ${Math.max(
      ...xs,
    )
      .toFixed(0)
      .padStart(6)} ms`,
  );
}
console.log(
  `  errors         ${errors.length}${errors.length ? `: ${[...new Set(errors)].slice(0, 5).join(' | ')}` : ''}`,
);
console.log(`  verify_emails answered before every row was checked (complete: false): ${incomplete}`);
console.log(`  wall           ${seconds.toFixed(1)} s`);
console.log(`  server RSS     before ${rssBefore} MB, sampled peak ${peakRss} MB, VmHWM ${peak} MB`);
console.log(
  `  load average   ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

await server.stop();
await world.close();
process.exit(errors.length ? 1 : 0);
