import { failureVerdict } from './failure-verdict';
import type { NetworkMonitor } from './network';
import type { OpenFailure, Pending } from './pending';

/**
 * Addresses held while our own network seems down (decision 0007: our failure is never their verdict):
 * given back every `retryMs` (SMTP_NETWORK_RETRY_S), or at once when a mail server answers again.
 */
export class ParkedAddresses {
  private parked: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private releaseAt = 0;

  constructor(
    private readonly retryMs: number,
    private readonly network: NetworkMonitor,
    private readonly resume: (parked: Pending[]) => void,
  ) {}

  /** No MX host of the address can be used: its verdict, unless the fault may be our network (parked). */
  giveUp(p: Pending, last: OpenFailure | null): void {
    const failure = last ?? { kind: 'unreachable', message: 'no MX host accepted a connection' };
    // A silent server accepted our connection: our network works, its rows get their verdict now.
    if (failure.kind === 'unreachable' && !failure.silent && this.network.suspect()) this.add(p);
    else p.done(failureVerdict(p, failure));
  }

  private add(p: Pending): void {
    p.target = 0;
    p.notBefore = 0;
    this.parked.push(p);
    if (!this.timer) {
      this.timer = setTimeout(() => this.release(), this.retryMs);
      this.releaseAt = Date.now() + this.retryMs;
      this.network.retryingAt(this.releaseAt);
    }
  }

  /** A tenant's parked rows, their first server and when they are tried again (progress names them). */
  waiting(tenant: string): { rows: number; host: string; at: number } | null {
    const mine = this.parked.filter((p) => p.tenant === tenant && !p.probe);
    if (mine.length === 0) return null;
    return { rows: mine.length, host: mine[0].targets[0]?.exchange ?? '', at: this.releaseAt };
  }

  /** Every parked address goes back now (the network works again, or it is time to try). */
  release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const parked = this.parked;
    this.parked = [];
    this.resume(parked);
  }

  /** The parked addresses `which` picks, taken away (their caller stopped). */
  remove(which: (p: Pending) => boolean): Pending[] {
    const out = this.parked.filter(which);
    this.parked = this.parked.filter((p) => !which(p));
    return out;
  }

  /** Every parked address, taken away (the provider is closing). */
  drain(): Pending[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.parked.splice(0);
  }
}
