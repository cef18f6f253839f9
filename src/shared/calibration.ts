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
});
export type BounceGroup = z.infer<typeof bounceGroupSchema>;

export const calibrationSchema = z.object({
  minSends: z.number().int(),
  /** Verified addresses, by the verdict the lists gave before sending. */
  verify: z.array(bounceGroupSchema),
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
  return `${g.label}: ${(g.rate * 100).toFixed(1)} % bounced over ${sends}`;
}

/** The finder's score bands, highest first. */
export const SCORE_BANDS = [
  { key: '90-100', label: 'score 90–100', min: 90 },
  { key: '75-89', label: 'score 75–89', min: 75 },
  { key: '50-74', label: 'score 50–74', min: 50 },
  { key: '0-49', label: 'score 0–49', min: 0 },
] as const;
