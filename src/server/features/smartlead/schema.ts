import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CampaignSetup } from '../../../shared/email-automation';
import { workspaces } from '../workspaces/schema';

// One row per workspace: the Smartlead API key, sealed with AES-256-GCM (crypto/secret-box.ts), never plaintext.
export const smartleadSettings = pgTable('smartlead_settings', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  apiKeySealed: text('api_key_sealed').notNull(),
  lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
  accountEmail: text('account_email'),
  accountPlan: text('account_plan'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SendState = 'queued' | 'sending' | 'completed' | 'failed';

// A campaign created from Verilead, with the state of its send. (workspace_id, idempotency_key) is unique, so a
// double click or a retried request finds the existing row instead of creating a second campaign.
export const smartleadCampaigns = pgTable(
  'smartlead_campaigns',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    smartleadId: bigint('smartlead_id', { mode: 'number' }),
    createAttemptedAt: timestamp('create_attempted_at', { withTimezone: true }),
    state: text('state').$type<SendState>().notNull().default('queued'),
    totalLeads: integer('total_leads').notNull(),
    batchCount: integer('batch_count').notNull(),
    batchesDone: integer('batches_done').notNull().default(0),
    leadsProcessed: integer('leads_processed').notNull().default(0),
    addedCount: integer('added_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    /** The re-check of stale leads before sending (0222, decision 0221). */
    recheckedCount: integer('rechecked_count').notNull().default(0),
    recheckInvalidCount: integer('recheck_invalid_count').notNull().default(0),
    recheckUnansweredCount: integer('recheck_unanswered_count').notNull().default(0),
    recheckDoneAt: timestamp('recheck_done_at', { withTimezone: true }),
    /** Leads the re-check could not ask about, waiting for the user's choice, and why (0240). */
    recheckUnchecked: jsonb('recheck_unchecked').$type<string[]>(),
    recheckWhy: text('recheck_why'),
    /** Unchecked leads the user chose to hold back. */
    recheckHeldUncheckedCount: integer('recheck_held_unchecked_count').notNull().default(0),
    /** Made in Smartlead's own app and imported here (0832). */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** An imported campaign's sending accounts, read after the import and kept by edits (0841). */
    sendingAccountIds: jsonb('sending_account_ids').$type<number[]>(),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Sequence, sending accounts and schedule applied to the new campaign before its leads (0210). */
    setup: jsonb('setup').$type<CampaignSetup>(),
    setupDoneAt: timestamp('setup_done_at', { withTimezone: true }),
    /** "Create and start": the campaign is started once every lead is in. */
    startRequested: boolean('start_requested').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** The campaign's webhook was registered in Smartlead (0220; only when PUBLIC_URL is set). */
    webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
    /** When the outcome poll last read the campaign's statistics (0220). */
    outcomesPolledAt: timestamp('outcomes_polled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('smartlead_campaigns_idem_idx').on(t.workspaceId, t.idempotencyKey),
    index('smartlead_campaigns_workspace_idx').on(t.workspaceId, t.createdAt),
    index('smartlead_campaigns_state_idx').on(t.state),
  ],
);

export interface StoredLead {
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  /** Uploaded columns by merge key, for {{column}} merge fields. */
  custom_fields?: Record<string, string>;
}

// The leads of a send, in batches of at most 100 (Smartlead's limit). A batch turns `sent` in the same
// transaction that adds its counts to the campaign, so a resumed send starts after the last confirmed batch.
export const smartleadSendBatches = pgTable(
  'smartlead_send_batches',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => smartleadCampaigns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    leads: jsonb('leads').$type<StoredLead[]>().notNull(),
    leadCount: integer('lead_count').notNull(),
    state: text('state').$type<'pending' | 'sent'>().notNull().default('pending'),
    uploadCount: integer('upload_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.seq] })],
);

// Which addresses were handed to which campaign: the send screen warns before sending one again.
export const smartleadCampaignLeads = pgTable(
  'smartlead_campaign_leads',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => smartleadCampaigns.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.email] }),
    index('smartlead_campaign_leads_workspace_idx').on(t.workspaceId, t.email),
  ],
);

// Send outcomes: created by migrations/0220_send_outcomes.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One per workspace: the id in its events URL and the sealed secret that URL's signature is made with. */
export const smartleadEventHooks = pgTable('smartlead_event_hooks', {
  workspaceId: uuid('workspace_id').primaryKey(),
  hookId: text('hook_id').notNull().unique(),
  secretSealed: text('secret_sealed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Every event taken in, once per key (a replay or the poll seeing the same event is ignored). */
export const sendEvents = pgTable(
  'send_events',
  {
    /** No foreign key (see the migration): a deleted workspace's rows go with the cleanup job. */
    workspaceId: uuid('workspace_id').notNull(),
    eventKey: text('event_key').notNull(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => smartleadCampaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    occurredAt: ts('occurred_at').notNull(),
    source: text('source').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.eventKey] })],
);
