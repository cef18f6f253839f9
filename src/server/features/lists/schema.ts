import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WaitingGroup } from '../../../shared/list-runs';
import { workspaces } from '../workspaces/schema';

// Created by migrations/0100_lists.sql (indexes, the delete trigger and fillfactor live there), 0102, 0510.
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const uploads = pgTable('uploads', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  originalName: text('original_name').notNull(),
  fileSize: integer('file_size').notNull().default(0),
  headers: jsonb('headers').$type<string[]>().notNull(),
  emailColumn: integer('email_column').notNull(),
  nameColumns: jsonb('name_columns').$type<number[]>().notNull().default([]),
  companyColumn: integer('company_column'),
  status: text('status').notNull().default('uploading'),
  errorMessage: text('error_message'),
  notice: text('notice'),
  duplicates: integer('duplicates').notNull().default(0),
  cancelledAt: ts('cancelled_at'),
  /** Step 2 rows set aside for now and why (lists/waiting.ts), while a run is in progress. */
  waiting: jsonb('waiting').$type<WaitingGroup[]>(),
  total: integer('total').notNull().default(0),
  valid: integer('valid').notNull().default(0),
  invalid: integer('invalid').notNull().default(0),
  risky: integer('risky').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  step1Count: integer('step1_count').notNull().default(0),
  step2Total: integer('step2_total').notNull().default(0),
  step2Count: integer('step2_count').notNull().default(0),
  runId: integer('run_id').notNull().default(0),
  runStartedAt: ts('run_started_at'),
  runStep1Base: integer('run_step1_base').notNull().default(0),
  runStep2Base: integer('run_step2_base').notNull().default(0),
  step1FinishedAt: ts('step1_finished_at'),
  step2StartedAt: ts('step2_started_at'),
  heartbeatAt: ts('heartbeat_at'),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
  uploadedAt: ts('uploaded_at').notNull().defaultNow(),
});

export const uploadRows = pgTable(
  'upload_rows',
  {
    uploadId: uuid('upload_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    canonIndex: integer('canon_index').notNull(),
    email: text('email').notNull(),
    name: text('name'),
    company: text('company'),
    data: jsonb('data').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowIndex] })],
);

export const uploadResults = pgTable(
  'upload_results',
  {
    uploadId: uuid('upload_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    role: boolean('role').notNull().default(false),
    free: boolean('free').notNull().default(false),
    disposable: boolean('disposable').notNull().default(false),
    suggestion: text('suggestion'),
    mxHost: text('mx_host'),
    verifiedAt: ts('verified_at').notNull(),
    step2Status: text('step2_status'),
    step2Reason: text('step2_reason'),
    smtpCode: integer('smtp_code'),
    smtpMessage: text('smtp_message'),
    step2MxHost: text('step2_mx_host'),
    step2VerifiedAt: ts('step2_verified_at'),
    finalStatus: text('final_status').notNull(),
    /** The run of the list that judged the row (its settlement counts it), 0890. */
    judgedRun: integer('judged_run'),
    /** Answered from the workspace's earlier result of this date, for free (decision 0890). */
    reusedAt: ts('reused_at'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowIndex] })],
);

export const uploadBatches = pgTable(
  'upload_batches',
  {
    uploadId: uuid('upload_id').notNull(),
    batchNo: integer('batch_no').notNull(),
    lo: integer('lo').notNull(),
    hi: integer('hi').notNull(),
    step1Done: boolean('step1_done').notNull().default(false),
    step2Done: boolean('step2_done').notNull().default(false),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    claims: integer('claims').notNull().default(0),
    step1By: text('step1_by'),
    step2By: text('step2_by'),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.batchNo] })],
);

// Created by migrations/0853_upload_carried_verdicts.sql: verdicts a list's rows arrive with (the
// email finder's found addresses), written by step 2 instead of asking the mail server again.
export const uploadCarriedVerdicts = pgTable(
  'upload_carried_verdicts',
  {
    uploadId: uuid('upload_id').notNull(),
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    smtpCode: integer('smtp_code'),
    smtpMessage: text('smtp_message'),
    mxHost: text('mx_host'),
    heardAt: timestamp('heard_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.email] })],
);
