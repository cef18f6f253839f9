import { CatchAllCache } from '../catchall';
import { bannerRefusalReason } from '../classify';
import type { DnsClient } from '../dns';
import { type MxTarget, resolveTargets } from '../mx';
import type {
  MxRecord,
  NetworkHealth,
  ProviderJob,
  ProviderVerdict,
  SmtpSettings,
  Step2Provider,
} from '../types';
import { mayConnect } from './address-guard';
import { backoff, type DelayReason, HostQueue, type OpenFailure, type Pending, verdictFrom } from './host';
import { NetworkMonitor } from './network';
import { openSession } from './open';
import { ConnectionPool } from './pool';
import { retryAfterSeconds, type SmtpReply } from './replies';
import type { ProberContext, SessionOwner } from './session-owner';
import { runTransactions } from './transactions';
import { type WaitingGroup, waitingOf } from './waiting';

interface Targets {
  at: number;
  targets: Promise<{ ok: MxTarget[]; blocked: MxTarget[] }>;
}

const routeKey = (mx: MxRecord[]) => mx.map((r) => `${r.priority}:${r.exchange}`).join(',');

/** When a host that has not answered yet stalls, its second connection starts after this (or timeout/4). */
const SECOND_CHANCE_MS = 2000;

/** Verdicts worth remembering: facts about the mailbox, not about us or the moment. */
const CACHEABLE = new Set(['accepted', 'rejected', 'catch_all', 'role', 'mailbox_full']);

/**
 * Step 2 over SMTP, one per process: every caller (uploads, lanes, accounts) shares it. Addresses
 * queue per mail server IP (many domains and MX names share one server), so a session carries
 * recipients of any domain, and hosts take turns between tenants. Connection slots are per IP
 * (and fleet-wide with a coordinator). Dropped sessions, timeouts and temporary replies are
 * retried with short jittered back-off within a budget; a host that never answers costs two
 * timeouts; failures at many hosts at once park the addresses instead of judging them.
 */
export class SmtpProvider implements Step2Provider, SessionOwner {
  readonly name = 'smtp';
  readonly pool: ConnectionPool;
  readonly catchAll: CatchAllCache;
  readonly network: NetworkMonitor;
  private readonly hosts = new Map<string, HostQueue>();
  private readonly routes = new Map<string, Targets>();
  private parked: Pending[] = [];
  private parkTimer: NodeJS.Timeout | null = null;
  private readonly working = new Set<Promise<void>>();
  openSessions = 0;
  private calls = 0;
  private closed = false;

  constructor(
    readonly settings: SmtpSettings,
    private readonly dns: DnsClient,
    readonly ctx: ProberContext,
  ) {
    this.pool = new ConnectionPool(
      settings.maxConnectionsPerHost,
      settings.maxConnections,
      settings.backoffMs,
      settings.retryBaseMs,
      ctx.coordinator,
    );
    this.catchAll = new CatchAllCache(ctx.memoryTtlMs, (domain, catchAll) =>
      ctx.knowledge?.putDomain(domain, { catchAll }),
    );
    this.network = new NetworkMonitor(
      settings.port,
      2 * settings.timeoutMs,
      () => this.openSessions,
      (h) => this.onNetwork(h),
    );
  }

  health(): NetworkHealth {
    return this.network.health;
  }

  async verify(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
    options: { tenant?: string } = {},
  ): Promise<void> {
    if (this.closed) throw new Error('the SMTP prober is closed');
    const tenant = options.tenant ?? `call-${++this.calls}`;
    const todo = await this.fromKnowledge(jobs, onVerdict);
    await Promise.all(
      todo.map(
        (job) =>
          new Promise<void>((resolve) => {
            void this.start(job, tenant, (v) => {
              if (CACHEABLE.has(v.reason)) this.ctx.knowledge?.putMailbox(job.address, v);
              onVerdict(job, v);
              resolve();
            });
          }),
      ),
    );
  }

  /** Answers known from earlier runs (any process) go out at once; the rest is returned. */
  private async fromKnowledge(
    jobs: ProviderJob[],
    onVerdict: (job: ProviderJob, v: ProviderVerdict) => void,
  ): Promise<ProviderJob[]> {
    const k = this.ctx.knowledge;
    if (!k || jobs.length === 0) return jobs;
    try {
      const known = await k.getMailboxes(jobs.map((j) => j.address));
      const domains = [...new Set(jobs.map((j) => j.domain))].filter((d) => !this.catchAll.has(d));
      if (domains.length > 0) {
        for (const [d, f] of await k.getDomains(domains))
          if (f.catchAll !== undefined) this.catchAll.seed(d, f.catchAll);
      }
      const rest: ProviderJob[] = [];
      for (const j of jobs) {
        const v = known.get(j.address);
        if (v) onVerdict(j, { ...v, attempts: 0, method: 'cache' });
        else rest.push(j);
      }
      return rest;
    } catch (err) {
      this.ctx.logger.warn({ err }, 'verification knowledge unavailable; probing instead');
      return jobs;
    }
  }

