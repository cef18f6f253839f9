import { qualityOf, type ReasonCode, type VerificationStatus } from '../../shared/verification';
import type { DisposableDomains } from './disposable';
import type { DnsClient } from './dns';
import { isFreeDomain, isRoleLocal } from './flags';
import { lookupDomain } from './mx';
import { suggestDomain } from './suggest';
import { parseAddress } from './syntax';
import type { DomainVerdict, Step1Result } from './types';

interface DomainFacts {
  free: boolean;
  disposable: boolean;
  suggestion: string | null;
  /** The MX verdict, looked up once per run. */
  verdict: Promise<DomainVerdict>;
}

const INVALID_SYNTAX = (input: string): Step1Result => ({
  input,
  normalized: null,
  domain: null,
  status: 'invalid',
  reason: 'syntax',
  quality: 'bad',
  role: false,
  free: false,
  disposable: false,
  suggestion: null,
  mxHost: null,
});

function verdictStatus(v: DomainVerdict): { status: VerificationStatus; reason: ReasonCode | null } {
  switch (v.kind) {
    case 'mx':
      return { status: 'valid', reason: null };
    case 'dns_error':
      // We could not tell: the address may be fine, so it is risky, never "no domain".
      return { status: 'risky', reason: 'dns_error' };
    default:
      return { status: 'invalid', reason: v.kind };
  }
}

/**
 * Step 1 of VERIFICATION.md for a batch. Facts about each distinct domain (flags, suggestion, DNS
 * verdict) are computed once and kept for the run, so later batches reuse them.
 */
export class Step1Checker {
  private readonly domains = new Map<string, DomainFacts>();

  constructor(
    private readonly dns: DnsClient,
    private readonly disposable: DisposableDomains,
  ) {}

  /** The cached MX verdict of a domain (step 2 uses it to route addresses). */
  domainVerdict(asciiDomain: string): Promise<DomainVerdict> {
    return this.facts(asciiDomain).verdict;
  }

  async check(emails: string[]): Promise<Step1Result[]> {
    // Duplicates in one batch are verified once: same input string → same promise.
    const byInput = new Map<string, Promise<Step1Result>>();
    return Promise.all(
      emails.map((email) => {
        let p = byInput.get(email);
        if (!p) {
          p = this.checkOne(email);
          byInput.set(email, p);
        }
        return p;
      }),
    );
  }

  private facts(asciiDomain: string): DomainFacts {
    let f = this.domains.get(asciiDomain);
    if (!f) {
      f = {
        free: isFreeDomain(asciiDomain),
        disposable: this.disposable.has(asciiDomain),
        suggestion: suggestDomain(asciiDomain),
        verdict: lookupDomain(this.dns, asciiDomain),
      };
      this.domains.set(asciiDomain, f);
    }
    return f;
  }

  private async checkOne(input: string): Promise<Step1Result> {
    const parsed = parseAddress(input);
    if (!parsed) return INVALID_SYNTAX(input);
    const f = this.facts(parsed.asciiDomain);
    const base = {
      input,
      normalized: `${parsed.local}@${parsed.domain}`,
      domain: parsed.asciiDomain,
      role: isRoleLocal(parsed.local),
      free: f.free,
      disposable: f.disposable,
      suggestion: f.suggestion ? `${parsed.local}@${f.suggestion}` : null,
    };
    const verdict = await f.verdict;
    let { status, reason } = verdictStatus(verdict);
    // The table's order: a domain that does not take mail is invalid even when it is a disposable
    // provider's; otherwise (mail host found, or DNS unsure) disposable is the more useful verdict.
    if (f.disposable && status !== 'invalid') {
      status = 'risky';
      reason = 'disposable';
    }
    const mxHost = verdict.kind === 'mx' ? verdict.mx[0].exchange : null;
    return { ...base, status, reason, quality: qualityOf(status), mxHost };
  }
}
