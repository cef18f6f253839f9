import type { Lane } from './background';

// The order statements run in the embedded database's one connection (pglite-remote.ts): urgent
// look-ups first, then requests and background work taking turns by their recent share of its time.

/**
 * Share of the database's time background work gets while requests are waiting too (it gets all of it
 * otherwise). Measured over the last second or so (exponential decay). With 50 clients reading back to
 * back, 0.5 halved their throughput against the run; a quarter keeps the run moving (it was starved
 * outright in the server's thread) and the readers within ~25 % of having the database to themselves.
 */
const BACKGROUND_SHARE = 0.25;
const USAGE_TAU_MS = 1000;

interface Queued {
  lane: Lane;
  /** When it was sent to the database thread. */
  sentAt?: number;
}

export class LaneQueues<J extends Queued> {
  private urgent: J[] = [];
  private fg: J[] = [];
  private bg: J[] = [];
  /** Recent database time (ms, decaying) spent on requests' and background statements. */
  private usage = { request: 0, background: 0, at: performance.now() };
  private lastReply = 0;

  push(job: J) {
    (job.lane === 'urgent' ? this.urgent : job.lane === 'background' ? this.bg : this.fg).push(job);
  }

  /** A statement's time in the database thread: from when it could start to its reply (it runs alone). */
  account(job: J) {
    const now = performance.now();
    const busy = now - Math.max(job.sentAt ?? now, this.lastReply);
    this.lastReply = now;
    this.decay(now);
    if (job.lane === 'background') this.usage.background += busy;
    else this.usage.request += busy;
  }

  /** Urgent look-ups first, then requests and background work, background getting BACKGROUND_SHARE. */
  next(): J | undefined {
    if (this.urgent.length) return this.urgent.shift();
    if (this.fg.length && this.bg.length) {
      this.decay(performance.now());
      const { request, background } = this.usage;
      const bgTurn = background * (1 - BACKGROUND_SHARE) <= request * BACKGROUND_SHARE;
      return (bgTurn ? this.bg : this.fg).shift();
    }
    return this.fg.shift() ?? this.bg.shift();
  }

  /** Every queued job, in lane order, leaving the queues empty. */
  drain(): J[] {
    const all = [...this.urgent, ...this.fg, ...this.bg];
    this.urgent = [];
    this.fg = [];
    this.bg = [];
    return all;
  }

  private decay(now: number) {
    const f = Math.exp(-(now - this.usage.at) / USAGE_TAU_MS);
    this.usage.request *= f;
    this.usage.background *= f;
    this.usage.at = now;
  }
}
