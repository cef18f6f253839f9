import type { CatchAllCache } from '../catchall';
import type { MxTarget } from '../mx';
import type { ResolverHealth } from '../resolver-health';
import type {
  BudgetHold,
  EngineLogger,
  EngineObserver,
  HostCoordinator,
  KnowledgeStore,
  ProbeBudget,
  SmtpSettings,
} from '../types';
import type { HostQueue } from './host';
import type { NetworkMonitor } from './network';
import type { DelayReason, Pending } from './pending';
import type { ConnectionPool } from './pool';
import type { ProbeDemand } from './probe';
import type { ProxySet } from './proxies';
import type { SmtpSession } from './session';

// What a session's code (open.ts opens one, transactions.ts drives it) uses of the provider that runs
// it (provider.ts, which imports both): named here, so neither has to import the provider back.

export interface ProviderContext {
  logger: EngineLogger;
  observer?: EngineObserver;
  coordinator?: HostCoordinator;
  knowledge?: KnowledgeStore;
  memoryTtlMs: number;
  /** Our resolver's health: MX hosts that do not resolve are believed only from a healthy one. */
  resolver?: ResolverHealth;
  /** Probes per workspace: the one gate is where a session takes its recipients (budget-gate.ts). */
  budget?: ProbeBudget;
}

/** The provider as its sessions see it. */
export interface SessionOwner {
  readonly settings: SmtpSettings;
  readonly ctx: ProviderContext;
  readonly pool: ConnectionPool;
  readonly catchAll: CatchAllCache;
  /** When catch-all probes are sent. */
  readonly probes: ProbeDemand;
  readonly network: NetworkMonitor;
  /** The ways out (SMTP_PROXY) and which of them answer. */
  readonly proxies: ProxySet;
  /** Sessions open now (a host that never answered is judged against them: is it us or them?). */
  readonly openSessions: number;
  /** The host is down for now: its addresses are judged or parked as the provider decides. */
  hostDown(host: HostQueue): void;
  /** A workspace's budget is spent: `refused` and its other queued addresses go back unjudged. */
  overBudget(workspace: string, hold: BudgetHold, refused: Pending[]): void;
  /** Back in the host's queue after `delayMs`. */
  requeue(host: HostQueue, p: Pending, delayMs: number, why?: DelayReason): void;
}

/** A server as one session reaches it: `slot` keys its politeness state (the server per way out). */
export interface SessionTarget extends MxTarget {
  slot: string;
}

export interface Opened {
  session: SmtpSession;
  release: () => void;
  target: SessionTarget;
}
