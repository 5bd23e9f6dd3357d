import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  customers,
  facilities,
  facilityCustomers,
  inventories,
  inventoryProducts,
} from '../../db/schema/index.ts';

/**
 * What the Tier II export reads besides the report's figures: the facility's Tier II columns and
 * address and the lines' Tier II record ids (its contacts and their phones are the contacts
 * area's reads). Reads only; one query each, none per line.
 */

export async function findExportFacility(db: Db | Tx, facilityId: number) {
  const [row] = await db
    .select({
      id: facilities.id,
      name: facilities.name,
      street: addresses.address,
      city: addresses.city,
      state: addresses.stateCode,
      zip: addresses.zip,
      phone: addresses.phone,
      county: facilities.county,
      fireDistrict: facilities.fireDistrict,
      naicsCode: facilities.naicsCode,
      dunsNumber: facilities.dunsNumber,
      rmpFacilityId: facilities.rmpFacilityId,
      triFacilityId: facilities.triFacilityId,
      latitude: facilities.latitude,
      longitude: facilities.longitude,
      isManned: facilities.isManned,
      maxOccupants: facilities.maxOccupants,
      tier2RecordId: facilities.tier2RecordId,
      tier2Extras: facilities.tier2Extras,
      updatedAt: facilities.updatedAt,
    })
    .from(facilities)
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .where(eq(facilities.id, facilityId))
    .limit(1);
  return row;
}

/** The record ids a Tier II import left on the inventory's lines, and when each line last changed. */
export function selectLineRecordIds(db: Db | Tx, inventoryId: number) {
  return db
    .select({
      id: inventoryProducts.id,
      tier2ChemicalRecordId: inventoryProducts.tier2ChemicalRecordId,
      tier2LocationRecordId: inventoryProducts.tier2LocationRecordId,
      tier2CasNumber: inventoryProducts.tier2CasNumber,
      tier2ComponentRecordIds: inventoryProducts.tier2ComponentRecordIds,
      updatedAt: inventoryProducts.updatedAt,
    })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.inventoryId, inventoryId));
}

export async function findExportCustomerName(db: Db | Tx, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.name;
}

/**
 * A customer-wide export's facilities (issue 36): the customer's active facilities, its own and
 * those it shares, by name, each with its active inventory of the year when it has one (the one a
 * report of that facility-year reads: the newest).
 */
export function selectCustomerFacilityYears(db: Db | Tx, customerId: number, year: number) {
  return db
    .select({
      id: facilities.id,
      name: facilities.name,
      inventoryId: sql<number | null>`max(${inventories.id})`,
    })
    .from(facilities)
    .leftJoin(
      inventories,
      and(
        eq(inventories.facilityId, facilities.id),
        eq(inventories.customerId, customerId),
        eq(inventories.year, year),
        eq(inventories.isActive, true),
      ),
    )
    .where(
      and(
        eq(facilities.isActive, true),
        or(
          eq(facilities.customerId, customerId),
          inArray(
            facilities.id,
            db
              .select({ id: facilityCustomers.facilityId })
              .from(facilityCustomers)
              .where(eq(facilityCustomers.customerId, customerId)),
          ),
        ),
      ),
    )
    .groupBy(facilities.id, facilities.name)
    .orderBy(asc(sql`lower(${facilities.name})`), asc(facilities.id));
}
