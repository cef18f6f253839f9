import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../../tests/fakes/smtp-world';
import { createVerifier } from '../verifier';

// A server that accepts the connection and never greets costs its rows one timeout and its second
// chance, no more: then they are settled (risky, unreachable: "the server did not answer"), even while
// other servers' failures make our network suspect: a connection it accepted proves ours works.

let w: World;
beforeAll(async () => {
  w = await startWorld({ 'silent.test': { silent: true } }, (unused) => {
    const [a, b, c] = unused.split('.').map(Number);
    // Three domains whose only MX refuses connections (nothing listens): three servers failing to
    // connect with no session opened is how our own network's failure looks.
    return Object.fromEntries(
      [1, 2, 3].flatMap((n) => [
        [`refused${n}.test`, { MX: [{ preference: 10, exchange: `mx.refused${n}.test` }] }],
        [`mx.refused${n}.test`, { A: [`${a}.${b}.${c}.${210 + n}`] }],
      ]),
    );
  });
});
afterAll(() => w.close());

describe('a silent server', () => {
  it('its rows get their verdict after one timeout and the second chance, never parked', async () => {
    const v = createVerifier({
      dnsServers: [w.dns.server],
      logger: { info() {}, warn() {}, error() {} },
      smtp: {
        allowPrivate: true,
        port: w.port,
        heloName: 'probe.test',
        mailFrom: 'bounce@probe.test',
        timeoutMs: 400,
        retryBaseMs: 50,
        networkRetryMs: 60_000,
      },
    });
    try {
      // Refused everywhere: these rows are parked (it may be us), and the progress names them.
      const refused = v.checkStep2(['a@refused1.test', 'a@refused2.test', 'a@refused3.test'], {
        tenant: 'refused',
      });
      const parked = () => v.waiting('refused').find((g) => g.reason === 'no_answer_yet')?.rows ?? 0;
      // (Up to 15 s: on a loaded machine the three refusals and their retries take a while to show.)
      for (let i = 0; i < 300 && parked() < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(v.waiting('refused')).toMatchObject([{ reason: 'no_answer_yet', rows: 3 }]);
      const results = await v.checkStep2(['ann@silent.test', 'bob@silent.test'], { tenant: 'silent' });
      expect(results.map((r) => `${r.status}/${r.reason}`)).toEqual([
        'risky/unreachable',
        'risky/unreachable',
      ]);
      expect(results[0].smtpMessage).toMatch(/did not answer/);
      // One timeout and its overlapped second chance: two connections, about one timeout and a bit.
      expect(w.hosts['silent.test'].stats.connections).toBe(2);
      void refused;
    } finally {
      await v.close();
    }
  }, 30_000);
});
