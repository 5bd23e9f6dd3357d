import { type SQL, sql } from 'drizzle-orm';
import { boolean, type ExtraConfigColumn, index, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by the area files; not re-exported by index.ts, so the schema handed to
// Drizzle and drizzle-kit holds tables and enums only.

export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    // The version an edit form reads (issue 22, lib/record-version.ts): each update moves it at
    // least one millisecond past the stored one, the precision the API serializes, so two saves
    // in one millisecond (or a clock behind the insert's) never leave two versions equal.
    .$onUpdate(
      () =>
        sql`date_trunc('milliseconds', greatest(clock_timestamp(), "updated_at" + interval '1 millisecond'))`,
    ),
};
export const isActive = () => boolean().notNull().default(true);
/**
 * A GIN trigram index so `ILIKE '%term%'` searches stay index-backed at 100k+ rows. It indexes the
 * text without accents (`f_unaccent`, migration 0026), as list searches compare it (issue 33
 * point 14: "Tomas" finds "Tomás").
 */
export const trigram = (name: string, column: ExtraConfigColumn | SQL) =>
  index(name).using('gin', sql`f_unaccent(${column}) gin_trgm_ops`);

// Decimal quantities are numeric (exact), read back as strings and converted at the edge.
export const quantity = (precision = 14, scale = 4) => numeric({ precision, scale });
