import { verdictOf } from '../../../../shared/reasons';
import type { HostQueue } from './host';
import { openSession } from './open';
import { verdictFrom } from './pending';
import { learningFrom, recallServer } from './server-facts';
import type { SessionOwner } from './session-owner';
import { runTransactions } from './transactions';

/**
 * One connection's turn at a host: open a session (open.ts), run transactions on it while the host
 * has addresses ready (transactions.ts), and count it among the owner's open sessions meanwhile. The
 * owner starts one per connection the host may take, and pumps the host again when it ends.
 */
export async function workHost(
  owner: SessionOwner,
  host: HostQueue,
  countSession: (delta: 1 | -1) => void,
): Promise<void> {
  if (host.openingSince === 0) host.openingSince = Date.now();
  try {
    await recallServer(owner.ctx, host);
    const opened = await openSession(owner, host);
    host.openingSince = 0;
    if (!opened) return;
    host.sessions++;
    countSession(1);
    try {
      await learningFrom(owner.ctx, host, () => runTransactions(owner, host, opened));
    } finally {
      host.sessions--;
      countSession(-1);
    }
  } catch (err) {
    // A bug must not leave addresses hanging: fail what is queued, loudly.
    owner.ctx.logger.error({ err, host: host.ip }, 'smtp provider: unexpected error');
    for (const p of host.take(host.ready)) {
      p.done(verdictFrom(verdictOf('temp_failure'), p, host.exchange, null));
    }
  }
}
