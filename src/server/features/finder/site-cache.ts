import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { PublishedAddress } from './page-text';
import { findSites } from './schema';

// Every statement on find_sites: what company websites publish, shared by every workspace (public).

export async function siteOf(db: Db, domain: string) {
  const [row] = await db.select().from(findSites).where(eq(findSites.domain, domain));
  return row ?? null;
}

export async function putSite(
  db: Db,
  s: { domain: string; addresses: PublishedAddress[]; pages: number; problem: string | null; readAt: Date },
) {
  await db
    .insert(findSites)
    .values(s)
    .onConflictDoUpdate({
      target: findSites.domain,
      set: { addresses: s.addresses, pages: s.pages, problem: s.problem, readAt: s.readAt },
    });
}
