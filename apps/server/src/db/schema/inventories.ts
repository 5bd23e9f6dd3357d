import type { Tier2ComponentRecordId } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, isActive, quantity, timestamps, trigram } from './columns.ts';
import { customers, facilities } from './customers.ts';
import { containers, containerUnits, hazards } from './lookups.ts';
import { componentDetailColumns, productDataColumns } from './product-data.ts';
import { chemicalComponents, products } from './products.ts';
import { users } from './users.ts';

export const inventories = pgTable(
  'inventories',
  {
    id: id(),
    year: integer().notNull(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    isCompleted: boolean().notNull().default(false),
    isActive: isActive(),
    // Issue 36 (decision 036): what the facility-year's filings rest on. The Tier II certifier
    // (40 CFR 370.42; Tier2 Submit's nameAndTitleOfCertifier and dateSigned) signs one year's form,
    // and the EPCRA 302 notification is due 60 days after an EHS first reached its TPQ.
    certifierName: varchar({ length: 100 }).notNull().default(''),
    certifierTitle: varchar({ length: 100 }).notNull().default(''),
    dateSigned: date({ mode: 'string' }),
    ehsFirstPresentOn: date({ mode: 'string' }),
    /**
     * The technicians' full names as the list shows and sorts them ("Ann Lee, Bo Ray"), kept by
     * the database's triggers on every write that changes them (decision 038): sorting by a
     * `string_agg` made per row read every inventory.
     */
    technicianNames: text().notNull().default(''),
    /**
     * What the list search looks in: the customer's, the facility's and each technician's name and
     * the year, one text without accents (f_unaccent) kept by the same triggers (decision 038,
     * `inventory_search_text`), so one trigram index answers what was an OR across four tables.
     */
    searchText: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // Stored without accents already: the index and the search read the text as it is.
    index('inventories_search_text_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('inventories_technician_names_lower_idx').on(sql`lower(${t.technicianNames})`, t.id),
    index('inventories_customer_facility_year_idx').on(t.customerId, t.facilityId, t.year),
    index('inventories_facility_idx').on(t.facilityId),
    index('inventories_updated_at_idx').on(t.updatedAt),
    // The list's year and created sorts, and its archived filter (issue 24).
    index('inventories_year_idx').on(t.year, t.id),
    index('inventories_created_at_idx').on(t.createdAt, t.id),
    index('inventories_archived_idx').on(t.id).where(sql`${t.isActive} = false`),
  ],
);

export const inventoryTechnicians = pgTable(
  'inventory_technicians',
  {
    inventoryId: integer()
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryId, t.userId] }),
    index('inventory_technicians_user_idx').on(t.userId),
  ],
);

/** The inventories an inventory was copied from. */
export const inventoryDuplicates = pgTable(
  'inventory_duplicates',
  {
    inventoryId: integer()
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    sourceInventoryId: integer()
      .notNull()
      .references(() => inventories.id),
  },
  (t) => [primaryKey({ columns: [t.inventoryId, t.sourceInventoryId] })],
);

