import type { InventoryProductResource } from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { PRODUCT_DATA_KEYS } from '../../db/schema/product-data.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { findProduct, selectProductHazardIds } from '../products/products.repository.ts';
import type { ProductChange } from '../products/products.service.ts';
import { type ProductData, pickProductData, sameValue } from './catalog-differences.ts';
import { containerFigures } from './container-figures.ts';
import { editableInventory } from './editable-inventory.ts';
import {
  copyProductComponents,
  findLineRow,
  type LineRow,
  lockInventoryLines,
  replaceLineHazards,
  selectLineHazardIds,
  selectOpenLinesOfProduct,
  updateLine,
} from './inventory-products.repository.ts';
import { LINE_ENTITY, type LineRef, toResource } from './line-resource.ts';

/**
 * A line as its catalogue audit row records it: without the comparison with the catalogue, which
 * is read after the product changed and so would show a difference the line never had.
 */
function audited({ catalog_differences: _d, catalog_differs: _f, ...line }: InventoryProductResource) {
  return line;
}

/** Writes product data onto a line with the max gallons and pounds it makes of the line's containers. */
async function writeProductData(tx: Tx, row: LineRow, data: Partial<ProductData>): Promise<void> {
  const merged = { ...row.line, ...data };
  const figures = containerFigures(merged, row.unit, row.line.containerSize, row.line.containerQuantity);
  await updateLine(tx, row.line.id, { ...data, ...figures });
}

/**
 * A catalog product changed (products.service's listener, in the transaction of the change):
 * each line of it in an inventory that is active and not completed takes the change, with its
 * audit row. A field the line no longer holds at the catalogue's previous value was corrected
 * on the line (or was already stale) and is kept; the line then shows that it differs, with its
 * Refresh (decision 006 addendum "catalogue changes"). The hazard classes are one such field.
 */
export async function propagateProductChange(tx: Tx, actor: Actor, change: ProductChange): Promise<void> {
  const changed = PRODUCT_DATA_KEYS.filter((key) => !sameValue(change.before[key], change.after[key]));
  const hazardsChanged = !sameValue(change.hazardIdsBefore, change.hazardIdsAfter);
  if (changed.length === 0 && !hazardsChanged) return;
  let locked: number | null = null;
  for (const { id, inventoryId } of await selectOpenLinesOfProduct(tx, change.after.id)) {
    // Ordered by inventory, so two changes take the inventories' locks in one order.
    if (inventoryId !== locked) {
      await lockInventoryLines(tx, inventoryId);
      locked = inventoryId;
    }
    const row = await findLineRow(tx, inventoryId, id);
    const taken = changed.filter((key) => sameValue(row.line[key], change.before[key]));
    const takesHazards =
      hazardsChanged && sameValue(await selectLineHazardIds(tx, id), change.hazardIdsBefore);
    if (taken.length === 0 && !takesHazards) continue;
    const before = await toResource(tx, row);
    await writeProductData(tx, row, pickProductData(change.after, taken));
    if (takesHazards) await replaceLineHazards(tx, id, change.hazardIdsAfter);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: LINE_ENTITY,
      entityId: id,
      details: { inventory_id: inventoryId, product_id: change.after.id, from_catalog: 'product change' },
      before: audited(before),
      after: audited(await toResource(tx, await findLineRow(tx, inventoryId, id))),
    });
  }
}

/**
 * Refresh (issue 22 point 4): the line's copy becomes its catalog product's data, hazard classes
 * and components as they are today, with its audit row; who may do it is who may edit the line.
 * A line that already matches is answered as it is, with no audit row.
 */
export async function refreshLineFromCatalog(
  db: Db,
  actor: Actor,
  { inventoryId, lineId }: LineRef,
): Promise<InventoryProductResource> {
  return db.transaction(async (tx) => {
    await editableInventory(tx, actor, inventoryId);
    await lockInventoryLines(tx, inventoryId);
    const row = await findLineRow(tx, inventoryId, lineId);
    const before = await toResource(tx, row);
    if (!before.catalog_differs) return before;
    const { product } = await findProduct(tx, row.line.productId);
    await writeProductData(tx, row, pickProductData(product, PRODUCT_DATA_KEYS));
    if (before.catalog_differences.includes('hazards')) {
      await replaceLineHazards(tx, lineId, await selectProductHazardIds(tx, product.id));
    }
    if (before.catalog_differences.includes('chemical_components')) {
      await copyProductComponents(tx, lineId, product.id);
    }
    const after = await toResource(tx, await findLineRow(tx, inventoryId, lineId));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: LINE_ENTITY,
      entityId: lineId,
      details: { inventory_id: inventoryId, product_id: product.id, from_catalog: 'refresh' },
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}
