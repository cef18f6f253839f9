import {
  type BounceGroup,
  bandForRate,
  bandOfScore,
  bounceGroup,
  SCORE_BANDS,
} from '../../../shared/calibration';
import { MAIL_PROVIDER_TABLE, type MailProvider, providerOf } from '../../../shared/mail-providers';
import { scoreOf } from '../../../shared/score';
import type { Db } from '../../platform/db/client';
import { acceptedHistory, catchAllHistory, sentVerdicts } from '../outcomes';

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

// The workspace's bounce rate per score band of its verified addresses (decision 0350): each address
// sent through Smartlead, scored as its list row is (its recorded verdict, calibrated by the
// workspace's sends as shared/score.ts does), then counted in its band, with the band the measured
// rate fits. Addresses whose verdict was neither accepted nor catch-all have no band.

function providerById(id: string | null): MailProvider | null {
  const e = id ? MAIL_PROVIDER_TABLE.find((p) => p.id === id) : undefined;
  return e ? { id: e.id, name: e.name, kind: e.kind } : null;
}

export async function verifiedBandRates(db: Db, workspaceId: string): Promise<BounceGroup[]> {
  const sent = (await sentVerdicts(db, workspaceId)).filter((r) => r.accepted || r.catchAll);
  const rows: ScoredRow[] = sent.map((r) => ({
    email: r.email,
    finalStatus: r.accepted ? 'valid' : 'risky',
    reason: r.accepted ? 'accepted' : 'catch_all',
    provider: providerById(r.provider),
  }));
  const scores = await scoresOf(db, workspaceId, rows);
  return SCORE_BANDS.map((b) => {
    const of = sent.filter((_, i) => bandOfScore(scores[i] ?? 0).key === b.key);
    const g = bounceGroup(b.key, b.label, of.length, of.filter((r) => r.bounced).length);
    return { ...g, shownAs: g.rate === null ? null : bandForRate(g.rate).key };
  }).filter((g) => g.sends > 0);
}
