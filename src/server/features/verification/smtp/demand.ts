import type { SmtpSettings } from '../types';
import { errorBudget } from './error-budget';
import type { HostQueue } from './host';

/** When a host that has not answered yet stalls, its second connection starts after this (or timeout/4). */
const SECOND_CHANCE_MS = 2000;

/**
 * How many sessions a host with ready addresses should have now, and when to ask again (null: when
 * something changes). A host that has not served us lately gets one connection first, so a dead one
 * costs one timeout at a time, not one per slot; a proven one as many as its queue fills, within the cap.
 */
function connectionsWanted(
  host: HostQueue,
  settings: Pick<SmtpSettings, 'maxRcptPerSession' | 'maxConnectionsPerHost' | 'timeoutMs'>,
  memoryTtlMs: number,
  now: number,
): { want: number; askAgainAt: number | null } {
  const proven = now - host.lastGoodAt < memoryTtlMs;
  if (proven) {
    // A session may be ended by its error budget long before its recipient limit (a list of unknown
    // addresses): count on the budget, so a small queue of slow rejections (a tarpit) gets both slots.
    const perSession = Math.min(settings.maxRcptPerSession, host.learnedLimit, errorBudget(host));
    // At a tarpit every rejection is held for seconds, one after another within a session: the last
    // few are worth a session each (both slots), not a queue behind one.
    const sessions = host.tarpitMs > 0 ? host.ready : Math.ceil(host.ready / perSession);
    return { want: Math.min(settings.maxConnectionsPerHost, sessions), askAgainAt: null };
  }
  // Its second chance overlaps the first: a stall that outlasts SECOND_CHANCE gets a second connection
  // beside it (within the cap), so a dead host costs one timeout and a bit, not two.
  if (host.workers === 1 && host.failures === 0 && host.openingSince > 0) {
    const at = host.openingSince + Math.min(SECOND_CHANCE_MS, settings.timeoutMs / 4);
    if (at <= now) return { want: Math.min(2, settings.maxConnectionsPerHost), askAgainAt: null };
    return { want: 1, askAgainAt: at };
  }
  return { want: 1, askAgainAt: null };
}

/**
 * What pumping a host does now: how many sessions to start beside its running workers, and when to
 * look at it again (its next delayed address, the end of a pause, a second chance; null: when
 * something changes).
 */
export function hostTurn(
  host: HostQueue,
  settings: Pick<SmtpSettings, 'maxRcptPerSession' | 'maxConnectionsPerHost' | 'timeoutMs'>,
  memoryTtlMs: number,
  now: number,
): { start: number; wakeAt: number | null } {
  let wakeAt = host.nextDue();
  if (host.ready === 0) return { start: 0, wakeAt };
  if (host.pausedUntil > now)
    return { start: 0, wakeAt: Math.min(wakeAt ?? host.pausedUntil, host.pausedUntil) };
  const demand = connectionsWanted(host, settings, memoryTtlMs, now);
  if (demand.askAgainAt !== null) wakeAt = Math.min(wakeAt ?? demand.askAgainAt, demand.askAgainAt);
  return { start: Math.max(0, demand.want - host.workers), wakeAt };
}
