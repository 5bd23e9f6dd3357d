import type { RegulatoryListType } from '@chemtrack/domain';
import { and, asc, type Column, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  chemicalComponents,
  contactPhones,
  contacts,
  containers,
  containerUnits,
  customers,
  databaseEntries,
  facilities,
  facilityContacts,
  hazards,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProducts,
  inventoryReportVersions,
  reportCatalogVersion,
} from '../../db/schema/index.ts';
import { cachedStatement, prepareRows } from '../../lib/list-query.ts';
import {
  hasOpenQuestion,
  isUncheckedCarryOver,
} from '../inventory-products/inventory-products.repository.ts';

/**
 * What a report reads: the facility-year's inventory lines with their product data, containers,
 * components and hazard classes, the facility's address, and the reference lists with the date
 * each was uploaded. Reads only; each query is one pass over one inventory (no per-line queries).
 */

export async function findCustomerName(db: Db | Tx, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.name;
}

export async function findFacilityAddress(db: Db | Tx, facilityId: number) {
  const [row] = await db
    .select({
      address: addresses.address,
      city: addresses.city,
      county: facilities.county,
      state: addresses.stateCode,
      zip: addresses.zip,
      emergencyCoordinatorName: facilities.emergencyCoordinatorName,
      emergencyCoordinatorTitle: facilities.emergencyCoordinatorTitle,
      emergencyCoordinatorPhone: facilities.emergencyCoordinatorPhone,
      isRetailGasStation: facilities.isRetailGasStation,
      isUstCompliant: facilities.isUstCompliant,
      isRetailFacility: facilities.isRetailFacility,
      spccCouldDischarge: facilities.spccCouldDischarge,
      naicsCode: facilities.naicsCode,
      // The active contacts' types and phone types, which the Tier II contact warnings check
      // (issue 33 point 6): in this statement, so a report reads no more statements for them.
      tier2Contacts: sql<{ contact_types: string[]; phone_types: string[] }[]>`coalesce((
        SELECT json_agg(json_build_object(
          'contact_types', ${contacts.contactTypes},
          'phone_types', coalesce((SELECT json_agg(${contactPhones.phoneType} ORDER BY ${contactPhones.position})
            FROM ${contactPhones} WHERE ${contactPhones.contactId} = ${contacts.id}), '[]'::json)
        ) ORDER BY ${facilityContacts.position}, ${contacts.id})
        FROM ${facilityContacts} INNER JOIN ${contacts} ON ${contacts.id} = ${facilityContacts.contactId}
        WHERE ${facilityContacts.facilityId} = ${facilities.id} AND ${contacts.isActive}), '[]'::json)`,
    })
    .from(facilities)
    // A facility with no address row still has its county.
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .where(eq(facilities.id, facilityId))
    .limit(1);
  return row;
}

/**
 * The facility-year's inventory (one per customer, facility and year; archived ones are left out,
 * as in the years list), with the versions of what its lines read
 * (decision 022) in the same statement: the inventory's own (its lines, components, hazard
 * classes) and the shared catalogs'. Read before the lines, so lines kept under these versions are
 * never older than them.
 */
export async function findReportInventory(
  db: Db | Tx,
  customerId: number,
  facilityId: number,
  year: number,
): Promise<
  | {
      id: number;
      linesVersion: string;
      catalogVersion: string;
      certifierName: string;
      certifierTitle: string;
      dateSigned: string | null;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: inventories.id,
      certifierName: inventories.certifierName,
      certifierTitle: inventories.certifierTitle,
      dateSigned: inventories.dateSigned,
      linesVersion: sql<string>`coalesce((SELECT ${inventoryReportVersions.version} FROM ${inventoryReportVersions}
        WHERE ${inventoryReportVersions.inventoryId} = ${inventories.id}), 0)::text`,
      catalogVersion: sql<string>`coalesce((SELECT ${reportCatalogVersion.version} FROM ${reportCatalogVersion}
        WHERE ${reportCatalogVersion.id} = 1), 0)::text`,
    })
    .from(inventories)
    .where(
      and(
        eq(inventories.customerId, customerId),
        eq(inventories.facilityId, facilityId),
        eq(inventories.year, year),
        eq(inventories.isActive, true),
      ),
    )
    .orderBy(desc(inventories.id))
    .limit(1);
  return row;
}

/**
 * The facilities of the customer with an inventory for the year, as `findReportInventory` finds
 * one (archived inventories left out): issue 36's reports of every facility.
 */
export async function selectFacilitiesWithInventory(
  db: Db | Tx,
  customerId: number,
  year: number,
): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ facilityId: inventories.facilityId })
    .from(inventories)
    .where(
      and(eq(inventories.customerId, customerId), eq(inventories.year, year), eq(inventories.isActive, true)),
    );
  return new Set(rows.map((row) => row.facilityId));
}

