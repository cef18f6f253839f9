import { describe, expect, it } from 'vitest';
import { CatchAllCache } from '../catchall';
import { HostQueue } from './host';
import { newPending, type Pending } from './pending';
import { ProbeDemand } from './probe';

// When a domain's catch-all probe goes out: only once nothing else of the domain can prove it is not
// catch-all, or when enough accepted addresses wait; and whoever waits hears the answer however it comes.

const host = new HostQueue('127.0.0.9', 'mx.probe.test');
const job = (local: string, domain = 'd.test') => ({
  address: `${local}@${domain}`,
  domain,
  local,
  role: false,
  mx: [],
});

function setup() {
  const cache = new CatchAllCache();
  const sent: Pending[] = [];
  const demand = new ProbeDemand(cache, (_h, p) => sent.push(p));
  const address = (local: string, domain?: string) => {
    const p = newPending(job(local, domain), 't', [{ ip: host.ip, exchange: host.exchange }], () =>
      demand.finished(p),
    );
    demand.started(p.job.domain);
    return p;
  };
  return { cache, sent, demand, address };
}

describe('catch-all probes only where needed', () => {
  it('waits while another address of the domain is still to be answered, then probes once', () => {
    const { sent, demand, address } = setup();
    const [a, b] = [address('a'), address('b')];
    demand.accepted(host, a);
    expect(sent).toHaveLength(0);
    demand.accepted(host, b);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ probe: true, job: { domain: 'd.test' } });
    expect(sent[0].job.address).toMatch(/^verilead-[0-9a-f]{16}@d\.test$/);
  });

  it('sends none when a rejected address settled the domain', async () => {
    const { cache, sent, demand, address } = setup();
    const [a, b] = [address('a'), address('b')];
    demand.accepted(host, a);
    const answer = cache.answer('d.test');
    cache.settle('d.test', false);
    b.done({
      status: 'invalid',
      reason: 'rejected',
      mxHost: null,
      smtpCode: 550,
      smtpMessage: null,
      attempts: 1,
    });
    expect(sent).toHaveLength(0);
    expect(await answer).toBe(false);
  });

  it('does not keep twenty accepted addresses waiting for the rest of a big domain', () => {
    const { sent, demand, address } = setup();
    const all = Array.from({ length: 50 }, (_, i) => address(`u${i}`));
    for (const p of all.slice(0, 19)) demand.accepted(host, p);
    expect(sent).toHaveLength(0);
    demand.accepted(host, all[19]);
    expect(sent).toHaveLength(1);
  });

  it('an answer learned elsewhere (another call, the knowledge store) reaches those already waiting', async () => {
    const { cache } = setup();
    const answer = cache.answer('d.test');
    cache.seed('d.test', true);
    expect(await answer).toBe(true);
  });
});
