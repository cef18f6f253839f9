import { z } from 'zod';
import { REASONS } from './reasons';

// Fair credits (decision 0890): one credit is one address given a definite answer. A run reserves a
// credit per row at its start and settles each row as it ends: charged, or released with the reason.

/** Why a reserved credit was given back, in the order of the usage page's columns. */
export const RELEASE_REASONS = ['unknown', 'syntax', 'duplicate', 'reused', 'unfinished'] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

export const RELEASE_LABELS: Record<ReleaseReason, string> = {
  unknown: 'Unknown (our doubt)',
  syntax: 'Malformed (no check needed)',
  duplicate: 'Duplicate in the list',
  reused: 'Answered from a recent result',
  unfinished: 'Not reached (stopped or deleted)',
};

/** The reason codes whose rows cost a credit (REASONS[...].charged), for the settlement's query. */
export const CHARGED_REASONS = Object.entries(REASONS)
  .filter(([, row]) => row.charged)
  .map(([code]) => code);

export const DEFAULT_REVERIFY_DAYS = 30;
export const MAX_REVERIFY_DAYS = 365;

/** The words every screen uses for what is charged (plan cards, billing, pricing, usage). */
export const CREDIT_RULE =
  'One credit per address with a definite answer (valid, invalid, catch-all, disposable or role). ' +
  'Unknown results, malformed rows, duplicates and addresses re-checked within the re-verification window are free.';
export const ESTIMATE_RULE = 'Every list gets a free estimate of its breakdown and credits before it runs.';

export const creditRunSchema = z.object({
  uploadId: z.string(),
  runId: z.number().int(),
  listName: z.string(),
  startedAt: z.string(),
  /** Null while the run is going: its figures may still move. */
  settledAt: z.string().nullable(),
  reserved: z.number().int(),
  charged: z.number().int(),
  /** Still reserved: rows the run has not ended yet. */
  open: z.number().int(),
  released: z.object({
    unknown: z.number().int(),
    syntax: z.number().int(),
    duplicate: z.number().int(),
    reused: z.number().int(),
    unfinished: z.number().int(),
  }),
});
export type CreditRun = z.infer<typeof creditRunSchema>;

export const creditRunsResponseSchema = z.object({
  /** Credits charged this month (the usage counter), and still held by runs in progress. */
  month: z.string(),
  charged: z.number().int(),
  reserved: z.number().int(),
  reverifyDays: z.number().int(),
  runs: z.array(creditRunSchema),
});
export type CreditRunsResponse = z.infer<typeof creditRunsResponseSchema>;

export const creditSettingsSchema = z.object({
  reverifyDays: z.number().int().min(0).max(MAX_REVERIFY_DAYS),
});

/** POST /api/verify/{id}: `fresh` checks every row again (charged) instead of reusing recent answers. */
export const startVerificationBodySchema = z.object({ fresh: z.boolean().optional() }).nullish();
