import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import type { HostCoordinator } from '../verification';
import { hostPausedUntil, pauseHost, releaseSlot, renewSlots, takeFreeSlot } from './queries';

/** The slot a connection took, and until when (ms since the epoch, a float8) its server is paused. */
const slotRow = z.object({ slot: dbInt });
const pausedRow = z.object({ ms: z.coerce.number() });

/**
 * SMTP_MAX_CONNECTIONS_PER_HOST for the whole fleet, on PostgreSQL. A connection takes a numbered
 * slot row (ip, 0..limit-1) in one statement; a slot is free when absent or its lease has run out,
 * so a process killed mid-session frees its slots within `leaseS`. Leases are renewed while held.
 * A 421 back-off is a row in prober_hosts that every process reads before taking a slot.
 */
export class DbHostCoordinator implements HostCoordinator {
  readonly holder = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private held = 0;
  private renewer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly leaseS = 30,
  ) {}

  async tryAcquire(ip: string, limit: number): Promise<{ release: () => void } | { retryAt: number }> {
    const rows = await queryRows(
      this.db,
      slotRow,
      takeFreeSlot({ ip, limit, holder: this.holder, leaseS: this.leaseS }),
    );
    const slot = rows[0]?.slot;
    if (slot === undefined) {
      const [paused] = await queryRows(this.db, pausedRow, hostPausedUntil(ip));
      return { retryAt: paused ? paused.ms : Date.now() + 100 };
    }
    this.hold();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.held--;
        this.db.execute(releaseSlot({ ip, slot, holder: this.holder })).catch(() => {}); // the lease runs out on its own
      },
    };
  }

  backOff(ip: string, until: number): void {
    this.db.execute(pauseHost({ ip, until })).catch(() => {});
  }

  private hold(): void {
    this.held++;
    if (this.renewer) return;
    this.renewer = setInterval(
      () => {
        if (this.held === 0) {
          if (this.renewer) clearInterval(this.renewer);
          this.renewer = null;
          return;
        }
        this.db.execute(renewSlots({ holder: this.holder, leaseS: this.leaseS })).catch(() => {});
      },
      (this.leaseS * 1000) / 3,
    );
    this.renewer.unref();
  }
}
