import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type {
  DomainCheck,
  DomainState,
  SendingProvider,
  VerifierStanding,
} from '../../../shared/deliverability';

// Created by migrations/0840_sending_domains.sql: the DNS standing of a workspace's sending domains.
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    domain: text('domain').notNull(),
    source: text('source').$type<'mailbox' | 'manual'>().notNull(),
    provider: text('provider').$type<SendingProvider>(),
    dkimSelector: text('dkim_selector'),
    trackingDomain: text('tracking_domain'),
    smtpHost: text('smtp_host'),
    state: text('state').$type<DomainState>().notNull().default('unchecked'),
    checks: jsonb('checks').$type<DomainCheck[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    notice: text('notice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sending_domains_workspace_id_domain_key').on(t.workspaceId, t.domain),
    index('sending_domains_checked_idx').on(t.checkedAt),
  ],
);
export type SendingDomainRow = typeof sendingDomains.$inferSelect;

// Created by migrations/0520_verifier_standing.sql: the verifier's own standing, per way out.
export const verifierStanding = pgTable('verifier_standing', {
  /** "direct", "proxy", or "proxy <ip:port>" when SMTP_PROXY lists several (standingWay). */
  way: text('way').primaryKey(),
  standing: jsonb('standing').$type<VerifierStanding>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
