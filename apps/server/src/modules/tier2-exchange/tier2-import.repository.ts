import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  chemicalComponents,
  contacts,
  facilities,
  inventories,
  inventoryProducts,
  productChemicalComponents,
  products,
} from '../../db/schema/index.ts';

/**
 * The Tier II import's SQL (issue 25). Reads of the customer's facilities, catalog products and
 * contacts for the plan. Customers, facilities (with their Tier II columns), contacts (with their
 * phones and facility links), inventories, products and lines are written through their own
 * areas' services.
 */

/** The customer's own facilities with their street address, for matching by name and address. */
export function selectCustomerFacilities(db: Db | Tx, customerId: number) {
  return db
    .select({
      id: facilities.id,
      name: facilities.name,
      street: sql<string>`coalesce(${addresses.address}, '')`,
      city: sql<string>`coalesce(${addresses.city}, '')`,
      county: facilities.county,
      naicsCode: facilities.naicsCode,
      dunsNumber: facilities.dunsNumber,
      rmpFacilityId: facilities.rmpFacilityId,
      triFacilityId: facilities.triFacilityId,
      latitude: facilities.latitude,
      longitude: facilities.longitude,
      fireDistrict: facilities.fireDistrict,
      isManned: facilities.isManned,
      maxOccupants: facilities.maxOccupants,
      tier2RecordId: facilities.tier2RecordId,
    })
    .from(facilities)
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .where(eq(facilities.customerId, customerId))
    .orderBy(asc(facilities.id));
}
export type ImportFacilityRow = Awaited<ReturnType<typeof selectCustomerFacilities>>[number];

/** Active catalog products named so (case and spacing aside) or holding one of the CAS numbers, with their components' CAS. */
export async function selectProductCandidates(db: Db | Tx, names: string[], casNumbers: string[]) {
  const nameKeys = [...new Set(names.map((name) => name.toLowerCase().replace(/\s+/g, ' ').trim()))];
  const byName =
    nameKeys.length > 0
      ? inArray(sql`lower(regexp_replace(trim(${products.name}), '\\s+', ' ', 'g'))`, nameKeys)
      : undefined;
  const byCas =
    casNumbers.length > 0
      ? sql`exists (select 1 from ${productChemicalComponents} pc join ${chemicalComponents} cc on cc.id = pc.chemical_component_id
          where pc.product_id = ${products.id} and cc.number in ${casNumbers})`
      : undefined;
  if (!byName && !byCas) return [];
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      mfgName: products.mfgName,
      tier2HazardCategories: products.tier2HazardCategories,
    })
    .from(products)
    .where(and(eq(products.isActive, true), or(byName, byCas)))
    .orderBy(asc(products.id))
    .limit(500);
  if (rows.length === 0) return [];
  const components = await db
    .select({
      productId: productChemicalComponents.productId,
      number: chemicalComponents.number,
      percentWeight: productChemicalComponents.percentageWeight,
    })
    .from(productChemicalComponents)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
    .where(
      inArray(
        productChemicalComponents.productId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    ...row,
    casNumbers: components.filter((c) => c.productId === row.id).map((c) => c.number),
    /** By weight, as stored ('99.5'); null when the product gives none. */
    percents: components
      .filter((c) => c.productId === row.id)
      .map((c) => (c.percentWeight === null ? null : Number(c.percentWeight))),
  }));
}
export type ProductCandidate = Awaited<ReturnType<typeof selectProductCandidates>>[number];

export function selectCustomerContacts(db: Db | Tx, customerId: number) {
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      tier2RecordId: contacts.tier2RecordId,
    })
    .from(contacts)
    .where(eq(contacts.customerId, customerId))
    .orderBy(asc(contacts.id));
}

/** The facility's inventory of the year for the customer, and how many lines it holds. */
export async function findYearInventory(
  db: Db | Tx,
  values: { customerId: number; facilityId: number; year: number },
) {
  const [row] = await db
    .select({ id: inventories.id, lines: count(inventoryProducts.id) })
    .from(inventories)
    .leftJoin(inventoryProducts, eq(inventoryProducts.inventoryId, inventories.id))
    .where(
      and(
        eq(inventories.customerId, values.customerId),
        eq(inventories.facilityId, values.facilityId),
        eq(inventories.year, values.year),
      ),
    )
    .groupBy(inventories.id)
    .orderBy(asc(inventories.id))
    .limit(1);
  return row;
}
