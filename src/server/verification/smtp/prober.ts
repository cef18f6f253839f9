import { CatchAllCache } from '../catchall';
import type { DnsClient } from '../dns';
import { resolveTargets } from '../mx';
import type { ProviderJob, ProviderVerdict, SmtpSettings, Step2Provider } from '../types';
import { SmtpConnectionError } from './connection';
import { ConnectionPool } from './pool';
import { type OpenFailure, type Pending, Route, routeKey, verdictFrom } from './route';
import { SmtpRefusedError, SmtpSession } from './session';
import { type Opened, runTransactions } from './transactions';

/**
 * Step 2 over SMTP. Addresses are grouped by their MX list into routes; each route runs at most
 * SMTP_MAX_CONNECTIONS_PER_HOST sessions, each session carrying up to SMTP_MAX_RCPT_PER_SESSION
 * recipients in pipelined transactions. Routes live as long as the provider, so successive calls
 * (worker batches) share catch-all answers, politeness state and learned limits.
 */
export class SmtpProvider implements Step2Provider {
  readonly name = 'smtp';
  readonly pool: ConnectionPool;
  readonly catchAll = new CatchAllCache();
  private readonly routes = new Map<string, Route>();
  private readonly working = new Set<Promise<void>>();
  private closed = false;

  constructor(
    readonly settings: SmtpSettings,
    private readonly dns: DnsClient,
  ) {
    this.pool = new ConnectionPool(
      settings.maxConnectionsPerHost,
      settings.maxConnections,
      settings.backoffMs,
    );
  }

