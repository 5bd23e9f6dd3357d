import type { Tier2ComponentRecordId } from '@chemtrack/domain';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { toNumeric } from '../../lib/numeric.ts';
import { findProduct, selectProductHazardIds } from '../products/products.repository.ts';
import { editableInventory } from './editable-inventory.ts';
import {
  copyProductComponents,
  findLineRow,
  insertLine,
  lockInventoryLines,
  replaceLineHazards,
} from './inventory-products.repository.ts';
import { LINE_ENTITY, toResource } from './line-resource.ts';

/**
 * One line a Tier II import writes (issue 25): a chemical at one storage location, with the
 * file's amount as the line's pounds (or gallons) and the record ids that name it in the file.
 */
export interface ImportedLine {
  productId: number;
  locationStored: string;
  /** The location's amount in pounds; null when the file gives it in gallons (then `gallons`). */
  pounds: number | null;
  gallons: number | null;
  averagePounds: number | null;
  daysOnSite: number | null;
  storageType: string | null;
  storagePressure: string | null;
  storageTemperature: string | null;
  chemicalRecordId: string | null;
  locationRecordId: string | null;
  /** The file's CAS of the chemical ('' when none); a mixture's is held only here. */
  casNumber: string;
  /** The file's mixture components' record ids (empty for a pure chemical). */
  componentRecordIds: Tier2ComponentRecordId[];
}

/**
 * Writes the imported lines of an inventory in the caller's transaction, each with its audit row.
 * A line copies its catalog product's data, hazard classes and components as a saved line does;
 * its figures are the file's (stored max pounds, which the compliance engine reads first), not a
 * container calculation: a Tier II file names no containers. No aggregation: two locations of one
 * chemical are two lines, as the file has them.
 */
export async function insertImportedLines(
  tx: Tx,
  actor: Actor,
  inventoryId: number,
  lines: readonly ImportedLine[],
): Promise<number[]> {
  await editableInventory(tx, actor, inventoryId);
  await lockInventoryLines(tx, inventoryId);
  const ids: number[] = [];
  for (const item of lines) {
    const { product } = await findProduct(tx, item.productId);
    const { id: _id, sdsFileId: _file, isActive: _active, createdAt: _c, updatedAt: _u, ...data } = product;
    const amount = item.pounds ?? item.gallons;
    const id = await insertLine(tx, inventoryId, {
      ...data,
      productId: product.id,
      sdsNo: '',
      containerId: null,
      containerUnitId: null,
      containerSize: toNumeric(amount),
      containerQuantity: amount === null ? null : '1',
      containerInfo: '',
      locationStored: item.locationStored,
      isProcessed: false,
      isManufactured: false,
      isOtherwiseUsed: false,
      averagePounds: toNumeric(item.averagePounds),
      daysOnSite: item.daysOnSite,
      storageType: item.storageType ?? undefined,
      storagePressure: item.storagePressure ?? undefined,
      storageTemperature: item.storageTemperature ?? undefined,
      notes: '',
      isResolveQuestion: true,
      checkedAt: new Date(),
      maxPounds: toNumeric(item.pounds),
      maxGallons: toNumeric(item.gallons),
      isImported: true,
      tier2ChemicalRecordId: item.chemicalRecordId,
      tier2LocationRecordId: item.locationRecordId,
      tier2CasNumber: item.casNumber === '' ? null : item.casNumber.slice(0, 12),
      tier2ComponentRecordIds: item.componentRecordIds.length === 0 ? null : item.componentRecordIds,
    });
    await replaceLineHazards(tx, id, await selectProductHazardIds(tx, product.id));
    await copyProductComponents(tx, id, product.id);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: LINE_ENTITY,
      entityId: id,
      details: { inventory_id: inventoryId, product_id: product.id, from_tier2_import: true },
      after: await toResource(tx, await findLineRow(tx, inventoryId, id)),
    });
    ids.push(id);
  }
  return ids;
}
