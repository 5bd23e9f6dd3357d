import type { Readable } from 'node:stream';
import {
  compliance,
  FIRE_CODE_HAZARD_CLASSES,
  PRODUCT_MSG,
  type ProductListQuery,
  type ProductListRow,
  type ProductResource,
  productMeasures,
  type SaveProduct,
  type SdsStatus,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { toPage } from '../../lib/list-query.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { FileNotStoredError, type FileStore } from '../../storage/file-store.ts';
import { PDF_MIME_TYPE } from '../files/file-types.ts';
import { type FileRow, findFileByKey } from '../files/files.repository.ts';
import { releaseFiles, removeStoredFiles, toStoredFile, type WarnLog } from '../files/files.service.ts';
import {
  checkProductVersion,
  findProduct,
  findSdsHolder,
  type HazardRef,
  hazardsByProduct,
  insertProduct,
  lockProduct,
  type ProductRow,
  replaceHazards,
  selectHazardStates,
  selectProductComponentCas,
  selectProductHazardIds,
  selectProductListRows,
  toggleProductActive,
  updateProductRow,
} from './products.repository.ts';

const ENTITY = 'product';

function toProductResource(row: ProductRow, hazardList: HazardRef[]): ProductResource {
  const { product } = row;
  return {
    id: product.id,
    name: product.name,
    mfg_name: product.mfgName,
    mfg_product_number: product.mfgProductNumber,
    mfg_phone: product.mfgPhone,
    mfg_emergency_phone: product.mfgEmergencyPhone,
    sds_date: product.sdsDate,
    sds_file: row.file ? toStoredFile(row.file) : null,
    sds_status: product.sdsStatus,
    sds_is_label_photo: row.file?.isLabelPhoto ?? false,
    needs_review: product.needsReview,
    physical_state: product.physicalState,
    specific_gravity: fromNumeric(product.specificGravity),
    density: fromNumeric(product.density),
    pounds_per_gallon: fromNumeric(product.poundsPerGallon),
    conversion_factor: fromNumeric(product.conversionFactor),
    flash_points: product.flashPoints,
    nfpa: product.nfpa,
    is_spcc: product.isSpcc,
    is_sara_f: product.isSaraF,
    is_sara_p: product.isSaraP,
    is_sara_r: product.isSaraR,
    is_sara_a: product.isSaraA,
    is_sara_c: product.isSaraC,
    tier2_hazard_categories: compliance.TIER2_HAZARD_CATEGORIES.filter((category) =>
      product.tier2HazardCategories.includes(category),
    ),
    ...productReportInputs(product),
    is_active: product.isActive,
    hazards: hazardList,
    created_at: toIso(product.createdAt),
    updated_at: toIso(product.updatedAt),
  };
}

async function getProduct(db: Db | Tx, id: number): Promise<ProductResource> {
  const row = await findProduct(db, id);
  const hazardList = (await hazardsByProduct(db, [id])).get(id) ?? [];
  return toProductResource(row, hazardList);
}

async function listProducts(db: Db, query: ProductListQuery) {
  const { rows, total } = await selectProductListRows(db, query);
  const hazardMap = await hazardsByProduct(
    db,
    rows.map((row) => row.id),
  );
  const items: ProductListRow[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    mfg_name: row.mfgName,
    sds_status: row.sdsStatus,
    sds_date: row.sdsDate,
    physical_state: row.physicalState,
    is_active: row.isActive,
    needs_review: row.needsReview,
    hazards: hazardMap.get(row.id) ?? [],
    updated_at: toIso(row.updatedAt),
    has_sds_file: row.hasSdsFile,
  }));
  return toPage(items, total, query.page, query.ipp);
}

/**
 * Hazard ids must name existing, active classes. Classes the product already has stay allowed
 * after they are archived, so archiving a class does not make its products unsaveable.
 */
export async function checkHazards(tx: Tx, ids: number[], current: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await selectHazardStates(tx, ids);
  const usable = new Set(rows.filter((row) => row.isActive || current.includes(row.id)).map((row) => row.id));
  if (ids.some((id) => !usable.has(id))) throw fieldError('hazard_ids', PRODUCT_MSG.hazardUnknown);
}

/**
 * 40 CFR 68.115(b)(1): the partial-pressure override is not open to oleum and the toluene
 * diisocyanates, so it cannot be set on a product holding one (the engine would not apply it).
 * A new product has no components yet; the engine still refuses the override for one added later.
 */
