import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../../../../tests/fakes/smtp';
import { SmtpSession } from './session';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('a session that says goodbye', () => {
  let fake: FakeSmtp;
  beforeAll(async () => {
    fake = await startFakeSmtp({ host: '127.0.42.7', mailboxes: ['a@quit.test'] });
  });
  afterAll(() => fake.close());

  it('leaves no timer behind once the server has answered QUIT (a left one held the CLI open 1 s)', async () => {
    const before = timers();
    const session = await SmtpSession.open({
      ip: fake.host,
      port: fake.port,
      timeoutMs: 10_000,
      exchange: 'mx.quit.test',
      heloName: 'bench.verilead.test',
      mailFrom: 'bounce@verilead.test',
      starttls: false,
    });
    await session.quit();
    expect(session.goodbye?.code).toBe(221);
    expect(timers()).toBe(before);
  });
});
