import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

// Created by migrations/0860_probe_budget.sql (decision 0860).

/** Probes spent per workspace, window and scope ('hour', 'day', 'd:<domain>' within an hour). */
export const probeBudgetUsage = pgTable(
  'probe_budget_usage',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    scope: text('scope').notNull(),
    probes: integer('probes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.windowStart, t.scope] })],
);

/** The operator's allowance for one workspace (null: its plan's). */
export const probeBudgetOverrides = pgTable('probe_budget_overrides', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  perHour: integer('per_hour'),
  perDay: integer('per_day'),
  perDomainHour: integer('per_domain_hour'),
});
