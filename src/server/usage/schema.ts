import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

// Created by migrations/0600_api_webhooks_usage.sql. One row per user, calendar month (UTC) and kind.
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.kind] })],
);
