import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

// Created by migrations/0880_mcp.sql.
export const mcpExportLinks = pgTable('mcp_export_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  listId: uuid('list_id').notNull(),
  exportType: text('export_type').notNull(),
  minScore: integer('min_score'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mcpClients = pgTable('mcp_clients', {
  /** `api:<token id>` or `oauth:<grant id>`. */
  credential: text('credential').primaryKey(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  clientName: text('client_name').notNull(),
  clientVersion: text('client_version'),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
