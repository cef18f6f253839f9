import type { NetworkHealth } from '../types';

/** Distinct mail servers failing to connect, with no success in between, that mean "it is us". */
export const NETWORK_DOWN_HOSTS = 3;

export function networkDownMessage(port: number): string {
  return `Our server cannot reach mail servers on port ${port} (set SMTP_PROXY or VERIFIER_API_URL); verification will resume by itself`;
}

/**
 * Tells our fault from the mail servers'. One host refusing or timing out is that host's problem;
 * connections failing at several unrelated servers with none succeeding meanwhile is our network
 * (outbound port 25 blocked, no route). Then no address gets "unreachable": the provider parks them
 * until a connection works again.
 */
export class NetworkMonitor {
  private failing = new Set<string>();
  private lastOkAt = 0;
  private state: NetworkHealth = {
    ok: true,
    message: null,
    since: Date.now(),
    kind: 'smtp',
    nextTryAt: null,
  };

  constructor(
    private readonly port: number,
    /** A session opened this recently (or one open now) proves the network works. */
    private readonly windowMs: number,
    private readonly openSessions: () => number,
    private readonly onChange: (health: NetworkHealth) => void,
  ) {}

  get health(): NetworkHealth {
    return this.state;
  }

  /** A session opened (the greeting came): the network works. */
  ok(): void {
    this.lastOkAt = Date.now();
    this.failing.clear();
    if (!this.state.ok)
      this.set({ ok: true, message: null, since: Date.now(), kind: 'smtp', nextTryAt: null });
  }

  /** A connection to `ip` failed before any SMTP reply (refused, timeout, no route). */
  failed(ip: string): void {
    this.failing.add(ip);
    if (this.state.ok && this.looksDown()) {
      this.set({
        ok: false,
        message: networkDownMessage(this.port),
        since: Date.now(),
        kind: 'smtp',
        nextTryAt: this.nextTryAt,
      });
    }
  }

  private nextTryAt: number | null = null;

  /** The parked addresses are tried again at `at` (epoch ms): what the notice tells the user. */
  retryingAt(at: number): void {
    this.nextTryAt = at;
    if (!this.state.ok) this.state = { ...this.state, nextTryAt: at };
  }

  /** Should an "unreachable" verdict be held back (the fault may be ours)? */
  suspect(): boolean {
    return !this.state.ok || this.looksDown();
  }

  private looksDown(): boolean {
    return (
      this.failing.size >= NETWORK_DOWN_HOSTS &&
      Date.now() - this.lastOkAt > this.windowMs &&
      this.openSessions() === 0
    );
  }

  get lastSuccess(): number {
    return this.lastOkAt;
  }

  private set(h: NetworkHealth): void {
    this.state = h;
    this.onChange(h);
  }
}
