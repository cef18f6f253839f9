import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { createVerifier } from '../verifier';

// Regression: with more than one session allowed per host and more addresses than one session
// carries, an MX that fails without waiting (IP already marked dead, host that does not resolve)
// made the route's workers hand the queue to each other forever in microtasks: the event loop
// stopped, timers included, so no test timeout could fire. These runs therefore happen in a child
// process that reports a heartbeat from a timer; it is SIGKILLed (a stuck event loop runs no signal
// handler) when the heartbeat stops, not after a fixed time: a busy machine only makes it slower.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

let w: World;
let stuck: Promise<StuckRun>;
beforeAll(async () => {
  w = await startWorld(
    {
      'busy421.test': { bannerReply: '421 4.7.0 Too busy, try again later' },
      'blink.test': {
        mailboxes: range(40, (i) => `u${i}@blink.test`),
        bannerDelayMs: 1500,
        slowConnections: 1,
      },
      'blink2.test': {
        mailboxes: range(60, (i) => `u${i}@blink2.test`),
        bannerDelayMs: 1500,
        slowConnections: 1,
      },
      'stall.test': { mailboxes: ['u0@stall.test'], bannerDelayMs: 1500 },
    },
    (unused) => {
      const [a, b, c] = unused.split('.').map(Number);
      const unused2 = `${a}.${b}.${c}.201`;
      return {
        // Two domains on one route whose only MX refuses connections (nothing listens).
        'refused-a.test': { MX: [{ preference: 10, exchange: 'mx.refused.test' }] },
        'refused-b.test': { MX: [{ preference: 10, exchange: 'mx.refused.test' }] },
        'mx.refused.test': { A: [unused] },
        // Two domains whose MX host has no address.
        'nores-a.test': { MX: [{ preference: 10, exchange: 'mx.nowhere.test' }] },
        'nores-b.test': { MX: [{ preference: 10, exchange: 'mx.nowhere.test' }] },
        // Fall-over through two dead MX hosts.
        'twodead.test': {
          MX: [
            { preference: 10, exchange: 'mx1.twodead.test' },
            { preference: 20, exchange: 'mx2.twodead.test' },
          ],
        },
        'mx1.twodead.test': { A: [unused] },
        'mx2.twodead.test': { A: [unused2] },
      };
    },
  );
  stuck = runScenarios(); // started here, awaited by the tests below
});
afterAll(() => w.close());

// Scenario name → one verifier (fresh provider) → batches of addresses, one after the other.
const SCENARIOS: Record<string, { smtp: Record<string, unknown>; batches: string[][] }> = {
  // 600 addresses on three dead routes: refused (two domains, one route), MX host without an
  // address (two domains), fall-over through two refused MX hosts.
  ...Object.fromEntries(
    [2, 3].map((cap) => [
      `cap${cap}`,
      {
        smtp: { maxConnectionsPerHost: cap },
        batches: [
          [
            ...range(100, (i) => `r${i}@refused-a.test`),
            ...range(100, (i) => `r${i}@refused-b.test`),
            ...range(100, (i) => `n${i}@nores-a.test`),
            ...range(100, (i) => `n${i}@nores-b.test`),
            ...range(200, (i) => `t${i}@twodead.test`),
          ],
        ],
      },
    ]),
  ),
  // A host that answers every connection with 421. Its replies may come late on a busy machine: a
  // generous timeout, so that only what the server says decides (a reply timing out is "unreachable").
  busy421: {
    smtp: { maxConnectionsPerHost: 3, greylistMaxAttempts: 3, timeoutMs: 60_000 },
    batches: [range(200, (i) => `u${i}@busy421.test`)],
  },
  // The first connection to the only MX stalls; two sessions are allowed.
  blink2: {
    smtp: { maxConnectionsPerHost: 2, timeoutMs: 400, backoffMs: 200 },
    batches: [range(60, (i) => `u${i}@blink2.test`)],
  },
  // Background workers keep one verifier for many batches: routes (and dead marks) persist.
  twoBatches: {
    smtp: { maxConnectionsPerHost: 2 },
    batches: [range(10, (i) => `x${i}@refused-a.test`), range(150, (i) => `y${i}@refused-a.test`)],
  },
};

// Runs every scenario at once; prints { name: ["status/reason/code", …] }.
const SCRIPT = `
const { createVerifier } = await import(process.env.VERIFIER_MODULE);
const { dns, port, scenarios } = JSON.parse(process.env.SCENARIOS);
setInterval(() => process.stderr.write('\\x06'), 250).unref();
const out = {};
await Promise.all(
  Object.entries(scenarios).map(async ([name, { smtp, batches }]) => {
    const v = createVerifier({ dnsServers: [dns], smtp: { allowPrivate: true, port, timeoutMs: 2000, backoffMs: 0, ...smtp } });
    out[name] = [];
    for (const batch of batches) {
      for (const r of await v.checkStep2(batch)) out[name].push(\`\${r.status}/\${r.reason}/\${r.smtpCode ?? ''}\`);
    }
    await v.close();
  }),
);
process.stdout.write(JSON.stringify(out));
`;

interface StuckRun {
  signal: NodeJS.Signals | null;
  ms: number;
  stderr: string;
  verdicts: Record<string, string[]>;
}

