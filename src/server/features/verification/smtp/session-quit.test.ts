import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../../tests/fakes/smtp';
import { SmtpSession } from './session';

// A wait no other timer of the process uses: the goodbye's waits are min(1000, timeout).
const WAIT_MS = 777;

describe('a session that says goodbye', () => {
  let fake: FakeSmtp;
  beforeAll(async () => {
    fake = await startFakeSmtp({ host: '127.0.42.7', mailboxes: ['a@quit.test'] });
  });
  afterAll(() => fake.close());

  it('leaves no timer behind once the server has answered QUIT (a left one held the CLI open 1 s)', async () => {
    const session = await SmtpSession.open({
      ip: fake.host,
      port: fake.port,
      timeoutMs: WAIT_MS,
      exchange: 'mx.quit.test',
      heloName: 'bench.verilead.test',
      mailFrom: 'bounce@verilead.test',
      starttls: false,
    });
    const set = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      await session.quit();
      expect(session.goodbye?.code).toBe(221);
      const waits = set.mock.results.filter((_, i) => set.mock.calls[i][1] === WAIT_MS).map((r) => r.value);
      expect(waits.length).toBeGreaterThan(0);
      // Every wait was cleared: none fired (the server answered at once) and none is left running.
      for (const t of waits) expect(cleared.mock.calls.some(([c]) => c === t)).toBe(true);
    } finally {
      set.mockRestore();
      cleared.mockRestore();
    }
  });
});
