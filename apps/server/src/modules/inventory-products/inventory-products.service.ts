import { buffer } from 'node:stream/consumers';
import {
  type AggregationTarget,
  type AutocompleteItem,
  type AutocompleteQuery,
  areNotesEditable,
  type CheckExistingRequestSchema,
  calculateContainer,
  canEditInventoryLines,
  compliance,
  INVENTORY_PRODUCT_MSG,
  type InventoryProductListQuery,
  type InventoryProductListResponse,
  type InventoryProductListRow,
  type InventoryProductResource,
  isAllowed,
  type ListPage,
  type SaveInventoryProduct,
  type SdsStatus,
} from '@chemtrack/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflictWith, fieldError, forbidden } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { buildMeta, toPage } from '../../lib/list-query.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { mergeSdsFiles, type SdsMergeResult } from '../../lib/print-all-sds/index.ts';
import { FileNotStoredError, type FileStore } from '../../storage/file-store.ts';
import { createComponentLinks } from '../chemical-components/chemical-components.service.ts';
import { findInventoryRow, type InventoryRow } from '../inventories/inventories.repository.ts';
import {
  findProduct,
  insertProduct,
  type ProductValues,
  replaceHazards,
  selectProductHazardIds,
} from '../products/products.repository.ts';
import { checkHazards, toProductColumns } from '../products/products.service.ts';
import {
  deleteLineLink,
  findLineLinkRow,
  findOtherLineLink,
  insertLineLink,
  selectLineLinkRows,
  updateLineLink,
} from './inventory-product-components.repository.ts';
import {
  type Combination,
  copyProductComponents,
  deleteLine,
  findContainer,
  findLineRow,
  findProductByName,
  findSameCombination,
  findUnit,
  hazardsByLine,
  insertLine,
  type LineRow,
  type LineValues,
  lockInventoryLines,
  replaceLineHazards,
  selectInventorySdsFiles,
  selectLineListRows,
  selectLinePickerRows,
  selectLineStatistics,
  updateLine,
} from './inventory-products.repository.ts';

type CheckExisting = z.output<typeof CheckExistingRequestSchema>;
const ENTITY = 'inventory_product';

