-- Accounts self-service (issue 24, docs/decisions/0830-accounts.md).

-- Sessions listed on the account screen: a public id to name one (the primary key is a hash of the
-- cookie and stays server-side), and what the person recognises a session by.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS user_agent text;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS ip text;
CREATE UNIQUE INDEX IF NOT EXISTS sessions_public_id_idx ON sessions (public_id);

-- Single-use links mailed to a person: a password reset (to the account's address) or the confirmation
-- of a new address (to that address). Only the SHA-256 of the link's token is stored.
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_change')),
  new_email text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS account_tokens_user_idx ON account_tokens (user_id, purpose, created_at DESC);
CREATE INDEX IF NOT EXISTS account_tokens_expires_idx ON account_tokens (expires_at);

-- A person's picture, stored in the database like the workspace logo (no file to copy between servers).
CREATE TABLE IF NOT EXISTS user_avatars (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  image bytea NOT NULL CHECK (octet_length(image) <= 262144),
  image_type text NOT NULL CHECK (image_type IN ('png', 'jpeg', 'webp')),
  updated_at timestamptz NOT NULL
);
