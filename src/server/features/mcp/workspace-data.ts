import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { mcpOauthClients, mcpOauthGrants } from './schema';

// The assistants a workspace let in (OAuth grants, revoked ones too), as its data export reads them.
// Tokens and their hashes are credentials, not the customer's data: never exported.

/** One page of the workspace's assistant grants, oldest first. */
export const assistantsExportPage = (db: Db, workspaceId: string, limit: number, offset: number) =>
  db
    .select({
      row: sql`jsonb_build_object('id', ${mcpOauthGrants.id}, 'client', ${mcpOauthClients.clientName},
        'scopes', ${mcpOauthGrants.scopes}, 'userId', ${mcpOauthGrants.userId},
        'createdAt', ${mcpOauthGrants.createdAt}, 'lastUsedAt', ${mcpOauthGrants.lastUsedAt},
        'revokedAt', ${mcpOauthGrants.revokedAt})`,
    })
    .from(mcpOauthGrants)
    .innerJoin(mcpOauthClients, eq(mcpOauthClients.clientId, mcpOauthGrants.clientId))
    .where(eq(mcpOauthGrants.workspaceId, workspaceId))
    .orderBy(asc(mcpOauthGrants.createdAt), asc(mcpOauthGrants.id))
    .limit(limit)
    .offset(offset);
