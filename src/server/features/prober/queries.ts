import { sql } from 'drizzle-orm';

// What the prober asks of the database: facts shared across processes and runs (domain_facts,
// mailbox_verdicts), each with its own expiry; expired ones are never answered.

/** The domains' MX verdicts and catch-all answers that have not expired. */
export const freshDomainFacts = (names: string[]) =>
  sql`SELECT domain,
            CASE WHEN verdict_expires_at > now() THEN verdict END AS verdict,
            CASE WHEN catch_all_expires_at > now() THEN catch_all END AS catch_all
          FROM domain_facts WHERE domain = ANY(${sql.param(names)}::text[])`;

/** The addresses' final verdicts that have not expired. */
export const freshMailboxVerdicts = (addresses: string[]) =>
  sql`SELECT address, verdict FROM mailbox_verdicts
          WHERE address = ANY(${sql.param(addresses)}::text[]) AND expires_at > now()`;

/**
 * Writes domain facts in one statement (arrays aligned by position); a null leaves the stored value,
 * and each verdict expires after its own TTL (a negative answer's is its zone's, shorter).
 */
export const upsertDomainFacts = (p: {
  domains: string[];
  verdicts: (string | null)[];
  catchAll: (boolean | null)[];
  verdictTtlS: number[];
  catchAllTtlS: number;
}) => sql`
      INSERT INTO domain_facts (domain, verdict, verdict_expires_at, catch_all, catch_all_expires_at)
      SELECT d, v, CASE WHEN v IS NOT NULL THEN now() + make_interval(secs => vt) END,
        c, CASE WHEN c IS NOT NULL THEN now() + make_interval(secs => ${p.catchAllTtlS}) END
      FROM unnest(${sql.param(p.domains)}::text[],
        ${sql.param(p.verdicts)}::jsonb[],
        ${sql.param(p.catchAll)}::bool[],
        ${sql.param(p.verdictTtlS)}::int[]) AS x(d, v, c, vt)
      ON CONFLICT (domain) DO UPDATE SET
        verdict = COALESCE(excluded.verdict, domain_facts.verdict),
        verdict_expires_at = COALESCE(excluded.verdict_expires_at, domain_facts.verdict_expires_at),
        catch_all = COALESCE(excluded.catch_all, domain_facts.catch_all),
        catch_all_expires_at = COALESCE(excluded.catch_all_expires_at, domain_facts.catch_all_expires_at)`;

/** Writes final verdicts in one statement, each expiring after `ttlS`. */
export const upsertMailboxVerdicts = (p: { addresses: string[]; verdicts: string[]; ttlS: number }) => sql`
      INSERT INTO mailbox_verdicts (address, verdict, expires_at)
      SELECT a, v, now() + make_interval(secs => ${p.ttlS})
      FROM unnest(${sql.param(p.addresses)}::text[],
        ${sql.param(p.verdicts)}::jsonb[]) AS x(a, v)
      ON CONFLICT (address) DO UPDATE SET verdict = excluded.verdict, expires_at = excluded.expires_at`;

/** What the servers are known to tolerate, where not expired. */
export const freshServerFacts = (ips: string[]) =>
  sql`SELECT ip, facts FROM mail_server_facts WHERE ip = ANY(${sql.param(ips)}::text[]) AND expires_at > now()`;

/** Writes servers' facts in one statement, each expiring after `ttlS`; a new fact replaces the old. */
export const upsertServerFacts = (p: { ips: string[]; facts: string[]; ttlS: number }) => sql`
      INSERT INTO mail_server_facts (ip, facts, expires_at)
      SELECT i, f, now() + make_interval(secs => ${p.ttlS})
      FROM unnest(${sql.param(p.ips)}::text[], ${sql.param(p.facts)}::jsonb[]) AS x(i, f)
      ON CONFLICT (ip) DO UPDATE SET facts = excluded.facts, expires_at = excluded.expires_at`;

// The fleet's per-server connection slots (prober_slots) and 421 pauses (prober_hosts), PostgreSQL only.

/**
 * Takes the lowest free slot of `ip` below `limit` for `holder`, in one statement; none while the
 * server is paused. A slot is free when absent or its lease has run out (a killed process's slot).
 */
export const takeFreeSlot = (p: { ip: string; limit: number; holder: string; leaseS: number }) => sql`
      WITH free AS (
        SELECT g AS slot FROM generate_series(0, ${Math.max(1, p.limit) - 1}::int) g
        WHERE NOT EXISTS (SELECT 1 FROM prober_hosts h WHERE h.ip = ${p.ip} AND h.paused_until > now())
          AND NOT EXISTS (
            SELECT 1 FROM prober_slots s WHERE s.ip = ${p.ip} AND s.slot = g AND s.expires_at > now())
        ORDER BY g LIMIT 1
      )
      INSERT INTO prober_slots (ip, slot, holder, expires_at)
      SELECT ${p.ip}, slot, ${p.holder}, now() + make_interval(secs => ${p.leaseS}) FROM free
      ON CONFLICT (ip, slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
        WHERE prober_slots.expires_at <= now()
      RETURNING slot`;

/** Until when (ms since the epoch) the server is paused, if it is. */
export const hostPausedUntil = (ip: string) =>
  sql`SELECT (extract(epoch FROM paused_until) * 1000)::float8 AS ms FROM prober_hosts
            WHERE ip = ${ip} AND paused_until > now()`;

export const releaseSlot = (p: { ip: string; slot: number; holder: string }) =>
  sql`DELETE FROM prober_slots WHERE ip = ${p.ip} AND slot = ${p.slot} AND holder = ${p.holder}`;

/** Pauses the server for every process until `until` (ms since the epoch), never shortening a pause. */
export const pauseHost = (p: { ip: string; until: number }) => sql`
        INSERT INTO prober_hosts (ip, paused_until) VALUES (${p.ip}, to_timestamp(${p.until / 1000}))
        ON CONFLICT (ip) DO UPDATE SET paused_until = GREATEST(prober_hosts.paused_until, excluded.paused_until)`;

/** Renews every lease `holder` has. */
export const renewSlots = (p: { holder: string; leaseS: number }) =>
  sql`UPDATE prober_slots SET expires_at = now() + make_interval(secs => ${p.leaseS})
                       WHERE holder = ${p.holder}`;