export async function checkPartialPressureOverride(
  tx: Tx,
  productId: number,
  isExempt: boolean | undefined,
): Promise<void> {
  if (isExempt !== true) return;
  const excepted = (await selectProductComponentCas(tx, productId)).filter(
    (part) => compliance.rmpPartialPressureExcepted(part.cas_number) !== null,
  );
  if (excepted.length === 0) return;
  const names = excepted.map((part) => `${part.name} ${part.cas_number}`).join(', ');
  throw fieldError('is_partial_pressure_exempt', PRODUCT_MSG.partialPressureExcepted(names));
}

interface SdsChange {
  fileId: number | null;
  /** A file other than the current one is attached. */
  isAttached: boolean;
  /** The current file is let go (detached or replaced). */
  isReleased: boolean;
  /** The attached file is a photo of the label, which is not an SDS (issue 33 point 9). */
  isLabelPhoto: boolean;
}

/**
 * `sds` omitted keeps the file; null detaches it; `{ filepath }` attaches an upload that no
 * other product holds.
 */
async function resolveSds(tx: Tx, currentFileId: number | null, sds: SaveProduct['sds']): Promise<SdsChange> {
  if (sds === undefined)
    return { fileId: currentFileId, isAttached: false, isReleased: false, isLabelPhoto: false };
  if (sds === null) {
    return { fileId: null, isAttached: false, isReleased: currentFileId !== null, isLabelPhoto: false };
  }
  const file = await findFileByKey(tx, sds.filepath);
  if (!file || file.mimeType !== PDF_MIME_TYPE) throw fieldError('sds', PRODUCT_MSG.sdsFileUnknown);
  const isLabelPhoto = file.isLabelPhoto;
  if (file.id === currentFileId)
    return { fileId: file.id, isAttached: false, isReleased: false, isLabelPhoto };
  if ((await findSdsHolder(tx, file.id)) !== undefined) throw fieldError('sds', PRODUCT_MSG.sdsFileUnknown);
  return { fileId: file.id, isAttached: true, isReleased: currentFileId !== null, isLabelPhoto };
}

/**
 * The status the body asks for, or else what the file change implies: a new product is `sds`
 * with a file and `pending` without; an update turns `sds` when a file is attached, `pending`
 * when it is removed, and otherwise keeps what the staff set (e.g. `update`).
 */
function resolveSdsStatus(
  requested: SdsStatus | null | undefined,
  current: SdsStatus | null,
  change: SdsChange,
): SdsStatus {
  if (requested) {
    if (requested === 'sds' && change.fileId === null) {
      throw fieldError('sds_status', PRODUCT_MSG.sdsStatusNeedsFile);
    }
    return requested;
  }
  // A photo of the label is kept as the product's file but is not an SDS: the product stays in
  // the Pending SDS filter until staff attach the real one or set the status (issue 33 point 9).
  if (current === null) return change.fileId === null || change.isLabelPhoto ? 'pending' : 'sds';
  if (change.isAttached) return change.isLabelPhoto ? 'pending' : 'sds';
  if (change.fileId === null && change.isReleased) return 'pending';
  return current;
}

/** The product data columns of a body; the inventory-product save uses it for a new product too. */
export type ProductDataBody = Omit<SaveProduct, 'sds' | 'sds_status' | 'hazard_ids' | 'is_active' | 'encode'>;

export function toProductColumns(body: ProductDataBody) {
  const measures = productMeasures(body);
  return {
    name: body.name,
    mfgName: body.mfg_name,
    mfgProductNumber: body.mfg_product_number ?? '',
    mfgPhone: body.mfg_phone,
    mfgEmergencyPhone: body.mfg_emergency_phone,
    sdsDate: body.sds_date ?? null,
    physicalState: body.physical_state ?? null,
    specificGravity: toNumeric(measures.specific_gravity),
    density: toNumeric(measures.density),
    poundsPerGallon: toNumeric(measures.pounds_per_gallon),
    conversionFactor: toNumeric(measures.conversion_factor),
    flashPoints: body.flash_points,
    nfpa: body.nfpa ?? '',
    isSpcc: body.is_spcc,
    isSaraF: body.is_sara_f,
    isSaraP: body.is_sara_p,
    isSaraR: body.is_sara_r,
    isSaraA: body.is_sara_a,
    isSaraC: body.is_sara_c,
    // Undefined (omitted) leaves the column as it is on update and to its default on insert.
    tier2HazardCategories: body.tier2_hazard_categories,
    fireCodeHazardClasses: body.fire_code_hazard_classes,
    tier2Exclusion: body.tier2_exclusion,
    solidForm: body.solid_form,
    powderFractionPct:
      body.powder_fraction_pct === undefined ? undefined : toNumeric(body.powder_fraction_pct),
    isUsedAsFuel: body.is_used_as_fuel,
    isPartialPressureExempt: body.is_partial_pressure_exempt,
    partialPressureNote: body.partial_pressure_note,
  };
}

