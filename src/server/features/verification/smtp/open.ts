import { backoffDelay } from '../../../platform/retry';
import { isConnectionLimitReply } from '../classify';
import type { ProxyRoute } from '../proxy-list';
import type { HostQueue } from './host';
import { SmtpSession } from './session';
import type { Opened, SessionOwner } from './session-owner';
import { ProxyDownError, SmtpConnectionError, SmtpRefusedError, SmtpSilentError } from './socket';
import { socks5Answers } from './socks5';

/**
 * Opens a session to a host, holding a connection slot (per host, global, fleet) from before the
 * connect until the socket is closed. On failure (null) the host's state says what happened and
 * what comes next: a short jittered pause, or "down" (its addresses fall over to the next MX).
 */
export async function openSession(provider: SessionOwner, host: HostQueue): Promise<Opened | null> {
  const s = provider.settings;
  const proxy = provider.proxies.pick(host.exchange);
  if (proxy === undefined) {
    // Every proxy that may carry this server's mail is down: wait for the first to be tried again.
    host.pausedUntil = Math.max(host.pausedUntil, provider.proxies.nextTryAt(host.exchange));
    return null;
  }
  const slot = provider.proxies.slotKey(host.ip, proxy);
  const release = await provider.pool.acquire(slot, () => host.workLeft);
  // While we waited for a slot, the queue may have emptied, the host gone down, or the proxy.
  if (host.ready === 0 || host.isDown() || (proxy && provider.proxies.isDown(proxy))) {
    release();
    return null;
  }
  host.slot = slot;
  const observer = provider.ctx.observer;
  observer?.smtpConnection(host.ip);
  const started = Date.now();
  try {
    const session = await SmtpSession.open({
      ip: host.ip,
      port: s.port,
      timeoutMs: s.timeoutMs,
      proxy: proxy ?? undefined,
      exchange: host.exchange,
      heloName: s.heloName,
      mailFrom: s.mailFrom,
      starttls: host.tlsRequired ? 'always' : !host.noTls,
      onReply: observer ? (code) => observer.smtpReply(host.ip, code) : undefined,
      onTimeout: observer ? () => observer.smtpTimeout(host.ip) : undefined,
    });
    if (proxy) provider.proxies.answered(proxy);
    host.failures = 0;
    host.limitHits = 0;
    host.lastGoodAt = Date.now();
    const took = host.lastGoodAt - started;
    host.openMs = host.openMs === 0 ? took : 0.8 * host.openMs + 0.2 * took;
    provider.pool.opened(slot);
    provider.network.ok();
    return { session, release, target: { ip: host.ip, exchange: host.exchange, slot } };
  } catch (err) {
    release();
    if (proxy && (await proxyFailed(provider, proxy, err))) return null;
    openFailed(provider, host, slot, err);
    return null;
  }
}

/**
 * Was a failed opening through `proxy` the proxy's fault? Its own errors say so; a connection lost
 * after the handshake (before or during the greeting, or TLS) is the proxy's if it no longer answers
 * a greeting itself. Then the proxy is set aside and the host is not blamed: its addresses wait for
 * the next way out, with no try spent.
 */
async function proxyFailed(provider: SessionOwner, proxy: ProxyRoute, err: unknown): Promise<boolean> {
  if (err instanceof ProxyDownError) {
    provider.proxies.failed(proxy, err.message);
    return true;
  }
  if (!(err instanceof SmtpConnectionError)) return false; // the server answered (a refusal)
  if (err.phase === 'connect') {
    provider.proxies.answered(proxy); // the SOCKS reply named the mail server's failure
    return false;
  }
  if (await socks5Answers(proxy, Math.min(provider.settings.timeoutMs, 2000))) return false;
  provider.proxies.failed(proxy, err.message);
  return true;
}

/**
 * "Too many connections" answers in a row before a server is judged down: with pauses growing to
 * SMTP_BACKOFF_S, a quarter of an hour at the defaults.
 */
const CONNECTION_LIMIT_BUDGET = 20;

function openFailed(provider: SessionOwner, host: HostQueue, slot: string, err: unknown): void {
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
      provider.pool.backOff(slot);
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
  const silent = err instanceof SmtpSilentError;
  host.lastFailure = proven
    ? { kind: 'retry', reply: null, message }
    : { kind: 'unreachable', message, silent };
  // A refused connection (RST) is a clear answer while other servers answer us: a host that never
  // answered is then down at once, and its addresses go to the next MX now. (With no proof that our
  // network works, it gets its second chance: the network monitor needs the time to tell.)
  const networkWorks =
    provider.openSessions > 0 || now - provider.network.lastSuccess < provider.ctx.memoryTtlMs;
  const refused =
    networkWorks && err instanceof SmtpConnectionError && err.phase === 'connect' && !err.timeout;
  // A silent server (it accepts and never greets) gets its timeout and second chance, no more, even if
  // it served us before: every further try would cost its rows another timeout.
  const budget = proven && !silent ? s.retryBudget : refused ? 1 : 2;
  if (host.failures >= budget) provider.hostDown(host);
  else pause();
}
