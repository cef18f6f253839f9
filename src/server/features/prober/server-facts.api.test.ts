import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { openTestDatabase } from '../../../../tests/helpers/test-app';
import type { Database } from '../../platform/db/client';
import { migrate } from '../../platform/db/migrate';
import { createVerifier } from '../verification/verifier';
import { DbKnowledge } from './knowledge';

// What a mail server tolerates is learned once and kept with the domain facts: a verifier started
// later (another run, another process) keeps under a limit an earlier one learned from the server's
// cut, and is never cut itself.

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
// Mail servers' facts outlive a run of this suite on PostgreSQL: a domain (and so a server IP) of its own.
const TAG = Math.random().toString(36).slice(2, 8);
const DOMAIN = `cut-${TAG}.test`;
let w: World;
let database: Database;

beforeAll(async () => {
  w = await startWorld({
    [DOMAIN]: {
      mailboxes: range(4, (i) => `u${i}@${DOMAIN}`),
      // No slow-down, a cut at 5 errors: nothing tells it before the first cut.
      errorLimits: { soft: 1000, hard: 5, sleepMs: 0 },
      latencyMs: 2,
    },
  });
  database = await openTestDatabase();
  await migrate(database);
});
afterAll(async () => {
  await w?.close();
  await database?.close();
});

async function run(emails: string[]) {
  const knowledge = new DbKnowledge(database.db, { domainS: 3600, mailboxS: 0 });
  const v = createVerifier({
    dnsServers: [w.dns.server],
    knowledge,
    smtp: { allowPrivate: true, port: w.port, heloName: 'probe.test', mailFrom: 'bounce@probe.test' },
  });
  try {
    return await v.checkStep2(emails);
  } finally {
    await knowledge.flush();
    await v.close();
  }
}

describe("a server's error limit, remembered", () => {
  it('the second run starts under the limit the first learned from its cut', async () => {
    const s = w.hosts[DOMAIN].stats;
    const first = await run(range(12, (i) => `u${i}@${DOMAIN}`));
    expect(first.filter((r) => r.status === 'invalid')).toHaveLength(8);
    expect(s.errorLimitLog).toHaveLength(1);

    const sessionsBefore = s.sessionErrors.length;
    const second = await run(range(12, (i) => `v${i}@${DOMAIN}`));
    expect(second.every((r) => r.status === 'invalid')).toBe(true);
    // Still one cut, the first run's: every session of the second run stopped at 4 errors.
    expect(s.errorLimitLog).toHaveLength(1);
    expect(s.sessionErrors.slice(sessionsBefore).every((n) => n <= 4)).toBe(true);
  });
});
