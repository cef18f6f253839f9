import { namedBlocklist, serverOperator } from './blocklist-reply';
import type { NetworkHealth, ProviderVerdict } from './types';

/** Unrelated mail servers naming a blocklist, within the window, that mean "it is our address". */
export const BLOCKLISTED_SERVERS = 3;

export interface BlocklistWatchOptions {
  /** How long a refusal counts (ms). */
  windowMs: number;
  /** While holding: how often held addresses are tried again (SMTP_NETWORK_RETRY_S). */
  retryMs: number;
  onChange?: (health: NetworkHealth) => void;
  now?: () => number;
}

export function blocklistedMessage(lists: string[], servers: number): string {
  return `Mail servers refuse the address we verify from: ${servers} unrelated servers say it is on ${lists.join(', ')}, so their answers say nothing about the addresses; verification will resume by itself`;
}

/**
 * Tells "this server refuses us" from "our address is listed". One server naming a blocklist is its
 * policy, and the address's verdict stands. Refusals naming a blocklist from several unrelated servers
 * (different operators) within the window mean our probing address is listed: like a lying resolver,
 * that is our fault, so such verdicts are held (the rows stay pending) and tried again every retryMs
 * until servers stop naming a list, and health says why meanwhile.
 */
export class BlocklistWatch {
  private seen = new Map<string, { at: number; list: string }>();
  private held: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private state: NetworkHealth = {
    ok: true,
    message: null,
    since: Date.now(),
    kind: 'smtp',
    nextTryAt: null,
  };
  private readonly now: () => number;

  constructor(private readonly o: BlocklistWatchOptions) {
    this.now = o.now ?? Date.now;
  }

  get health(): NetworkHealth {
    this.refresh();
    return this.state;
  }

  /** A refusal that names a blocklist (its server's policy, or our listed address: not yet known). */
  namesList(v: ProviderVerdict): boolean {
    return (
      v.reason === 'policy_block' &&
      Boolean(v.mxHost) &&
      namedBlocklist({ code: v.smtpCode, text: v.smtpMessage }) !== null
    );
  }

  /**
   * Called with each verdict before it is reported. True: it was held (our address is listed), and
   * `retry` runs once it is time to ask again; false: report it.
   */
  hold(v: ProviderVerdict, retry: () => void): boolean {
    const list =
      v.reason === 'policy_block' && v.mxHost
        ? namedBlocklist({ code: v.smtpCode, text: v.smtpMessage })
        : null;
    if (!list || !v.mxHost) return false;
    this.seen.set(serverOperator(v.mxHost), { at: this.now(), list });
    this.refresh();
    if (this.state.ok) return false;
    this.held.push(retry);
    this.timer ??= setTimeout(() => this.release(), this.o.retryMs);
    this.timer.unref?.();
    return true;
  }

  /** Held addresses are given back at once (the provider closing answers them "not verified"). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.release();
  }

  /** Held addresses are asked again (their servers may have stopped refusing us). */
  private release(): void {
    this.timer = null;
    for (const retry of this.held.splice(0)) retry();
  }

  private refresh(): void {
    const now = this.now();
    for (const [k, v] of this.seen) if (now - v.at > this.o.windowMs) this.seen.delete(k);
    const listed = this.seen.size >= BLOCKLISTED_SERVERS;
    if (listed === !this.state.ok) {
      if (listed) this.state = { ...this.state, nextTryAt: now + this.o.retryMs };
      return;
    }
    const lists = [...new Set([...this.seen.values()].map((v) => v.list))];
    this.state = listed
      ? {
          ok: false,
          message: blocklistedMessage(lists, this.seen.size),
          since: now,
          kind: 'smtp',
          nextTryAt: now + this.o.retryMs,
        }
      : { ok: true, message: null, since: now, kind: 'smtp', nextTryAt: null };
    this.o.onChange?.(this.state);
  }
}
