import { sql } from 'drizzle-orm';

// What the scraper asks of its tables beyond one plain statement.

/** Up to 200 finished scrape jobs started before `cutoff`, with their profiles (cascade). */
export const deleteOldScrapes = (p: { cutoff: string }) => sql`
        DELETE FROM scrape_jobs WHERE id IN (
          SELECT id FROM scrape_jobs
          WHERE created_at < ${p.cutoff}::timestamptz AND status NOT IN ('pending', 'running')
          LIMIT 200)
        RETURNING id`;
