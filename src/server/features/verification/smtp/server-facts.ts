import type { ServerFact } from '../types';
import type { HostQueue } from './host';
import type { ProviderContext } from './session-owner';

// What a server tolerates (error-budget.ts learns it) outlives the process: the knowledge store keeps
// it with the domain facts, so the next run starts where this one's first session ended.

/** The host's learned facts, as stored. */
function factOf(host: HostQueue): ServerFact {
  const f: ServerFact = {};
  if (host.errorLimit !== null) f.errorLimit = host.errorLimit;
  if (host.singleDomain) f.singleDomain = true;
  if (host.tarpitMs > 0) f.tarpitMs = host.tarpitMs;
  return f;
}

/** Loads what is known of the host, once, before its first session. */
export async function recallServer(ctx: ProviderContext, host: HostQueue): Promise<void> {
  if (host.recalled) return;
  host.recalled = true;
  const f = (await ctx.knowledge?.getServers?.([host.ip]).catch(() => null))?.get(host.ip);
  if (!f) return;
  if (f.errorLimit !== undefined) host.errorLimit = Math.min(host.errorLimit ?? f.errorLimit, f.errorLimit);
  host.singleDomain ||= f.singleDomain === true;
  host.tarpitMs = Math.max(host.tarpitMs, f.tarpitMs ?? 0);
}

/** Runs `fn` (a session's turn) and stores what it taught about the host, if anything. */
export async function learningFrom<T>(
  ctx: ProviderContext,
  host: HostQueue,
  fn: () => Promise<T>,
): Promise<T> {
  const before = JSON.stringify(factOf(host));
  try {
    return await fn();
  } finally {
    const after = factOf(host);
    if (JSON.stringify(after) !== before) ctx.knowledge?.putServer?.(host.ip, after);
  }
}
