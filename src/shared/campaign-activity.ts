import { z } from 'zod';

// Campaign activity over time (decision 0202): sent, opened, clicked, replied and bounced per day, for
// one campaign or the whole workspace, from the events Smartlead reports (webhook and poll).

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD');
/** Longest range one request may ask for, in days. */
export const MAX_ACTIVITY_DAYS = 366;

export const activityQuerySchema = z
  .object({
    from: day,
    to: day,
    /** One campaign (ours); unset: every campaign of the workspace. */
    campaignId: z.string().uuid('Unknown campaign').optional(),
  })
  .refine((q) => q.from <= q.to, {
    message: 'The start date must be on or before the end date',
    path: ['from'],
  })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_ACTIVITY_DAYS, {
    message: `At most ${MAX_ACTIVITY_DAYS} days at a time`,
    path: ['to'],
  });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const ACTIVITY_SERIES = ['sent', 'opened', 'clicked', 'replied', 'bounced'] as const;
export type ActivitySeries = (typeof ACTIVITY_SERIES)[number];

const counts = z.object({
  sent: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  replied: z.number().int(),
  bounced: z.number().int(),
});
export const activityDaySchema = counts.extend({ date: z.string() });
export type ActivityDay = z.infer<typeof activityDaySchema>;

export const activityResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the range, in order, zeros included (UTC days). */
  days: z.array(activityDaySchema),
  totals: counts,
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
