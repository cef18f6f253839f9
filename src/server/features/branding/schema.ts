import { customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// 0820_branding.sql; 0811_domain_claims.sql: only a verified custom_domain is unique, claims lapse.
export const workspaceBranding = pgTable('workspace_branding', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  productName: text('product_name'),
  primaryColor: text('primary_color'),
  supportEmail: text('support_email'),
  logo: bytea('logo'),
  logoType: text('logo_type', { enum: ['png', 'svg', 'jpeg', 'webp'] }),
  customDomain: text('custom_domain'),
  domainToken: text('domain_token'),
  domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
  domainClaimedAt: timestamp('domain_claimed_at', { withTimezone: true }),
  domainCheckedAt: timestamp('domain_checked_at', { withTimezone: true }),
  domainCheckReason: text('domain_check_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
