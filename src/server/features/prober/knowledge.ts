import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { dbJson, queryRows } from '../../platform/db/sql';
import type { DomainFact, DomainVerdict, KnowledgeStore, ProviderVerdict, ServerFact } from '../verification';
import {
  freshDomainFacts,
  freshMailboxVerdicts,
  freshServerFacts,
  upsertDomainFacts,
  upsertMailboxVerdicts,
  upsertServerFacts,
} from './queries';

export interface KnowledgeTtl {
  /** Seconds a domain's MX verdict and catch-all answer are reused (0: not shared). */
  domainS: number;
  /** Seconds a mailbox's final verdict is reused (0: not shared). */
  mailboxS: number;
}

// The rows read back: the verdicts and facts are json this file wrote (an expired part reads as null).
const domainFactRow = z.object({
  domain: z.string(),
  verdict: dbJson<DomainVerdict | null>(),
  catch_all: z.boolean().nullable(),
});
const mailboxVerdictRow = z.object({ address: z.string(), verdict: dbJson<ProviderVerdict>() });
const serverFactRow = z.object({ ip: z.string(), facts: dbJson<ServerFact>() });

const FLUSH_MS = 500;
const FLUSH_ROWS = 500;

/**
 * Domain facts and mailbox verdicts in the database, shared by runs, accounts and processes until
 * they expire. Only what a mail server or DNS said about an address or a domain is stored: no user,
 * upload or row id, so nothing of one account can reach another (decision 0002). Writes are
 * buffered and flushed as one statement per kind.
 */
export class DbKnowledge implements KnowledgeStore {
  private domains = new Map<string, DomainFact>();
  private mailboxes = new Map<string, ProviderVerdict>();
  private servers = new Map<string, ServerFact>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttl: KnowledgeTtl,
  ) {}

  async getDomains(names: string[]): Promise<Map<string, DomainFact>> {
    const out = new Map<string, DomainFact>();
    if (this.ttl.domainS <= 0 || names.length === 0) return out;
    const rows = await queryRows(this.db, domainFactRow, freshDomainFacts(names));
    for (const r of rows) {
      const fact: DomainFact = {};
      if (r.verdict) fact.verdict = r.verdict;
      if (r.catch_all !== null) fact.catchAll = r.catch_all;
      if (fact.verdict || fact.catchAll !== undefined) out.set(r.domain, fact);
    }
    return out;
  }

  putDomain(domain: string, fact: DomainFact): void {
    if (this.ttl.domainS <= 0) return;
    this.domains.set(domain, { ...this.domains.get(domain), ...fact });
    this.schedule(this.domains.size);
  }

  async getMailboxes(addresses: string[]): Promise<Map<string, ProviderVerdict>> {
    const out = new Map<string, ProviderVerdict>();
    if (this.ttl.mailboxS <= 0 || addresses.length === 0) return out;
    const rows = await queryRows(this.db, mailboxVerdictRow, freshMailboxVerdicts(addresses));
    for (const r of rows) out.set(r.address, r.verdict);
    return out;
  }

  async getServers(ips: string[]): Promise<Map<string, ServerFact>> {
    const out = new Map<string, ServerFact>();
    if (this.ttl.domainS <= 0 || ips.length === 0) return out;
    const rows = await queryRows(this.db, serverFactRow, freshServerFacts(ips));
    for (const r of rows) out.set(r.ip, r.facts);
    return out;
  }

  /** Servers' facts live as long as domains' (VERIFICATION_DOMAIN_TTL_S): both describe the mail system, not a user. */
  putServer(ip: string, fact: ServerFact): void {
    if (this.ttl.domainS <= 0) return;
    this.servers.set(ip, fact);
    this.schedule(this.servers.size);
  }

  putMailbox(address: string, verdict: ProviderVerdict): void {
    if (this.ttl.mailboxS <= 0) return;
    this.mailboxes.set(address, verdict);
    this.schedule(this.mailboxes.size);
  }

  private schedule(size: number): void {
    if (size >= FLUSH_ROWS) {
      void this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Writes what is buffered (best effort: knowledge is a cache, a lost write costs a probe). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const domains = [...this.domains];
    const mailboxes = [...this.mailboxes];
    const servers = [...this.servers];
    this.domains = new Map();
    this.mailboxes = new Map();
    this.servers = new Map();
    try {
      if (domains.length > 0) await this.writeDomains(domains);
      if (mailboxes.length > 0) await this.writeMailboxes(mailboxes);
      if (servers.length > 0) {
        await this.db.execute(
          upsertServerFacts({
            ips: servers.map(([ip]) => ip),
            facts: servers.map(([, f]) => JSON.stringify(f)),
            ttlS: this.ttl.domainS,
          }),
        );
      }
    } catch {
      // The cache is optional; the next verdicts will be written.
    }
  }

  private async writeDomains(domains: [string, DomainFact][]): Promise<void> {
    const ttl = this.ttl.domainS;
    // A negative verdict carries its zone's negative TTL (shorter): the lie of a resolver that turned
    // bad after its last canary check must not outlive a few minutes.
    const verdictTtl = domains.map(([, f]) => Math.min(ttl, Math.ceil(f.ttlS ?? ttl)));
    await this.db.execute(
      upsertDomainFacts({
        domains: domains.map(([d]) => d),
        verdicts: domains.map(([, f]) => (f.verdict ? JSON.stringify(f.verdict) : null)),
        catchAll: domains.map(([, f]) => f.catchAll ?? null),
        verdictTtlS: verdictTtl,
        catchAllTtlS: ttl,
      }),
    );
  }

  private async writeMailboxes(mailboxes: [string, ProviderVerdict][]): Promise<void> {
    await this.db.execute(
      upsertMailboxVerdicts({
        addresses: mailboxes.map(([a]) => a),
        verdicts: mailboxes.map(([, v]) => JSON.stringify(v)),
        ttlS: this.ttl.mailboxS,
      }),
    );
  }
}