const line = inventoryProducts;
const part = inventoryProductChemicalComponents;
// The line a carried-over line was copied from, and that line's inventory: the year it came from.
const sourceLine = alias(inventoryProducts, 'source_line');
const sourceInventory = alias(inventories, 'source_inventory');

/** What the engine reads of a line, with its container type and unit, keyed as the snapshot's row. */
const LINE_FIELDS = {
  id: line.id,
  productId: line.productId,
  name: line.name,
  physicalState: line.physicalState,
  containerName: containers.name,
  containerShellCapacityGal: containers.shellCapacityGal,
  containerPlacement: containers.placement,
  shellCapacityGal: line.shellCapacityGal,
  placement: line.placement,
  spccExclusion: line.spccExclusion,
  unitName: containerUnits.name,
  unitType: containerUnits.unitType,
  containerSize: line.containerSize,
  containerQuantity: line.containerQuantity,
  maxGallons: line.maxGallons,
  maxPounds: line.maxPounds,
  poundsPerGallon: line.poundsPerGallon,
  specificGravity: line.specificGravity,
  density: line.density,
  conversionFactor: line.conversionFactor,
  isSaraF: line.isSaraF,
  isSaraP: line.isSaraP,
  isSaraR: line.isSaraR,
  isSaraA: line.isSaraA,
  isSaraC: line.isSaraC,
  isSpcc: line.isSpcc,
  isManufactured: line.isManufactured,
  isProcessed: line.isProcessed,
  isOtherwiseUsed: line.isOtherwiseUsed,
  locationStored: line.locationStored,
  tier2HazardCategories: line.tier2HazardCategories,
  fireCodeHazardClasses: line.fireCodeHazardClasses,
  fireCodeUseMode: line.fireCodeUseMode,
  isOutdoor: line.isOutdoor,
  mfgName: line.mfgName,
  tier2Exclusion: line.tier2Exclusion,
  solidForm: line.solidForm,
  powderFractionPct: line.powderFractionPct,
  isUsedAsFuel: line.isUsedAsFuel,
  isPartialPressureExempt: line.isPartialPressureExempt,
  partialPressureNote: line.partialPressureNote,
  isFuelUseOnly: line.isFuelUseOnly,
  isAtmosphericStorage: line.isAtmosphericStorage,
  flashPoints: line.flashPoints,
  nfpa: line.nfpa,
  annualPoundsManufactured: line.annualPoundsManufactured,
  annualPoundsProcessed: line.annualPoundsProcessed,
  annualPoundsOtherwiseUsed: line.annualPoundsOtherwiseUsed,
  meets313Qualifier: line.meets313Qualifier,
  averagePounds: line.averagePounds,
  daysOnSite: line.daysOnSite,
  storageType: line.storageType,
  storagePressure: line.storagePressure,
  storageTemperature: line.storageTemperature,
  isUncheckedCarryOver,
  hasOpenQuestion,
  sourceYear: sourceInventory.year,
};

/** A line's component, with the catalog's CAS number and name. */
const COMPONENT_FIELDS = {
  chemicalComponentId: part.chemicalComponentId,
  casNumber: chemicalComponents.number,
  name: chemicalComponents.name,
  percentageWeight: part.percentageWeight,
  percentageWeightLow: part.percentageWeightLow,
  percentageVolume: part.percentageVolume,
  isCarcinogen: part.isCarcinogen,
};

export type ReportComponentRow = SelectResult<
  typeof COMPONENT_FIELDS,
  'partial',
  { inventory_product_chemical_components: 'not-null'; chemical_components: 'not-null' }
>;
export type ReportLineRow = SelectResult<
  typeof LINE_FIELDS,
  'partial',
  {
    inventory_products: 'not-null';
    containers: 'nullable';
    container_units: 'nullable';
    source_inventory: 'nullable';
  }
> & { components: ReportComponentRow[]; hazardNames: string[] };

/**
 * Fields selected under their keys (`… AS "productId"`), so the driver's row is already the
 * object drizzle would map it to, and is read without that mapping (`prepareRows`).
 */
function keyed(fields: Record<string, Column | SQL>) {
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)]));
}

const INVENTORY_ID = sql.placeholder('inventory_id');

/**
 * Every line of the inventory, by id, with its components (in the order they were added) and its
 * hazard class names: three statements, whatever the number of lines, each prepared once per
 * database (lib/list-query.ts).
 */
