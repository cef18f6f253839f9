import { qualityOf } from '../../../shared/verification';
import type { Step1Checker } from './step1';
import type {
  BudgetHold,
  ProviderJob,
  ProviderVerdict,
  Step1Result,
  Step2Item,
  Step2Options,
  Step2Provider,
  Step2Result,
  Unjudged,
} from './types';

/**
 * Some rows of a step-2 call came back without a verdict: the call was stopped, or the workspace's
 * probe budget is spent until `hold.resumesAt`. The rows answered meanwhile were reported as usual.
 */
export class UnjudgedError extends Error {
  readonly hold: BudgetHold | null;
  constructor(
    readonly unjudged: Unjudged,
    readonly rows: number,
  ) {
    super(unjudged.why === 'budget' ? 'the probe budget is spent for now' : 'stopped');
    this.hold = unjudged.why === 'budget' ? unjudged.hold : null;
  }
}

function merge(key: string, s1: Step1Result, v: ProviderVerdict | null): Step2Result {
  const { status: initialStatus, reason: initialReason, quality: _q, ...flags } = s1;
  if (!v) {
    // Not valid after step 1: the final verdict is the step-1 verdict (VERIFICATION.md).
    return {
      ...flags,
      key,
      initialStatus,
      initialReason,
      status: initialStatus,
      reason: initialReason ?? 'accepted',
      quality: qualityOf(initialStatus),
      smtpCode: null,
      smtpMessage: null,
      attempts: 0,
      decidedBy: 'initial_check',
    };
  }
  return {
    ...flags,
    key,
    initialStatus,
    initialReason,
    status: v.status,
    reason: v.reason,
    quality: qualityOf(v.status),
    mxHost: v.mxHost ?? s1.mxHost,
    smtpCode: v.smtpCode,
    smtpMessage: v.smtpMessage,
    attempts: v.attempts,
    decidedBy: v.method ?? 'smtp',
  };
}

/**
 * Step 2 for a batch: step 1 first (cached, cheap), then the provider for the rows step 1 found
 * valid. Duplicate addresses are probed once and the answer is reported on each of their rows.
 */
export async function runStep2(
  step1: Step1Checker,
  provider: Step2Provider,
  items: Array<Step2Item | string>,
  options: Step2Options = {},
): Promise<Step2Result[]> {
  const norm = items.map((i) =>
    typeof i === 'string' ? { email: i, key: i } : { email: i.email, key: i.key ?? i.email },
  );
  const s1 = await step1.check(norm.map((i) => i.email));
  options.onStep1?.(s1);
  const results: Step2Result[] = new Array(norm.length);
  const emit = (i: number, r: Step2Result) => {
    results[i] = r;
    options.onResult?.(r);
  };

  const byAddress = new Map<string, { job: Omit<ProviderJob, 'mx'>; rows: number[] }>();
  for (let i = 0; i < norm.length; i++) {
    const r = s1[i];
    if (r.status !== 'valid' || !r.domain || !r.normalized) {
      emit(i, merge(norm[i].key, r, null));
      continue;
    }
    const local = r.normalized.slice(0, r.normalized.lastIndexOf('@'));
    const address = `${local}@${r.domain}`;
    const entry = byAddress.get(address);
    if (entry) entry.rows.push(i);
    else byAddress.set(address, { job: { address, domain: r.domain, local, role: r.role }, rows: [i] });
  }
  // Step 1 has already looked every domain up: these verdicts come from the cache.
  const entries = await Promise.all(
    [...byAddress.values()].map(async (e) => {
      const v = await step1.domainVerdict(e.job.domain);
      if (v.kind !== 'mx') throw new Error(`step 1 said valid without MX for ${e.job.domain}`);
      return { job: { ...e.job, mx: v.mx } as ProviderJob, rows: e.rows };
    }),
  );
  const rowsOf = new Map(entries.map((e) => [e.job, e.rows]));
  let unjudged: Unjudged | null = null;
  let left = 0;
  await provider.verify(
    entries.map((e) => e.job),
    (job, v) => {
      for (const i of rowsOf.get(job) ?? []) emit(i, merge(norm[i].key, s1[i], v));
    },
    {
      tenant: options.tenant,
      workspace: options.workspace,
      signal: options.signal,
      onUnjudged: (job, u) => {
        left += rowsOf.get(job)?.length ?? 0;
        // A budget hold says more than a stop (when the caller may go on).
        if (!unjudged || u.why === 'budget') unjudged = u;
      },
    },
  );
  // Rows handed back without a verdict stay pending: never a made-up one (decision 0860).
  if (unjudged) throw new UnjudgedError(unjudged, left);
  return results;
}
