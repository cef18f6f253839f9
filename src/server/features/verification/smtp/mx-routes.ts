import type { DnsClient } from '../dns';
import { type MxTarget, resolveTargets } from '../mx';
import type { MxRecord } from '../types';
import { mayConnect } from './address-guard';

const routeKey = (mx: MxRecord[]) => mx.map((r) => `${r.priority}:${r.exchange}`).join(',');

interface Targets {
  at: number;
  targets: Promise<{ ok: MxTarget[]; blocked: MxTarget[] }>;
}

/**
 * A domain's MX records as the servers to connect to (their IP addresses, in preference order), looked
 * up once per MX set and kept for `memoryTtlMs`; addresses that are not public are set apart (never
 * contacted) unless private ones are allowed.
 */
export class MxRoutes {
  private readonly routes = new Map<string, Targets>();

  constructor(
    private readonly dns: DnsClient,
    private readonly memoryTtlMs: number,
    private readonly allowPrivate: boolean,
  ) {}

  targetsOf(mx: MxRecord[]): Targets['targets'] {
    const key = routeKey(mx);
    const hit = this.routes.get(key);
    if (hit && Date.now() - hit.at < this.memoryTtlMs) return hit.targets;
    if (this.routes.size > 100_000) this.routes.clear();
    const targets = resolveTargets(this.dns, mx).then((all) => ({
      ok: all.filter((t) => mayConnect(t.ip, this.allowPrivate)),
      blocked: all.filter((t) => !mayConnect(t.ip, this.allowPrivate)),
    }));
    this.routes.set(key, { at: Date.now(), targets });
    return targets;
  }

  /** Looked up again next time (the answer came from a resolver that was failing). */
  forget(mx: MxRecord[]): void {
    this.routes.delete(routeKey(mx));
  }
}
