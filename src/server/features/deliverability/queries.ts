import { sql } from 'drizzle-orm';

/**
 * Takes the workspace's lock on adding sending domains until the transaction ends: the count against
 * the cap and the insert then happen as one step, so concurrent adds at 199 make 200, not 212. An
 * advisory lock, because the row it would otherwise lock (the workspace) is not ours.
 */
export const lockDomainAdds = (p: { workspaceId: string }) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`sending_domains:${p.workspaceId}`}))`;
