import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { files } from './addresses.ts';
import { id, quantity, timestamps, trigram } from './columns.ts';
import { regulatoryListTypeEnum } from './enums.ts';
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
    /**
     * True for the partial sample list the seed installs (decision 029): reports built on it say so.
     * An admin's upload is a new row without it, so uploading a list clears it.
     */
    isSample: boolean().notNull().default(false),
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
    // EPA's longest names (PFAS polymers) pass 500 characters.
    chemicalName: varchar({ length: 1000 }).notNull(),
    /** Empty for category entries (e.g. N230) that have no CAS number. */
    casNumber: varchar({ length: 20 }).notNull().default(''),
    category: varchar({ length: 20 }).notNull().default(''),
    condition: varchar({ length: 200 }).notNull().default(''),
    thresholdQuantityLbs: quantity(),
    finalReportableQuantityLb: quantity(),
    tpqText: varchar({ length: 100 }).notNull().default(''),
    /** The second figure of a dual EHS TPQ ("500/10,000"): the default TPQ of a solid (40 CFR 355.15). */
    thresholdQuantityUpperLbs: quantity(),
    /** RMP: 'toxic' (68.130 Table 1) or 'flammable' (Table 3); '' when the list does not say. */
    substanceKind: varchar({ length: 20 }).notNull().default(''),
    /** The concentration the listing applies from: PSM listed concentration, RMP "conc 20% or greater". */
    minConcentrationPct: numeric({ precision: 7, scale: 4 }),
    /** 313 de minimis percent (1, or 0.1 for OSHA carcinogens) where the list gives it. */
    deMinimisPct: numeric({ precision: 7, scale: 4 }),
    /** 313 persistent bioaccumulative toxic: no de minimis (40 CFR 372.38(a)). */
    isPbt: boolean().notNull().default(false),
    /** 313 PFAS listing, a chemical of special concern (88 FR 74360): 100 lb, no de minimis, no Form A. */
    isPfas: boolean().notNull().default(false),
    /** The list's note or footnote (EHS "a": a reactive solid never takes the 10,000 lb TPQ). */
    note: varchar({ length: 200 }).notNull().default(''),
    /** RMP: other CAS numbers counted under this listing (ammonium hydroxide under ammonia conc 20% or greater), comma-separated. */
    aliasCasNumbers: varchar({ length: 200 }).notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('regulatory_entries_type_cas_idx').on(t.listType, t.casNumber),
    // The data tables' default order (chemical name, case-insensitive, then id) read from the index.
    index('regulatory_entries_type_name_idx').on(t.listType, sql`lower(${t.chemicalName})`, t.id),
    trigram('regulatory_entries_chemical_name_trgm', t.chemicalName),
    trigram('regulatory_entries_cas_number_trgm', t.casNumber),
  ],
);

/**
 * One row whose `version` moves on every statement that writes `regulatory_entries` (a trigger,
 * migration 0021), in that statement's transaction: the reports keep the lists in memory per
 * process and reread them only when it has moved (issue 24), whoever wrote them (an upload, the
 * seed, another process, psql).
 */
export const regulatoryEntriesVersion = pgTable(
  'regulatory_entries_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('regulatory_entries_version_one_row', sql`${t.id} = 1`)],
);
