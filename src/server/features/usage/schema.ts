import { bigint, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

// Created by migrations/0890_fair_credits.sql: one row per run of a list, its credits reserved and settled.
export const creditRuns = pgTable('credit_runs', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  uploadId: uuid('upload_id').notNull(),
  runId: integer('run_id').notNull(),
  listName: text('list_name').notNull(),
  month: date('month').notNull(),
  reserved: integer('reserved').notNull(),
  charged: integer('charged').notNull().default(0),
  releasedUnknown: integer('released_unknown').notNull().default(0),
  releasedSyntax: integer('released_syntax').notNull().default(0),
  releasedDuplicate: integer('released_duplicate').notNull().default(0),
  releasedReused: integer('released_reused').notNull().default(0),
  releasedUnfinished: integer('released_unfinished').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** The workspace's re-verification window (migrations/0890_fair_credits.sql); no row: the default. */
export const creditSettings = pgTable('credit_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  reverifyDays: integer('reverify_days').notNull().default(30),
});
