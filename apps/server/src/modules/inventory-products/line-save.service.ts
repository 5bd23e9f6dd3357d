import {
  type AggregationTarget,
  areNotesEditable,
  INVENTORY_PRODUCT_MSG,
  type InventoryProductResource,
  type SaveInventoryProduct,
  type SdsStatus,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflictWith, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import {
  findProduct,
  findProductByName,
  type ProductValues,
  selectProductHazardIds,
} from '../products/products.repository.ts';
import { createProductForLine } from '../products/products.service.ts';
import { aggregateInto } from './aggregation.service.ts';
import { containerFigures } from './container-figures.ts';
import { editableInventory } from './editable-inventory.ts';
import {
  type Combination,
  checkLineVersion,
  copyProductComponents,
  deleteLine,
  findContainer,
  findLineRow,
  findSameCombination,
  findUnit,
  insertLine,
  insertLineRequest,
  type LineValues,
  lockInventoryLines,
  recordLineRequest,
  replaceLineHazards,
  updateLine,
} from './inventory-products.repository.ts';
import { LINE_ENTITY, type LineRef, toResource } from './line-resource.ts';

/** The product data a line records: a catalog product's, as of the save. */
type ProductData = ProductValues & { sdsStatus: SdsStatus };

/**
 * The product the line is of, and the product data it records. A catalog product's data is
 * copied from the catalog (the form locks it); a new name becomes a catalog product through the
 * products service, in the transaction of the line, so a failed save leaves no orphan product.
 */
async function resolveProduct(
  tx: Tx,
  actor: Actor,
  body: SaveInventoryProduct,
  currentProductId: number | null,
): Promise<{ productId: number; data: ProductData; hazardIds: number[]; isNew: boolean }> {
  if (body.product_id) {
    const { product } = await findProduct(tx, body.product_id).catch(() => {
      throw fieldError('product_id', INVENTORY_PRODUCT_MSG.productUnknown);
    });
    // An archived product stays usable on the lines that already hold it.
    if (!product.isActive && product.id !== currentProductId) {
      throw fieldError('product_id', INVENTORY_PRODUCT_MSG.productUnknown);
    }
    const { id: _id, sdsFileId: _file, isActive: _active, createdAt: _c, updatedAt: _u, ...data } = product;
    return {
      productId: product.id,
      data,
      hazardIds: await selectProductHazardIds(tx, product.id),
      isNew: false,
    };
  }
  const existing = await findProductByName(tx, body.name, body.mfg_name);
  if (existing)
    throw conflictWith(
      INVENTORY_PRODUCT_MSG.productExists(existing.name, existing.mfg_name),
      existing,
      'name',
    );
  const { productId, data } = await createProductForLine(tx, actor, body);
  return { productId, data, hazardIds: body.hazard_ids, isNew: true };
}

/** The container and unit named, active ones or the ones the line holds already; the unit's type. */
async function resolveContainer(
  tx: Tx,
  body: Pick<SaveInventoryProduct, 'container_id' | 'container_unit_id'>,
  current: { containerId: number | null; containerUnitId: number | null } | null,
) {
  if (body.container_id) {
    const container = await findContainer(tx, body.container_id);
    if (!container || (!container.isActive && container.id !== current?.containerId)) {
      throw fieldError('container_id', INVENTORY_PRODUCT_MSG.containerUnknown);
    }
  }
  if (!body.container_unit_id) return null;
  const unit = await findUnit(tx, body.container_unit_id);
  if (!unit || (!unit.isActive && unit.id !== current?.containerUnitId)) {
    throw fieldError('container_unit_id', INVENTORY_PRODUCT_MSG.unitUnknown);
  }
  return unit;
}

/** A figure the body may leave out: omitted (undefined) keeps the stored value, null clears it. */
function optionalNumeric(value: number | null | undefined): string | null | undefined {
  return value === undefined ? undefined : toNumeric(value);
}

/** The line's report figures (issue 11): what the body gives, the stored value where it is silent. */
function reportFigures(body: SaveInventoryProduct) {
  return {
    annualPoundsManufactured: optionalNumeric(body.annual_pounds_manufactured),
    annualPoundsProcessed: optionalNumeric(body.annual_pounds_processed),
    annualPoundsOtherwiseUsed: optionalNumeric(body.annual_pounds_otherwise_used),
    averagePounds: optionalNumeric(body.average_pounds),
    daysOnSite: body.days_on_site,
    storageType: body.storage_type,
    storagePressure: body.storage_pressure,
    storageTemperature: body.storage_temperature,
    meets313Qualifier: body.meets_313_qualifier,
    shellCapacityGal: optionalNumeric(body.shell_capacity_gal),
    placement: body.placement,
    spccExclusion: body.spcc_exclusion,
    isFuelUseOnly: body.is_fuel_use_only,
    isAtmosphericStorage: body.is_atmospheric_storage,
    fireCodeUseMode: body.fire_code_use_mode,
    isOutdoor: body.is_outdoor,
  };
}

/**
 * An average daily amount above the most ever on hand is a typing error (Tier II's average is at
 * most its maximum, 40 CFR 370.42); checked only when both are known, on the maximum the server
 * computes from the containers rather than any figure the client sends.
 */
function checkAverage(average: string | null | undefined, maxPounds: string | null): void {
  const avg = average === null || average === undefined ? null : Number(average);
  const max = fromNumeric(maxPounds);
  if (avg === null || max === null || avg <= max) return;
  const shown = max.toLocaleString('en-US', { maximumFractionDigits: 2 });
  throw fieldError('average_pounds', INVENTORY_PRODUCT_MSG.averageAboveMax(shown));
}

/** Create (lineId null) or update one line, in the caller's transaction. Returns the line saved. */
async function saveLine(
  tx: Tx,
  actor: Actor,
  inventoryId: number,
  lineId: number | null,
  body: SaveInventoryProduct,
): Promise<{ id: number; aggregated: boolean; createdProduct: boolean }> {
  await editableInventory(tx, actor, inventoryId);
  await lockInventoryLines(tx, inventoryId);
  const currentRow = lineId === null ? null : await findLineRow(tx, inventoryId, lineId);
  if (lineId !== null)
    await checkLineVersion(tx, { entity: LINE_ENTITY, id: lineId, readAt: body.updated_at });
  const current = currentRow?.line ?? null;
  const before = currentRow ? await toResource(tx, currentRow) : undefined;
  const notes = body.notes ?? current?.notes ?? '';
  if (
    current &&
    notes !== current.notes &&
    !areNotesEditable({ notes: current.notes, is_resolve_question: current.isResolveQuestion })
  ) {
    throw fieldError('notes', INVENTORY_PRODUCT_MSG.notesResolved);
  }
  const unit = await resolveContainer(tx, body, current);
  const product = await resolveProduct(tx, actor, body, current?.productId ?? null);
  const combination: Combination = {
    productId: product.productId,
    containerId: body.container_id ?? null,
    containerUnitId: body.container_unit_id ?? null,
    containerSize: toNumeric(body.container_size),
  };
  const match = product.isNew ? undefined : await findSameCombination(tx, inventoryId, combination, lineId);
  if (match) {
    const target: AggregationTarget = {
      id: match.id,
      name: match.name,
      container_quantity: fromNumeric(match.containerQuantity),
      location_stored: match.locationStored,
    };
    if (!body.aggregate) {
      throw conflictWith(INVENTORY_PRODUCT_MSG.needsAggregation(match.name), target, 'container_size');
    }
    return {
      id: await aggregateInto(tx, actor, inventoryId, target, body, lineId),
      aggregated: true,
      createdProduct: false,
    };
  }
  const containerQuantity = toNumeric(body.container_quantity);
  // New notes are a question until someone resolves it (spec 02 §4).
  const opensQuestion = notes !== '' && notes !== (current?.notes ?? '');
  const figures = containerFigures(product.data, unit, combination.containerSize, containerQuantity);
  const report = reportFigures(body);
  checkAverage(
    report.averagePounds === undefined ? current?.averagePounds : report.averagePounds,
    figures.maxPounds,
  );
  const values: LineValues = {
    ...product.data,
    productId: product.productId,
    sdsNo: body.sds_no ?? current?.sdsNo ?? '',
    containerId: combination.containerId,
    containerUnitId: combination.containerUnitId,
    containerSize: combination.containerSize,
    containerQuantity,
    containerInfo: body.container_info ?? current?.containerInfo ?? '',
    locationStored: body.location_stored,
    isProcessed: body.is_processed,
    isManufactured: body.is_manufactured,
    isOtherwiseUsed: body.is_otherwise_used,
    ...report,
    notes,
    isResolveQuestion: opensQuestion ? false : (current?.isResolveQuestion ?? true),
    checkedAt: new Date(),
    ...figures,
  };
  const id = lineId ?? (await insertLine(tx, inventoryId, values));
  if (lineId !== null) await updateLine(tx, lineId, values);
  await replaceLineHazards(tx, id, product.hazardIds);
  // The line lists the components of the product it is of; a line of a new product starts with none.
  if (!product.isNew && current?.productId !== product.productId)
    await copyProductComponents(tx, id, product.productId);
  await recordAudit(tx, actor, {
    action: lineId === null ? 'create' : 'update',
    entity: LINE_ENTITY,
    entityId: id,
    details: { inventory_id: inventoryId, product_id: product.productId },
    before,
    after: await toResource(tx, await findLineRow(tx, inventoryId, id)),
  });
  return { id, aggregated: false, createdProduct: product.isNew };
}

export interface SavedLine {
  resource: InventoryProductResource;
  /** The quantity joined an existing line (the resource is that line). */
  aggregated: boolean;
}

/** One save in its own transaction, answered with the line saved (the joined one when it aggregated). */
function saveInTransaction(
  db: Db,
  actor: Actor,
  inventoryId: number,
  lineId: number | null,
  body: SaveInventoryProduct,
): Promise<SavedLine> {
  return db.transaction(async (tx) => {
    const saved = await saveLine(tx, actor, inventoryId, lineId, body);
    return {
      resource: await toResource(tx, await findLineRow(tx, inventoryId, saved.id)),
      aggregated: saved.aggregated,
    };
  });
}

/**
 * Adds a line. With an `Idempotency-Key` (issue 22) the key is claimed first, in the same
 * transaction: a repeat of a create that went through answers the line it made (and whether it
 * joined an existing line) without saving anything; a create that fails leaves no claim, so its
 * retry runs anew.
 */
export function createLine(
  db: Db,
  actor: Actor,
  inventoryId: number,
  body: SaveInventoryProduct,
  idempotencyKey?: string,
): Promise<SavedLine> {
  if (idempotencyKey === undefined || actor.userId === undefined)
    return saveInTransaction(db, actor, inventoryId, null, body);
  const userId = actor.userId;
  return db.transaction(async (tx) => {
    const claim = await insertLineRequest(tx, { userId, key: idempotencyKey, inventoryId });
    if ('prior' in claim) {
      const { prior } = claim;
      if (prior.inventoryId !== inventoryId || prior.inventoryProductId === null) {
        throw new AppError('CONFLICT', INVENTORY_PRODUCT_MSG.idempotencyKeyElsewhere);
      }
      return {
        resource: await toResource(tx, await findLineRow(tx, inventoryId, prior.inventoryProductId)),
        aggregated: prior.isAggregated,
      };
    }
    const saved = await saveLine(tx, actor, inventoryId, null, body);
    await recordLineRequest(tx, claim.claimedId, { lineId: saved.id, isAggregated: saved.aggregated });
    return {
      resource: await toResource(tx, await findLineRow(tx, inventoryId, saved.id)),
      aggregated: saved.aggregated,
    };
  });
}

export function updateLineOf(
  db: Db,
  actor: Actor,
  { inventoryId, lineId }: LineRef,
  body: SaveInventoryProduct,
) {
  return saveInTransaction(db, actor, inventoryId, lineId, body);
}

/** Spec 02 §6: removing a product from an inventory is an admin's (the route's permission). */
export async function unlinkLine(
  db: Db,
  actor: Actor,
  { inventoryId, lineId }: LineRef,
): Promise<InventoryProductResource> {
  return db.transaction(async (tx) => {
    await findInventoryRow(tx, inventoryId);
    const resource = await toResource(tx, await findLineRow(tx, inventoryId, lineId));
    await deleteLine(tx, inventoryId, lineId);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: LINE_ENTITY,
      entityId: lineId,
      details: { inventory_id: inventoryId, product_id: resource.product_id, name: resource.name },
      before: resource,
    });
    return resource;
  });
}

/** Spec 02 §4: Resolve Question closes the line's open question; its notes stay as the record. */
export async function resolveQuestion(db: Db, actor: Actor, { inventoryId, lineId }: LineRef) {
  return db.transaction(async (tx) => {
    await editableInventory(tx, actor, inventoryId);
    const { line } = await findLineRow(tx, inventoryId, lineId);
    if (line.isResolveQuestion) throw fieldError('is_resolve_question', INVENTORY_PRODUCT_MSG.noOpenQuestion);
    await updateLine(tx, lineId, { isResolveQuestion: true });
    await recordAudit(tx, actor, {
      action: 'update',
      entity: LINE_ENTITY,
      entityId: lineId,
      details: { inventory_id: inventoryId },
      before: { is_resolve_question: false },
      after: { is_resolve_question: true },
    });
    return { id: lineId, name: line.name, is_resolve_question: true };
  });
}
