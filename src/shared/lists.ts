import { z } from 'zod';
import { waitingGroupSchema } from './list-runs';
import { DECIDED_BY, ourSideNoticeSchema } from './verification';

// Contracts of the lists feature: uploads, their verification results and exports.
// Used by the server routes and the web screens.

export const MAX_CSV_BYTES = 10 * 1024 * 1024;
export const RESULTS_PAGE_SIZE = 50;
export const PREVIEW_ROWS = 10;

// The documented wording, shown by the client before upload and by the server after.
export const CSV_EXTENSION_MESSAGE = 'Please select a .csv file';
export const CSV_SIZE_MESSAGE = 'File size must be less than 10MB';

/**
 * draft: a file chosen in the browser, neither started nor saved (not in the lists); cancelled: a run the
 * user stopped, whose rows without a verdict are "not checked" until it is resumed.
 */
export const uploadStatuses = ['draft', 'pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

/**
 * Result status of a row: pending until its step is done; not_checked when its upload's run was stopped
 * before the step reached it (it becomes pending again when the run is resumed).
 */
export const rowStatuses = ['pending', 'valid', 'invalid', 'risky', 'not_checked'] as const;
export type RowStatus = (typeof rowStatuses)[number];

/** not_checked: rows without a final verdict (still to check in a run, not checked in a stopped one). */
export const resultFilters = ['all', 'valid', 'invalid', 'risky', 'not_checked'] as const;
export type ResultFilter = (typeof resultFilters)[number];

export const exportTypes = ['valid', 'all', 'invalid'] as const;
export type ExportType = (typeof exportTypes)[number];

/** Counted on the final status (step 1 when not valid, else step 2). total = valid+invalid+risky+pending. */
const uploadStatsSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  risky: z.number().int(),
  pending: z.number().int(),
});
export type UploadStats = z.infer<typeof uploadStatsSchema>;