/** Silence on the child's heartbeat (a control character every 250 ms) that means its event loop is stuck. */
const STUCK_MS = 10_000;

/** All scenarios in one tsx child process, SIGKILLed once its heartbeat stops. */
function runScenarios(): Promise<StuckRun> {
  const script = join(mkdtempSync(join(tmpdir(), 'provider-test-')), 'scenarios.mts');
  writeFileSync(script, SCRIPT);
  const started = Date.now();
  return new Promise((resolve) => {
    // The heartbeat starts once the script runs: loading tsx and the engine may take long on a busy
    // machine, so until the first beat only a generous bound applies.
    let lastBeat = Date.now() + 60_000;
    let stuckKill = false;
    const watch = setInterval(() => {
      if (Date.now() - lastBeat > STUCK_MS) {
        stuckKill = true;
        child.kill('SIGKILL');
      }
    }, 500);
    const child = execFile(
      join(process.cwd(), 'node_modules/.bin/tsx'),
      [script],
      {
        env: {
          PATH: process.env.PATH,
          VERIFIER_MODULE: join(process.cwd(), 'src/server/features/verification/verifier.ts'),
          SCENARIOS: JSON.stringify({ dns: w.dns.server, port: w.port, scenarios: SCENARIOS }),
        },
        maxBuffer: 16 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        clearInterval(watch);
        let verdicts: Record<string, string[]> = {};
        try {
          verdicts = JSON.parse(stdout);
        } catch {
          // killed or crashed: no verdicts
        }
        resolve({
          signal: stuckKill ? 'SIGKILL' : ((err as { signal?: NodeJS.Signals } | null)?.signal ?? null),
          ms: Date.now() - started,
          stderr: stderr.replaceAll('\x06', ''),
          verdicts,
        });
      },
    );
    child.stderr?.on('data', () => {
      lastBeat = Date.now();
    });
  });
}

async function finished(name: string): Promise<string[]> {
  const r = await stuck;
  expect(r.signal, `killed after ${r.ms} ms (event loop stuck?)\n${r.stderr}`).toBeNull();
  expect(r.verdicts[name], r.stderr).toBeDefined();
  return r.verdicts[name];
}

describe('timeouts on a mail host (one session per host)', () => {
  const timeouts = (smtp: Record<string, unknown>) =>
    createVerifier({
      dnsServers: [w.dns.server],
      smtp: { allowPrivate: true, port: w.port, timeoutMs: 400, backoffMs: 200, ...smtp },
    });

  it('a timeout on the only MX is retried once after a short back-off, not final at once', async () => {
    const s = w.hosts['blink.test'].stats;
    const v = timeouts({ maxConnectionsPerHost: 1 });
    try {
      const results = await v.checkStep2(range(40, (i) => `u${i}@blink.test`));
      expect(results.every((r) => r.status === 'valid')).toBe(true);
      expect(s.connections).toBe(2); // the banner that timed out, then one good session
    } finally {
      await v.close();
    }
  });

  it('a second timeout is final: risky unreachable', async () => {
    const s = w.hosts['stall.test'].stats;
    const v = timeouts({ maxConnectionsPerHost: 1 });
    try {
      const [r] = await v.checkStep2(['u0@stall.test']);
      expect(r).toMatchObject({ status: 'risky', reason: 'unreachable' });
      expect(r.smtpMessage).toMatch(/within 400 ms/);
      expect(s.connections).toBe(2);
    } finally {
      await v.close();
    }
  });
});

// The child runs as long as the machine needs (its heartbeat guards against a stuck loop).
describe('the provider always makes progress (one child process, killed if stuck)', {
  timeout: 180_000,
}, () => {
  for (const cap of [2, 3]) {
    it(`600 addresses on unreachable MX hosts, ${cap} sessions per host → all risky unreachable, promptly`, async () => {
      const verdicts = await finished(`cap${cap}`);
      expect(verdicts).toHaveLength(600);
      expect(new Set(verdicts)).toEqual(new Set(['risky/unreachable/']));
    });
  }

  it('a host that answers every connection with 421 → risky temp_failure after the retry budget', async () => {
    const verdicts = await finished('busy421');
    expect(verdicts).toHaveLength(200);
    expect(new Set(verdicts)).toEqual(new Set(['risky/temp_failure/421']));
    // Three failed openings in a row, whichever sessions they came from; at most two more were under way.
    expect(w.hosts['busy421.test'].stats.connections).toBeLessThanOrEqual(3 + 2);
  });

  it('a host that has not answered yet gets one connection at a time: a stall costs one, not one per slot', async () => {
    const verdicts = await finished('blink2');
    expect(new Set(verdicts)).toEqual(new Set(['valid/accepted/250']));
    expect(verdicts).toHaveLength(60);
    // One stalled alone, then two sessions once the host had answered (61 RCPTs at 50 per session).
    expect(w.hosts['blink2.test'].stats.connections).toBe(3);
  });

  it('a second batch on a provider whose MX is already dead finishes at once', async () => {
    const verdicts = await finished('twoBatches');
    expect(verdicts).toHaveLength(160);
    expect(new Set(verdicts)).toEqual(new Set(['risky/unreachable/']));
  });
});
