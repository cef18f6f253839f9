import { providerOf } from '../../../../shared/mail-providers';
import { backoffDelay } from '../../../platform/retry';
import { type ProxyRoute, parseProxyList } from '../proxy-list';
import type { NetworkHealth, SmtpSettings } from '../types';

interface Way {
  proxy: ProxyRoute;
  /** Not used before this time: it failed, and is tried again then (a growing back-off). */
  downUntil: number;
  /** Outages in a row (each back-off is longer), reset when it answers. */
  strikes: number;
  /** It answered last time it was tried (presumed until then). */
  up: boolean;
  lastError: string | null;
}

export function proxiesDownMessage(names: string[]): string {
  return `Our SMTP proxies do not answer (SMTP_PROXY: ${names.join(', ')}); verification will resume by itself when one does`;
}

/**
 * The ways our probes leave by (SMTP_PROXY), and which of them answer. A mail server's way out is
 * the first proxy given to its provider that is not down, else the first of the default group (the
 * proxies given to no provider). A proxy that fails is set aside for a short, growing back-off and
 * then tried again. Its failure is ours: no address is judged from it. When no default proxy
 * answers, health is not ok, so runs pause instead of judging, until one answers again.
 */
export class ProxySet {
  private readonly ways: Way[] = [];
  private readonly defaults: Way[];
  /** More than one proxy: connection slots are then kept per proxy. */
  private readonly several: boolean;
  private state: NetworkHealth | null = null;

  constructor(
    /** SMTP_PROXY as written; a proxy is retried after SMTP_RETRY_BASE_MS, doubling up to SMTP_NETWORK_RETRY_S. */
    private readonly o: Pick<SmtpSettings, 'proxy' | 'retryBaseMs' | 'networkRetryMs'>,
    private readonly onChange: (h: NetworkHealth) => void,
  ) {
    for (const proxy of parseProxyList(o.proxy)) {
      // One proxy written for several providers is one way out: its state is shared.
      const same = this.ways.find((w) => w.proxy.name === proxy.name && w.proxy.provider === proxy.provider);
      if (!same) this.ways.push({ proxy, downUntil: 0, strikes: 0, up: true, lastError: null });
    }
    this.defaults = this.ways.filter((w) => w.proxy.provider === null);
    this.several = new Set(this.ways.map((w) => w.proxy.name)).size > 1;
  }

  /** Not ok while no default proxy answers; null when they do (or there are none). */
  get health(): NetworkHealth | null {
    return this.state;
  }

  /** The proxies a server named `exchange` may go through, most preferred first. */
  private chain(exchange: string): Way[] {
    const provider = providerOf(exchange)?.id;
    const own = provider ? this.ways.filter((w) => w.proxy.provider === provider) : [];
    return [...own, ...this.defaults];
  }

  /**
   * The way out to a server named `exchange`: a proxy, `null` for a direct connection (no SMTP_PROXY),
   * or `undefined` when every proxy that may carry it is down (then wait until `nextTryAt`).
   */
  pick(exchange: string, now = Date.now()): ProxyRoute | null | undefined {
    if (this.ways.length === 0) return null;
    return this.chain(exchange).find((w) => w.downUntil <= now)?.proxy;
  }

  /** When a proxy that may carry mail to `exchange` is tried again. */
  nextTryAt(exchange: string): number {
    return Math.min(...this.chain(exchange).map((w) => w.downUntil));
  }

  isDown(proxy: ProxyRoute, now = Date.now()): boolean {
    return this.find(proxy).some((w) => w.downUntil > now);
  }

  /**
   * The key of a connection slot at `ip` (the politeness cap counts per server per exit): the server's
   * IP when there is one way out, as before lists; the IP and the proxy when there are several, so
   * two proxies may each hold the cap at one server.
   */
  slotKey(ip: string, proxy: ProxyRoute | null): string {
    return proxy && this.several ? `${ip} via ${proxy.name}` : ip;
  }

  /** The proxy failed: set aside for a back-off (once per outage: many connections fail together). */
  failed(proxy: ProxyRoute, message: string, now = Date.now()): void {
    for (const w of this.find(proxy)) {
      w.up = false;
      w.lastError = message;
      if (w.downUntil > now) continue;
      w.strikes++;
      w.downUntil =
        now +
        backoffDelay(w.strikes, { baseMs: this.o.retryBaseMs, maxMs: this.o.networkRetryMs, jitter: 0.2 });
    }
    this.update(now);
  }

  /** The proxy did its part (the handshake went through, whatever the mail server then said). */
  answered(proxy: ProxyRoute, now = Date.now()): void {
    for (const w of this.find(proxy)) {
      w.up = true;
      w.strikes = 0;
      w.downUntil = 0;
      w.lastError = null;
    }
    this.update(now);
  }

  private find(proxy: ProxyRoute): Way[] {
    return this.ways.filter((w) => w.proxy.name === proxy.name);
  }

  private update(now: number): void {
    const stuck = this.defaults.length > 0 && this.defaults.every((w) => !w.up);
    if (stuck) {
      const nextTryAt = Math.min(...this.defaults.map((w) => w.downUntil));
      const message = proxiesDownMessage(this.ways.filter((w) => !w.up).map((w) => w.proxy.name));
      const was = this.state;
      this.state = { ok: false, message, since: was?.since ?? now, kind: 'smtp', nextTryAt };
      if (!was) this.onChange(this.state);
    } else if (this.state) {
      this.state = null;
      this.onChange({ ok: true, message: null, since: now, kind: 'smtp', nextTryAt: null });
    }
  }
}