  async verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
  ): Promise<void> {
    if (this.closed) throw new Error('the SMTP prober is closed');
    const touched = new Set<Route>();
    const all = jobs.map(
      (job) =>
        new Promise<void>((resolve) => {
          const key = routeKey(job.mx);
          let route = this.routes.get(key);
          if (!route) {
            route = new Route(key, job.mx);
            this.routes.set(key, route);
          }
          route.ready.push({
            job,
            attempts: 0,
            notBefore: 0,
            done: (v) => {
              onVerdict(job, v);
              resolve();
            },
          });
          touched.add(route);
        }),
    );
    for (const r of touched) this.pump(r);
    await Promise.all(all);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const r of this.routes.values()) {
      if (r.timer) clearTimeout(r.timer);
      for (const p of [...r.ready.splice(0), ...r.delayed.splice(0)]) {
        p.done(verdictFrom({ status: 'risky', reason: 'temp_failure' }, p, null, null));
      }
    }
    // Results are out before their sessions say QUIT: wait for those goodbyes.
    await Promise.all([...this.working]);
  }

  /**
   * Starts sessions for a route's ready addresses and arms the timer for delayed ones. A route
   * that cannot open a session (every MX address dead, or the host kept refusing) starts none: once
   * its last worker is gone, its queue waits for the first dead mark to run out, or fails at once.
   * So every worker started here connects (I/O) or waits (a pool slot, a back-off timer): a route
   * can never cycle through workers that fail without waiting.
   */
  pump(route: Route): void {
    if (this.closed) return;
    const now = Date.now();
    route.moveDue(now);
    const deadUntil = route.blockedUntil(now);
    const givenUp = route.failuresInRow >= this.settings.greylistMaxAttempts;
    if (deadUntil === null && !givenUp) {
      const perSession = Math.min(this.settings.maxRcptPerSession, route.learnedLimit);
      const want = Math.min(this.settings.maxConnectionsPerHost, Math.ceil(route.ready.length / perSession));
      while (route.workers < want) {
        route.workers++;
        const job = this.work(route).finally(() => this.working.delete(job));
        this.working.add(job);
      }
    } else if (route.workers === 0) {
      if (deadUntil !== null && deadUntil !== Number.POSITIVE_INFINITY) {
        // A first timeout may be transient: try that address again when its mark runs out.
        for (const p of route.ready.splice(0)) {
          p.notBefore = deadUntil;
          route.delayed.push(p);
        }
      } else if (deadUntil !== null) this.giveUp(route, this.takeAll(route), route.lastFailure);
      else this.giveUp(route, route.ready.splice(0), route.lastRetry); // the host kept refusing (421…)
    }
    const due = route.nextDue();
    if (due !== null && (route.timer === null || due < route.timerAt)) {
      if (route.timer) clearTimeout(route.timer);
      route.timerAt = due;
      route.timer = setTimeout(
        () => {
          route.timer = null;
          this.pump(route);
        },
        Math.max(0, due - Date.now()),
      );
    }
  }

  private takeAll(route: Route): Pending[] {
    return [...route.ready.splice(0), ...route.delayed.splice(0)];
  }

  private async work(route: Route): Promise<void> {
    try {
      const opened = await this.open(route);
      if (opened) {
        route.failuresInRow = 0;
        // A sibling session may have marked this IP dead on a transient failure (a timeout under load).
        route.dead.delete(opened.target.ip);
        route.good.add(opened.target.ip);
        route.sessions++;
        try {
          await runTransactions(this, route, opened);
        } finally {
          route.sessions--;
        }
      }
    } catch (err) {
      // A bug must not leave addresses hanging: fail what is queued, loudly.
      console.error('smtp prober: unexpected error', err);
      for (const p of route.ready.splice(0)) {
        p.done(verdictFrom({ status: 'risky', reason: 'temp_failure' }, p, null, null));
      }
    } finally {
      route.workers--;
      this.pump(route);
    }
  }

  /**
   * Connects to the most preferred reachable MX, falling over to the next on failure. On failure
   * (null) the route's state says what happened: dead marks, `failuresInRow`, `lastFailure`.
   */
  private async open(route: Route): Promise<Opened | null> {
    route.targets ??= resolveTargets(this.dns, route.mx);
    const targets = await route.targets;
    route.resolved ??= targets;
    if (targets.length === 0) {
      route.lastFailure = { kind: 'unreachable', message: 'MX host does not resolve' };
      return null;
    }
    const retry = (failure: OpenFailure) => {
      route.lastFailure = failure;
      route.lastRetry = failure;
      // While a sibling session is open the host is up, only limiting us (its slots shrink on 421).
      if (route.sessions === 0) route.failuresInRow++;
    };
    for (const target of targets) {
      if (route.isDead(target.ip)) continue;
      const release = await this.pool.acquire(target.ip);
      const startedAt = Date.now();
      try {
        const session = await SmtpSession.open({
          ip: target.ip,
          port: this.settings.port,
          timeoutMs: this.settings.timeoutMs,
          proxy: this.settings.proxy,
          exchange: target.exchange,
          heloName: this.settings.heloName,
          mailFrom: this.settings.mailFrom,
          starttls: !route.noTls.has(target.ip),
        });
        return { session, release, target };
      } catch (err) {
        release();
        if (err instanceof SmtpRefusedError) {
          if (err.reply.code === 421 || err.reply.code < 500) {
            this.pool.backOff(target.ip);
            retry({ kind: 'retry', reply: err.reply, message: err.message });
          } else {
            route.dead.set(target.ip, Number.POSITIVE_INFINITY);
            route.lastFailure = { kind: 'refused', reply: err.reply };
          }
        } else if (err instanceof SmtpConnectionError && err.phase === 'tls') {
          route.noTls.add(target.ip); // next session to this host goes without TLS
          retry({ kind: 'retry', reply: null, message: err.message });
        } else if (route.good.has(target.ip)) {
          this.pool.backOff(target.ip);
          retry({ kind: 'retry', reply: null, message: (err as Error).message });
        } else {
          this.markUnreachable(route, target.ip, err, startedAt);
          route.lastFailure = { kind: 'unreachable', message: (err as Error).message };
        }
      }
    }
    return null;
  }

  /**
   * Refused: dead for the rest of the run. A first timeout may be transient (a loaded host, a lost
   * SYN): dead for SMTP_BACKOFF_S, then tried once more; a timeout on that second try is final.
   */
  private markUnreachable(route: Route, ip: string, err: unknown, startedAt: number): void {
    const timedOut = err instanceof SmtpConnectionError && err.timeout;
    const firstMarkEnds = route.timedOut.get(ip);
    if (!timedOut || (firstMarkEnds !== undefined && startedAt >= firstMarkEnds)) {
      route.dead.set(ip, Number.POSITIVE_INFINITY);
    } else if (firstMarkEnds === undefined) {
      const until = Date.now() + this.settings.backoffMs;
      route.timedOut.set(ip, until);
      route.dead.set(ip, until);
    }
    // else: a connection started together with the first one that timed out; its mark stands.
  }

  /** The route cannot open a session: its addresses get the last failure as their verdict. */
  private giveUp(route: Route, pending: Pending[], last: OpenFailure | null): void {
    route.failuresInRow = 0; // a later batch gets a fresh budget
    const failure = last ?? { kind: 'unreachable', message: 'no MX host accepted a connection' };
    const base =
      failure.kind === 'refused'
        ? { status: 'risky' as const, reason: 'policy_block' as const }
        : failure.kind === 'retry'
          ? { status: 'risky' as const, reason: 'temp_failure' as const }
          : { status: 'risky' as const, reason: 'unreachable' as const };
    const reply = 'reply' in failure ? failure.reply : null;
    for (const p of pending) {
      const v = verdictFrom(base, p, route.mx[0]?.exchange ?? null, reply);
      if (!reply && 'message' in failure) v.smtpMessage = failure.message;
      p.done(v);
    }
  }

  /** Puts an address back: at the front now, or among the delayed ones (greylisting). */
  requeue(route: Route, p: Pending, delayMs: number): void {
    if (delayMs <= 0) route.ready.unshift(p);
    else {
      p.notBefore = Date.now() + delayMs;
      route.delayed.push(p);
    }
  }
}
