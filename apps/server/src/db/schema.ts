import { PHYSICAL_STATES, REGULATORY_LIST_TYPES, ROLES, SDS_STATUSES, UNIT_TYPES } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ROLES);
export const sdsStatusEnum = pgEnum('sds_status', SDS_STATUSES);
export const physicalStateEnum = pgEnum('physical_state', PHYSICAL_STATES);
export const unitTypeEnum = pgEnum('unit_type', UNIT_TYPES);
export const regulatoryListTypeEnum = pgEnum('regulatory_list_type', REGULATORY_LIST_TYPES);

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
const isActive = () => boolean().notNull().default(true);
/** A GIN trigram index so `ILIKE '%term%'` searches stay index-backed at 100k+ rows. */
const trigram = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

// Decimal quantities are numeric (exact), read back as strings and converted at the edge.
const quantity = (precision = 14, scale = 4) => numeric({ precision, scale });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    role: roleEnum().notNull(),
    firstName: varchar({ length: 50 }).notNull(),
    lastName: varchar({ length: 50 }).notNull(),
    phone: varchar({ length: 20 }).notNull().default(''),
    isActive: isActive(),
    lastLoginAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role, t.isActive),
    // One index on the full name serves searches for the first, the last or both names.
    index('users_full_name_trgm').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    trigram('users_email_trgm', t.email),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token: a database leak does not leak usable tokens. */
    tokenHash: char({ length: 64 }).notNull(),
    isRemembered: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    ipAddress: varchar({ length: 64 }),
    userAgent: varchar({ length: 512 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: char({ length: 64 }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Failed sign-ins, kept in the database so every API process shares one count. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    /** `email:<address>` or `ip:<address>`. */
    key: varchar({ length: 320 }).notNull(),
    attemptedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.attemptedAt)],
);

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

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: varchar({ length: 150 }).notNull(),
    preparedAt: date(),
    addressId: integer().references(() => addresses.id),
    billingAddressId: integer().references(() => addresses.id),
    isSameBillingAddress: boolean().notNull().default(false),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [
    trigram('customers_name_trgm', t.name),
    // The name sort and the picker, which order by lower(name) then id (case-insensitive).
    index('customers_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    // The customers list's default order (newest change first), which pages without sorting all.
    index('customers_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
  ],
);

export const facilities = pgTable(
  'facilities',
  {
    id: id(),
    /** The owning customer; other customers may share the facility through facility_customers. */
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: varchar({ length: 150 }).notNull(),
    addressId: integer().references(() => addresses.id),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [
    trigram('facilities_name_trgm', t.name),
    index('facilities_customer_idx').on(t.customerId),
    // The name sort and the picker, which order by lower(name) then id (case-insensitive).
    index('facilities_name_lower_idx').on(sql`lower(${t.name})`, t.id),
  ],
);

export const facilityCustomers = pgTable(
  'facility_customers',
  {
    facilityId: integer()
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.facilityId, t.customerId] }),
    index('facility_customers_customer_idx').on(t.customerId),
  ],
);

export const hazards = pgTable(
  'hazards',
  {
    id: id(),
    name: varchar({ length: 50 }).notNull(),
    description: text().notNull().default(''),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [trigram('hazards_name_trgm', t.name)],
);

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_storage_key_unique').on(t.storageKey)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: varchar({ length: 200 }).notNull(),
    mfgName: varchar({ length: 200 }).notNull(),
    mfgProductNumber: varchar({ length: 100 }).notNull().default(''),
    mfgPhone: varchar({ length: 20 }).notNull().default(''),
    mfgEmergencyPhone: varchar({ length: 20 }).notNull().default(''),
    sdsDate: date(),
    sdsFileId: integer().references(() => files.id, { onDelete: 'set null' }),
    sdsStatus: sdsStatusEnum().notNull().default('pending'),
    physicalState: physicalStateEnum(),
    specificGravity: quantity(10, 4),
    density: quantity(10, 2),
    poundsPerGallon: quantity(10, 2),
    conversionFactor: quantity(),
    flashPoints: integer(),
    nfpa: varchar({ length: 50 }).notNull().default(''),
    isSpcc: boolean().notNull().default(false),
    isSaraF: boolean().notNull().default(false),
    isSaraP: boolean().notNull().default(false),
    isSaraR: boolean().notNull().default(false),
    isSaraA: boolean().notNull().default(false),
    isSaraC: boolean().notNull().default(false),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [
    trigram('products_name_trgm', t.name),
    trigram('products_mfg_name_trgm', t.mfgName),
    index('products_sds_status_idx').on(t.sdsStatus),
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

const componentDetails = {
  percentageWeight: quantity(7, 4),
  percentageVolume: quantity(7, 4),
  regulations: varchar({ length: 500 }).notNull().default(''),
  restrictions: varchar({ length: 500 }).notNull().default(''),
  reportingRequirements: varchar({ length: 500 }).notNull().default(''),
};

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
    ...componentDetails,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_chemical_components_unique').on(t.productId, t.chemicalComponentId),
    index('product_chemical_components_component_idx').on(t.chemicalComponentId),
  ],
);

