import { z } from 'zod';
import type { ResultRow, UploadListItem } from './lists';
import { exportTypes, minScoreSchema, resultFilters, rowStatuses, uploadStatuses } from './lists';
import { DECIDED_BY } from './verification';

// Contracts of the public API v1 (/api/v1, bearer API tokens). They appear in /api/openapi.json.

export const API_V1_PREFIX = '/api/v1';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const apiErrorSchema = z
  .object({
    message: z.string().describe('What went wrong, to show as is.'),
    code: z
      .string()
      .optional()
      .describe('A stable code to branch on: not_found, rate_limited, payment_required…'),
  })
  .passthrough()
  .describe('Every error: `message`, `code`, plus fields some errors add (`field`, `retryAfterSeconds`…).');

export const apiListSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    status: z.enum(uploadStatuses),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    error: z.string().nullable(),
    counts: z.object({
      total: z.number().int(),
      valid: z.number().int(),
      invalid: z.number().int(),
      risky: z.number().int(),
      pending: z.number().int(),
    }),
    /** Rows repeating an earlier row's address: verified once, each keeping the shared verdict. */
    duplicates: z.number().int(),
    /** Rows a stopped run (status cancelled) left without a verdict. */
    notChecked: z.number().int(),
    progress: z.object({
      step1: z.number().int().min(0).max(100),
      step2: z.number().int().min(0).max(100),
      step1Done: z.boolean(),
      step2Done: z.boolean(),
    }),
    /** Rows per second measured over the current run. */
    rate: z.number().nullable(),
    etaSeconds: z.number().int().nullable(),
  })
  .describe('A list: an uploaded set of addresses and the state of its two-step verification.');
export type ApiList = z.infer<typeof apiListSchema>;

export function toApiList(u: UploadListItem): ApiList {
  return {
    id: u.id,
    name: u.originalName,
    status: u.status,
    createdAt: u.uploadedAt,
    startedAt: u.startedAt,
    completedAt: u.completedAt,
    error: u.errorMessage,
    counts: u.stats,
    duplicates: u.duplicates,
    notChecked: u.notChecked,
    progress: {
      step1: u.processingProgress,
      step2: u.step2Progress,
      step1Done: u.step1Done,
      step2Done: u.step2Done,
    },
    rate: u.rate,
    etaSeconds: u.etaSeconds,
  };
}

export const createListJsonSchema = z.object({
  emails: z
    .array(
      z.string().trim().min(1, 'emails must not contain empty strings').max(320, 'an address is too long'),
    )
    .min(1, 'emails must hold at least one address')
    .max(1_000_000),
  name: z.string().trim().min(1).max(200).optional(),
  fresh: z
    .boolean()
    .optional()
    .describe(
      'Check every address afresh (and pay for its definite answers) instead of reusing the answers your workspace got within its re-verification window for free.',
    ),
});

export const listIdParamsSchema = z.object({ id: z.string().max(100) });

export const listsResponseSchema = z.object({ data: z.array(apiListSchema) });

