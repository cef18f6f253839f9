import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FindEvidence, FindJobStatus, FindStatus } from '../../../shared/finder';
import type { OurSideNotice } from '../../../shared/verification';
import type { PublishedAddress } from './page-text';

// Created by migrations/0850_finder.sql (decision 0350).
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const findJobs = pgTable('find_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  workspaceId: uuid('workspace_id').notNull(),
  kind: text('kind').$type<'single' | 'bulk'>().notNull(),
  name: text('name').notNull(),
  status: text('status').$type<FindJobStatus>().notNull().default('queued'),
  total: integer('total').notNull(),
  done: integer('done').notNull().default(0),
  found: integer('found').notNull().default(0),
  error: text('error'),
  viaApi: boolean('via_api').notNull().default(false),
  notice: jsonb('notice').$type<OurSideNotice>(),
  heartbeatAt: ts('heartbeat_at'),
  createdAt: ts('created_at').notNull(),
  finishedAt: ts('finished_at'),
});
export type FindJobRow = typeof findJobs.$inferSelect;

export const findResults = pgTable(
  'find_results',
  {
    jobId: uuid('job_id').notNull(),
    rowNo: integer('row_no').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    company: text('company').notNull(),
    domain: text('domain'),
    email: text('email'),
    status: text('status').$type<FindStatus>(),
    score: integer('score'),
    pattern: text('pattern'),
    evidence: jsonb('evidence').$type<FindEvidence>(),
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.rowNo] })],
);
export type FindResultRow = typeof findResults.$inferSelect;

export const findSites = pgTable('find_sites', {
  domain: text('domain').primaryKey(),
  addresses: jsonb('addresses').$type<PublishedAddress[]>().notNull(),
  pages: integer('pages').notNull(),
  problem: text('problem'),
  readAt: ts('read_at').notNull(),
});

// Created by migrations/0852_finder_domain_discovery.sql: a workspace's discovery of a domain's pattern.
export const findDomainDiscovery = pgTable(
  'find_domain_discovery',
  {
    workspaceId: uuid('workspace_id').notNull(),
    domain: text('domain').notNull(),
    rejected: jsonb('rejected').$type<Record<string, number>>().notNull(),
    rejectedInARow: integer('rejected_in_a_row').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.domain] })],
);
