import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { JOBS_BY_QUEUE_AND_STATE } from './queries';

/** Where the queue depth comes from (pg-boss's per-queue counts), read at scrape time. */
export type QueueDepthSource = () => Promise<{ name: string; queued: number; active: number }[]>;

/** The verifier's standing per way out (feature-provided, read at scrape time): checks that pass, lists. */
export type StandingSource = () => Promise<
  { way: string; checks: Record<string, boolean>; listedOn: string[] }[]
>;

/** Probes spent this hour and today per allowance tier, and workspaces at their limit (decision 0860). */
export type ProbeBudgetSource = () => Promise<{ tier: string; hour: number; day: number; held: number }[]>;

/**
 * The process's Prometheus metrics, in a registry of its own (no global state: two apps in one test
 * process keep separate counts). Served at /metrics (ops/routes.ts) when METRICS_TOKEN is set.
 */
export function createMetrics() {
  const registry = new Registry();
  const httpDuration = new Histogram({
    name: 'verilead_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobs = new Counter({
    name: 'verilead_jobs_total',
    help: 'Background job runs by queue and outcome (completed, failed)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });
  const smtpConnections = new Counter({
    name: 'verilead_smtp_connections_total',
    help: 'SMTP connections opened, per mail server IP',
    labelNames: ['host'] as const,
    registers: [registry],
  });
  const smtpReplies = new Counter({
    name: 'verilead_smtp_replies_total',
    help: 'SMTP replies received, per mail server IP and reply class (2xx, 4xx, 5xx)',
    labelNames: ['host', 'class'] as const,
    registers: [registry],
  });
  const smtpTimeouts = new Counter({
    name: 'verilead_smtp_timeouts_total',
    help: 'SMTP commands that timed out, per mail server IP',
    labelNames: ['host'] as const,
    registers: [registry],
  });
  const dnsLookups = new Counter({
    name: 'verilead_dns_lookups_total',
    help: 'DNS queries sent by the verification engine, by record kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const externalCalls = new Counter({
    name: 'verilead_external_calls_total',
    help: 'Calls to third-party APIs (smartlead, apify) by outcome (ok, error)',
    labelNames: ['service', 'outcome'] as const,
    registers: [registry],
  });
  let depthSource: QueueDepthSource | null = null;
  new Gauge({
    name: 'verilead_queue_jobs',
    help: 'Jobs waiting (queued) and running (active) per queue',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await depthSource?.().catch(() => [])) ?? []) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  });

  let standingSource: StandingSource | null = null;
  let probeSource: ProbeBudgetSource | null = null;
  const probeFigures = () => probeSource?.().catch(() => []) ?? Promise.resolve([]);
  new Gauge({
    name: 'verilead_probe_budget_spent',
    help: 'Probes (RCPTs and SMTP sessions) spent for workspaces, this UTC hour or day, by allowance tier (trial, plan)',
    labelNames: ['tier', 'window'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await probeFigures()) {
        this.set({ tier: f.tier, window: 'hour' }, f.hour);
        this.set({ tier: f.tier, window: 'day' }, f.day);
      }
    },
  });
  new Gauge({
    name: 'verilead_probe_budget_workspaces_at_limit',
    help: 'Workspaces whose hourly or daily probe allowance is spent now, by allowance tier',
    labelNames: ['tier'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of await probeFigures()) this.set({ tier: f.tier }, f.held);
    },
  });
  new Gauge({
    name: 'verilead_verifier_standing',
    help: "The verifier's own standing per way out (direct, proxy): 1 when a check passes (ok, rdns, forward_confirmed, helo, unlisted)",
    labelNames: ['way', 'check'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const s of (await standingSource?.().catch(() => [])) ?? []) {
        for (const [check, pass] of Object.entries(s.checks)) this.set({ way: s.way, check }, pass ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'verilead_verifier_listed',
    help: 'IP blocklists our probing address is on, per way out (1: listed)',
    labelNames: ['way', 'list'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const s of (await standingSource?.().catch(() => [])) ?? []) {
        for (const list of s.listedOn) this.set({ way: s.way, list }, 1);
      }
    },
  });

  // The verification engine's EngineObserver, by shape: the platform does not import features.
  const observer = {
    smtpConnection: (host: string) => smtpConnections.inc({ host }),
    smtpReply: (host: string, code: number) =>
      smtpReplies.inc({ host, class: `${Math.floor(code / 100)}xx` }),
    smtpTimeout: (host: string) => smtpTimeouts.inc({ host }),
    dnsLookup: (kind: string) => dnsLookups.inc({ kind }),
  };

  return {
    registry,
    /** Feeds the verification engine's hooks (the process's prober takes them from the job context). */
    engineObserver: observer,
    httpRequest(o: { method: string; route: string; status: number; seconds: number }) {
      httpDuration.observe({ method: o.method, route: o.route, status: String(o.status) }, o.seconds);
    },
    jobRun(queue: string, outcome: 'completed' | 'failed') {
      jobs.inc({ queue, outcome });
    },
    externalCall(service: 'smartlead' | 'apify', outcome: 'ok' | 'error') {
      externalCalls.inc({ service, outcome });
    },
    setQueueDepthSource(source: QueueDepthSource) {
      depthSource = source;
    },
    setProbeBudgetSource(source: ProbeBudgetSource) {
      probeSource = source;
    },
    setStandingSource(source: StandingSource) {
      standingSource = source;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Queue depth counted live from pg-boss's job table (its own per-queue counts are refreshed only by its
 * monitor pass, up to a minute late). Waiting = created or due for retry; running = active.
 */
export const queueDepthOf =
  (database: Database): QueueDepthSource =>
  async () => {
    const rows = await database.raw.query<{ name: string; state: string; n: number }>(
      JOBS_BY_QUEUE_AND_STATE,
    );
    const byQueue = new Map<string, { name: string; queued: number; active: number }>();
    for (const r of rows) {
      const q = byQueue.get(r.name) ?? { name: r.name, queued: 0, active: 0 };
      if (r.state === 'active') q.active += r.n;
      else q.queued += r.n;
      byQueue.set(r.name, q);
    }
    return [...byQueue.values()];
  };
