import type { FacilityAutocompleteQuery, FacilityListQuery, Tier2FacilityExtras } from '@chemtrack/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, customers, facilities, facilityCustomers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  activeFilter,
  keysetOf,
  orderBy,
  readPage,
  searchAny,
  selectMatching,
  textKey,
} from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';

/** Refuses a save over a newer version of the facility than the client read (lib/record-version.ts). */
export const checkFacilityVersion = versionCheck(facilities);

const ORDER_COLUMNS: Record<NonNullable<FacilityListQuery['order_by']>, SQL> = {
  name: textKey(facilities.name),
  customer_name: textKey(customers.name),
  updated_at: sql`${facilities.updatedAt}`,
  created_at: sql`${facilities.createdAt}`,
};

/**
 * Facilities a customer owns or shares, as one list of ids: both arms read their own index (the
 * owner's `facilities_customer_idx`, the shares' `facility_customers_customer_idx`), where an OR
 * of the owner and an EXISTS read every facility to test both (issue 24).
 */
export function facilityBelongsTo(customerId: number | undefined): SQL | undefined {
  if (customerId === undefined) return undefined;
  return sql`${facilities.id} IN (
    SELECT ${facilityCustomers.facilityId} FROM ${facilityCustomers} WHERE ${facilityCustomers.customerId} = ${customerId}
    UNION ALL
    SELECT owned.id FROM ${facilities} AS owned WHERE owned.customer_id = ${customerId})`;
}

const FACILITY_ROW = {
  facility: facilities,
  address: addresses,
  customer: { id: customers.id, name: customers.name },
};

function selectRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(FACILITY_ROW)
    .from(facilities)
    .innerJoin(customers, eq(customers.id, facilities.customerId))
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .where(where);
}

export type FacilityRow = Awaited<ReturnType<typeof selectRows>>[number];

export async function findFacilityRow(db: Db | Tx, id: number): Promise<FacilityRow> {
  const [row] = await selectRows(db, eq(facilities.id, id));
  if (!row) throw notFound('Facility');
  return row;
}

/** The customers a facility is shared with (its owner among them), by name. */
export function selectSharedCustomers(db: Db | Tx, facilityId: number) {
  return db
    .select({ id: customers.id, name: customers.name })
    .from(facilityCustomers)
    .innerJoin(customers, eq(customers.id, facilityCustomers.customerId))
    .where(eq(facilityCustomers.facilityId, facilityId))
    .orderBy(asc(textKey(customers.name)), asc(customers.id));
}

export async function selectFacilityListRows(db: Db, query: FacilityListQuery) {
  const where = and(
    activeFilter(query.status, facilities.isActive),
    facilityBelongsTo(query.customer_id),
    searchAny(query.search, [facilities.name]),
  );
  const keyset = keysetOf(
    query,
    'facilities',
    [
      query.order_by
        ? { value: ORDER_COLUMNS[query.order_by], direction: query.order_dir }
        : { value: facilities.updatedAt, direction: 'desc' },
      { value: facilities.id },
    ],
    { inline: true },
  );
  return readPage(
    db,
    query,
    db
      .select({ ...FACILITY_ROW, ...keyset.fields })
      .from(facilities)
      .innerJoin(customers, eq(customers.id, facilities.customerId))
      .leftJoin(addresses, eq(addresses.id, facilities.addressId))
      .where(and(where, keyset.after))
      .orderBy(...keyset.order),
    selectMatching(db, facilities, where),
    keyset,
  );
}

export async function selectFacilityPickerRows(db: Db, query: FacilityAutocompleteQuery) {
  const where = and(
    eq(facilities.isActive, true),
    facilityBelongsTo(query.customer_id),
    searchAny(query.search, [facilities.name]),
  );
  return readPage(
    db,
    query,
    db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .where(where)
      .orderBy(orderBy(textKey(facilities.name), query.order_dir), facilities.id),
    selectMatching(db, facilities, where),
  );
}

