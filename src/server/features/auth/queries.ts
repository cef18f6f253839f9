import { sql } from 'drizzle-orm';

// What sign-in limits ask of the database (login_throttle: one counter per username, and per username
// and address; login_known_addresses: where each user signed in before). Each is one statement, so
// parallel attempts can never count past a limit.

/**
 * Counts one attempt on the username and address pair, and on the username unless the address is one
 * the user signed in from lately; a counter at its limit (or, on the username, within its growing
 * delay) refuses instead. Answers whether each counted, whether the address is known, and the
 * counters' state as it was before, to say how long a refused attempt must wait.
 */
export const reserveAttempt = (p: {
  name: string;
  address: string;
  pairKey: string;
  userKey: string;
  /** Times as ISO strings. */
  now: string;
  pairSince: string;
  userSince: string;
  knownSince: string;
  pairMax: number;
  userMax: number;
  maxDelayS: number;
}) => sql`
    WITH known AS (
      SELECT EXISTS (
        SELECT 1 FROM login_known_addresses k JOIN users u ON u.id = k.user_id
        WHERE lower(u.username) = ${p.name} AND k.address = ${p.address}
          AND k.last_success_at > ${p.knownSince}::timestamptz
      ) AS yes
    ),
    pair AS (
      INSERT INTO login_throttle AS t (key, count, window_start, last_at)
      VALUES (${p.pairKey}, 1, ${p.now}::timestamptz, ${p.now}::timestamptz)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN t.window_start > ${p.pairSince}::timestamptz THEN t.count + 1 ELSE 1 END,
        window_start = CASE WHEN t.window_start > ${p.pairSince}::timestamptz THEN t.window_start
                            ELSE ${p.now}::timestamptz END,
        last_at = ${p.now}::timestamptz
      WHERE t.window_start <= ${p.pairSince}::timestamptz OR t.count < ${p.pairMax}::int
      RETURNING 1
    ),
    usr AS (
      INSERT INTO login_throttle AS t (key, count, window_start, last_at)
      SELECT ${p.userKey}, 1, ${p.now}::timestamptz, ${p.now}::timestamptz
      WHERE EXISTS (SELECT 1 FROM pair) AND NOT (SELECT yes FROM known)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN t.window_start > ${p.userSince}::timestamptz THEN t.count + 1 ELSE 1 END,
        window_start = CASE WHEN t.window_start > ${p.userSince}::timestamptz THEN t.window_start
                            ELSE ${p.now}::timestamptz END,
        last_at = ${p.now}::timestamptz
      WHERE t.window_start <= ${p.userSince}::timestamptz
         OR (t.count < ${p.userMax}::int
             AND (t.count < ${p.pairMax}::int
                  OR t.last_at + make_interval(secs => LEAST(${p.maxDelayS}::float8,
                       power(2, t.count - ${p.pairMax}::int))) <= ${p.now}::timestamptz))
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM pair) AS pair_ok,
           EXISTS (SELECT 1 FROM usr) AS user_ok,
           (SELECT yes FROM known) AS known,
           (SELECT window_start FROM login_throttle WHERE key = ${p.pairKey}) AS pair_start,
           u.count AS user_count, u.window_start AS user_start, u.last_at AS user_last
    FROM (SELECT 1) one LEFT JOIN login_throttle u ON u.key = ${p.userKey}`;

/** A right password: the pair's counter goes, and the attempt counted on the username is given back. */
export const releaseAttempt = (p: { pairKey: string; userKey: string; countedOnUser: boolean }) => sql`
    WITH cleared AS (DELETE FROM login_throttle WHERE key = ${p.pairKey})
    UPDATE login_throttle SET count = GREATEST(count - 1, 0)
    WHERE key = ${p.userKey} AND ${p.countedOnUser}::boolean`;

/** Holds the account's row until the transaction ends. */
export const lockUser = (p: { userId: string }) =>
  sql`SELECT id FROM users WHERE id = ${p.userId} FOR UPDATE`;
