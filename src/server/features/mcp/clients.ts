import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { mcpClients } from './schema';

/**
 * Remembers the client (its initialize's clientInfo) behind a credential: a stateless server hears the
 * name only on initialize, and the activity log names it on every later tool call.
 */
export async function rememberClient(opts: {
  db: Db;
  credential: string;
  workspaceId: string;
  name: string;
  version?: string;
  now: Date;
}): Promise<void> {
  const values = {
    credential: opts.credential,
    workspaceId: opts.workspaceId,
    clientName: opts.name.slice(0, 100),
    clientVersion: opts.version?.slice(0, 50) ?? null,
    seenAt: opts.now,
  };
  await opts.db
    .insert(mcpClients)
    .values(values)
    .onConflictDoUpdate({ target: mcpClients.credential, set: values });
}

/** The client last seen behind a credential, or null before its first initialize. */
export async function clientNameOf(db: Db, credential: string): Promise<string | null> {
  const [row] = await db
    .select({ name: mcpClients.clientName })
    .from(mcpClients)
    .where(eq(mcpClients.credential, credential))
    .limit(1);
  return row?.name ?? null;
}