/**
 * The 370.13 exclusion, the 302 solid form and the RMP/PSM fuel and partial-pressure inputs of a
 * product or a line, as the API shows them.
 */
export function productReportInputs(row: {
  fireCodeHazardClasses: string[];
  tier2Exclusion: string | null;
  solidForm: string | null;
  powderFractionPct: string | null;
  isUsedAsFuel: boolean;
  isPartialPressureExempt: boolean;
  partialPressureNote: string;
}) {
  return {
    fire_code_hazard_classes: FIRE_CODE_HAZARD_CLASSES.filter((item) =>
      row.fireCodeHazardClasses.includes(item),
    ),
    tier2_exclusion: compliance.TIER2_EXCLUSIONS.find((value) => value === row.tier2Exclusion) ?? null,
    solid_form: compliance.SOLID_FORMS.find((value) => value === row.solidForm) ?? null,
    powder_fraction_pct: fromNumeric(row.powderFractionPct),
    is_used_as_fuel: row.isUsedAsFuel,
    is_partial_pressure_exempt: row.isPartialPressureExempt,
    partial_pressure_note: row.partialPressureNote,
  };
}

/**
 * A product an inventory line names that the catalog does not hold yet (spec 02 §4): created
 * from the line's product data and hazards, with the SDS the line attaches (issue 22: a PDF or a
 * label photo stored as one) under the same rules as a product save (`sds` with a file, `pending`
 * without), with its own audit row, in the line's transaction `tx` so a line that fails to save
 * leaves no product behind and its upload unattached.
 */
export async function createProductForLine(
  tx: Tx,
  actor: Actor,
  body: ProductDataBody & { hazard_ids: number[]; sds?: SaveProduct['sds'] },
) {
  await checkHazards(tx, body.hazard_ids, []);
  const sds = await resolveSds(tx, null, body.sds);
  const data = { ...toProductColumns(body), sdsStatus: resolveSdsStatus(undefined, null, sds) };
  // A technician's product is made on site from what the label says: staff check it before it is
  // trusted (issue 33 point 9); staff saving it clears the mark.
  const productId = await insertProduct(tx, {
    ...data,
    sdsFileId: sds.fileId,
    isActive: true,
    needsReview: actor.role === 'technician',
  });
  await replaceHazards(tx, productId, body.hazard_ids);
  await recordAudit(tx, actor, {
    action: 'create',
    entity: ENTITY,
    entityId: productId,
    details: { from_inventory_product: true },
    after: { ...data, hazard_ids: body.hazard_ids, sds_file: body.sds?.filepath ?? null },
  });
  return { productId, data };
}

/** Creates the product with its hazards, its SDS and its audit row in one transaction. */
async function createProduct(db: Db, actor: Actor, body: SaveProduct): Promise<ProductResource> {
  return db.transaction(async (tx) => {
    await checkHazards(tx, body.hazard_ids, []);
    const sds = await resolveSds(tx, null, body.sds);
    const id = await insertProduct(tx, {
      ...toProductColumns(body),
      sdsFileId: sds.fileId,
      sdsStatus: resolveSdsStatus(body.sds_status, null, sds),
      isActive: body.is_active ?? true,
    });
    await replaceHazards(tx, id, body.hazard_ids);
    const resource = await getProduct(tx, id);
    await recordAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, after: resource });
    return resource;
  });
}

async function toggleProduct(db: Db, actor: Actor, id: number): Promise<ProductResource> {
  return db.transaction(async (tx) => {
    await toggleProductActive(tx, id);
    const resource = await getProduct(tx, id);
    await recordAudit(tx, actor, {
      action: resource.is_active ? 'unarchive' : 'archive',
      entity: ENTITY,
      entityId: id,
      before: { is_active: !resource.is_active },
      after: { is_active: resource.is_active },
    });
    return resource;
  });
}

/** The product's SDS bytes and what to call them; 404 when it has none (or the bytes are gone). */
async function openSds(db: Db, store: FileStore, id: number): Promise<{ file: FileRow; stream: Readable }> {
  const { file } = await findProduct(db, id);
  if (!file) throw notFound('SDS file');
  let stream: Readable;
  try {
    stream = await store.read(file.storageKey);
  } catch (error) {
    if (error instanceof FileNotStoredError) throw notFound('SDS file');
    throw error;
  }
  return { file, stream };
}

