import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

// Created by migrations/0600_api_webhooks_usage.sql. One row per workspace, calendar month (UTC) and kind.
export const usageCounters = pgTable(
  'usage_counters',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    month: date('month').notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.month, t.kind] })],
);
