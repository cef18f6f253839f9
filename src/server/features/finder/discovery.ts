import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findDomainDiscovery } from './schema';

// A workspace's discovery of a domain's pattern, kept between its finds: the patterns its server
// rejected for the people asked so far, and how many people in a row it rejected every candidate of.
// A later find (a single find, too) goes on from there instead of asking the same patterns again.

export interface Discovery {
  rejected: Map<string, number>;
  rejectedInARow: number;
}

export interface DiscoveryStore {
  load(domain: string): Promise<Discovery | null>;
  save(domain: string, d: Discovery): Promise<void>;
}

/** What was learned is forgotten after this long: mailboxes and patterns change. */
const KEEP_MS = 30 * 86_400_000;

export function discoveryStore(db: Db, workspaceId: string, now: () => Date): DiscoveryStore {
  return {
    async load(domain) {
      const [row] = await db
        .select()
        .from(findDomainDiscovery)
        .where(and(eq(findDomainDiscovery.workspaceId, workspaceId), eq(findDomainDiscovery.domain, domain)));
      if (!row || now().getTime() - row.updatedAt.getTime() > KEEP_MS) return null;
      return { rejected: new Map(Object.entries(row.rejected)), rejectedInARow: row.rejectedInARow };
    },
    async save(domain, d) {
      const values = {
        rejected: Object.fromEntries(d.rejected),
        rejectedInARow: d.rejectedInARow,
        updatedAt: now(),
      };
      await db
        .insert(findDomainDiscovery)
        .values({ workspaceId, domain, ...values })
        .onConflictDoUpdate({
          target: [findDomainDiscovery.workspaceId, findDomainDiscovery.domain],
          set: values,
        });
    },
  };
}