export const inventoryProducts = pgTable(
  'inventory_products',
  {
    id: id(),
    inventoryId: integer()
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    ...productDataColumns(),
    sdsNo: varchar({ length: 100 }).notNull().default(''),
    // What the facility holds.
    containerId: integer().references(() => containers.id),
    containerUnitId: integer().references(() => containerUnits.id),
    containerSize: quantity(),
    containerQuantity: quantity(),
    containerInfo: varchar({ length: 500 }).notNull().default(''),
    // SPCC (rules §7): the line's own shell capacity and placement, over its container type's; null takes the type's.
    shellCapacityGal: quantity(),
    placement: varchar({ length: 20 }),
    /** A 40 CFR 112.1(d) exclusion (a `SPCC_EXCLUSIONS` key); null: the line counts for SPCC. */
    spccExclusion: varchar({ length: 30 }),
    locationStored: varchar({ length: 200 }).notNull().default(''),
    maxPounds: quantity(18, 4),
    maxGallons: quantity(18, 4),
    isProcessed: boolean().notNull().default(false),
    isManufactured: boolean().notNull().default(false),
    isOtherwiseUsed: boolean().notNull().default(false),
    // EPCRA 313 annual throughput per activity (rules §4-6); empty means the report screens on max on hand.
    annualPoundsManufactured: quantity(18, 4),
    annualPoundsProcessed: quantity(18, 4),
    annualPoundsOtherwiseUsed: quantity(18, 4),
    // EPCRA 313 qualified listing (372.65, e.g. sulfuric acid as aerosols): the chemical is handled in the listed form.
    meets313Qualifier: boolean('meets_313_qualifier').notNull().default(false),
    // PSM flammable screen exemptions (1910.119(a)(1)(ii)(A), (B)): how the line's product is used and stored.
    isFuelUseOnly: boolean().notNull().default(false),
    isAtmosphericStorage: boolean().notNull().default(false),
    // Fire code (rules §10, §11): the HMIS column the line's quantity goes in (a FIRE_CODE_USE_MODES
    // key) and whether it is held outside a building (the outside permit amounts).
    fireCodeUseMode: varchar({ length: 20 }).notNull().default('storage'),
    isOutdoor: boolean().notNull().default(false),
    // Tier II average daily amount and days on site (rules §3); empty means the report estimates them.
    averagePounds: quantity(18, 4),
    daysOnSite: integer(),
    // Tier II storage conditions of the line's location, as the data standard's labels ('' = not given).
    storageType: varchar({ length: 100 }).notNull().default(''),
    storagePressure: varchar({ length: 100 }).notNull().default(''),
    storageTemperature: varchar({ length: 100 }).notNull().default(''),
    notes: text().notNull().default(''),
    isResolveQuestion: boolean().notNull().default(true),
    /**
     * The line of an earlier inventory this one was copied from (a duplicated year), so a carried
     * over line can be told from one recorded this year; unset when that line is removed.
     */
    sourceLineId: integer().references((): PgColumn => inventoryProducts.id, { onDelete: 'set null' }),
    /** When the line was last saved by a person: a copied line starts unchecked, a worklist item. */
    checkedAt: timestamp({ withTimezone: true }),
    /**
     * Set on a line made by a Tier II import (issue 25): the `recordid`s of the file's chemical and
     * storage location, so the year's export names the same records; null on a recorded line.
     */
    tier2ChemicalRecordId: varchar({ length: 40 }),
    tier2LocationRecordId: varchar({ length: 40 }),
    /**
     * Also from the import (the round trip): the chemical's own CAS as the file gave it (a mixture's,
     * which no product column holds) and its mixture components' record ids with the CAS and name
     * that find them again among the line's components.
     */
    tier2CasNumber: varchar({ length: 12 }),
    tier2ComponentRecordIds: jsonb().$type<Tier2ComponentRecordId[]>(),
    isImported: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('inventory_products_inventory_idx').on(t.inventoryId, t.updatedAt),
    index('inventory_products_source_line_idx').on(t.sourceLineId),
    index('inventory_products_product_idx').on(t.productId),
    // An inventory's lines by name and by quantity, the sorts a Tier II review pages through: the
    // page's ten ids come from the index alone. The other sorts read the inventory's lines through
    // inventory_products_inventory_idx and sort those (a few thousand at most).
    index('inventory_products_name_lower_idx').on(t.inventoryId, sql`lower(${t.name})`, t.id),
    index('inventory_products_pounds_idx').on(t.inventoryId, t.maxPounds, t.id),
    index('inventory_products_gallons_idx').on(t.inventoryId, t.maxGallons, t.id),
    // The list's statistics group an inventory's lines by product and read three flags of each
    // (decision 040): from this index alone, in product order, without reading the wide lines.
    index('inventory_products_statistics_idx').on(
      t.inventoryId,
      t.productId,
      t.sourceLineId,
      t.checkedAt,
      t.isResolveQuestion,
    ),
    trigram('inventory_products_name_trgm', t.name),
    trigram('inventory_products_mfg_name_trgm', t.mfgName),
  ],
);

export const inventoryProductHazards = pgTable(
  'inventory_product_hazards',
  {
    inventoryProductId: integer()
      .notNull()
      .references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    hazardId: integer()
      .notNull()
      .references(() => hazards.id),
  },
  (t) => [primaryKey({ columns: [t.inventoryProductId, t.hazardId] })],
);

export const inventoryProductChemicalComponents = pgTable(
  'inventory_product_chemical_components',
  {
    id: id(),
    inventoryProductId: integer()
      .notNull()
      .references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    chemicalComponentId: integer()
      .notNull()
      .references(() => chemicalComponents.id),
    ...componentDetailColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inventory_product_chemical_components_unique').on(
      t.inventoryProductId,
      t.chemicalComponentId,
    ),
  ],
);

/**
 * The lines a client created under an `Idempotency-Key` (issue 22: a create whose answer was lost
 * is sent again, by a draft resent after reconnecting). Per user: one user's key never finds
 * another's line. A repeat gets the line the first request made; a line removed takes its keys
 * with it.
 */
export const inventoryProductRequests = pgTable(
  'inventory_product_requests',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar({ length: 64 }).notNull(),
    inventoryId: integer()
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    /** Null only inside the transaction that creates the line. */
    inventoryProductId: integer().references(() => inventoryProducts.id, { onDelete: 'cascade' }),
    /** The quantity joined an existing line (that line is the answer). */
    isAggregated: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_product_requests_key_unique').on(t.userId, t.idempotencyKey),
    // Removing a line (or an inventory) finds its keys without a scan.
    index('inventory_product_requests_line_idx').on(t.inventoryProductId),
    index('inventory_product_requests_inventory_idx').on(t.inventoryId),
  ],
);

/**
 * What a report reads of an inventory's lines, versioned (issue 24, decision 022): `version` moves
 * in the writing transaction of every statement that inserts, updates or deletes the inventory's
 * lines, their components or their hazard classes (triggers, migration 0022), whoever wrote them.
 * The report workers keep a facility-year's prepared lines under this version and read them again
 * only when it moved. No row yet is version 0. No foreign key: the row of a deleted inventory is
 * never read again.
 */
export const inventoryReportVersions = pgTable('inventory_report_versions', {
  inventoryId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * One row whose `version` moves with every statement that changes which file a product holds or
 * whether a file is a label photo (migration 0034): the inventory-products list keeps its
 * statistics ("with SDS", "with label photo") under this version and the inventory's lines' version.
 */
export const productFilesVersion = pgTable(
  'product_files_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('product_files_version_one_row', sql`${t.id} = 1`)],
);

/**
 * One row whose `version` moves with every statement that writes what the lines of every
 * inventory join to (container types, units, chemical components, hazard classes, an inventory's
 * year): those are shared catalogs, so a change to them invalidates every kept report input.
 */
export const reportCatalogVersion = pgTable(
  'report_catalog_version',
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('report_catalog_version_one_row', sql`${t.id} = 1`)],
);
