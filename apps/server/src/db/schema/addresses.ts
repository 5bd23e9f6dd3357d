import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { users } from './users.ts';

export const states = pgTable('states', {
  code: char({ length: 2 }).primaryKey(),
  title: varchar({ length: 100 }).notNull(),
});

export const addresses = pgTable('addresses', {
  id: id(),
  address: varchar({ length: 200 }).notNull().default(''),
  city: varchar({ length: 100 }).notNull().default(''),
  stateCode: char({ length: 2 }).references(() => states.code),
  zip: varchar({ length: 5 }).notNull().default(''),
  phone: varchar({ length: 20 }).notNull().default(''),
  ...timestamps,
});

export const files = pgTable(
  'files',
  {
    id: id(),
    /** Generated storage key; never derived from the client's file name. */
    storageKey: varchar({ length: 200 }).notNull(),
    originalName: varchar({ length: 255 }).notNull(),
    mimeType: varchar({ length: 100 }).notNull(),
    sizeBytes: integer().notNull(),
    sha256: char({ length: 64 }).notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A photo of a label stored as its one-page PDF (issue 33 point 9: a label is not an SDS). */
    isLabelPhoto: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_storage_key_unique').on(t.storageKey)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 50 }).notNull(),
    entity: varchar({ length: 50 }).notNull(),
    entityId: integer(),
    details: jsonb().$type<Record<string, unknown>>(),
    ipAddress: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
);
