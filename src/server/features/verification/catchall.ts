import { randomBytes } from 'node:crypto';

interface PendingProbe {
  promise: Promise<boolean | null>;
  settle: (v: boolean | null) => void;
}

/**
 * Catch-all answers per domain, trusted for `ttlMs` (the provider lives as long as the process), and
 * published to `onAnswer` (shared knowledge) when learned. A domain is probed only when one of its
 * addresses was accepted and none rejected (a rejected mailbox proves it is not catch-all): one
 * probe, with a random local part; the other accepted addresses wait for that answer. The random
 * address stays the same for the run: greylisting remembers (client, sender, recipient) triplets, and
 * a new random address would never clear it.
 */
export class CatchAllCache {
  private readonly known = new Map<string, { value: boolean; at: number }>();
  /** Answers awaited (by accepted addresses) and not known yet. */
  private readonly pending = new Map<string, PendingProbe>();
  /** Domains whose probe is under way. */
  private readonly claimed = new Set<string>();
  private readonly addresses = new Map<string, string>();
  /** The domain's probe was not sent after all (its budget is spent): it may be claimed again later. */
  unclaim(domain: string): void {
    this.claimed.delete(domain);
  }

  /** Why the last probe of a domain gave no answer (its retries ran out). */
  private readonly failures = new Map<string, 'greylisted' | 'temp_failure'>();
  /** Probes sent, for tests. */
  probes = 0;

  constructor(
    private readonly ttlMs = 600_000,
    private readonly onAnswer?: (domain: string, catchAll: boolean) => void,
  ) {}

  private knownValue(domain: string): boolean | undefined {
    const k = this.known.get(domain);
    if (!k) return undefined;
    if (Date.now() - k.at < this.ttlMs) return k.value;
    this.known.delete(domain);
    return undefined;
  }

  /** An answer learned elsewhere (another process, an earlier run). */
  seed(domain: string, value: boolean): void {
    if (this.knownValue(domain) !== undefined) return;
    this.known.set(domain, { value, at: Date.now() });
    // Accepted addresses of an earlier call may be waiting for it: this is their answer.
    const waiting = this.pending.get(domain);
    this.pending.delete(domain);
    this.claimed.delete(domain);
    waiting?.settle(value);
  }

  /** Whether the answer is known right now (no probe needed). */
  has(domain: string): boolean {
    return this.knownValue(domain) !== undefined;
  }

  /** The domain's random, surely-nonexistent address for this run. */
  probeAddress(domain: string): string {
    let a = this.addresses.get(domain);
    if (!a) {
      a = `verilead-${randomBytes(8).toString('hex')}@${domain}`;
      this.addresses.set(domain, a);
    }
    return a;
  }

  /** True when the caller should probe now (no answer, no probe under way); marks the probe under way. */
  claim(domain: string): boolean {
    if (this.knownValue(domain) !== undefined || this.claimed.has(domain)) return false;
    this.claimed.add(domain);
    this.probes++;
    return true;
  }

  private awaited(domain: string): PendingProbe {
    let p = this.pending.get(domain);
    if (!p) {
      let settle!: (v: boolean | null) => void;
      const promise = new Promise<boolean | null>((resolve) => {
        settle = resolve;
      });
      p = { promise, settle };
      this.pending.set(domain, p);
    }
    return p;
  }

  /**
   * Records an answer (a probe's, or a rejected mailbox's: not catch-all); null when the probe's
   * retries ran out, with the reason of its last failure.
   */
  settle(domain: string, value: boolean | null, reason?: string): void {
    const p = this.pending.get(domain);
    this.pending.delete(domain);
    this.claimed.delete(domain);
    if (value !== null) {
      if (this.knownValue(domain) !== value) this.onAnswer?.(domain, value);
      this.known.set(domain, { value, at: Date.now() });
    } else this.failures.set(domain, reason === 'greylisted' ? 'greylisted' : 'temp_failure');
    p?.settle(value);
  }

  /** Why the domain's probe gave no answer. */
  failureOf(domain: string): 'greylisted' | 'temp_failure' {
    return this.failures.get(domain) ?? 'temp_failure';
  }

  /** The answer, once known: a probe's, or a rejection's; null when the probe gave none. */
  async answer(domain: string): Promise<boolean | null> {
    const k = this.knownValue(domain);
    if (k !== undefined) return k;
    return this.awaited(domain).promise;
  }

  /** Nothing more will be asked (the provider closes): whoever waits hears "unknown". */
  abandon(): void {
    for (const domain of [...this.pending.keys()]) this.settle(domain, null);
  }
}
