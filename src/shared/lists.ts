import { z } from 'zod';

// Contracts of the lists feature (SPEC §3, §7): uploads, their verification results and exports.
// Used by the server routes and the web screens.

export const MAX_CSV_BYTES = 10 * 1024 * 1024;
export const RESULTS_PAGE_SIZE = 50;
export const PREVIEW_ROWS = 10;

// SPEC §5 wording, shown by the client before upload and by the server after.
export const CSV_EXTENSION_MESSAGE = 'Please select a .csv file';
export const CSV_SIZE_MESSAGE = 'File size must be less than 10MB';

export const uploadStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];

/** Result status of a row: pending until its step is done. */
export const rowStatuses = ['pending', 'valid', 'invalid', 'risky'] as const;
export type RowStatus = (typeof rowStatuses)[number];

export const resultFilters = ['all', 'valid', 'invalid', 'risky'] as const;
export type ResultFilter = (typeof resultFilters)[number];

export const exportTypes = ['valid', 'all', 'invalid'] as const;
export type ExportType = (typeof exportTypes)[number];

/** Counted on the final status (step 1 when not valid, else step 2). total = valid+invalid+risky+pending. */
export interface UploadStats {
  total: number;
  valid: number;
  invalid: number;
  risky: number;
  pending: number;
}

export interface UploadResponse {
  uploadId: string;
  totalEmails: number;
  /** First rows, keyed by the original headers (deduplicated: "Notes", "Notes (2)"). */
  preview: Record<string, string>[];
  headers: string[];
  emailColumn: string;
  nameColumn: string | null;
  companyColumn: string | null;
  /** Rows without an email address, left out. */
  skippedRows: number;
}

/** Live progress of the latest run: measured, never a fixed per-email guess. */
export interface UploadProgress {
  /** SPEC §4: step 1 progress, 0–100 (100 once every row has its initial verdict). */
  processingProgress: number;
  /** Step 2 progress, 0–100 over the rows step 1 found valid. */
  step2Progress: number;
  step1Done: boolean;
  step2Done: boolean;
  /** Rows that got their initial verdict / rows sent to step 2 / rows done with step 2. */
  step1Count: number;
  step2Total: number;
  step2Count: number;
  /** Rows per second measured over the current run (null before there is anything to measure). */
  rate: number | null;
  /** Seconds left at the measured rates; null when unknown. */
  etaSeconds: number | null;
}

export interface UploadListItem extends UploadProgress {
  id: string;
  originalName: string;
  fileSize: number;
  status: UploadStatus;
  uploadedAt: string;
  startedAt: string | null;
  completedAt: string | null;
  errorMessage: string | null;
  stats: UploadStats;
}

export interface UploadStatusResponse extends UploadListItem {}

export interface VerificationDetails {
  quality: 'good' | 'risky' | 'bad';
  reason: string | null;
  smtpCode: number | null;
  smtpMessage: string | null;
  mxHost: string | null;
}

/** SPEC §3 result row, plus the reason and flags of VERIFICATION.md. */
export interface ResultRow {
  id: number;
  emailId: number;
  rowIndex: number;
  email: { email: string; name: string | null; company: string | null };
  /** Step 1 (initial) status. */
  status: RowStatus;
  verifiedAt: string | null;
  /** Step 2 status; pending until done; null for rows that do not go to step 2 (step 1 not valid). */
  fourthVerificationStatus: RowStatus | null;
  fourthVerificationDetails: VerificationDetails | null;
  fourthVerifiedAt: string | null;
  finalStatus: RowStatus;
  /** SPEC §4: step 1 done and either not valid or step 2 done. Others show PROCESSING. */
  isFinal: boolean;
  reason: string | null;
  role: boolean;
  free: boolean;
  disposable: boolean;
  suggestion: string | null;
}

export interface ResultsResponse {
  results: ResultRow[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

export const resultsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(1_000_000).default(1),
  filter: z.enum(resultFilters, { message: 'filter must be all, valid, invalid or risky' }).default('all'),
  search: z.string().trim().max(200, 'search is too long').optional().default(''),
});

export const exportQuerySchema = z.object({
  type: z.enum(exportTypes, { message: 'type must be valid, all or invalid' }).default('all'),
});

export interface ReasonCount {
  reason: string;
  count: number;
}

/** Verdict and reason breakdown for the dashboard charts. */
export interface UploadBreakdown {
  reasons: ReasonCount[];
}

export interface StartVerificationResponse {
  uploadId: string;
  /** False when a run was already going (or nothing was left to do): the call is idempotent. */
  started: boolean;
  status: UploadStatus;
  pending: number;
}

/** A verified address offered for sending (SPEC §3 "selectable email entry", §5 sendable rule). */
export interface SendableEmail {
  id: number;
  email: string;
  name: string | null;
  company: string | null;
  uploadId: string;
  uploadName: string;
  uploadDate: string;
  status: 'valid';
}

/** SPEC §4: a row is final when step 1 is done and it is either not valid or step 2 is done. */
export function isFinalRow(r: Pick<ResultRow, 'status' | 'fourthVerificationStatus'>): boolean {
  if (r.status === 'pending') return false;
  return (
    r.status !== 'valid' || (r.fourthVerificationStatus !== null && r.fourthVerificationStatus !== 'pending')
  );
}

/** Any value the server does not know shows as Pending (SPEC §4). */
export function normalizeUploadStatus(s: string): UploadStatus {
  return (uploadStatuses as readonly string[]).includes(s) ? (s as UploadStatus) : 'pending';
}