export async function selectReportLines(db: Db, inventoryId: number): Promise<ReportLineRow[]> {
  const statements = cachedStatement(db, 'reports.lines', () => ({
    lines: prepareRows(
      db
        .select(keyed(LINE_FIELDS))
        .from(line)
        .leftJoin(containers, eq(containers.id, line.containerId))
        .leftJoin(containerUnits, eq(containerUnits.id, line.containerUnitId))
        .leftJoin(sourceLine, eq(sourceLine.id, line.sourceLineId))
        .leftJoin(sourceInventory, eq(sourceInventory.id, sourceLine.inventoryId))
        .where(eq(line.inventoryId, INVENTORY_ID))
        .orderBy(asc(line.id)),
    ),
    components: prepareRows(
      db
        .select(keyed({ lineId: part.inventoryProductId, ...COMPONENT_FIELDS }))
        .from(part)
        .innerJoin(line, eq(line.id, part.inventoryProductId))
        .innerJoin(chemicalComponents, eq(chemicalComponents.id, part.chemicalComponentId))
        .where(eq(line.inventoryId, INVENTORY_ID))
        .orderBy(asc(part.inventoryProductId), asc(part.id)),
    ),
    hazards: prepareRows(
      db
        .select(keyed({ lineId: inventoryProductHazards.inventoryProductId, name: hazards.name }))
        .from(inventoryProductHazards)
        .innerJoin(line, eq(line.id, inventoryProductHazards.inventoryProductId))
        .innerJoin(hazards, eq(hazards.id, inventoryProductHazards.hazardId))
        .where(eq(line.inventoryId, INVENTORY_ID))
        .orderBy(asc(inventoryProductHazards.inventoryProductId), asc(hazards.id)),
    ),
  }));
  const values = { inventory_id: inventoryId };
  const [lines, components, hazardNames] = await Promise.all([
    statements.lines.all(values) as Promise<Omit<ReportLineRow, 'components' | 'hazardNames'>[]>,
    statements.components.all(values) as Promise<(ReportComponentRow & { lineId: number })[]>,
    statements.hazards.all(values) as Promise<{ lineId: number; name: string }[]>,
  ]);
  const rows = lines as ReportLineRow[];
  const byId = new Map<number, ReportLineRow>();
  for (const row of rows) {
    row.components = [];
    row.hazardNames = [];
    byId.set(row.id, row);
  }
  for (const { lineId, ...component } of components) byId.get(lineId)?.components.push(component);
  for (const { lineId, name } of hazardNames) byId.get(lineId)?.hazardNames.push(name);
  return rows;
}

/**
 * The list in use of each type: when it was uploaded (its newest upload's `updated_at`) and whether
 * it is the seed's partial sample (decision 029).
 */
export async function selectListUploadDates(
  db: Db | Tx,
): Promise<Map<RegulatoryListType, { updatedAt: Date; isSample: boolean }>> {
  const rows = await db
    .selectDistinctOn([databaseEntries.type], {
      type: databaseEntries.type,
      updatedAt: databaseEntries.updatedAt,
      isSample: databaseEntries.isSample,
    })
    .from(databaseEntries)
    .orderBy(databaseEntries.type, desc(databaseEntries.createdAt), desc(databaseEntries.id));
  return new Map(rows.map(({ type, ...upload }) => [type, upload]));
}

/** The latest year before `year` with an active inventory of the facility: what "since last year" compares with. */
export async function findPreviousInventoryYear(
  db: Db | Tx,
  customerId: number,
  facilityId: number,
  year: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ year: inventories.year })
    .from(inventories)
    .where(
      and(
        eq(inventories.customerId, customerId),
        eq(inventories.facilityId, facilityId),
        lt(inventories.year, year),
        eq(inventories.isActive, true),
      ),
    )
    .orderBy(desc(inventories.year))
    .limit(1);
  return row?.year;
}

/** The shared catalogs' version (decision 022): what every kept report input read moves with it. */
export async function findReportCatalogVersion(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ version: reportCatalogVersion.version })
    .from(reportCatalogVersion)
    .where(eq(reportCatalogVersion.id, 1));
  return row?.version ?? 0;
}

/**
 * Of these inventories, the ones with a line holding a component of one of these CAS numbers (as
 * digits, so "7664-93-9" and "7664939" are one number, as the engine's matching reads them).
 */
export async function selectInventoriesHoldingCas(
  db: Db | Tx,
  inventoryIds: readonly number[],
  casDigits: readonly string[],
): Promise<number[]> {
  if (inventoryIds.length === 0 || casDigits.length === 0) return [];
  const rows = await db
    .selectDistinct({ inventoryId: line.inventoryId })
    .from(part)
    .innerJoin(line, eq(line.id, part.inventoryProductId))
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, part.chemicalComponentId))
    .where(
      and(
        inArray(line.inventoryId, [...inventoryIds]),
        inArray(sql`regexp_replace(${chemicalComponents.number}, '[^0-9]', '', 'g')`, [...casDigits]),
      ),
    );
  return rows.map((row) => row.inventoryId);
}