function toListRow(row: LineRow): InventoryProductListRow {
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

async function toResource(db: Db | Tx, row: LineRow): Promise<InventoryProductResource> {
  const { line } = row;
  const lineHazards = (await hazardsByLine(db, [line.id])).get(line.id) ?? [];
  return {
    ...toListRow(row),
    inventory_id: line.inventoryId,
    mfg_product_number: line.mfgProductNumber,
    mfg_phone: line.mfgPhone,
    mfg_emergency_phone: line.mfgEmergencyPhone,
    nfpa: line.nfpa,
    sds_no: line.sdsNo,
    sds_date: line.sdsDate,
    container_info: line.containerInfo,
    conversion_factor: fromNumeric(line.conversionFactor),
    flash_points: line.flashPoints,
    hazards: lineHazards,
    is_processed: line.isProcessed,
    is_manufactured: line.isManufactured,
    is_otherwise_used: line.isOtherwiseUsed,
    is_spcc: line.isSpcc,
    is_sara_f: line.isSaraF,
    is_sara_p: line.isSaraP,
    is_sara_r: line.isSaraR,
    is_sara_a: line.isSaraA,
    is_sara_c: line.isSaraC,
    tier2_hazard_categories: compliance.TIER2_HAZARD_CATEGORIES.filter((category) =>
      line.tier2HazardCategories.includes(category),
    ),
    annual_pounds_manufactured: fromNumeric(line.annualPoundsManufactured),
    annual_pounds_processed: fromNumeric(line.annualPoundsProcessed),
    annual_pounds_otherwise_used: fromNumeric(line.annualPoundsOtherwiseUsed),
    average_pounds: fromNumeric(line.averagePounds),
    days_on_site: line.daysOnSite,
    storage_type: line.storageType,
    storage_pressure: line.storagePressure,
    storage_temperature: line.storageTemperature,
    meets_313_qualifier: line.meets313Qualifier,
    pounds_per_gallon: fromNumeric(line.poundsPerGallon),
    specific_gravity: fromNumeric(line.specificGravity),
    density: fromNumeric(line.density),
    source_line_id: line.sourceLineId,
    checked_at: line.checkedAt ? toIso(line.checkedAt) : null,
    created_at: toIso(line.createdAt),
  };
}

async function getLine(db: Db | Tx, inventoryId: number, lineId: number): Promise<InventoryProductResource> {
  await findInventoryRow(db, inventoryId);
  return toResource(db, await findLineRow(db, inventoryId, lineId));
}

async function listLines(
  db: Db,
  inventoryId: number,
  query: InventoryProductListQuery,
): Promise<InventoryProductListResponse['resource']> {
  const { inventory, customer, facility } = await findInventoryRow(db, inventoryId);
  const stats = await selectLineStatistics(db, inventoryId);
  const { rows, total } = await selectLineListRows(db, inventoryId, query, stats.lines);
  return {
    items: rows.map(toListRow),
    meta: buildMeta(total, query.page, query.ipp),
    customer_name: customer.name,
    facility_name: facility.name,
    year: inventory.year,
    is_completed: inventory.isCompleted,
    is_active: inventory.isActive,
    products_inventoried: stats.productsInventoried,
    products_with_sds: stats.productsWithSds,
    lines: stats.lines,
    unchecked_lines: stats.uncheckedLines,
    open_questions: stats.openQuestions,
  };
}

async function autocompleteLines(
  db: Db,
  inventoryId: number,
  query: AutocompleteQuery,
): Promise<ListPage<AutocompleteItem>> {
  await findInventoryRow(db, inventoryId);
  const { rows, total } = await selectLinePickerRows(db, inventoryId, query);
  return toPage(rows, total, query.page, query.ipp);
}

/** Spec 02 §4 and §6: an admin always; staff only while the inventory is active and not completed. */
async function editableInventory(tx: Tx, actor: Actor, inventoryId: number): Promise<InventoryRow> {
  const row = await findInventoryRow(tx, inventoryId);
  const mayEditClosed = isAllowed(actor.role, 'inventory-products.update-closed');
  if (
    !canEditInventoryLines(
      { is_active: row.inventory.isActive, is_completed: row.inventory.isCompleted },
      mayEditClosed,
    )
  ) {
    throw forbidden(INVENTORY_PRODUCT_MSG.closedInventory);
  }
  return row;
}

/** The product data a line records: a catalogue product's, as of the save. */
type ProductData = ProductValues & { sdsStatus: SdsStatus };

/**
 * The product the line is of, and the product data it records. A catalogue product's data is
 * copied from the catalogue (the form locks it); a new name becomes a catalogue product here, in
 * the transaction of the line, so a failed save leaves no orphan product behind.
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
  await checkHazards(tx, body.hazard_ids, []);
  const data = { ...toProductColumns(body), sdsStatus: 'pending' as const };
  const productId = await insertProduct(tx, { ...data, sdsFileId: null, isActive: true });
  await replaceHazards(tx, productId, body.hazard_ids);
  await recordAudit(tx, actor, {
    action: 'create',
    entity: 'product',
    entityId: productId,
    details: { from_inventory_product: true },
    after: { ...data, hazard_ids: body.hazard_ids },
  });
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

/** Spec 02 §9, on the server: the stored figures never come from the client. */
function containerFigures(
  data: Pick<ProductData, 'physicalState' | 'poundsPerGallon' | 'conversionFactor'>,
  unit: { name: string; type: string } | null,
  size: string | null,
  quantity: string | null,
) {
  const result = calculateContainer({
    physical_state: data.physicalState,
    unit_type: unit?.type,
    unit_name: unit?.name,
    container_size: size,
    container_quantity: quantity,
    pounds_per_gallon: data.poundsPerGallon,
    conversion_factor: data.conversionFactor,
  });
  return { maxGallons: toNumeric(result.max_gallons), maxPounds: toNumeric(result.max_pounds) };
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
async function aggregateInto(
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
    entity: ENTITY,
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
    entity: ENTITY,
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

async function createLine(
  db: Db,
  actor: Actor,
  inventoryId: number,
  body: SaveInventoryProduct,
): Promise<SavedLine> {
  return db.transaction(async (tx) => {
    const saved = await saveLine(tx, actor, inventoryId, null, body);
    return {
      resource: await toResource(tx, await findLineRow(tx, inventoryId, saved.id)),
      aggregated: saved.aggregated,
    };
  });
}

async function updateLineOf(
  db: Db,
  actor: Actor,
  inventoryId: number,
  lineId: number,
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

/** Spec 02 §6: removing a product from an inventory is an admin's (the route's permission). */
async function unlinkLine(
  db: Db,
  actor: Actor,
  inventoryId: number,
  lineId: number,
): Promise<InventoryProductResource> {
  return db.transaction(async (tx) => {
    await findInventoryRow(tx, inventoryId);
    const resource = await toResource(tx, await findLineRow(tx, inventoryId, lineId));
    await deleteLine(tx, inventoryId, lineId);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: lineId,
      details: { inventory_id: inventoryId, product_id: resource.product_id, name: resource.name },
      before: resource,
    });
    return resource;
  });
}

/** Spec 02 §4: Resolve Question closes the line's open question; its notes stay as the record. */
async function resolveQuestion(db: Db, actor: Actor, inventoryId: number, lineId: number) {
  return db.transaction(async (tx) => {
    await editableInventory(tx, actor, inventoryId);
    const { line } = await findLineRow(tx, inventoryId, lineId);
    if (line.isResolveQuestion) throw fieldError('is_resolve_question', INVENTORY_PRODUCT_MSG.noOpenQuestion);
    await updateLine(tx, lineId, { isResolveQuestion: true });
    await recordAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: lineId,
      details: { inventory_id: inventoryId },
      before: { is_resolve_question: false },
      after: { is_resolve_question: true },
    });
    return { id: lineId, name: line.name, is_resolve_question: true };
  });
}