  private async start(job: ProviderJob, tenant: string, done: (v: ProviderVerdict) => void): Promise<void> {
    const { ok, blocked } = await this.targetsOf(job.mx);
    const resolver = this.ctx.resolver;
    if (ok.length + blocked.length === 0 && resolver && !(await resolver.confirm(Date.now()))) {
      // Our resolver failed, not the domain's hosts: look them up again once it answers truly.
      this.routes.delete(routeKey(job.mx));
      await resolver.recovered();
      if (!this.closed && !resolver.closed) return this.start(job, tenant, done);
    }
    const p: Pending = {
      job,
      tenant,
      targets: ok,
      target: 0,
      attempts: 0,
      tries: 0,
      paced: 0,
      notBefore: 0,
      done,
    };
    if (ok.length > 0) return this.place(p);
    const v = verdictFrom({ status: 'risky', reason: 'unreachable' }, p, job.mx[0]?.exchange ?? null, null);
    v.smtpMessage =
      blocked.length > 0
        ? `${blocked[0].exchange} resolves to ${blocked[0].ip}, which is not a public address: not contacted`
        : 'MX host does not resolve';
    done(v);
  }

  private targetsOf(mx: MxRecord[]): Targets['targets'] {
    const key = routeKey(mx);
    const hit = this.routes.get(key);
    if (hit && Date.now() - hit.at < this.ctx.memoryTtlMs) return hit.targets;
    if (this.routes.size > 100_000) this.routes.clear();
    const targets = resolveTargets(this.dns, mx).then((all) => ({
      ok: all.filter((t) => mayConnect(t.ip, this.settings.allowPrivate)),
      blocked: all.filter((t) => !mayConnect(t.ip, this.settings.allowPrivate)),
    }));
    this.routes.set(key, { at: Date.now(), targets });
    return targets;
  }

  host(t: MxTarget): HostQueue {
    let h = this.hosts.get(t.ip);
    if (!h) {
      h = new HostQueue(t.ip, t.exchange);
      this.hosts.set(t.ip, h);
    }
    return h;
  }

