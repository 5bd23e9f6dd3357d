import {
  type AggregationTarget,
  type CheckExistingRequestSchema,
  DECIMAL_MSG,
  MAX_CONTAINER_FIGURE,
  type SaveInventoryProduct,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import { containerFigures } from './container-figures.ts';
import {
  deleteLine,
  findLineRequest,
  findLineRow,
  findSameCombination,
  updateLine,
} from './inventory-products.repository.ts';
import { LINE_ENTITY, toResource } from './line-resource.ts';

type CheckExisting = z.output<typeof CheckExistingRequestSchema>;

/** Two storage places of one combination: both kept when they fit the column, else the target's. */
function mergeLocations(target: string, added: string): string {
  const places = [...new Set([...target.split(', '), ...added.split(', ')].filter((place) => place !== ''))];
  const merged = places.join(', ');
  return merged.length <= 200 ? merged : target;
}

/**
 * Spec 02 §4 aggregation: the quantity joins the line of the same product, container, unit and
 * size, whose figures are recomputed; a line being edited into that combination is removed, so
 * the inventory never holds the combination twice.
 */
export async function aggregateInto(
  tx: Tx,
  actor: Actor,
  inventoryId: number,
  target: AggregationTarget,
  body: SaveInventoryProduct,
  editedLineId: number | null,
) {
  const row = await findLineRow(tx, inventoryId, target.id);
  const before = await toResource(tx, row);
  const quantity = (fromNumeric(row.line.containerQuantity) ?? 0) + (body.container_quantity ?? 0);
  // Two quantities each within the limit can add up past what the column holds.
  if (quantity > MAX_CONTAINER_FIGURE) {
    throw fieldError('container_quantity', DECIMAL_MSG.max('Container Quantity', MAX_CONTAINER_FIGURE));
  }
  const containerQuantity = toNumeric(quantity);
  await updateLine(tx, target.id, {
    containerQuantity,
    locationStored: mergeLocations(row.line.locationStored, body.location_stored),
    checkedAt: new Date(),
    ...containerFigures(row.line, row.unit, row.line.containerSize, containerQuantity),
  });
  if (editedLineId !== null) await deleteLine(tx, inventoryId, editedLineId);
  await recordAudit(tx, actor, {
    action: 'update',
    entity: LINE_ENTITY,
    entityId: target.id,
    details: {
      inventory_id: inventoryId,
      aggregated_from: editedLineId,
      quantity_added: body.container_quantity,
    },
    before,
    after: await toResource(tx, await findLineRow(tx, inventoryId, target.id)),
  });
  return target.id;
}

/** Spec 02 §7 check-existing: the line a save of this combination would join, if any. */
/**
 * Whether a save of this combination must ask to aggregate. `idempotencyKey` names the create the
 * form is about to send (issue 22): when that create already went through (its answer was lost),
 * the line found is its own, and the create sent again will answer it, so there is nothing to ask.
 */
export async function checkExisting(
  db: Db,
  actor: Actor,
  inventoryId: number,
  body: CheckExisting,
  idempotencyKey?: string,
) {
  await findInventoryRow(db, inventoryId);
  if (!body.product_id) return { is_need_aggregation: false, inventory_product: null };
  if (idempotencyKey !== undefined && actor.userId !== undefined) {
    const made = await findLineRequest(db, actor.userId, idempotencyKey);
    if (made?.inventoryId === inventoryId && made.inventoryProductId !== null)
      return { is_need_aggregation: false, inventory_product: null };
  }
  const match = await findSameCombination(
    db,
    inventoryId,
    {
      productId: body.product_id,
      containerId: body.container_id ?? null,
      containerUnitId: body.container_unit_id ?? null,
      containerSize: toNumeric(body.container_size),
    },
    body.inventory_product_id ?? null,
  );
  if (!match) return { is_need_aggregation: false, inventory_product: null };
  return {
    is_need_aggregation: true,
    inventory_product: {
      id: match.id,
      name: match.name,
      container_quantity: fromNumeric(match.containerQuantity),
      location_stored: match.locationStored,
    },
  };
}
