import type { OpenFailure, Pending } from './pending';

/** Whose turn an address waits in: its workspace's (one workspace's many finds or lists get one turn). */
const turnOf = (p: Pending): string => (p.workspace === undefined ? p.tenant : `w:${p.workspace}`);

/**
 * The queue of one mail server, keyed by IP address: every address whose MX resolves here, from any
 * domain, upload or account, rides the same sessions. Ready addresses are kept per workspace (per
 * tenant without one) and taken in turns, so a 250k-row list and another workspace's single find
 * sharing a server both move.
 */
export class HostQueue {
  private readonly byTenant = new Map<string, Pending[]>();
  private turn: string[] = [];
  private readyCount = 0;
  readonly delayed: Pending[] = [];
  /** Running workers (opening a session or in one). */
  workers = 0;
  /** Workers holding an open session. */
  sessions = 0;
  timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  /** No new connection before this time (first failure, 421). */
  pausedUntil = 0;
  /** Judged unreachable until then: its addresses fall over to the next MX or get their verdict. */
  downUntil = 0;
  /** Failed openings in a row (reset by a session that opens). */
  failures = 0;
  /** "Too many connections" answers in a row (reset by a session that opens). */
  limitHits = 0;
  /** Sessions in a row that ended before answering their first transaction (reset by an answer). */
  unansweredDrops = 0;
  /** When the current first attempt to open a session began (0: none under way). */
  openingSince = 0;
  /** When a session last opened here: a failure soon after is transient, not "unreachable". */
  lastGoodAt = 0;
  /** STARTTLS failed here: talk plain text. */
  noTls = false;
  /** It answered 530 "Must issue a STARTTLS command first": every session starts TLS. */
  tlsRequired = false;
  /** How long opening a session here takes (banner and EHLO: two round trips), smoothed. */
  openMs = 0;
  /** Learned from 452 "too many recipients". */
  learnedLimit = Number.POSITIVE_INFINITY;
  /** Errors a session may make before the server slows down or cuts it, once learned (error-budget.ts). */
  errorLimit: number | null = null;
  /** Errors after which a session last saw a late reply (one, not yet a finding: error-budget.ts). */
  lateAfter: number | null = null;
  /** It refuses recipients of a second domain in one transaction: one transaction per domain. */
  singleDomain = false;
  /** How long it holds each rejection (a tarpit), once seen; 0: none seen. */
  tarpitMs = 0;
  /**
   * It answers a pipelined group at once (round trips cost, not commands), as seen from when its
   * replies arrive; null until a write of several recipients was answered.
   */
  answersAtOnce: boolean | null = null;
  /** How long a write waits for its first reply (a round trip, and a command), smoothed; 0: none yet. */
  writeMs = 0;
  /** Recipients it answered, and how many of them with an error (the rejection rate a write expects). */
  answeredRcpts = 0;
  rejectedRcpts = 0;
  /** What the knowledge store knew of it was loaded (server-facts.ts). */
  recalled = false;
  lastFailure: OpenFailure | null = null;
  /** Its connection slots' key (pool.ts) by the way out last taken: the IP, or the IP and the proxy. */
  slot: string;

  constructor(
    readonly ip: string,
    public exchange: string,
  ) {
    this.slot = ip;
  }

  get ready(): number {
    return this.readyCount;
  }

  get size(): number {
    return this.readyCount + this.delayed.length;
  }

  /**
   * The time its queue still needs, roughly (addresses × how slow it answers): when connections are
   * short, the longest job goes first, so a run's tail is not one big slow server started last.
   */
  get workLeft(): number {
    // A tarpit's time cannot be saved, only started early: count a held rejection for every other address.
    return this.size * (Math.max(1, this.openMs) + this.tarpitMs / 2);
  }

  /** Ready addresses of one tenant. */
  readyOf(tenant: string): number {
    let n = 0;
    for (const q of this.byTenant.values()) for (const p of q) if (p.tenant === tenant) n++;
    return n;
  }

  push(p: Pending, front = false): void {
    const key = turnOf(p);
    let q = this.byTenant.get(key);
    if (!q) {
      q = [];
      this.byTenant.set(key, q);
      this.turn.push(key);
    }
    if (front) q.unshift(p);
    else q.push(p);
    this.readyCount++;
  }

  /** Up to `n` ready addresses, one per tenant in turn. */
  take(n: number): Pending[] {
    const out: Pending[] = [];
    while (out.length < n && this.readyCount > 0) {
      const next: string[] = [];
      for (const t of this.turn) {
        const q = this.byTenant.get(t);
        if (!q || q.length === 0) continue;
        if (out.length < n) {
          out.push(q.shift()!);
          this.readyCount--;
        }
        if (q.length > 0) next.push(t);
        else this.byTenant.delete(t);
      }
      // Tenants not served this round keep their place ahead of those just served.
      this.turn = next;
    }
    return out;
  }

  /** Every waiting address (ready and delayed), removed from the queue. */
  drain(): Pending[] {
    const all = this.take(Number.POSITIVE_INFINITY);
    all.push(...this.delayed.splice(0));
    return all;
  }

  /** The waiting addresses (ready and delayed) that `which` picks, removed from the queue. */
  remove(which: (p: Pending) => boolean): Pending[] {
    const out: Pending[] = [];
    for (const [key, q] of this.byTenant) {
      const keep = q.filter((p) => !which(p));
      if (keep.length === q.length) continue;
      out.push(...q.filter(which));
      this.readyCount -= q.length - keep.length;
      if (keep.length > 0) this.byTenant.set(key, keep);
      else this.byTenant.delete(key);
    }
    this.turn = this.turn.filter((t) => this.byTenant.has(t));
    for (let i = this.delayed.length - 1; i >= 0; i--)
      if (which(this.delayed[i])) out.push(this.delayed.splice(i, 1)[0]);
    return out;
  }

  delay(p: Pending, until: number): void {
    p.notBefore = until;
    this.delayed.push(p);
  }

  /** Moves delayed addresses whose time has come to the ready queue. */
  moveDue(now = Date.now()): void {
    for (let i = this.delayed.length - 1; i >= 0; i--) {
      if (this.delayed[i].notBefore <= now) this.push(this.delayed.splice(i, 1)[0]);
    }
  }

  nextDue(): number | null {
    let min: number | null = null;
    for (const p of this.delayed) if (min === null || p.notBefore < min) min = p.notBefore;
    return min;
  }

  /** Our network was at fault, not this host: it is no longer held down for being unreachable. */
  forgiveUnreachable(): void {
    if (this.lastFailure?.kind !== 'unreachable') return;
    this.downUntil = 0;
    this.pausedUntil = 0;
  }

  isDown(now = Date.now()): boolean {
    return this.downUntil > now;
  }

  /** `fn` runs at `at` (ms since the epoch), unless a wake-up is already armed for no later. */
  wakeAt(at: number, fn: () => void): void {
    if (this.timer !== null && at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        fn();
      },
      Math.max(0, at - Date.now()),
    );
  }
}
