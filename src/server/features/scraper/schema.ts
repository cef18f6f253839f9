import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { FullScrapeStatus, InstagramProfile } from '../../../shared/scraper';
import { workspaces } from '../workspaces/schema';

/** One Apify run of a job: recorded as soon as it starts, so a restart re-polls it instead of paying twice. */
export interface ScrapeRunRecord {
  key: string;
  actor: string;
  runId: string;
  datasetId: string;
  done: boolean;
  status?: string;
}

/** The Apify run of one "Get Full" request, stored as soon as it starts (see runFullProfile). */
export interface FullRunRecord {
  runId: string;
  datasetId: string;
}

export interface CleanedRecord {
  cleanedFullName: string;
  cleanedCompany: string;
  isBusiness: boolean;
  source: 'model' | 'heuristics';
  inputHash: string;
}

export const scrapeJobs = pgTable(
  'scrape_jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'pending' | 'running' | 'completed' | 'failed'>()
      .notNull()
      .default('pending'),
    mode: text('mode').$type<'keyword' | 'url'>().notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    location: text('location').notNull(),
    maxItems: integer('max_items').notNull(),
    completedItems: integer('completed_items').notNull().default(0),
    errorMessage: text('error_message'),
    runs: jsonb('runs').$type<ScrapeRunRecord[]>().notNull().default([]),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('scrape_jobs_workspace_idx').on(t.workspaceId, t.createdAt),
    index('scrape_jobs_status_idx').on(t.status),
  ],
);

export const scrapeProfiles = pgTable(
  'scrape_profiles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    jobId: uuid('job_id')
      .notNull()
      .references(() => scrapeJobs.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    username: text('username').notNull(),
    profile: jsonb('profile').$type<InstagramProfile>().notNull(),
    email: text('email').notNull().default(''),
    profileScraped: boolean('profile_scraped').notNull().default(false),
    cleaned: jsonb('cleaned').$type<CleanedRecord>(),
    fullStatus: text('full_status').$type<FullScrapeStatus>(),
    fullMessage: text('full_message'),
    fullRun: jsonb('full_run').$type<FullRunRecord>(),
    fullHeartbeatAt: timestamp('full_heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('scrape_profiles_job_username').on(t.jobId, t.username),
    index('scrape_profiles_workspace_idx').on(t.workspaceId),
  ],
);

export type ScrapeJobRow = typeof scrapeJobs.$inferSelect;
export type ScrapeProfileRow = typeof scrapeProfiles.$inferSelect;
