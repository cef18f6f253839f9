import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

// Tables created by migrations/0020_two_factor.sql.

export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginName: text('login_name').notNull(),
    pairKey: text('pair_key').notNull(),
    userKey: text('user_key').notNull(),
    countedOnUser: boolean('counted_on_user').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('two_factor_challenges_expiry_idx').on(t.expiresAt)],
);
