import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// Single-use links mailed to a person (0011_accounts.sql): password resets and new-address confirmations.
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'password_reset' | 'email_change'>().notNull(),
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose, t.createdAt)],
);

export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  imageType: text('image_type').$type<'png' | 'jpeg' | 'webp'>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