const status = z.enum(rowStatuses);
export const apiResultSchema = z
  .object({
    id: z.number().int(),
    emailId: z.number().int(),
    rowIndex: z.number().int(),
    email: z.object({ email: z.string(), name: z.string().nullable(), company: z.string().nullable() }),
    status,
    verifiedAt: z.string().nullable(),
    fourthVerificationStatus: status.nullable(),
    fourthVerificationDetails: z
      .object({
        quality: z.enum(['good', 'risky', 'bad']),
        reason: z.string().nullable(),
        smtpCode: z.number().int().nullable(),
        smtpMessage: z.string().nullable(),
        mxHost: z.string().nullable(),
      })
      .nullable(),
    fourthVerifiedAt: z
      .string()
      .nullable()
      .describe(
        'When the final check (SMTP) was made, ISO 8601; the CSV checked_at column is this, else verifiedAt.',
      ),
    finalStatus: status,
    isFinal: z.boolean(),
    reason: z.string().nullable(),
    role: z.boolean(),
    free: z.boolean(),
    disposable: z.boolean(),
    suggestion: z.string().nullable(),
    provider: z
      .object({ id: z.string(), name: z.string(), kind: z.enum(['mailbox', 'gateway', 'self-hosted']) })
      .nullable()
      .describe(
        'Who runs the mail, recognised from the MX host (Google Workspace, Microsoft 365…); null: unknown.',
      ),
    suppressed: z
      .boolean()
      .describe(
        'On the workspace suppression list (bounced, unsubscribed or added): never sent to Smartlead.',
      ),
    score: z
      .number()
      .int()
      .nullable()
      .describe(
        'Confidence 0–100: the estimated chance a message is delivered; catch-all rows are calibrated by the workspace send outcomes. Null until final.',
      ),
    decidedBy: z
      .enum(DECIDED_BY)
      .nullable()
      .describe(
        'How the verdict was reached: initial_check (syntax, domain, DNS, disposable), smtp (the mail server answered), cache (its answer to a recent check of the address), verifier (third-party service), send_outcome (a bounce in one of your campaigns) or finder (the mail server’s answer to the email finder when it found the address). Null until final.',
      ),
    attempts: z
      .number()
      .int()
      .nullable()
      .describe(
        'Times the mail server was asked about the address (greylisting and dropped sessions ask again; replies asking us to slow down do not count); 0 when a recent check answered (decidedBy cache) or no mail server could be asked; null without step 2.',
      ),
    reusedAt: z
      .string()
      .nullable()
      .describe(
        "Set when the row was answered for free from your workspace's own definite answer of this date (ISO 8601), within its re-verification window; null: checked (and charged if definite) by this list. Start with fresh: true, or POST /api/verify/{id}/again, to check again.",
      ),
  })
  .describe('One verified address: the same row the web results table shows.');

// A compile-time check that the API row is exactly the lists feature's result row.
/** @public */
export const _resultRowMatches = (r: ResultRow): z.infer<typeof apiResultSchema> => r;

export const resultsQuerySchemaV1 = z.object({
  verdict: z
    .enum(resultFilters, { message: 'verdict must be all, valid, invalid, risky or not_checked' })
    .default('all')
    .describe('Only rows whose final verdict is this.'),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('nextCursor of the previous page; omit for the first page.'),
  minScore: minScoreSchema.describe('Only rows whose confidence score is at least this (0–100).'),
});

export const resultsPageSchemaV1 = z.object({
  data: z.array(apiResultSchema),
  total: z.number().int().describe('Rows matching the verdict filter.'),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page.'),
});

export const exportQuerySchemaV1 = z.object({
  type: z.enum(exportTypes, { message: 'type must be valid, all or invalid' }).default('all'),
  minScore: minScoreSchema.describe('Only rows whose confidence score is at least this (0–100).'),
});

/** The screens' single-address check (POST /api/verify-email): the address only, the API's time limit. */
export const singleCheckBodySchema = z.object({
  email: z.string().trim().min(1, 'Please enter an email address').max(320, 'That address is too long'),
});
export type SingleCheckInput = z.infer<typeof singleCheckBodySchema>;
export type SingleCheckAnswer = z.infer<typeof verifyDoneSchema> | z.infer<typeof verifyPendingSchema>;

export const verifyBodySchema = z.object({
  email: z.string().trim().min(1, 'email is required').max(320, 'email is too long'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .optional()
    .describe('How long to wait for both steps (default API_VERIFY_TIMEOUT_MS).'),
});

export const verifyDoneSchema = z.object({
  status: z.literal('done'),
  listId: z.string().uuid(),
  result: apiResultSchema,
});
export const verifyPendingSchema = z.object({
  status: z.literal('pending'),
  listId: z.string().uuid(),
  retryAfterSeconds: z.number().int(),
  result: apiResultSchema.nullable().describe('The row so far (step 1 may be done), or null.'),
});
