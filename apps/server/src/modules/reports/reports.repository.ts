import type { RegulatoryListType } from '@chemtrack/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  addresses,
  chemicalComponents,
  containers,
  containerUnits,
  customers,
  databaseEntries,
  facilities,
  hazards,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProducts,
  regulatoryEntries,
} from '../../db/schema/index.ts';
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
      spccCouldDischarge: facilities.spccCouldDischarge,
    })
    .from(facilities)
    // A facility with no address row still has its county.
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .where(eq(facilities.id, facilityId))
    .limit(1);
  return row;
}

/** The facility-year's inventory (one per customer, facility and year); archived ones are left out, as in the years list. */
export async function findInventoryId(
  db: Db | Tx,
  customerId: number,
  facilityId: number,
  year: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: inventories.id })
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
  return row?.id;
}

const line = inventoryProducts;
// The line a carried-over line was copied from, and that line's inventory: the year it came from.
const sourceLine = alias(inventoryProducts, 'source_line');
const sourceInventory = alias(inventories, 'source_inventory');

export function selectLines(db: Db | Tx, inventoryId: number) {
  return db
    .select({
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
    })
    .from(line)
    .leftJoin(containers, eq(containers.id, line.containerId))
    .leftJoin(containerUnits, eq(containerUnits.id, line.containerUnitId))
    .leftJoin(sourceLine, eq(sourceLine.id, line.sourceLineId))
    .leftJoin(sourceInventory, eq(sourceInventory.id, sourceLine.inventoryId))
    .where(eq(line.inventoryId, inventoryId))
    .orderBy(asc(line.id));
}
export type ReportLineRow = Awaited<ReturnType<typeof selectLines>>[number];

/** The components of every line of the inventory, with the catalog's CAS number and name. */
export function selectLineComponents(db: Db | Tx, inventoryId: number) {
  const part = inventoryProductChemicalComponents;
  return db
    .select({
      lineId: part.inventoryProductId,
      chemicalComponentId: part.chemicalComponentId,
      casNumber: chemicalComponents.number,
      name: chemicalComponents.name,
      percentageWeight: part.percentageWeight,
      percentageWeightLow: part.percentageWeightLow,
      percentageVolume: part.percentageVolume,
      isCarcinogen: part.isCarcinogen,
    })
    .from(part)
    .innerJoin(line, eq(line.id, part.inventoryProductId))
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, part.chemicalComponentId))
    .where(eq(line.inventoryId, inventoryId))
    .orderBy(asc(part.inventoryProductId), asc(part.id));
}

/** The hazard class names of every line of the inventory. */
export function selectLineHazardNames(db: Db | Tx, inventoryId: number) {
  return db
    .select({ lineId: inventoryProductHazards.inventoryProductId, name: hazards.name })
    .from(inventoryProductHazards)
    .innerJoin(line, eq(line.id, inventoryProductHazards.inventoryProductId))
    .innerJoin(hazards, eq(hazards.id, inventoryProductHazards.hazardId))
    .where(eq(line.inventoryId, inventoryId));
}

/**
 * Every list's entries (a few thousand rows: the EPA/OSHA lists), all of them even for a report
 * that tests one list, so "CAS on none of the lists" is true of every list.
 */
export function selectReferenceEntries(db: Db | Tx) {
  const entry = regulatoryEntries;
  return db
    .select({
      list_type: entry.listType,
      chemical_name: entry.chemicalName,
      cas_number: entry.casNumber,
      category: entry.category,
      condition: entry.condition,
      threshold_quantity_lbs: entry.thresholdQuantityLbs,
      threshold_quantity_upper_lbs: entry.thresholdQuantityUpperLbs,
      tpq_text: entry.tpqText,
      final_reportable_quantity_lb: entry.finalReportableQuantityLb,
      substance_kind: entry.substanceKind,
      min_concentration_pct: entry.minConcentrationPct,
      de_minimis_pct: entry.deMinimisPct,
      is_pbt: entry.isPbt,
      is_pfas: entry.isPfas,
      note: entry.note,
      alias_cas_numbers: entry.aliasCasNumbers,
    })
    .from(entry)
    .orderBy(asc(entry.id));
}
export type ReferenceEntryRow = Awaited<ReturnType<typeof selectReferenceEntries>>[number];

/** When the list in use of each type was uploaded: its newest upload's `updated_at`. */
export async function selectListUploadDates(db: Db | Tx): Promise<Map<RegulatoryListType, Date>> {
  const rows = await db
    .selectDistinctOn([databaseEntries.type], {
      type: databaseEntries.type,
      updatedAt: databaseEntries.updatedAt,
    })
    .from(databaseEntries)
    .orderBy(databaseEntries.type, desc(databaseEntries.createdAt), desc(databaseEntries.id));
  return new Map(rows.map((row) => [row.type, row.updatedAt]));
}
