-- Two-factor sign-in (issue 24, docs/decisions/0021-two-factor.md): a TOTP secret per user (sealed with the
-- deployment's key; enabled_at is NULL while setup waits for the first code), single-use recovery codes
-- (SHA-256 of 80 random bits each), and the half-finished sign-ins waiting for their second factor.
CREATE TABLE IF NOT EXISTS two_factor (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  enabled_at timestamptz,
  -- The last TOTP time step accepted: a code is never accepted twice (RFC 6238 §5.2).
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS two_factor_recovery_codes (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A password accepted, the second factor not yet: the browser holds the token (cookie), we keep its hash
-- and the sign-in attempt's limiter keys, released only once the whole sign-in succeeds.
CREATE TABLE IF NOT EXISTS two_factor_challenges (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  login_name text NOT NULL,
  pair_key text NOT NULL,
  user_key text NOT NULL,
  counted_on_user boolean NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS two_factor_challenges_expiry_idx ON two_factor_challenges (expires_at);