/** POST /api/upload (201). */
export const uploadResponseSchema = z.object({
  uploadId: z.string(),
  totalEmails: z.number().int(),
  /** First rows, keyed by the original headers (deduplicated: "Notes", "Notes (2)"). */
  preview: z.array(z.record(z.string(), z.string())),
  headers: z.array(z.string()),
  emailColumn: z.string(),
  nameColumn: z.string().nullable(),
  companyColumn: z.string().nullable(),
  /** Rows without an email address, left out. */
  skippedRows: z.number().int(),
  /**
   * Rows repeating an earlier row's address (ignoring case and surrounding spaces): verified once, each
   * row keeping the shared verdict in the results and the export.
   */
  duplicates: z.number().int(),
  /** draft (from the web: shown nowhere until started or saved) or pending. */
  status: z.enum(['draft', 'pending']),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Live progress of the latest run: measured, never a fixed per-email guess. */
const uploadProgressSchema = z.object({
  /** Step 1 progress, 0–100 (100 once every row has its initial verdict). */
  processingProgress: z.number(),
  /** Step 2 progress, 0–100 over the rows step 1 found valid. */
  step2Progress: z.number(),
  step1Done: z.boolean(),
  step2Done: z.boolean(),
  /** Rows that got their initial verdict / rows sent to step 2 / rows done with step 2. */
  step1Count: z.number().int(),
  step2Total: z.number().int(),
  step2Count: z.number().int(),
  /** Rows per second measured over the current run (null before there is anything to measure). */
  rate: z.number().nullable(),
  /** Seconds left at the measured rates; null when unknown. */
  etaSeconds: z.number().nullable(),
});

/** GET /api/uploads (a list of these) and GET /api/upload/{id}/status. */
export const uploadListItemSchema = uploadProgressSchema.extend({
  id: z.string(),
  originalName: z.string(),
  fileSize: z.number().int(),
  status: z.enum(uploadStatuses),
  uploadedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** Why a run in progress is paused, when it is our side; rows stay pending meanwhile. Null otherwise. */
  notice: ourSideNoticeSchema.nullable(),
  /** Rows set aside for now and why (a run in progress, step 2); empty when nothing waits. */
  waiting: z.array(waitingGroupSchema).optional(),
  stats: uploadStatsSchema,
  /** Rows sharing an earlier row's verdict (see uploadResponseSchema.duplicates). */
  duplicates: z.number().int(),
  /** Rows left without a verdict by a stopped run (status cancelled); 0 otherwise. */
  notChecked: z.number().int(),
  cancelledAt: z.string().nullable(),
});
export type UploadListItem = z.infer<typeof uploadListItemSchema>;
export type UploadStatusResponse = UploadListItem;

const verificationDetailsSchema = z.object({
  quality: z.enum(['good', 'risky', 'bad']),
  reason: z.string().nullable(),
  smtpCode: z.number().int().nullable(),
  smtpMessage: z.string().nullable(),
  mxHost: z.string().nullable(),
});

const rowStatusSchema = z.enum(rowStatuses);

/** A result row, plus the reason and flags of VERIFICATION.md. */
const resultRowSchema = z.object({
  id: z.number().int(),
  emailId: z.number().int(),
  rowIndex: z.number().int(),
  email: z.object({ email: z.string(), name: z.string().nullable(), company: z.string().nullable() }),
  /** Step 1 (initial) status. */
  status: rowStatusSchema,
  verifiedAt: z.string().nullable(),
  /** Step 2 status; pending until done; null for rows that do not go to step 2 (step 1 not valid). */
  fourthVerificationStatus: rowStatusSchema.nullable(),
  fourthVerificationDetails: verificationDetailsSchema.nullable(),
  fourthVerifiedAt: z.string().nullable(),
  finalStatus: rowStatusSchema,
  /** Step 1 done and either not valid or step 2 done. Others show PROCESSING. */
  isFinal: z.boolean(),
  reason: z.string().nullable(),
  role: z.boolean(),
  free: z.boolean(),
  disposable: z.boolean(),
  suggestion: z.string().nullable(),
  /** Who runs the address's mail, recognised from its MX host (shared/mail-providers.ts); null: unknown. */
  provider: z
    .object({ id: z.string(), name: z.string(), kind: z.enum(['mailbox', 'gateway', 'self-hosted']) })
    .nullable()
    .default(null),
  /** On the workspace's suppression list (bounced, unsubscribed, added by hand): never sent to Smartlead. */
  suppressed: z.boolean().default(false),
  /** 0–100: the estimated chance a message to it is delivered (shared/score.ts); null until final. */
  score: z.number().int().nullable().default(null),
  /** How the verdict was reached (shared/verification.ts DECIDED_BY); null until final or not recorded. */
  decidedBy: z.enum(DECIDED_BY).nullable().default(null),
  /** Times the mail server was asked in step 2 (0: answered from a recent check); null without step 2. */
  attempts: z.number().int().nullable().default(null),
  /** Answered for free from the workspace's own answer of this date (decision 0890); null: checked by this list. */
  reusedAt: z.string().nullable().default(null),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** GET /api/upload/{id}/results. */
export const resultsResponseSchema = z.object({
  results: z.array(resultRowSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;

/** "Score ≥ N" in results filters and exports (decision 0221); unset: any score. */
export const minScoreSchema = z.coerce
  .number({ message: 'minScore must be a number from 0 to 100' })
  .int('minScore must be a whole number')
  .min(0, 'minScore must be 0 to 100')
  .max(100, 'minScore must be 0 to 100')
  .optional();

/** A page of results (the web's page numbers and the API's cursors alike). */
export const resultsPageNumberSchema = z.coerce
  .number()
  .int()
  .min(1, 'page must be 1 or more')
  .max(1_000_000, 'page must be at most 1000000');

export const resultsQuerySchema = z.object({
  page: resultsPageNumberSchema.default(1),
  filter: z
    .enum(resultFilters, { message: 'filter must be all, valid, invalid, risky or not_checked' })
    .default('all'),
  search: z.string().trim().max(200, 'search is too long').optional().default(''),
  minScore: minScoreSchema,
});

export const exportQuerySchema = z.object({
  type: z.enum(exportTypes, { message: 'type must be valid, all or invalid' }).default('all'),
  minScore: minScoreSchema,
});

const reasonCountSchema = z.object({ reason: z.string(), count: z.number().int() });
export type ReasonCount = z.infer<typeof reasonCountSchema>;

/** GET /api/upload/{id}/breakdown: verdict and reason breakdown for the dashboard charts. */
export const uploadBreakdownSchema = z.object({ reasons: z.array(reasonCountSchema) });
export type UploadBreakdown = z.infer<typeof uploadBreakdownSchema>;

/** POST /api/verify/{id} and /api/verify/{id}/pending. */
export const startVerificationResponseSchema = z.object({
  uploadId: z.string(),
  /** False when a run was already going (or nothing was left to do): the call is idempotent. */
  started: z.boolean(),
  status: z.enum(uploadStatuses),
  pending: z.number().int(),
});
export type StartVerificationResponse = z.infer<typeof startVerificationResponseSchema>;

/** Any value the server does not know shows as Pending. */
export function normalizeUploadStatus(s: string): UploadStatus {
  return (uploadStatuses as readonly string[]).includes(s) ? (s as UploadStatus) : 'pending';
}
