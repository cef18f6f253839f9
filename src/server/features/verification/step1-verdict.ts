import { verdictOf } from '../../../shared/reasons';
import { qualityOf, type ReasonCode, type VerificationStatus } from '../../../shared/verification';
import { isRoleLocal } from './flags';
import type { DomainVerdict, Step1Result } from './types';

// A row's step-1 verdict from the facts of its domain (step1.ts gathers them once per domain), in the
// order of VERIFICATION.md's table.

export interface DomainFacts {
  name: string;
  free: boolean;
  disposable: boolean;
  suggestion: string | null;
  /** The MX verdict: from shared knowledge, else looked up once while fresh. */
  verdict: Promise<DomainVerdict>;
  /** The same verdict once it has arrived, for synchronous use. */
  known: DomainVerdict | null;
  settle: (v: DomainVerdict) => void;
  fail: (err: Error) => void;
  started: boolean;
  at: number;
  /** How long the verdict is kept once known (short for negative answers). */
  ttlMs: number;
}

export interface ParsedRow {
  input: string;
  local: string;
  domain: string;
  asciiDomain: string;
  facts: DomainFacts;
}

export const INVALID_SYNTAX = (input: string): Step1Result => ({
  input,
  normalized: null,
  domain: null,
  ...verdictOf('syntax'),
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
      return verdictOf('dns_error');
    default:
      return verdictOf(v.kind);
  }
}

/** A parsed row's step-1 result, once its domain's verdict has arrived (`facts.known`). */
export function finishRow(row: ParsedRow): Step1Result {
  const f = row.facts;
  const verdict = f.known!;
  let { status, reason } = verdictStatus(verdict);
  // The table's order: a domain that does not take mail is invalid even when it is a disposable
  // provider's; otherwise (mail host found, or DNS unsure) disposable is the more useful verdict.
  if (f.disposable && status !== 'invalid') {
    ({ status, reason } = verdictOf('disposable'));
  }
  return {
    input: row.input,
    normalized: `${row.local}@${row.domain}`,
    domain: row.asciiDomain,
    status,
    reason,
    quality: qualityOf(status),
    role: isRoleLocal(row.local),
    free: f.free,
    disposable: f.disposable,
    suggestion: f.suggestion ? `${row.local}@${f.suggestion}` : null,
    mxHost: verdict.kind === 'mx' ? verdict.mx[0].exchange : null,
  };
}
