import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Step } from '../../../shared/email-automation';
import { workspaces } from '../workspaces/schema';

// Sequences saved as reusable templates, one row each, owned by a workspace (migrations/0210).
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<Step[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_templates_workspace_idx').on(t.workspaceId, t.updatedAt)],
);
