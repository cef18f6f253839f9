import { yieldToEventLoop } from '../../platform/event-loop';
import type { DisposableDomains } from './disposable';
import type { DnsClient } from './dns';
import { isFreeDomain } from './flags';
import { lookupDomain } from './mx';
import type { ResolverHealth } from './resolver-health';
import { type DomainFacts, finishRow, INVALID_SYNTAX, type ParsedRow } from './step1-verdict';
import { suggestDomain } from './suggest';
import { parseAddress } from './syntax';
import type { DomainVerdict, KnowledgeStore, Step1Result } from './types';

/**
 * The step-1 verdict a row gets without the network (a malformed address has no domain to look up), or
 * null when its verdict needs DNS. The caller writes these at once: they never wait on a resolver that
 * fails its canaries, so a paused run still shows what it can judge.
 */
export function offlineVerdict(input: string): Step1Result | null {
  return parseAddress(input) ? null : INVALID_SYNTAX(input);
}

/** Verdicts a lying or silent resolver could have caused: believed only from a healthy one. */
const doubtful = (v: DomainVerdict) =>
  v.kind === 'no_domain' || v.kind === 'no_mail_host' || v.kind === 'dns_error';

/** A negative verdict read from shared knowledge is kept in memory this long (its row expires soon too). */
const KNOWN_NEGATIVE_MS = 60_000;

/**
 * Rows parsed between two turns of the event loop; the new domains among them are looked up before
 * the turn. Several batches in flight take turns, so the first batch's look-ups (and its rows' SMTP
 * sessions) start after ROWS_PER_TURN rows of each, not after every batch has been parsed.
 */
const ROWS_PER_TURN = 200;

/**
 * Step 1 of VERIFICATION.md for a batch. Facts about each distinct domain (flags, suggestion, DNS
 * verdict) are computed once and kept for `ttlMs` (negative ones for the zone's negative TTL), so
 * later batches reuse them; with a knowledge store, MX verdicts are shared across runs and
 * processes (DNS failures never are). With a resolver health check, "no such domain", "no mail
 * host" and DNS failures are believed only from a healthy resolver: otherwise the domain waits
 * (its rows stay unanswered) until the resolver is healthy again and is looked up afresh.
 */
export class Step1Checker {
  private readonly domains = new Map<string, DomainFacts>();
  private readonly ttlMs: number;
  private readonly knowledge?: KnowledgeStore;
  private readonly health?: ResolverHealth;
  /** Batches checked so far: an earlier batch's look-ups go first (DnsClient.mx priority). */
  private batches = 0;

  constructor(
    private readonly dns: DnsClient,
    private readonly disposable: DisposableDomains,
    o: { ttlMs?: number; knowledge?: KnowledgeStore; health?: ResolverHealth } = {},
  ) {
    this.ttlMs = o.ttlMs ?? 600_000;
    this.knowledge = o.knowledge;
    this.health = o.health;
  }

  /** The cached MX verdict of a domain (step 2 uses it to route addresses). */
  domainVerdict(asciiDomain: string): Promise<DomainVerdict> {
    const f = this.domains.get(asciiDomain) ?? this.facts(asciiDomain);
    if (!f.started) this.lookup([f]);
    return f.verdict;
  }

  /** MX verdicts for new domains: one knowledge query for the batch, DNS for what it lacks. */
  private lookup(batch: DomainFacts[], priority = 0): void {
    for (const f of batch) f.started = true;
    const viaDns = (f: DomainFacts) =>
      this.resolve(f.name, priority).then(
        async (v) => {
          if (v.kind !== 'mx' && v.kind !== 'null_mx') f.ttlMs = await this.dns.negativeTtlMs(f.name);
          f.settle(v);
          if (v.kind === 'dns_error') return;
          const negative = v.kind === 'no_domain' || v.kind === 'no_mail_host';
          this.knowledge?.putDomain(f.name, { verdict: v, ttlS: negative ? f.ttlMs / 1000 : undefined });
        },
        (err: Error) => {
          // No verdict: the next look-up of this domain starts afresh.
          if (this.domains.get(f.name) === f) this.domains.delete(f.name);
          f.fail(err);
        },
      );
    if (!this.knowledge) {
      for (const f of batch) void viaDns(f);
      return;
    }
    this.knowledge
      .getDomains(batch.map((f) => f.name))
      .catch(() => new Map())
      .then((known) => {
        for (const f of batch) {
          const v = known.get(f.name)?.verdict;
          if (v) {
            if (doubtful(v)) f.ttlMs = KNOWN_NEGATIVE_MS;
            f.settle(v);
          } else void viaDns(f);
        }
      });
  }

