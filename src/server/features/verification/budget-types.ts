// The probe budget's and Stop's part of the engine's contract (decision 0860).

/** Why an address came back without a verdict: Stop, or its workspace's probe budget is spent for now. */
export type Unjudged = { why: 'stopped' } | { why: 'budget'; hold: BudgetHold };

/** A workspace's probe budget is spent for now: which limit, how large, and when it has room again. */
export interface BudgetHold {
  limit: 'hour' | 'day' | 'domain';
  /** The allowance of that limit (probes per hour, per day, or per domain per hour). */
  allowance: number;
  /** When the window turns (epoch ms). */
  resumesAt: number;
  /** The target domain, for the per-domain ceiling. */
  domain?: string;
}

/**
 * Probes (RCPTs, and sessions) spent per workspace, counted where a session's recipients are taken
 * (decision 0860). `spend` grants up to `n`; fewer when an allowance is reached, with the hold.
 * `held` answers from memory only (no I/O): what is already known to be spent until when.
 */
export interface ProbeBudget {
  spend(o: {
    workspace: string;
    domain: string;
    n: number;
  }): Promise<{ granted: number; hold: BudgetHold | null }>;
  held(workspace: string, domain: string): BudgetHold | null;
}

/** Whose addresses a provider call asks about, and what it hears of those handed back unjudged. */
/** `Job` is the engine's ProviderJob (types.ts), named by its users so this file imports nothing. */
export interface ProviderCallOptions<Job> {
  tenant?: string;
  workspace?: string;
  signal?: AbortSignal;
  /** An address handed back without a verdict (Stop, the probe budget): it stays pending for its caller. */
  onUnjudged?: (job: Job, u: Unjudged) => void;
}
