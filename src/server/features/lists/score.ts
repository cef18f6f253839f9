import { type MailProvider, providerOf } from '../../../shared/mail-providers';
import { scoreOf } from '../../../shared/score';
import type { Db } from '../../platform/db/client';
import { acceptedHistory, catchAllHistory } from '../outcomes';

export interface ScoredRow {
  email: string;
  finalStatus: 'valid' | 'invalid' | 'risky' | 'pending';
  reason: string | null;
  provider: MailProvider | null;
}

/**
 * The confidence score of each row (shared/score.ts), catch-all rows calibrated by the workspace's sends
 * to the same domain or provider, accepted rows by its sends to accepted rows: one look-up per call for
 * the rows' catch-all domains and providers, one for the accepted history.
 */
export async function scoresOf(db: Db, workspaceId: string, rows: ScoredRow[]): Promise<(number | null)[]> {
  const domainOf = (r: ScoredRow) => r.email.split('@').pop()?.toLowerCase() ?? '';
  const catchAll = rows.filter((r) => r.reason === 'catch_all');
  const history = catchAll.length
    ? await catchAllHistory({
        db,
        workspaceId,
        domains: [...new Set(catchAll.map(domainOf))],
        providers: [...new Set(catchAll.flatMap((r) => (r.provider ? [r.provider.id] : [])))],
      })
    : null;
  const accepted = rows.some((r) => r.reason === 'accepted')
    ? await acceptedHistory({ db, workspaceId })
    : null;
  return rows.map((r) =>
    scoreOf({
      ...r,
      domainHistory: history?.domains.get(domainOf(r)),
      providerHistory: r.provider ? history?.providers.get(r.provider.id) : null,
      acceptedHistory: accepted,
    }),
  );
}

/** A stored verdict as read from upload_results: the mail server it rests on names the provider. */
export interface StoredVerdict {
  email: string;
  finalStatus: ScoredRow['finalStatus'];
  reason: string | null;
  mx: string | null;
}

/** scoresOf for rows read from the database (the provider recognised from their mail server). */
export function scoresOfVerdicts(
  db: Db,
  workspaceId: string,
  rows: StoredVerdict[],
): Promise<(number | null)[]> {
  return scoresOf(
    db,
    workspaceId,
    rows.map((r) => ({
      email: r.email,
      finalStatus: r.finalStatus,
      reason: r.reason,
      provider: providerOf(r.mx, r.email.split('@').pop()),
    })),
  );
}
