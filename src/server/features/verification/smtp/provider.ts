import { CACHEABLE_REASONS, verdictOf } from '../../../../shared/reasons';
import { CatchAllCache } from '../catchall';
import type { DnsClient } from '../dns';
import type {
  BudgetHold,
  NetworkHealth,
  ProviderCallOptions,
  ProviderJob,
  ProviderVerdict,
  SmtpSettings,
  Step2Provider,
  Unjudged,
} from '../types';
import { hostTurn } from './demand';
import { noRouteVerdict } from './failure-verdict';
import { type Call, giveBack, pendingOf, setAside, spentBy } from './hand-back';
import type { HostQueue } from './host';
import { HostTable } from './host-table';
import { workHost } from './host-worker';
import { answerFromKnowledge } from './known-answers';
import { MxRoutes } from './mx-routes';
import { NetworkMonitor } from './network';
import { ParkedAddresses } from './parked';
import { type DelayReason, type OpenFailure, type Pending, verdictFrom } from './pending';
import { ConnectionPool } from './pool';
import { ProbeDemand } from './probe';
import { ProxySet } from './proxies';
import type { ProviderContext, SessionOwner } from './session-owner';
import { type WaitingGroup, waitingOf } from './waiting';

/**
 * Step 2 over SMTP, one per process: every caller (uploads, lanes, accounts) shares it. Addresses
 * queue per mail server IP (many domains and MX names share one server), so a session carries
 * recipients of any domain, and hosts take turns between tenants. Connection slots are per IP (and
 * fleet-wide with a coordinator). A session stays within what its server tolerates (error-budget.ts);
 * dropped sessions, timeouts and temporary replies are retried with short jittered back-off within a
 * budget; a dead host costs two timeouts; failures at many hosts at once park the addresses.
 */
export class SmtpProvider implements Step2Provider, SessionOwner {
  readonly name = 'smtp';
  readonly pool: ConnectionPool;
  readonly catchAll: CatchAllCache;
  readonly probes: ProbeDemand;
  readonly network: NetworkMonitor;
  readonly proxies: ProxySet;
  private readonly hosts = new HostTable();
  private readonly routes: MxRoutes;
  private readonly parked: ParkedAddresses;
  private readonly working = new Set<Promise<void>>();
  openSessions = 0;
  private calls = 0;
  private closed = false;

  constructor(
    readonly settings: SmtpSettings,
    readonly dns: DnsClient,
    readonly ctx: ProviderContext,
  ) {
    this.pool = new ConnectionPool(
      settings.maxConnectionsPerHost,
      settings.maxConnections,
      settings.backoffMs,
      settings.retryBaseMs,
      ctx.coordinator,
    );
    this.routes = new MxRoutes(dns, ctx.memoryTtlMs, settings.allowPrivate);
    this.catchAll = new CatchAllCache(ctx.memoryTtlMs, (domain, catchAll) =>
      ctx.knowledge?.putDomain(domain, { catchAll }),
    );
    this.probes = new ProbeDemand(this.catchAll, (host, probe) => this.requeue(host, probe, 0));
    this.network = new NetworkMonitor(
      settings.port,
      2 * settings.timeoutMs,
      () => this.openSessions,
      (h) => this.onNetwork(h),
    );
    this.parked = new ParkedAddresses(settings.networkRetryMs, this.network, (ps) => this.unpark(ps));
    this.proxies = new ProxySet(settings, (h) => this.onNetwork(h));
  }

  /** Not ok while no proxy answers (SMTP_PROXY), or while mail servers cannot be reached at all. */
  health(): NetworkHealth {
    return this.proxies.health ?? this.network.health;
  }

