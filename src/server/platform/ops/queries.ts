// What the metrics endpoint asks of the database beyond the app's own counters: pg-boss's job table.

/** Jobs waiting (created, or due for a retry) and running, per queue and state. */
export const JOBS_BY_QUEUE_AND_STATE = `SELECT name, state, count(*)::int AS n FROM pgboss.job
        WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`;
