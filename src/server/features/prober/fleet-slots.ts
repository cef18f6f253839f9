import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import type { HostCoordinator } from '../verification';

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
    const rows = await query<{ slot: number }>(
      this.db,
      sql`
      WITH free AS (
        SELECT g AS slot FROM generate_series(0, ${Math.max(1, limit) - 1}::int) g
        WHERE NOT EXISTS (SELECT 1 FROM prober_hosts h WHERE h.ip = ${ip} AND h.paused_until > now())
          AND NOT EXISTS (
            SELECT 1 FROM prober_slots s WHERE s.ip = ${ip} AND s.slot = g AND s.expires_at > now())
        ORDER BY g LIMIT 1
      )
      INSERT INTO prober_slots (ip, slot, holder, expires_at)
      SELECT ${ip}, slot, ${this.holder}, now() + make_interval(secs => ${this.leaseS}) FROM free
      ON CONFLICT (ip, slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE prober_slots.expires_at <= now()
      RETURNING slot`,
    );
    const slot = rows[0]?.slot;
    if (slot === undefined) {
      const paused = await query<{ ms: number }>(
        this.db,
        sql`SELECT (extract(epoch FROM paused_until) * 1000)::float8 AS ms FROM prober_hosts
            WHERE ip = ${ip} AND paused_until > now()`,
      );
      return { retryAt: paused[0] ? Number(paused[0].ms) : Date.now() + 100 };
    }
    this.hold();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.held--;
        this.db
          .execute(
            sql`DELETE FROM prober_slots WHERE ip = ${ip} AND slot = ${slot} AND holder = ${this.holder}`,
          )
          .catch(() => {}); // the lease runs out on its own
      },
    };
  }

  backOff(ip: string, until: number): void {
    this.db
      .execute(sql`
        INSERT INTO prober_hosts (ip, paused_until) VALUES (${ip}, to_timestamp(${until / 1000}))
        ON CONFLICT (ip) DO UPDATE SET paused_until = GREATEST(prober_hosts.paused_until, excluded.paused_until)`)
      .catch(() => {});
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
        this.db
          .execute(sql`UPDATE prober_slots SET expires_at = now() + make_interval(secs => ${this.leaseS})
                       WHERE holder = ${this.holder}`)
          .catch(() => {});
      },
      (this.leaseS * 1000) / 3,
    );
    this.renewer.unref();
  }
}
