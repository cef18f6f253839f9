import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

// Tables created by migrations/0402_data_exports.sql.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'queued' | 'running' | 'ready' | 'failed'>().notNull().default('queued'),
    doneSteps: integer('done_steps').notNull().default(0),
    totalSteps: integer('total_steps').notNull().default(0),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('data_exports_owner_idx').on(t.workspaceId, t.userId, t.createdAt.desc())],
);

export const dataExportChunks = pgTable(
  'data_export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);
