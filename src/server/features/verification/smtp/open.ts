import { backoffDelay } from '../../../platform/retry';
import { isConnectionLimitReply } from '../classify';
import type { HostQueue } from './host';
import { SmtpRefusedError, SmtpSession } from './session';
import type { Opened, SessionOwner } from './session-owner';
import { SmtpConnectionError } from './socket';

/**
 * Opens a session to a host, holding a connection slot (per host, global, fleet) from before the
 * connect until the socket is closed. On failure (null) the host's state says what happened and
 * what comes next: a short jittered pause, or "down" (its addresses fall over to the next MX).
 */
export async function openSession(provider: SessionOwner, host: HostQueue): Promise<Opened | null> {
  const s = provider.settings;
  const release = await provider.pool.acquire(host.ip, () => host.workLeft);
  // While we waited for a slot, the queue may have emptied or the host gone down.
  if (host.ready === 0 || host.isDown()) {
    release();
    return null;
  }
  const observer = provider.ctx.observer;
  observer?.smtpConnection(host.ip);
  const started = Date.now();
  try {
    const session = await SmtpSession.open({
      ip: host.ip,
      port: s.port,
      timeoutMs: s.timeoutMs,
      proxy: s.proxy,
      exchange: host.exchange,
      heloName: s.heloName,
      mailFrom: s.mailFrom,
      starttls: host.tlsRequired ? 'always' : !host.noTls,
      onReply: observer ? (code) => observer.smtpReply(host.ip, code) : undefined,
      onTimeout: observer ? () => observer.smtpTimeout(host.ip) : undefined,
    });
    host.failures = 0;
    host.limitHits = 0;
    host.lastGoodAt = Date.now();
    const took = host.lastGoodAt - started;
    host.openMs = host.openMs === 0 ? took : 0.8 * host.openMs + 0.2 * took;
    provider.pool.opened(host.ip);
    provider.network.ok();
    return { session, release, target: { ip: host.ip, exchange: host.exchange } };
  } catch (err) {
    release();
    openFailed(provider, host, err);
    return null;
  }
}

/**
 * "Too many connections" answers in a row before a server is judged down: with pauses growing to
 * SMTP_BACKOFF_S, a quarter of an hour at the defaults.
 */
const CONNECTION_LIMIT_BUDGET = 20;

function openFailed(provider: SessionOwner, host: HostQueue, err: unknown): void {
  const s = provider.settings;
  const now = Date.now();
  // While a sibling session is open the host is up, only limiting us (its slots shrink on 421).
  const count = () => {
    if (host.sessions === 0) host.failures++;
  };
  const pause = () => {
    host.pausedUntil = Math.max(
      host.pausedUntil,
      now + backoffDelay(host.failures, { baseMs: s.retryBaseMs, maxMs: 4 * s.retryBaseMs, jitter: 0.5 }),
    );
  };
  if (err instanceof SmtpRefusedError) {
    provider.network.ok(); // a server answered: our network works
    if (err.reply.code === 421 || err.reply.code < 500) {
      // Busy ("too many connections", often because it has not yet read the close of our last
      // session): one slot fewer and a short pause, not SMTP_BACKOFF_S (a ceiling).
      provider.pool.backOff(host.ip);
      host.lastFailure = { kind: 'retry', reply: err.reply, message: err.message };
      if (isConnectionLimitReply(err.reply)) {
        // Its connection limit (held by us elsewhere: another process, a close not yet read): pace,
        // not a failure; only a server that says so for very long is given up on.
        if (++host.limitHits >= CONNECTION_LIMIT_BUDGET) provider.hostDown(host);
        return;
      }
      count();
      if (host.failures >= s.greylistMaxAttempts) provider.hostDown(host);
    } else {
      host.lastFailure = { kind: 'refused', reply: err.reply, atBanner: err.atBanner };
      provider.hostDown(host);
    }
    return;
  }
  const message = (err as Error).message;
  if (err instanceof SmtpConnectionError && err.phase === 'tls') {
    host.noTls = true; // the next session to this host goes without TLS
    host.lastFailure = { kind: 'retry', reply: null, message };
    count();
    if (host.failures >= s.retryBudget) provider.hostDown(host);
    return;
  }
  if (err instanceof SmtpConnectionError && err.phase === 'connect') provider.network.failed(host.ip);
  count();
  // A host that served us lately is flaky, not gone: retry within the budget. One that never
  // answered gets a second chance (a lost SYN, a stall) and is then down: two timeouts at most.
  const proven = now - host.lastGoodAt < provider.ctx.memoryTtlMs;
  host.lastFailure = proven ? { kind: 'retry', reply: null, message } : { kind: 'unreachable', message };
  // A refused connection (RST) is a clear answer while other servers answer us: a host that never
  // answered is then down at once, and its addresses go to the next MX now. (With no proof that our
  // network works, it gets its second chance: the network monitor needs the time to tell.)
  const networkWorks =
    provider.openSessions > 0 || now - provider.network.lastSuccess < provider.ctx.memoryTtlMs;
  const refused =
    networkWorks && err instanceof SmtpConnectionError && err.phase === 'connect' && !err.timeout;
  if (host.failures >= (proven ? s.retryBudget : refused ? 1 : 2)) provider.hostDown(host);
  else pause();
}