/** Spec 02 §7 check-existing: the line a save of this combination would join, if any. */
async function checkExisting(db: Db, inventoryId: number, body: CheckExisting) {
  await findInventoryRow(db, inventoryId);
  if (!body.product_id) return { is_need_aggregation: false, inventory_product: null };
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

/**
 * Merges run in worker threads and each holds its output in memory until it is sent: two at a
 * time keeps a burst of clicks from taking the machine's memory, and a third is told to retry.
 */
const MAX_CONCURRENT_MERGES = 2;
let runningMerges = 0;

export const PRINT_ALL_SDS_MSG = {
  noProducts: 'This inventory has no products to print.',
  busy: 'Print All SDS is busy with other inventories. Try again in a moment.',
} as const;

async function readStored(store: FileStore, key: string | null): Promise<Uint8Array | undefined> {
  if (key === null) return undefined;
  try {
    return await buffer(await store.read(key));
  } catch (error) {
    if (error instanceof FileNotStoredError) return undefined;
    throw error;
  }
}

/**
 * Spec 02 §7 print-all-sds-v2: one PDF of the SDS of every distinct product on the inventory, an
 * index page first. A product with no SDS on file, or one that is unreadable or encrypted, is
 * listed on the index as not included (see lib/print-all-sds).
 */
async function printAllSds(
  db: Db,
  store: FileStore,
  inventoryId: number,
  signal?: AbortSignal,
): Promise<SdsMergeResult & { title: { customer: string; facility: string; year: number } }> {
  const { inventory, customer, facility } = await findInventoryRow(db, inventoryId);
  const items = await selectInventorySdsFiles(db, inventoryId);
  if (items.length === 0) throw fieldError('inventory', PRINT_ALL_SDS_MSG.noProducts);
  if (runningMerges >= MAX_CONCURRENT_MERGES) {
    throw new AppError('BUSY', PRINT_ALL_SDS_MSG.busy, undefined, { 'Retry-After': '10' });
  }
  runningMerges += 1;
  try {
    const title = { customer: customer.name, facility: facility.name, year: inventory.year };
    const result = await mergeSdsFiles(
      {
        title,
        items: items.map((item) => ({ name: item.name, read: () => readStored(store, item.storageKey) })),
      },
      signal ? { signal } : {},
    );
    return { ...result, title };
  } finally {
    runningMerges -= 1;
  }
}

/** A line of an inventory, as the owner of its components. */
export interface LineRef {
  inventoryId: number;
  lineId: number;
}

/**
 * The components of one line (spec 02 §7): its copy of the product's list, which the technician
 * may correct for what is on site; changing them follows the line's own rule (spec 02 §6).
 */
export const lineComponents = createComponentLinks<LineRef>({
  entity: 'inventory_product_chemical_component',
  async ensureOwner(db, { inventoryId, lineId }) {
    await findInventoryRow(db, inventoryId);
    await findLineRow(db, inventoryId, lineId);
  },
  async ensureWritable(tx, actor, { inventoryId, lineId }) {
    await editableInventory(tx, actor, inventoryId);
    await findLineRow(tx, inventoryId, lineId);
  },
  selectLinkRows: (db, { lineId }, query) => selectLineLinkRows(db, lineId, query),
  findLinkRow: (db, { lineId }, linkId) => findLineLinkRow(db, lineId, linkId),
  findOtherLink: (db, { lineId }, componentId, exceptLinkId) =>
    findOtherLineLink(db, lineId, componentId, exceptLinkId),
  insertLink: (db, { lineId }, values) => insertLineLink(db, lineId, values),
  updateLink: updateLineLink,
  deleteLink: (db, { lineId }, linkId) => deleteLineLink(db, lineId, linkId),
  auditDetails: ({ inventoryId, lineId }) => ({ inventory_id: inventoryId, inventory_product_id: lineId }),
});

export const inventoryProductsService = {
  printAllSds,
  list: listLines,
  autocomplete: autocompleteLines,
  get: getLine,
  create: createLine,
  update: updateLineOf,
  unlink: unlinkLine,
  resolveQuestion,
  checkExisting,
};
