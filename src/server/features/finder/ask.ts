import type { Step2Result, Verifier } from '../verification';
import type { Candidate } from './candidates';

// Asking the domain's mail server about one person's candidates through the same prober as step 2:
// the same per-server cap, error budget and greylisting retries. A few at a time, best first, so a
// person whose pattern is known costs one RCPT, and the asking stops at the first accepted candidate.

export type Heard =
  | { kind: 'accepted'; candidate: Candidate; reply: Step2Result; rejected: number; tried: number }
  | { kind: 'catch_all'; reply: Step2Result; rejected: number; tried: number }
  | { kind: 'no_mail'; reply: Step2Result; tried: number }
  | { kind: 'silent'; reply: Step2Result; rejected: number; tried: number }
  | { kind: 'all_rejected'; reply: Step2Result | null; rejected: number; tried: number };

/**
 * Candidates per round: the best one alone, then two, two, three, four, then the rest. Every candidate
 * of a round is asked even when its first is accepted, so small rounds where the likely patterns are
 * (first, flast, firstlast, f.last) cost fewer RCPTs; a round more costs one more exchange.
 */
const WAVES = [1, 2, 2, 3, 4, Number.POSITIVE_INFINITY];

const NO_MAIL = new Set(['no_domain', 'null_mx', 'no_mail_host', 'syntax', 'disposable']);

export async function askServer(opts: {
  verifier: Verifier;
  candidates: Candidate[];
  /** Whose question this is (the prober reports on it by tenant, takes turns by workspace). */
  tenant: string;
  /** The workspace whose probe budget pays for the RCPTs (decision 0860). */
  workspace?: string;
  /** Stop: candidates still queued are withdrawn (an UnjudgedError then, never a verdict). */
  signal?: AbortSignal;
}): Promise<Heard> {
  const { verifier, candidates } = opts;
  let rejected = 0;
  let tried = 0;
  let last: Step2Result | null = null;
  let at = 0;
  for (const size of WAVES) {
    const wave = candidates.slice(at, at + size);
    at += wave.length;
    if (wave.length === 0) break;
    const results = await verifier.checkStep2(
      wave.map((c) => ({ email: c.address, key: c.address })),
      { tenant: opts.tenant, workspace: opts.workspace, signal: opts.signal },
    );
    tried += wave.length;
    const byKey = new Map(results.map((r) => [r.key, r]));
    // In candidate order: the best-ranked accepted one wins where two exist (an alias and the mailbox).
    for (const c of wave) {
      const r = byKey.get(c.address);
      if (!r) continue;
      last = r;
      if (r.reason === 'catch_all') return { kind: 'catch_all', reply: r, rejected, tried };
      if (r.status === 'valid' || r.reason === 'accepted' || r.reason === 'role') {
        return { kind: 'accepted', candidate: c, reply: r, rejected, tried };
      }
      if (NO_MAIL.has(r.reason) && r.decidedBy === 'initial_check')
        return { kind: 'no_mail', reply: r, tried };
    }
    const silent = wave.map((c) => byKey.get(c.address)).find((r) => r && r.reason !== 'rejected');
    rejected += wave.filter((c) => byKey.get(c.address)?.reason === 'rejected').length;
    // A server that will not say (greylisting that did not clear, a policy block) will not say for the
    // next candidates either: asking more would only add errors to its count of us.
    if (silent) return { kind: 'silent', reply: silent, rejected, tried };
  }
  return { kind: 'all_rejected', reply: last, rejected, tried };
}
