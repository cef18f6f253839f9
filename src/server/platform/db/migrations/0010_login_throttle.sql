-- Sign-in limits (docs/decisions/0005-login-limits.md). One counter row per key: `p:<username>|<address>`
-- (lock-out of one address guessing one account) and `u:<username>` (a slower ceiling across addresses).
-- An attempt is reserved on its counters, in one statement, before the password is checked.
CREATE TABLE IF NOT EXISTS login_throttle (
  key text PRIMARY KEY,
  count integer NOT NULL,
  window_start timestamptz NOT NULL,
  last_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS login_throttle_window_idx ON login_throttle (window_start);

-- Addresses (IPv6 by /64) a user has signed in from: the per-username ceiling never applies there.
CREATE TABLE IF NOT EXISTS login_known_addresses (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX IF NOT EXISTS login_known_addresses_seen_idx ON login_known_addresses (last_success_at);

-- The counters of the earlier limiter (per username and per address); nothing reads them any more.
DROP TABLE IF EXISTS login_failures;