  /** Queues an address at its most preferred MX host that is not down; else its verdict. */
  place(p: Pending, failure: OpenFailure | null = null): void {
    if (this.closed) return;
    const now = Date.now();
    let last = failure;
    for (let i = p.target; i < p.targets.length; i++) {
      const host = this.host(p.targets[i]);
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
    this.giveUp(p, last);
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
    let wake = host.nextDue();
    if (host.ready > 0) {
      if (host.pausedUntil > now) wake = Math.min(wake ?? host.pausedUntil, host.pausedUntil);
      else {
        // A host that has not served us lately gets one connection first: a dead one then costs
        // one timeout at a time, not one per slot.
        const proven = now - host.lastGoodAt < this.ctx.memoryTtlMs;
        const perSession = Math.min(this.settings.maxRcptPerSession, host.learnedLimit);
        let want = proven
          ? Math.min(this.settings.maxConnectionsPerHost, Math.ceil(host.ready / perSession))
          : 1;
        // Its second chance overlaps the first: a stall that outlasts SECOND_CHANCE gets a second
        // connection beside it (within the cap), so a dead host costs one timeout and a bit, not two.
        if (!proven && host.workers === 1 && host.failures === 0 && host.openingSince > 0) {
          const at = host.openingSince + Math.min(SECOND_CHANCE_MS, this.settings.timeoutMs / 4);
          if (at <= now) want = Math.min(2, this.settings.maxConnectionsPerHost);
          else wake = Math.min(wake ?? at, at);
        }
        while (host.workers < want) this.startWorker(host);
      }
    }
    if (wake !== null && (host.timer === null || wake < host.timerAt)) {
      if (host.timer) clearTimeout(host.timer);
      host.timerAt = wake;
      host.timer = setTimeout(
        () => {
          host.timer = null;
          this.pump(host);
        },
        Math.max(0, wake - Date.now()),
      );
    }
  }

  private startWorker(host: HostQueue): void {
    host.workers++;
    const job = this.work(host).finally(() => this.working.delete(job));
    this.working.add(job);
  }

  private async work(host: HostQueue): Promise<void> {
    if (host.openingSince === 0) host.openingSince = Date.now();
    try {
      const opened = await openSession(this, host);
      host.openingSince = 0;
      if (opened) {
        host.sessions++;
        this.openSessions++;
        try {
          await runTransactions(this, host, opened);
        } finally {
          host.sessions--;
          this.openSessions--;
        }
      }
    } catch (err) {
      // A bug must not leave addresses hanging: fail what is queued, loudly.
      this.ctx.logger.error({ err, host: host.ip }, 'smtp prober: unexpected error');
      for (const p of host.take(host.ready)) {
        p.done(verdictFrom({ status: 'risky', reason: 'temp_failure' }, p, host.exchange, null));
      }
    } finally {
      host.workers--;
      if (host.workers === 0) host.openingSince = 0;
      this.pump(host);
    }
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

  /** No MX host of the address can be used: its verdict, unless the fault may be our network. */
  private giveUp(p: Pending, last: OpenFailure | null): void {
    const failure = last ?? { kind: 'unreachable', message: 'no MX host accepted a connection' };
    if (failure.kind === 'unreachable' && this.network.suspect()) {
      this.park(p);
      return;
    }
    // A 5xx banner ("554 no SMTP service here") turns everyone away: unreachable, not a policy on us.
    const base =
      failure.kind === 'refused'
        ? {
            status: 'risky' as const,
            // A banner that turns everyone away is "unreachable"; one naming a block on us, a policy.
            reason: failure.atBanner ? bannerRefusalReason(failure.reply) : ('policy_block' as const),
          }
        : failure.kind === 'retry'
          ? { status: 'risky' as const, reason: 'temp_failure' as const }
          : { status: 'risky' as const, reason: 'unreachable' as const };
    const reply = 'reply' in failure ? failure.reply : null;
    const v = verdictFrom(base, p, p.targets[0]?.exchange ?? null, reply);
    if (!reply && 'message' in failure) v.smtpMessage = failure.message;
    p.done(v);
  }

  /** Held while the network is down: tried again every SMTP_NETWORK_RETRY_S, or as soon as it works. */
  private park(p: Pending): void {
    p.target = 0;
    p.notBefore = 0;
    this.parked.push(p);
    if (!this.parkTimer) {
      this.parkTimer = setTimeout(() => {
        this.parkTimer = null;
        this.unpark();
      }, this.settings.networkRetryMs);
      this.network.retryingAt(Date.now() + this.settings.networkRetryMs);
    }
  }

  private unpark(): void {
    const parked = this.parked;
    this.parked = [];
    for (const p of parked) {
      for (const t of p.targets) {
        const h = this.host(t);
        if (h.lastFailure?.kind === 'unreachable') {
          h.downUntil = 0;
          h.pausedUntil = 0;
        }
      }
    }
    for (const p of parked) this.place(p);
  }

  private onNetwork(h: NetworkHealth): void {
    if (h.ok) {
      this.ctx.logger.info({}, 'mail servers are reachable again; verification resumes');
      if (this.parkTimer) clearTimeout(this.parkTimer);
      this.parkTimer = null;
      this.unpark();
    } else this.ctx.logger.error({ ourSide: 'smtp' }, h.message ?? 'mail servers unreachable');
  }

  /** A temporary answer: greylisting waits what the server asked, other 4xx a short back-off. */
  retry(host: HostQueue, p: Pending, reason: 'greylisted' | 'temp_failure', reply: SmtpReply | null): void {
    if (p.attempts >= this.settings.greylistMaxAttempts) {
      p.done(verdictFrom({ status: 'risky', reason }, p, host.exchange, reply));
      return;
    }
    const asked = reply ? retryAfterSeconds(reply.text) : null;
    const delay =
      asked !== null
        ? asked * 1000
        : reason === 'greylisted'
          ? this.settings.greylistRetryS * 1000
          : backoff(this.settings.retryBaseMs, p.attempts, 4 * this.settings.retryBaseMs);
    this.requeue(host, p, delay, reason === 'greylisted' ? 'greylisted' : 'temporary_failure');
  }

  /** Puts an address back on its host: at the front now, or among the delayed ones. */
  requeue(host: HostQueue, p: Pending, delayMs: number, why: DelayReason = 'temporary_failure'): void {
    if (delayMs <= 0) host.push(p, true);
    else {
      p.waitReason = why;
      host.delay(p, Date.now() + delayMs);
    }
    this.pump(host);
  }

  /** What a tenant's addresses still wait for, and until when (progress for people). */
  waiting(tenant: string): WaitingGroup[] {
    return waitingOf(this.hosts.values(), tenant, {
      pool: this.pool,
      timeoutMs: this.settings.timeoutMs,
      memoryTtlMs: this.ctx.memoryTtlMs,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.parkTimer) clearTimeout(this.parkTimer);
    const all = [...this.parked.splice(0)];
    for (const h of this.hosts.values()) {
      if (h.timer) clearTimeout(h.timer);
      all.push(...h.drain());
    }
    for (const p of all) p.done(verdictFrom({ status: 'risky', reason: 'temp_failure' }, p, null, null));
    // Results are out before their sessions say QUIT: wait for those goodbyes.
    await Promise.all([...this.working]);
  }
}
