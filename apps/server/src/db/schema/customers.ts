import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { addresses } from './addresses.ts';
import { id, isActive, timestamps, trigram } from './columns.ts';

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
    /** The report header's county (rules §0.6); on the facility, not the shared address, which has none. */
    county: varchar({ length: 100 }).notNull().default(''),
    /** The facility emergency coordinator named on the 302 report (40 CFR 355.20(b)); phone as digits. */
    emergencyCoordinatorName: varchar({ length: 150 }).notNull().default(''),
    emergencyCoordinatorTitle: varchar({ length: 100 }).notNull().default(''),
    emergencyCoordinatorPhone: varchar({ length: 20 }).notNull().default(''),
    /** 40 CFR 370.10(a)(2): the retail station and compliant-UST facts behind the Tier II fuel thresholds. */
    isRetailGasStation: boolean().notNull().default(false),
    isUstCompliant: boolean().notNull().default(false),
    /** 40 CFR 112.1(b): the app cannot judge it, so the facility says (rules §7); printed in the SPCC header. */
    spccCouldDischarge: boolean().notNull().default(true),
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
