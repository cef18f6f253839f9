import { z } from 'zod';
import type { Db } from '../../../platform/db/client';
import { dbInt, queryRows } from '../../../platform/db/sql';
import { realSleep, type Sleep } from '../../../platform/retry';
import { answeredSlot, dropOldSlots, lockRateKey, pauseKey, rateWindow, takeSlot } from '../queries';
import { type RateLimiter, SMARTLEAD_RATE, shareRateLimits } from './rate-limit';

// One Smartlead rate limit across processes (decision 0202). On PostgreSQL, where extra worker processes
// share the database, every request of an API key first takes a slot in the key's window in the database
// (`smartlead_rate_slots`, under a transaction-scoped advisory lock on the key), after the process's own
// limiter; a 429's Retry-After pauses the key for every process. Times are the database's clock, the one
// clock all processes share.

/** A slot is held this long at most while its request is in flight (a process may die meanwhile). */
const IN_FLIGHT_S = 30;
/** The longest single wait before looking again (slots free as answers arrive). */
const MAX_WAIT_MS = 250;

/** The key's window now: slots taken, ms until the oldest leaves it, ms of a 429's pause still to run. */
const windowRow = z.object({
  n: dbInt,
  wait_ms: z.coerce.number().nullable(),
  paused_ms: z.coerce.number().nullable(),
});
/** A slot's id (a bigserial: text from node-postgres). */
const slotRow = z.object({ id: z.coerce.string() });

export class FleetRateStore {
  constructor(
    private readonly db: Db,
    private readonly rate = SMARTLEAD_RATE,
  ) {}

  /** Resolves with a release once a slot of the key's window is ours. */
  async acquire(keyHash: string, sleep: Sleep = realSleep): Promise<() => Promise<void>> {
    for (;;) {
      const got = await this.db.transaction(async (tx): Promise<{ wait: number } | { slot: string }> => {
        const db = tx as unknown as Db;
        await db.execute(lockRateKey({ keyHash }));
        const windowS = this.rate.windowMs / 1000;
        await db.execute(dropOldSlots({ keyHash, windowS }));
        const [state] = await queryRows(db, windowRow, rateWindow({ keyHash, windowS }));
        const paused = state?.paused_ms ?? 0;
        if (paused > 0) return { wait: paused };
        if ((state?.n ?? 0) >= this.rate.limit) return { wait: Math.max(10, state?.wait_ms ?? 50) };
        const [slot] = await queryRows(db, slotRow, takeSlot({ keyHash, inFlightS: IN_FLIGHT_S }));
        return { slot: slot.id };
      });
      if ('slot' in got) {
        const id = got.slot;
        // The window counts from the answer, as in the process's own limiter.
        return async () => {
          await this.db.execute(answeredSlot({ id })).catch(() => {});
        };
      }
      await sleep(Math.min(got.wait, MAX_WAIT_MS));
    }
  }

  /** After a 429: no process sends with this key until Retry-After has passed. */
  async pause(keyHash: string, ms: number): Promise<void> {
    await this.db.execute(pauseKey({ keyHash, ms }));
  }
}

/** The process's limiter first (cheap, local), then the fleet's slot in the database. */
export class FleetLimiter implements RateLimiter {
  constructor(
    private readonly local: RateLimiter,
    private readonly store: FleetRateStore,
    private readonly keyHash: string,
  ) {}

  async acquire(sleep?: Sleep): Promise<() => void> {
    const local = await this.local.acquire(sleep);
    try {
      const fleet = await this.store.acquire(this.keyHash, sleep);
      return () => {
        local();
        void fleet();
      };
    } catch (err) {
      local();
      throw err;
    }
  }

  pause(ms: number): void {
    this.local.pause(ms);
    void this.store.pause(this.keyHash, ms).catch(() => {});
  }
}

/** Boot, on PostgreSQL: every Smartlead client of this process also keeps the fleet's window. */
export function shareFleetRateLimits(db: Db): void {
  const store = new FleetRateStore(db);
  shareRateLimits({ limiterOf: (local, keyHash) => new FleetLimiter(local, store, keyHash) });
}
