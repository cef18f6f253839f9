import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { createVerifier } from '../verifier';

// Haraka's limit plugin counts every RCPT of a connection (accepted or not) and past `recipients.max`
// answers "450 Too many recipient attempts" (after its 3 s tarpit; measured on a real Haraka 3.3.4,
// bench/real-haraka.ts). That is the session's recipient limit, as 452's: learned once, so later
// sessions stay under it. Read as a refusal of the session, every later session met it again, each
// time with the tarpit and a pause before its rows were asked again.

const mailboxes = Array.from({ length: 60 }, (_, i) => `u${i}@haraka.test`);

let w: World;
beforeAll(async () => {
  w = await startWorld({
    'haraka.test': {
      mailboxes,
      maxRcptPerSession: 20,
      maxRcptReply: '450 Too many recipient attempts',
      latencyMs: 2,
    },
  });
});
afterAll(() => w.close());

it("Haraka's recipient-attempts limit is learned as the session's recipient limit: met once, every row true", async () => {
  const v = createVerifier({
    dnsServers: [w.dns.server],
    smtp: {
      allowPrivate: true,
      port: w.port,
      heloName: 'probe.test',
      mailFrom: 'bounce@probe.test',
      // One session at a time: the first one meets the limit before any other starts.
      maxConnectionsPerHost: 1,
    },
  });
  const results = await v.checkStep2(mailboxes, { tenant: 'list' }).finally(() => v.close());
  expect(results.map((r) => r.status)).toEqual(mailboxes.map(() => 'valid'));
  const sessions = w.hosts['haraka.test'].stats.sessionRcpts;
  expect(sessions.filter((s) => s.rcpts > 20)).toHaveLength(1);
  // 20 per session from then on (and the catch-all probe): not sessions of one RCPT, as when the
  // refusal lowered the server's tolerance to the errors the first session had seen.
  expect(sessions.length).toBeLessThanOrEqual(4);
});
