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
  'Unknown results, malformed rows, duplicates, addresses answered from a recent result (within the re-verification window) ' +
  'and rows a stopped or deleted run did not reach are free.';
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

/** What an estimate sorts a list's rows into: what they cost is `charged` (REASONS' rows, 0890). */
export const ESTIMATE_GROUPS = [
  'valid',
  'invalid',
  'catch_all',
  'disposable',
  'role',
  'unknown',
  'syntax',
  'duplicate',
  'reused',
] as const;
export type EstimateGroup = (typeof ESTIMATE_GROUPS)[number];
export const ESTIMATE_LABELS: Record<EstimateGroup, { label: string; charged: boolean }> = {
  valid: { label: 'Valid', charged: true },
  invalid: { label: 'Invalid', charged: true },
  catch_all: { label: 'Catch-all', charged: true },
  disposable: { label: 'Disposable', charged: true },
  role: { label: 'Role address', charged: true },
  unknown: { label: 'Unknown (free)', charged: false },
  syntax: { label: 'Malformed (free)', charged: false },
  duplicate: { label: 'Duplicate (free)', charged: false },
  reused: { label: 'Recently verified (free)', charged: false },
};

const rangeSchema = z.object({
  /** The forecast, and its 95% interval (rows whose answer was sampled, not known, make the width). */
  expected: z.number().int(),
  low: z.number().int(),
  high: z.number().int(),
});

const knownSchema = z
  .number()
  .int()
  .describe(
    'Rows known exactly without asking any mail server: malformed, duplicates, recent answers, no domain or no MX, disposable, DNS unsure.',
  );

export const listEstimateSchema = z.object({
  /** The list estimated; null for addresses not stored (the API's estimate before creating a list). */
  uploadId: z.string().nullable(),
  rows: z.number().int(),
  /** Rows whose answer needs the mail server (step 2): the sample speaks for them. */
  needSmtp: z.number().int(),
  /** Of those, role addresses (info@, sales@…): known from the address; they end as role when their mailbox exists. */
  roleAddresses: z.number().int(),
  sample: z.object({ asked: z.number().int(), answered: z.number().int() }),
  /**
   * Per group: `known` exactly (step 1, duplicates, recent answers) plus the forecast `smtp` for the rows that
   * need the mail server; `expected`/`low`/`high` are their sum, the interval coming only from `smtp`.
   */
  breakdown: z.array(
    rangeSchema.extend({
      group: z.enum(ESTIMATE_GROUPS),
      charged: z.boolean(),
      known: knownSchema,
      smtp: rangeSchema.describe('The forecast for the rows that need the mail server, from the sample.'),
    }),
  ),
  credits: rangeSchema.extend({
    known: knownSchema.describe('Credits certain without any mail server.'),
    smtp: rangeSchema.describe('The forecast of credits for the rows that need the mail server.'),
  }),
  reverifyDays: z.number().int(),
  estimatedAt: z.string(),
});
export type ListEstimate = z.infer<typeof listEstimateSchema>;

/**
 * The 95% Wilson score interval of a proportion seen `k` times in `n` draws: honest for small samples
 * and for proportions near 0 or 1, where the normal approximation gives impossible bounds.
 */
export function wilson(k: number, n: number, z = 1.96): { p: number; low: number; high: number } {
  if (n <= 0) return { p: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** How long an estimate may take (ms): the sample's late answers are left out. */
const estimateWaitSchema = z.number().int().min(0).max(60_000).optional();

/** POST /api/upload/{id}/estimate. */
export const estimateUploadBodySchema = z.object({ waitMs: estimateWaitSchema }).nullish();

/** POST /api/v1/lists/estimate: the addresses of a list not created yet. */
export const estimateBodySchema = z.object({
  emails: z.array(z.string().trim().min(1).max(320)).min(1).max(100_000),
  waitMs: estimateWaitSchema.describe(
    'Longest wait in ms (default 30,000): later sample answers are left out.',
  ),
});