export const containers = pgTable(
  'containers',
  {
    id: id(),
    name: varchar({ length: 100 }).notNull(),
    description: text().notNull().default(''),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [trigram('containers_name_trgm', t.name)],
);

export const containerUnits = pgTable(
  'container_units',
  {
    id: id(),
    /** Display name carrying the unit type in parentheses, e.g. `Drum (gal)`. */
    name: varchar({ length: 100 }).notNull(),
    /** What the container calculation reads. */
    unitType: unitTypeEnum().notNull(),
    description: text().notNull().default(''),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [trigram('container_units_name_trgm', t.name)],
);

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
    ...timestamps,
  },
  (t) => [
    index('inventories_customer_facility_year_idx').on(t.customerId, t.facilityId, t.year),
    index('inventories_facility_idx').on(t.facilityId),
    index('inventories_updated_at_idx').on(t.updatedAt),
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
    // Product data as recorded at the facility (a snapshot the technician may correct).
    name: varchar({ length: 200 }).notNull(),
    mfgName: varchar({ length: 200 }).notNull(),
    mfgProductNumber: varchar({ length: 100 }).notNull().default(''),
    mfgPhone: varchar({ length: 20 }).notNull().default(''),
    mfgEmergencyPhone: varchar({ length: 20 }).notNull().default(''),
    nfpa: varchar({ length: 50 }).notNull().default(''),
    sdsNo: varchar({ length: 100 }).notNull().default(''),
    sdsStatus: sdsStatusEnum().notNull().default('pending'),
    sdsDate: date(),
    physicalState: physicalStateEnum(),
    specificGravity: quantity(10, 4),
    density: quantity(10, 2),
    poundsPerGallon: quantity(10, 2),
    conversionFactor: quantity(),
    flashPoints: integer(),
    isSpcc: boolean().notNull().default(false),
    isSaraF: boolean().notNull().default(false),
    isSaraP: boolean().notNull().default(false),
    isSaraR: boolean().notNull().default(false),
    isSaraA: boolean().notNull().default(false),
    isSaraC: boolean().notNull().default(false),
    // What the facility holds.
    containerId: integer().references(() => containers.id),
    containerUnitId: integer().references(() => containerUnits.id),
    containerSize: quantity(),
    containerQuantity: quantity(),
    containerInfo: varchar({ length: 500 }).notNull().default(''),
    locationStored: varchar({ length: 200 }).notNull().default(''),
    maxPounds: quantity(18, 4),
    maxGallons: quantity(18, 4),
    isProcessed: boolean().notNull().default(false),
    isManufactured: boolean().notNull().default(false),
    isOtherwiseUsed: boolean().notNull().default(false),
    notes: text().notNull().default(''),
    isResolveQuestion: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('inventory_products_inventory_idx').on(t.inventoryId, t.updatedAt),
    index('inventory_products_product_idx').on(t.productId),
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
    ...componentDetails,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inventory_product_chemical_components_unique').on(
      t.inventoryProductId,
      t.chemicalComponentId,
    ),
  ],
);

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
