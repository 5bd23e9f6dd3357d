import {
  type InventoryProductListRow,
  type InventoryProductResource,
  parseContainerPlacement,
  parseFireCodeUseMode,
  parseSpccExclusion,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { toIso } from '../../lib/dates.ts';
import { fromNumeric } from '../../lib/numeric.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import { toProductDataResource } from '../products/product-data.ts';
import { catalogDifferences } from './catalog-differences.ts';
import {
  findLineRow,
  type LineListRow,
  type LineRow,
  selectLineLists,
} from './inventory-products.repository.ts';

/** A line of an inventory, by the inventory's id and its own. */
export interface LineRef {
  inventoryId: number;
  lineId: number;
}

/**
 * The line, in one statement when it is there: the inventory is looked up only when the line is
 * not, to answer which of the two is missing (the inventory's 404 first, as before).
 */
export async function findLineOfInventory(db: Db | Tx, { inventoryId, lineId }: LineRef): Promise<LineRow> {
  try {
    return await findLineRow(db, inventoryId, lineId);
  } catch (error) {
    await findInventoryRow(db, inventoryId);
    throw error;
  }
}

/** The audit entity of a line (spec 02 §3 "Inventory product"). */
export const LINE_ENTITY = 'inventory_product';

/** A line as the list shows it: from the list's own narrow row, or from a whole line (`toResource`). */
export function toListRow(row: LineListRow): InventoryProductListRow {
  const { line } = row;
  return {
    id: line.id,
    inventory_product_id: line.id,
    product_id: line.productId,
    name: line.name,
    mfg_name: line.mfgName,
    sds_status: line.sdsStatus,
    has_sds_file: row.hasSdsFile,
    container: row.container,
    container_unit: row.unit,
    container_size: fromNumeric(line.containerSize),
    container_quantity: fromNumeric(line.containerQuantity),
    location_stored: line.locationStored,
    max_gallons: fromNumeric(line.maxGallons),
    max_pounds: fromNumeric(line.maxPounds),
    physical_state: line.physicalState,
    is_resolve_question: line.isResolveQuestion,
    notes: line.notes,
    is_unchecked_carry_over: line.sourceLineId !== null && line.checkedAt === null,
    updated_at: toIso(line.updatedAt),
  };
}

export async function toResource(db: Db | Tx, row: LineRow): Promise<InventoryProductResource> {
  const { line } = row;
  const lists = await selectLineLists(db, line.id);
  const differences = await catalogDifferences(db, line, lists);
  return {
    ...toListRow(row),
    ...toProductDataResource(line, lists.hazards),
    inventory_id: line.inventoryId,
    sds_no: line.sdsNo,
    container_info: line.containerInfo,
    shell_capacity_gal: fromNumeric(line.shellCapacityGal),
    placement: parseContainerPlacement(line.placement),
    spcc_exclusion: parseSpccExclusion(line.spccExclusion),
    is_processed: line.isProcessed,
    is_manufactured: line.isManufactured,
    is_otherwise_used: line.isOtherwiseUsed,
    annual_pounds_manufactured: fromNumeric(line.annualPoundsManufactured),
    annual_pounds_processed: fromNumeric(line.annualPoundsProcessed),
    annual_pounds_otherwise_used: fromNumeric(line.annualPoundsOtherwiseUsed),
    average_pounds: fromNumeric(line.averagePounds),
    days_on_site: line.daysOnSite,
    storage_type: line.storageType,
    storage_pressure: line.storagePressure,
    storage_temperature: line.storageTemperature,
    meets_313_qualifier: line.meets313Qualifier,
    is_fuel_use_only: line.isFuelUseOnly,
    is_atmospheric_storage: line.isAtmosphericStorage,
    fire_code_use_mode: parseFireCodeUseMode(line.fireCodeUseMode),
    is_outdoor: line.isOutdoor,
    catalog_differences: differences,
    catalog_differs: differences.length > 0,
    source_line_id: line.sourceLineId,
    checked_at: line.checkedAt ? toIso(line.checkedAt) : null,
    created_at: toIso(line.createdAt),
  };
}
