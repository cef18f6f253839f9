import { budgetMessage } from '../../../../shared/probe-budget';
import type { Db } from '../../../platform/db/client';
import { verifiedBeforeAmong } from '../../lists';
import { type NetworkHealth, type Step2Result, UnjudgedError } from '../../verification';

// Before leads go to Smartlead, those whose verdict is older than REVERIFY_AFTER_DAYS are asked again
// (decision 0221): mailboxes close, and a stale "valid" is the commonest hard bounce. A fresh "invalid"
// holds the lead back; a fresh valid or risky answer lets it go. A check that could not be made (our
// resolver or network failing, a server that did not answer in time) is never a verdict on the address:
// those leads are handed back as `unchecked`, with why, for the user to decide.

/** The engine, asked again about stale leads. */
export interface Recheck {
  /** Asks the engine (both steps) about these addresses; answers come through `onResult`. */
  ask: (emails: string[], onResult: (r: Step2Result) => void, workspaceId?: string) => Promise<unknown>;
  /** Our side's state (resolver, network): when it fails, the wait ends at once and says why. */
  health?: () => Pick<NetworkHealth, 'ok' | 'message'>;
}

export interface RecheckOutcome {
  /** Lower-cased addresses a fresh answer found invalid, with its reason. */
  invalid: Map<string, string>;
  checked: number;
  /** Lower-cased addresses that could not be checked: no verdict either way. */
  unchecked: string[];
  /** Why they could not be, in words for the user (null when every address was answered). */
  why: string | null;
}

/** How often the wait looks at our side's health. */
const HEALTH_POLL_MS = 1_000;

/** Addresses of the workspace whose latest verdict is older than `before` (never verified: not stale). */
export async function staleAmong(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  before: Date;
}): Promise<string[]> {
  const wanted = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  if (wanted.length === 0) return [];
  return verifiedBeforeAmong({
    db: opts.db,
    workspaceId: opts.workspaceId,
    emails: wanted,
    before: opts.before,
  });
}

/** Re-checks the stale addresses, waiting at most `timeoutMs` for their answers. */
export async function recheckStale(opts: {
  db: Db;
  workspaceId: string;
  emails: string[];
  now: Date;
  afterDays: number;
  timeoutMs: number;
  recheck: Recheck;
}): Promise<RecheckOutcome> {
  const out: RecheckOutcome = { invalid: new Map(), checked: 0, unchecked: [], why: null };
  if (opts.afterDays <= 0) return out;
  const stale = await staleAmong({
    db: opts.db,
    workspaceId: opts.workspaceId,
    emails: opts.emails,
    before: new Date(opts.now.getTime() - opts.afterDays * 86_400_000),
  });
  if (stale.length === 0) return out;
  const answered = new Map<string, Step2Result>();
  let open = true;
  // Answers after the wait ended belong to no send (the engine finishes what it started).
  const work = opts.recheck.ask(
    stale,
    (r) => {
      if (open) answered.set(r.input.trim().toLowerCase(), r);
    },
    opts.workspaceId,
  );
  let failure: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch((err) => {
      // The workspace's probe budget is spent: the leads go unchecked, saying why (decision 0860).
      failure =
        err instanceof UnjudgedError && err.hold
          ? budgetMessage(err.hold)
          : 'The verification engine stopped before it answered.';
    }),
    new Promise((resolve) => {
      timer = setTimeout(resolve, opts.timeoutMs);
      poll = setInterval(() => {
        const h = opts.recheck.health?.();
        if (h && !h.ok) {
          failure = h.message ?? 'Our side cannot reach mail servers right now.';
          resolve(undefined);
        }
      }, HEALTH_POLL_MS);
    }),
  ]);
  open = false;
  clearTimeout(timer);
  clearInterval(poll);
  for (const [email, r] of answered) if (r.status === 'invalid') out.invalid.set(email, r.reason);
  out.checked = answered.size;
  out.unchecked = stale.filter((e) => !answered.has(e));
  if (out.unchecked.length) {
    const h = opts.recheck.health?.();
    out.why =
      failure ??
      (h && !h.ok ? h.message : null) ??
      `No answer came within ${Math.round(opts.timeoutMs / 1000)} seconds.`;
  }
  return out;
}
