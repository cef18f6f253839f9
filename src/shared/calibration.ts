import { z } from 'zod';

// The workspace's own bounce rates ("scores you can trust on your own sends"): of the
// addresses it sent to through Smartlead, how many bounced, per status they had when verified or
// found and per score band of the finder's answers. A rate is given once a group has enough sends;
// the counts are always shown, so a figure never hides what it stands on.

/** Sends a group needs before its bounce rate is stated. */
export const CALIBRATION_MIN_SENDS = 100;

export const bounceGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  sends: z.number().int(),
  bounced: z.number().int(),
  /** Bounced share (0–1), null below CALIBRATION_MIN_SENDS sends. */
  rate: z.number().nullable(),
  /**
   * Score bands only: the band this band's rows are shown in, the one whose bounce ceiling its measured
   * rate fits (`bandForRate`); null until it has a rate (then its rows keep their own band).
   */
  shownAs: z.string().nullable().optional(),
});
export type BounceGroup = z.infer<typeof bounceGroupSchema>;

export const calibrationSchema = z.object({
  minSends: z.number().int(),
  /** Verified addresses, by the verdict the lists gave before sending, then by their score band. */
  verify: z.array(bounceGroupSchema),
  verifyBands: z.array(bounceGroupSchema),
  /** Found addresses, by the finder's status, then by its score band. */
  find: z.array(bounceGroupSchema),
  findBands: z.array(bounceGroupSchema),
});
export type Calibration = z.infer<typeof calibrationSchema>;

export function bounceGroup(key: string, label: string, sends: number, bounced: number): BounceGroup {
  return { key, label, sends, bounced, rate: sends >= CALIBRATION_MIN_SENDS ? bounced / sends : null };
}

/** "valid: 0.8 % bounced over 1,240 sends", or the count still short of a rate. */
export function bounceText(g: BounceGroup): string {
  const sends = `${g.sends.toLocaleString('en-US')} send${g.sends === 1 ? '' : 's'}`;
  if (g.rate === null) return `${g.label}: ${sends} so far (a rate from ${CALIBRATION_MIN_SENDS})`;
  const moved = g.shownAs && g.shownAs !== g.key ? SCORE_BANDS.find((b) => b.key === g.shownAs) : undefined;
  // A band the measured rate moved says so, beside the counts it was moved on.
  const shown = moved ? `; shown as ${moved.label}` : '';
  return `${g.label}: ${(g.rate * 100).toFixed(1)} % bounced over ${sends}${shown}`;
}

/** The finder's score bands, highest first. */
export const SCORE_BANDS = [
  { key: '90-100', label: 'score 90–100', min: 90 },
  { key: '75-89', label: 'score 75–89', min: 75 },
  { key: '50-74', label: 'score 50–74', min: 50 },
  { key: '0-49', label: 'score 0–49', min: 0 },
] as const;

export type ScoreBand = (typeof SCORE_BANDS)[number];

/**
 * The most a band's addresses may bounce and still be shown as that band (decision 0350): what each
 * band promises. A band whose own measured rate is above its ceiling is shown as the band it does fit,
 * and one measured below a higher band's ceiling as that band: the bands follow the workspace's sends.
 */
export const BAND_BOUNCE_CEILING: Record<ScoreBand['key'], number> = {
  '90-100': 0.02,
  '75-89': 0.05,
  '50-74': 0.15,
  '0-49': 1,
};

export function bandOfScore(score: number): ScoreBand {
  return SCORE_BANDS.find((b) => score >= b.min) ?? SCORE_BANDS[SCORE_BANDS.length - 1];
}

/** The highest band whose bounce ceiling a measured rate fits. */
export function bandForRate(rate: number): ScoreBand {
  return SCORE_BANDS.find((b) => rate <= BAND_BOUNCE_CEILING[b.key]) ?? SCORE_BANDS[SCORE_BANDS.length - 1];
}

/**
 * The band a score is shown in: its own band until that band has a measured rate, then the band the
 * rate fits. `measured` is the band's group (its counts), to be shown beside it.
 */
export function shownBand(
  score: number,
  bands: readonly BounceGroup[],
): { scored: ScoreBand; shown: ScoreBand; measured: BounceGroup | null } {
  const scored = bandOfScore(score);
  const measured = bands.find((g) => g.key === scored.key) ?? null;
  const shown = measured?.rate == null ? scored : bandForRate(measured.rate);
  return { scored, shown, measured };
}