/**
 * Every active facility a customer owns or shares, by name as the picker orders them (issue 36:
 * a report of every facility of the customer). A customer's facilities are tens, not thousands.
 */
export async function selectActiveFacilitiesOf(db: Db | Tx, customerId: number) {
  return db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.isActive, true), facilityBelongsTo(customerId)))
    .orderBy(asc(textKey(facilities.name)), facilities.id);
}

export async function findFacility(db: Db | Tx, id: number) {
  const [row] = await db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  if (!row) throw notFound('Facility');
  return row;
}

/** Issue 21: the emergency coordinator (302) and the retail-station facts (Tier II); undefined keeps what is stored. */
export interface FacilityReportInputs {
  emergencyCoordinatorName?: string | undefined;
  emergencyCoordinatorTitle?: string | undefined;
  emergencyCoordinatorPhone?: string | undefined;
  isRetailGasStation?: boolean | undefined;
  isUstCompliant?: boolean | undefined;
  /** PSM 1910.119(a)(2)(i), RMP 68.126 (issue 31); undefined keeps what is stored. */
  isRetailFacility?: boolean | undefined;
  /** SPCC (40 CFR 112.1(b)); undefined keeps what is stored, or the column's default (yes). */
  spccCouldDischarge?: boolean | undefined;
  // Tier II identification (issue 25); undefined keeps what is stored.
  naicsCode?: string | undefined;
  dunsNumber?: string | undefined;
  rmpFacilityId?: string | undefined;
  triFacilityId?: string | undefined;
  /** The decimal's text ("29.760427"), or null to clear. */
  latitude?: string | null | undefined;
  longitude?: string | null | undefined;
  fireDistrict?: string | undefined;
  isManned?: boolean | null | undefined;
  maxOccupants?: number | null | undefined;
}

export async function insertFacility(
  db: Db | Tx,
  values: FacilityReportInputs & {
    name: string;
    customerId: number;
    addressId: number;
    isActive: boolean;
    county?: string;
  },
): Promise<number> {
  const [row] = await db.insert(facilities).values(values).returning({ id: facilities.id });
  if (!row) throw new Error('facility insert returned no row');
  return row.id;
}

export async function updateFacilityRow(
  db: Db | Tx,
  id: number,
  values: FacilityReportInputs & {
    name: string;
    customerId: number;
    addressId: number;
    county?: string | undefined;
  },
): Promise<void> {
  await db.update(facilities).set(values).where(eq(facilities.id, id));
}

/** What a Tier II file says of a facility (issue 25's import), its record id and state fields included. */
export interface FacilityTier2Columns {
  county: string;
  naicsCode: string;
  dunsNumber: string;
  rmpFacilityId: string;
  triFacilityId: string;
  latitude: string | null;
  longitude: string | null;
  fireDistrict: string;
  isManned: boolean | null;
  maxOccupants: number | null;
  tier2RecordId: string | null;
  tier2Extras: Tier2FacilityExtras;
  /** A file's "Fac. Emergency Coordinator" contact (issue 33); absent: the coordinator stays. */
  emergencyCoordinatorName?: string;
  emergencyCoordinatorTitle?: string;
  emergencyCoordinatorPhone?: string;
}

export async function updateFacilityTier2Row(
  db: Db | Tx,
  id: number,
  values: FacilityTier2Columns,
): Promise<void> {
  await db.update(facilities).set(values).where(eq(facilities.id, id));
}

export async function setFacilityActive(db: Db | Tx, id: number, isActive: boolean): Promise<void> {
  await db.update(facilities).set({ isActive }).where(eq(facilities.id, id));
}

export async function linkCustomer(db: Db | Tx, facilityId: number, customerId: number): Promise<void> {
  await db.insert(facilityCustomers).values({ facilityId, customerId }).onConflictDoNothing();
}
