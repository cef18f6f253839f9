import { z } from 'zod';
import {
  type BounceGroup,
  bandForRate,
  bandOfScore,
  bounceGroup,
  CALIBRATION_MIN_SENDS,
  type Calibration,
  SCORE_BANDS,
} from '../../../shared/calibration';
import type { Db } from '../../platform/db/client';
import { dbInt, queryRows } from '../../platform/db/sql';
import { verifiedBandRates } from '../lists';
import { bounceRatesByVerdict } from '../outcomes';
import { foundAndSent } from './queries';

// The workspace's own bounce rates: of the addresses it found and then sent to through
// Smartlead, how many bounced, per the finder's status and per score band; beside them the same for
// verified addresses (outcomes). Figures come with their counts and need CALIBRATION_MIN_SENDS sends.

export async function workspaceCalibration(db: Db, workspaceId: string): Promise<Calibration> {
  const rows = await queryRows(
    db,
    z.object({ status: z.string(), score: dbInt.nullable(), bounced: z.boolean() }),
    foundAndSent(workspaceId),
  );
  const group = (key: string, label: string, of: typeof rows): BounceGroup =>
    bounceGroup(key, label, of.length, of.filter((r) => r.bounced).length);
  const find = [
    group(
      'valid',
      'valid',
      rows.filter((r) => r.status === 'valid'),
    ),
    group(
      'accept_all',
      'accept-all',
      rows.filter((r) => r.status === 'accept_all'),
    ),
  ].filter((g) => g.sends > 0);
  // Each band with the band its rows are shown in once its measured rate exists (the bands follow it).
  const findBands = SCORE_BANDS.map((b) => {
    const g = group(
      b.key,
      b.label,
      rows.filter((r) => bandOfScore(r.score ?? 0).key === b.key),
    );
    return { ...g, shownAs: g.rate === null ? null : bandForRate(g.rate).key };
  }).filter((g) => g.sends > 0);
  return {
    minSends: CALIBRATION_MIN_SENDS,
    verify: await bounceRatesByVerdict(db, workspaceId),
    verifyBands: await verifiedBandRates(db, workspaceId),
    find,
    findBands,
  };
}
