import { randomBytes } from 'node:crypto';

interface PendingProbe {
  promise: Promise<boolean | null>;
  settle: (v: boolean | null) => void;
}

/**
 * Catch-all answers per domain, trusted for `ttlMs` (the prober lives as long as the process), and
 * published to `onAnswer` (shared knowledge) when learned. The first session that meets a domain probes it with a
 * random local part (in the same pipelined transaction as the real addresses); the others wait for
 * that answer instead of probing again. An inconclusive probe (4xx, lost session) is forgotten so
 * that a later session asks again, with the same random address: greylisting remembers
 * (client, sender, recipient) triplets, and a new random address would never clear it.
 */
export class CatchAllCache {
  private readonly known = new Map<string, { value: boolean; at: number }>();
  private readonly pending = new Map<string, PendingProbe>();
  private readonly addresses = new Map<string, string>();
  private readonly delays = new Map<string, number>();
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
    if (this.knownValue(domain) === undefined) this.known.set(domain, { value, at: Date.now() });
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

  /** Would `claim` say yes (no answer known, no probe under way)? Does not claim. */
  wouldProbe(domain: string): boolean {
    return this.knownValue(domain) === undefined && !this.pending.has(domain);
  }

  /** True when the caller should probe now (no answer, no probe under way); marks the probe under way. */
  claim(domain: string): boolean {
    if (this.knownValue(domain) !== undefined || this.pending.has(domain)) return false;
    let settle!: (v: boolean | null) => void;
    const promise = new Promise<boolean | null>((resolve) => {
      settle = resolve;
    });
    this.pending.set(domain, { promise, settle });
    this.probes++;
    return true;
  }

  /** Records the probe's answer; null when inconclusive, with the server's asked-for delay. */
  settle(domain: string, value: boolean | null, retryDelayMs = 0): void {
    const p = this.pending.get(domain);
    this.pending.delete(domain);
    if (value !== null) {
      this.known.set(domain, { value, at: Date.now() });
      this.onAnswer?.(domain, value);
    } else this.delays.set(domain, retryDelayMs);
    p?.settle(value);
  }

  /** How long to wait before asking again after an inconclusive probe. */
  retryDelay(domain: string): number {
    return this.delays.get(domain) ?? 0;
  }

  /** The answer, waiting for a probe under way; null when unknown and nobody is probing. */
  async answer(domain: string): Promise<boolean | null> {
    const k = this.knownValue(domain);
    if (k !== undefined) return k;
    return (await this.pending.get(domain)?.promise) ?? null;
  }
}