  async verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
    options: ProviderCallOptions<ProviderJob> = {},
  ): Promise<void> {
    if (this.closed) throw new Error('the SMTP provider is closed');
    const call: Call = { ...options, tenant: options.tenant ?? `call-${++this.calls}`, mine: new Set() };
    const todo = await answerFromKnowledge(this.ctx, this.catchAll, jobs, onVerdict);
    // Stop: what this call still has queued goes back unjudged, and nothing of it is queued again.
    const stop = () => this.withdraw((p) => call.mine.has(p), { why: 'stopped' });
    options.signal?.addEventListener('abort', stop, { once: true });
    const asked = todo.map(
      (job) =>
        new Promise<void>((resolve) => {
          this.probes.started(job.domain);
          void this.start(job, call, (v) => {
            // Only facts about the mailbox, not about us or the moment (a reason's `cacheable`).
            if (v && CACHEABLE_REASONS.has(v.reason)) this.ctx.knowledge?.putMailbox(job.address, v);
            if (v) onVerdict(job, v);
            resolve();
          });
        }),
    );
    await Promise.all(asked).finally(() => options.signal?.removeEventListener('abort', stop));
  }

  private async start(
    job: ProviderJob,
    call: Call,
    done: (v: ProviderVerdict | null) => void,
  ): Promise<void> {
    const { ok, blocked } = await this.routes.targetsOf(job.mx);
    const resolver = this.ctx.resolver;
    if (ok.length + blocked.length === 0 && resolver && !(await resolver.confirm(Date.now()))) {
      // Our resolver failed, not the domain's hosts: look them up again once it answers truly.
      this.routes.forget(job.mx);
      await resolver.recovered();
      if (!this.closed && !resolver.closed) return this.start(job, call, done);
    }
    const p = pendingOf(job, call, ok, this.probes, done);
    if (ok.length > 0) return this.place(p);
    p.done(noRouteVerdict(p));
  }

  /** Queues an address at its most preferred MX host that is not down; else its verdict. */
  place(p: Pending, failure: OpenFailure | null = null): void {
    if (this.closed || setAside(p, this.ctx.budget)) return;
    const now = Date.now();
    let last = failure;
    for (let i = p.target; i < p.targets.length; i++) {
      const host = this.hosts.of(p.targets[i]);
      if (host.isDown(now)) {
        last = host.lastFailure ?? last;
        continue;
      }
      p.target = i;
      if (p.notBefore > now) host.delay(p, p.notBefore);
      else host.push(p);
      this.pump(host);
      return;
    }
    this.parked.giveUp(p, last);
  }

  /** Starts sessions for a host's ready addresses and arms its timer for the delayed ones. */
  pump(host: HostQueue): void {
    if (this.closed) return;
    const now = Date.now();
    host.moveDue(now);
    if (host.ready > 0 && host.isDown(now)) {
      for (const p of host.take(host.ready)) {
        p.target++;
        this.place(p, host.lastFailure);
      }
    }
    const turn = hostTurn(host, this.settings, this.ctx.memoryTtlMs, now);
    for (let i = 0; i < turn.start; i++) this.startWorker(host);
    if (turn.wakeAt !== null) host.wakeAt(turn.wakeAt, () => this.pump(host));
  }

  private startWorker(host: HostQueue): void {
    host.workers++;
    const job = workHost(this, host, (delta) => {
      this.openSessions += delta;
    }).finally(() => {
      host.workers--;
      if (host.workers === 0) host.openingSince = 0;
      this.pump(host);
      this.working.delete(job);
    });
    this.working.add(job);
  }

  /** The host is judged unreachable for a while: its addresses fall over to the next MX. */
  hostDown(host: HostQueue): void {
    host.downUntil = Date.now() + Math.max(this.settings.backoffMs, 2 * this.settings.timeoutMs);
    host.failures = 0;
    host.limitHits = 0;
    for (const p of host.drain()) {
      p.target++;
      this.place(p, host.lastFailure);
    }
  }

  /** The parked addresses go back to their hosts, which are no longer held down for being unreachable. */
  private unpark(parked: Pending[]): void {
    for (const p of parked) for (const t of p.targets) this.hosts.of(t).forgiveUnreachable();
    for (const p of parked) this.place(p);
  }

  private onNetwork(h: NetworkHealth): void {
    if (h.ok) {
      this.ctx.logger.info({}, 'mail servers are reachable again; verification resumes');
      this.parked.release();
    } else this.ctx.logger.error({ ourSide: 'smtp' }, h.message ?? 'mail servers unreachable');
  }

  /** Puts an address back on its host: at the front now, or among the delayed ones. */
  requeue(host: HostQueue, p: Pending, delayMs: number, why: DelayReason = 'temporary_failure'): void {
    if (setAside(p, this.ctx.budget)) return;
    if (delayMs <= 0) host.push(p, true);
    else {
      p.waitReason = why;
      host.delay(p, Date.now() + delayMs);
    }
    this.pump(host);
  }

  /** Queued or parked addresses that `which` picks go back to their callers, unjudged. */
  withdraw(which: (p: Pending) => boolean, u: Unjudged): void {
    const out = [...this.parked.remove(which), ...this.hosts.remove(which)];
    for (const p of out) giveBack(p, u, this.probes, (x) => this.place(x));
  }

  overBudget(workspace: string, hold: BudgetHold, refused: Pending[]): void {
    const u: Unjudged = { why: 'budget', hold };
    for (const p of refused) giveBack(p, u, this.probes, (x) => this.place(x));
    this.withdraw(spentBy(workspace, hold), u);
  }

  /** What a tenant's addresses still wait for, and until when (progress for people). */
  waiting(tenant: string): WaitingGroup[] {
    const { pool, settings, ctx, probes } = this;
    return waitingOf(this.hosts.values(), tenant, {
      pool,
      timeoutMs: settings.timeoutMs,
      memoryTtlMs: ctx.memoryTtlMs,
      waitingOn: (domain, t) => probes.waitingOn(domain, t),
      parked: this.parked.waiting(tenant),
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of [...this.parked.drain(), ...this.hosts.drain()])
      p.done(verdictFrom(verdictOf('temp_failure'), p, null, null));
    this.catchAll.abandon();
    // Results are out before their sessions say QUIT: wait for those goodbyes.
    await Promise.all([...this.working]);
  }
}
