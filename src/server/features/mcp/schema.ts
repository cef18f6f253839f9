import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
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

// Created by migrations/0881_mcp_oauth.sql.
export const mcpOauthClients = pgTable('mcp_oauth_clients', {
  clientId: text('client_id').primaryKey(),
  clientName: text('client_name').notNull(),
  redirectUris: text('redirect_uris').array().notNull(),
  metadata: jsonb('metadata').notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mcpOauthGrants = pgTable('mcp_oauth_grants', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: text('client_id')
    .notNull()
    .references(() => mcpOauthClients.clientId, { onDelete: 'cascade' }),
  scopes: text('scopes').array().notNull(),
  resource: text('resource').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const mcpOauthCodes = pgTable('mcp_oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  grantId: uuid('grant_id')
    .notNull()
    .references(() => mcpOauthGrants.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const mcpOauthTokens = pgTable('mcp_oauth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  grantId: uuid('grant_id')
    .notNull()
    .references(() => mcpOauthGrants.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'access' | 'refresh'>().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
