import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SuppressionReason } from '../../../shared/suppressions';

// Created by migrations/0220_send_outcomes.sql: addresses never sent to Smartlead again, per workspace.
export const suppressions = pgTable(
  'suppressions',
  {
    /** No foreign key (see the migration): a deleted workspace's rows go with the cleanup job. */
    workspaceId: uuid('workspace_id').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    reason: text('reason').$type<SuppressionReason>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.email] }),
    index('suppressions_created_idx').on(t.workspaceId, t.createdAt),
  ],
);
