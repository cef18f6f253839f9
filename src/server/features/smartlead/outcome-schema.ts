import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { smartleadCampaigns } from './schema';

// Created by migrations/0220_send_outcomes.sql. Re-exported from schema.ts.
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

/** What the workspace's campaigns taught about one address: the latest time of each kind of event. */
export const sendOutcomes = pgTable(
  'send_outcomes',
  {
    /** No foreign key (see the migration): a deleted workspace's rows go with the cleanup job. */
    workspaceId: uuid('workspace_id').notNull(),
    email: text('email').notNull(),
    sentAt: ts('sent_at'),
    bouncedAt: ts('bounced_at'),
    repliedAt: ts('replied_at'),
    unsubscribedAt: ts('unsubscribed_at'),
    updatedAt: ts('updated_at').notNull(),
    /** What the lists said when the first outcome arrived (0221): a catch-all server, and its provider id. */
    catchAll: boolean('catch_all'),
    provider: text('provider'),
    /** The lists said "accepted" (a server that is not catch-all took the mailbox) then (0241). */
    accepted: boolean('accepted'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);
