import type { FindJob, FindResult } from '../../../shared/finder';
import { noEvidence } from './answer';
import type { FindJobRow, FindResultRow } from './schema';

// Rows as the contracts show them.

export function jobView(j: FindJobRow): FindJob {
  return {
    id: j.id,
    kind: j.kind,
    name: j.name,
    status: j.status,
    total: j.total,
    done: j.done,
    found: j.found,
    error: j.error,
    notice: j.status === 'running' || j.status === 'queued' ? (j.notice ?? null) : null,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

export const personName = (r: {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
}) => (r.fullName || [r.firstName, r.lastName].filter(Boolean).join(' ')).trim();

export function resultView(r: FindResultRow, kind: FindJobRow['kind']): FindResult {
  return {
    id: `${r.jobId}:${r.rowNo}`,
    name: personName(r),
    company: r.company,
    domain: r.domain,
    email: r.email,
    status: r.status ?? 'not_found',
    score: r.score ?? 0,
    pattern: r.pattern,
    evidence: r.evidence ?? noEvidence(null),
    row: kind === 'bulk' ? r.rowNo : null,
    createdAt: (r.finishedAt ?? new Date(0)).toISOString(),
  };
}