/** A catalog product's row as stored. */
export type CatalogProductRow = Awaited<ReturnType<typeof lockProduct>>;

/** One change of a catalog product: its row and hazard classes before and after. */
export interface ProductChange {
  before: CatalogProductRow;
  after: CatalogProductRow;
  hazardIdsBefore: number[];
  hazardIdsAfter: number[];
}

/**
 * Told of every change of a product's data inside the transaction of the change, so those who
 * keep a copy of it (the lines of open inventories, decision 006 addendum "catalogue changes")
 * take it with the change or not at all. The products area cannot import them (they import it),
 * so they are handed in where both are registered (modules/index.ts).
 */
export type ProductChangeListener = (tx: Tx, actor: Actor, change: ProductChange) => Promise<void>;

/**
 * Products and their SDS over the file store. A replaced or detached SDS loses its row in the
 * transaction of the save and its bytes only once that has committed, so a failed save never
 * leaves a product pointing at a deleted file.
 */
export function createProductsService(store: FileStore, log?: WarnLog, onChange?: ProductChangeListener) {
  async function tellChange(tx: Tx, actor: Actor, before: CatalogProductRow, hazardIdsBefore: number[]) {
    if (!onChange) return;
    const after = await lockProduct(tx, before.id);
    const hazardIdsAfter = await selectProductHazardIds(tx, before.id);
    await onChange(tx, actor, { before, after, hazardIdsBefore, hazardIdsAfter });
  }

  /** Saves the product, its hazard list, its SDS and the audit row in one transaction. */
  async function updateProduct(
    db: Db,
    actor: Actor,
    id: number,
    body: SaveProduct,
  ): Promise<ProductResource> {
    const { resource, releasedKeys } = await db.transaction(async (tx) => {
      const product = await lockProduct(tx, id);
      await checkProductVersion(tx, { entity: ENTITY, id, readAt: body.updated_at });
      const before = await getProduct(tx, id);
      const hazardIdsBefore = await selectProductHazardIds(tx, id);
      await checkHazards(tx, body.hazard_ids, hazardIdsBefore);
      await checkPartialPressureOverride(tx, id, body.is_partial_pressure_exempt);
      const sds = await resolveSds(tx, product.sdsFileId, body.sds);
      await updateProductRow(tx, id, {
        ...toProductColumns(body),
        sdsFileId: sds.fileId,
        sdsStatus: resolveSdsStatus(body.sds_status, product.sdsStatus, sds),
        // Only staff save a catalogue product (products.update): their save is the review.
        needsReview: false,
      });
      await replaceHazards(tx, id, body.hazard_ids);
      const released =
        sds.isReleased && product.sdsFileId !== null ? await releaseFiles(tx, [product.sdsFileId]) : [];
      const resource = await getProduct(tx, id);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        before,
        after: resource,
      });
      await tellChange(tx, actor, product, hazardIdsBefore);
      return { resource, releasedKeys: released };
    });
    await removeStoredFiles(store, releasedKeys, log);
    return resource;
  }

  /** Removes the product's SDS (row and bytes) and sets its status back to pending. */
  async function deleteSds(db: Db, actor: Actor, id: number): Promise<ProductResource> {
    const { resource, keys } = await db.transaction(async (tx) => {
      const product = await lockProduct(tx, id);
      if (product.sdsFileId === null) throw notFound('SDS file');
      const before = await getProduct(tx, id);
      await updateProductRow(tx, id, { sdsFileId: null, sdsStatus: 'pending' });
      const removed = await releaseFiles(tx, [product.sdsFileId]);
      const resource = await getProduct(tx, id);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'product_sds',
        entityId: id,
        details: { file_id: product.sdsFileId },
        before: { sds_file: before.sds_file, sds_status: before.sds_status },
        after: { sds_file: resource.sds_file, sds_status: resource.sds_status },
      });
      await tellChange(tx, actor, product, await selectProductHazardIds(tx, id));
      return { resource, keys: removed };
    });
    await removeStoredFiles(store, keys, log);
    return resource;
  }

  const crud = {
    list: listProducts,
    get: getProduct,
    create: createProduct,
    update: updateProduct,
    toggle: toggleProduct,
  } satisfies CrudService<ProductListRow, ProductResource, ProductListQuery, SaveProduct>;
  return { ...crud, deleteSds, openSds: (db: Db, id: number) => openSds(db, store, id) };
}
