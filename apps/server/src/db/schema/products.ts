import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { files } from './addresses.ts';
import { id, isActive, timestamps, trigram } from './columns.ts';
import { hazards } from './lookups.ts';
import { componentDetailColumns, productDataColumns } from './product-data.ts';

export const products = pgTable(
  'products',
  {
    id: id(),
    ...productDataColumns(),
    sdsFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    /** Added by a technician on site and not yet saved by staff (issue 33 point 9). */
    needsReview: boolean().notNull().default(false),
    isActive: isActive(),
    ...timestamps,
    /**
     * What the list's search looks in (decision 040): the name and the manufacturer's name, each
     * after a unit separator and a space, without accents, as `inventories.search_text` (decision
     * 038, which says why the matches are the same as each name's), in small letters (migration
     * 0033: LIKE against a lowered pattern is ILIKE's own comparison without lowering every row
     * read). Generated, so every writer keeps it; the search reads it through one trigram index.
     */
    searchText: text().generatedAlwaysAs(
      sql`lower(f_unaccent(E'\\x1f ' || "name" || E'\\x1f ' || "mfg_name"))`,
    ),
  },
  (t) => [
    index('products_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The SDS status filter and sort, then id as the list breaks ties (issue 24: an index for
    // every filter and sort a list offers).
    index('products_sds_status_idx').on(t.sdsStatus, t.id),
    index('products_mfg_name_lower_idx').on(sql`lower(${t.mfgName})`, t.id),
    index('products_created_at_idx').on(t.createdAt, t.id),
    // The archived filter: a few rows, counted without reading the active ones.
    // The Needs review filter: a few rows, found without reading the reviewed ones.
    index('products_needs_review_idx').on(t.id).where(sql`${t.needsReview} = true`),
    index('products_archived_idx').on(t.id).where(sql`${t.isActive} = false`),
    // The name sort, case-insensitive: lower(name) then id.
    index('products_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    // Matches the list's default order (updated_at desc, then id), so page 1 reads ten index entries
    // (NULLS FIRST as ORDER BY … DESC means it; Drizzle's desc() alone writes NULLS LAST).
    index('products_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    // One SDS file belongs to one product: deleting it from one product never strips another.
    // The index also serves the orphan sweep and the FK check when a file row is deleted.
    uniqueIndex('products_sds_file_unique').on(t.sdsFileId),
  ],
);

export const productHazards = pgTable(
  'product_hazards',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    hazardId: integer()
      .notNull()
      .references(() => hazards.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.hazardId] }),
    index('product_hazards_hazard_idx').on(t.hazardId),
  ],
);

export const chemicalComponents = pgTable(
  'chemical_components',
  {
    id: id(),
    name: varchar({ length: 255 }).notNull(),
    /** CAS registry number, e.g. 7664-93-9. */
    number: varchar({ length: 20 }).notNull(),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('chemical_components_number_unique').on(t.number),
    trigram('chemical_components_name_trgm', t.name),
    trigram('chemical_components_number_trgm', t.number),
  ],
);

export const productChemicalComponents = pgTable(
  'product_chemical_components',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    chemicalComponentId: integer()
      .notNull()
      .references(() => chemicalComponents.id),
    ...componentDetailColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_chemical_components_unique').on(t.productId, t.chemicalComponentId),
    index('product_chemical_components_component_idx').on(t.chemicalComponentId),
  ],
);
