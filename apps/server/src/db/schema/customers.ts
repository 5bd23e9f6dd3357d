import type { Tier2FacilityExtras } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /**
     * Whether the customer owns a facility, and an active one: kept by the database (migration
     * 0032's triggers on facilities), so the customers list by facility name finds the customers
     * shown without a facility along a small index instead of checking every customer (decision 040).
     */
    hasFacility: boolean().notNull().default(false),
    hasActiveFacility: boolean().notNull().default(false),
  },
  (t) => [
    trigram('customers_name_trgm', t.name),
    index('customers_without_facility_idx').on(t.id).where(sql`${t.hasFacility} = false`),
    index('customers_without_active_facility_idx').on(t.id).where(sql`${t.hasActiveFacility} = false`),
    // The name sort and the picker, which order by lower(name) then id (case-insensitive).
    index('customers_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    // The customers list's default order (newest change first), which pages without sorting all.
    index('customers_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    index('customers_created_at_idx').on(t.createdAt, t.id),
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
    /** A retail facility (more than half of its income from direct sales to end users): PSM 1910.119(a)(2)(i), RMP 68.126. */
    isRetailFacility: boolean().notNull().default(false),
    /** 40 CFR 112.1(b): the app cannot judge it, so the facility says (rules §7); printed in the SPCC header. */
    spccCouldDischarge: boolean().notNull().default(true),
    // Tier II facility identification (National Tier II Data Standard, issue 25); '' = not given.
    naicsCode: varchar({ length: 6 }).notNull().default(''),
    dunsNumber: varchar({ length: 9 }).notNull().default(''),
    rmpFacilityId: varchar({ length: 12 }).notNull().default(''),
    triFacilityId: varchar({ length: 15 }).notNull().default(''),
    latitude: numeric({ precision: 9, scale: 6 }),
    longitude: numeric({ precision: 9, scale: 6 }),
    fireDistrict: varchar({ length: 100 }).notNull().default(''),
    /** Whether the facility is manned; null = not given. */
    isManned: boolean(),
    maxOccupants: integer(),
    /** The facility's `recordid` in a Tier II file it was imported from (kept for the export). */
    tier2RecordId: varchar({ length: 40 }),
    /**
     * What a Tier II file says about the facility that the app does not hold as columns (state
     * fields, department, notes, attachments, record ids of its ids and phones, …), kept as it came
     * so an export gives it back. The certifier and date signed are the year's, on the inventory.
     */
    tier2Extras: jsonb().$type<Tier2FacilityExtras>().notNull().default({}),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [
    trigram('facilities_name_trgm', t.name),
    index('facilities_customer_idx').on(t.customerId),
    // The name sort and the picker, which order by lower(name) then id (case-insensitive).
    index('facilities_name_lower_idx').on(sql`lower(${t.name})`, t.id),
    // The list's default order (newest change first) and the created sort (issue 24).
    index('facilities_updated_at_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
    index('facilities_created_at_idx').on(t.createdAt, t.id),
    index('facilities_archived_idx').on(t.id).where(sql`${t.isActive} = false`),
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

/**
 * A person or company a customer's facilities name on Tier II (owner/operator, Tier II information
 * contact, emergency contacts, facility emergency coordinator): one row per customer, shared by
 * its facilities through facility_contacts.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    firstName: varchar({ length: 100 }).notNull().default(''),
    /** A company contact has only a last name (the standard's practice). */
    lastName: varchar({ length: 100 }).notNull(),
    title: varchar({ length: 100 }).notNull().default(''),
    email: varchar({ length: 150 }).notNull().default(''),
    mailingStreet: varchar({ length: 200 }).notNull().default(''),
    mailingCity: varchar({ length: 100 }).notNull().default(''),
    mailingState: char({ length: 2 }),
    mailingZip: varchar({ length: 10 }).notNull().default(''),
    mailingCountry: varchar({ length: 50 }).notNull().default(''),
    /** The standard's contact types ('Owner / Operator', 'Emergency Contact', …), TIER2_CONTACT_TYPES. */
    contactTypes: varchar({ length: 60 }).array().notNull().default([]),
    tier2RecordId: varchar({ length: 40 }),
    isActive: isActive(),
    ...timestamps,
  },
  (t) => [index('contacts_customer_idx').on(t.customerId, t.lastName)],
);

/** A contact's phones in the order entered; type as the standard's labels ('24-hour', 'Work', …). */
export const contactPhones = pgTable(
  'contact_phones',
  {
    id: id(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    phoneNumber: varchar({ length: 30 }).notNull(),
    phoneType: varchar({ length: 30 }).notNull(),
    tier2RecordId: varchar({ length: 40 }),
  },
  (t) => [uniqueIndex('contact_phones_contact_position_unique').on(t.contactId, t.position)],
);

/** Which of its customer's contacts a facility names, in order. */
export const facilityContacts = pgTable(
  'facility_contacts',
  {
    facilityId: integer()
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** The `linkId` of the `<contactId>` in a Tier II file it was imported from. */
    tier2LinkId: varchar({ length: 40 }),
  },
  (t) => [
    primaryKey({ columns: [t.facilityId, t.contactId] }),
    index('facility_contacts_contact_idx').on(t.contactId),
  ],
);