  /** The domain's verdict, believed only from a healthy resolver (else asked again once it is). */
  private async resolve(name: string, priority: number): Promise<DomainVerdict> {
    for (;;) {
      const v = await lookupDomain(this.dns, name, priority);
      if (!this.health || !doubtful(v)) return v;
      if (await this.health.confirm(Date.now())) return v;
      await this.health.recovered();
      if (this.health.closed) throw new Error('verification stopped while our DNS resolver was failing');
    }
  }

  /**
   * Synchronous per row, asynchronous per new domain: rows whose domain verdict is already known
   * cost no promise at all, which matters at 250k rows (GC was the biggest cost before).
   */
  async check(emails: string[]): Promise<Step1Result[]> {
    // Duplicates in one batch are verified once: same input string → same result object.
    const byInput = new Map<string, Step1Result | ParsedRow>();
    const rows: Array<Step1Result | ParsedRow> = new Array(emails.length);
    const waiting = new Set<DomainFacts>();
    let toStart: DomainFacts[] = [];
    const priority = -++this.batches;
    const startLookups = () => {
      // Started meanwhile by another batch: not again.
      const fresh = toStart.filter((f) => !f.started);
      toStart = [];
      if (fresh.length > 0) this.lookup(fresh, priority);
    };
    for (let i = 0; i < emails.length; i++) {
      // A batch's first rows bring most of its new domains (~10 µs each): let requests in between,
      // with the look-ups of the domains parsed so far already under way.
      if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
        startLookups();
        await yieldToEventLoop();
      }
      const email = emails[i];
      let row = byInput.get(email);
      if (!row) {
        row = this.parse(email);
        byInput.set(email, row);
        if ('facts' in row && !row.facts.known && !waiting.has(row.facts)) {
          waiting.add(row.facts);
          if (!row.facts.started) toStart.push(row.facts);
        }
      }
      rows[i] = row;
    }
    startLookups();
    if (waiting.size > 0) await Promise.all([...waiting].map((f) => f.verdict));
    const done = new Map<ParsedRow, Step1Result>();
    return rows.map((row) => {
      if (!('facts' in row)) return row;
      let r = done.get(row);
      if (!r) {
        r = finishRow(row);
        done.set(row, r);
      }
      return r;
    });
  }

  private facts(asciiDomain: string): DomainFacts {
    const now = Date.now();
    let f = this.domains.get(asciiDomain);
    if (f && (!f.known || now - f.at < f.ttlMs)) return f;
    if (this.domains.size > 200_000) {
      for (const [k, v] of this.domains) if (v.known && now - v.at >= v.ttlMs) this.domains.delete(k);
    }
    let settle!: (v: DomainVerdict) => void;
    let fail!: (err: Error) => void;
    const verdict = new Promise<DomainVerdict>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    verdict.catch(() => {}); // awaited by the batches that need it; nobody else must see a rejection
    const facts: DomainFacts = {
      name: asciiDomain,
      free: isFreeDomain(asciiDomain),
      disposable: this.disposable.has(asciiDomain),
      suggestion: suggestDomain(asciiDomain),
      verdict,
      known: null,
      settle: (v) => {
        facts.known = v;
        facts.at = Date.now();
        settle(v);
      },
      fail,
      started: false,
      at: now,
      ttlMs: this.ttlMs,
    };
    f = facts;
    this.domains.set(asciiDomain, f);
    return f;
  }

  private parse(input: string): Step1Result | ParsedRow {
    const parsed = parseAddress(input);
    if (!parsed) return INVALID_SYNTAX(input);
    return {
      input,
      local: parsed.local,
      domain: parsed.domain,
      asciiDomain: parsed.asciiDomain,
      facts: this.facts(parsed.asciiDomain),
    };
  }
}
