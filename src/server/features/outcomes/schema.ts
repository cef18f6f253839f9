import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Send outcomes: created by migrations/0220_send_outcomes.sql (decision 0220). Written as Smartlead's
// events arrive, read by the lists (bounces, the score's calibration): a feature of its own below both.
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** What the workspace's campaigns taught about one address: the latest time of each kind of event. */
export const sendOutcomes = pgTable(
  'send_outcomes',
  {
    /** Its workspace's foreign key (migration 0830) deletes the rows with the workspace. */
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
