-- Billing self-service (issue 24): when a subscription fell past due (the grace period counts from then),
-- when it ended (a canceled workspace's data is deleted 30 days later) and when that deletion ran. The
-- first two come from the Stripe event that brought the state, so replays and late deliveries do not move them.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS past_due_since timestamptz;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS ended_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS data_purged_at timestamptz;
