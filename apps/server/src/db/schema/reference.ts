import { index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { id, quantity, timestamps, trigram } from './columns.ts';
import { regulatoryListTypeEnum } from './enums.ts';
import { files } from './general.ts';
import { users } from './users.ts';

/** One uploaded reference list file per type (313, CERCLA, RMP, PSM, EHS). */
export const databaseEntries = pgTable(
  'database_entries',
  {
    id: id(),
    type: regulatoryListTypeEnum().notNull(),
    name: varchar({ length: 255 }).notNull(),
    fileId: integer().references(() => files.id, { onDelete: 'set null' }),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('database_entries_type_idx').on(t.type, t.createdAt)],
);

export const regulatoryEntries = pgTable(
  'regulatory_entries',
  {
    id: id(),
    listType: regulatoryListTypeEnum().notNull(),
    databaseEntryId: integer().references(() => databaseEntries.id, { onDelete: 'set null' }),
    chemicalName: varchar({ length: 500 }).notNull(),
    /** Empty for category entries (e.g. N230) that have no CAS number. */
    casNumber: varchar({ length: 20 }).notNull().default(''),
    category: varchar({ length: 20 }).notNull().default(''),
    condition: varchar({ length: 200 }).notNull().default(''),
    thresholdQuantityLbs: quantity(),
    finalReportableQuantityLb: quantity(),
    tpqText: varchar({ length: 100 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('regulatory_entries_type_cas_idx').on(t.listType, t.casNumber),
    trigram('regulatory_entries_chemical_name_trgm', t.chemicalName),
    trigram('regulatory_entries_cas_number_trgm', t.casNumber),
  ],
);
