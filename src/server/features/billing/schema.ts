import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

// Tables created by migrations/0400_billing.sql (and columns added by 0401_billing_self_service.sql).

export const billingCustomers = pgTable('billing_customers', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    status: text('status').notNull(),
    statusRank: integer('status_rank').notNull(),
    priceId: text('price_id'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    dataPurgedAt: timestamp('data_purged_at', { withTimezone: true }),
    sourceCreated: bigint('source_created', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index('subscriptions_workspace_idx').on(t.workspaceId),
    index('subscriptions_customer_idx').on(t.stripeCustomerId),
  ],
);

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  eventCreated: bigint('event_created', { mode: 'number' }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
