-- Billing (issue 7): the Stripe customer of each user, a mirror of their Stripe subscriptions, and the ids of
-- webhook events already processed. Stripe stays the source of truth; these rows let access checks answer
-- without calling Stripe on every request.

-- One Stripe customer per user. Kept beside `users` (owned by auth) so billing owns its own columns.
CREATE TABLE IF NOT EXISTS billing_customers (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  stripe_customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS subscriptions (
  id text PRIMARY KEY, -- Stripe subscription id (sub_...)
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  stripe_customer_id text NOT NULL,
  status text NOT NULL,
  -- 0 incomplete, 1 live (active, trialing, past_due, unpaid, paused), 2 ended (canceled, incomplete_expired).
  status_rank integer NOT NULL,
  price_id text,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- `created` (Unix seconds) of the newest Stripe event applied; older events never overwrite newer state.
  source_created bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS subscriptions_user_idx ON subscriptions (user_id);
CREATE INDEX IF NOT EXISTS subscriptions_customer_idx ON subscriptions (stripe_customer_id);

-- Stripe delivers at least once; a replayed event id is acknowledged and skipped.
CREATE TABLE IF NOT EXISTS stripe_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  event_created bigint NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now()
);
