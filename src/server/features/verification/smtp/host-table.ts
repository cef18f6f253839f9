import type { MxTarget } from '../mx';
import { HostQueue } from './host';
import type { Pending } from './pending';

/**
 * The provider's mail servers: one queue per IP address (host.ts), made when an address is first
 * queued there. Many domains and MX names share one server, so the IP is the key, never the name.
 */
export class HostTable {
  private readonly hosts = new Map<string, HostQueue>();

  of(t: MxTarget): HostQueue {
    let h = this.hosts.get(t.ip);
    if (!h) {
      h = new HostQueue(t.ip, t.exchange);
      this.hosts.set(t.ip, h);
    }
    return h;
  }

  values(): IterableIterator<HostQueue> {
    return this.hosts.values();
  }

  /** Queued addresses (ready and delayed) that `which` picks, taken from every host. */
  remove(which: (p: Pending) => boolean): Pending[] {
    const out: Pending[] = [];
    for (const h of this.hosts.values()) out.push(...h.remove(which));
    return out;
  }

  /** Every queued address, taken from every host, their wake-ups cancelled (the provider closing). */
  drain(): Pending[] {
    const out: Pending[] = [];
    for (const h of this.hosts.values()) {
      if (h.timer) clearTimeout(h.timer);
      out.push(...h.drain());
    }
    return out;
  }
}
