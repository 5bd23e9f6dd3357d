import {
  compliance,
  PRODUCT_MSG,
  type ProductListQuery,
  type ProductListRow,
  type ProductResource,
  type SaveProduct,
} from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import type { CrudService } from '../../lib/crud-routes.ts';
import { toIso } from '../../lib/dates.ts';
import { toListedPage } from '../../lib/list-query.ts';
import { askBeforeSameName, isSameNameText } from '../../lib/same-name.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { releaseFiles, removeStoredFiles, toStoredFile, type WarnLog } from '../files/files.service.ts';
import { type ProductDataBody, toProductColumns, toProductDataResource } from './product-data.ts';
import { openSds, resolveSds, resolveSdsStatus } from './product-sds.ts';
import {
  checkProductVersion,
  findProduct,
  findProductByName,
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
    ...toProductDataResource(product, hazardList),
    sds_file: row.file ? toStoredFile(row.file) : null,
    sds_is_label_photo: row.file?.isLabelPhoto ?? false,
    needs_review: product.needsReview,
    is_active: product.isActive,
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
  const listed = await selectProductListRows(db, query);
  const { rows } = listed;
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
  return toListedPage(items, listed, query.ipp);
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

/**
 * A second product of one name and manufacturer is usually a mistake (the line's picker would
 * list both alike), so the save answers 409 with the product already there until the user
 * confirms (lib/same-name.ts), compared as a line naming a new product compares them. `current`
 * is the product being saved, none for a new one. The Tier II import and the lines create
 * products through `createProductForLine`, which never asks: they match names their own way.
 */
function askBeforeSameNameProduct(
  tx: Tx,
  body: SaveProduct,
  current: { id: number; name: string; mfgName: string } | null,
) {
  return askBeforeSameName({
    isConfirmed: body.confirm_duplicate,
    isRenamed:
      current === null ||
      !isSameNameText(current.name, body.name) ||
      !isSameNameText(current.mfgName, body.mfg_name),
    find: () => findProductByName(tx, body.name, body.mfg_name, current?.id ?? null),
    message: (existing) => PRODUCT_MSG.duplicate(existing.name, existing.mfg_name),
  });
}

/** Creates the product with its hazards, its SDS and its audit row in one transaction. */
async function createProduct(db: Db, actor: Actor, body: SaveProduct): Promise<ProductResource> {
  return db.transaction(async (tx) => {
    await checkHazards(tx, body.hazard_ids, []);
    const sds = await resolveSds(tx, null, body.sds);
    const sdsStatus = resolveSdsStatus(body.sds_status, null, sds);
    await askBeforeSameNameProduct(tx, body, null);
    const id = await insertProduct(tx, {
      ...toProductColumns(body),
      sdsFileId: sds.fileId,
      sdsStatus,
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
      const sdsStatus = resolveSdsStatus(body.sds_status, product.sdsStatus, sds);
      await askBeforeSameNameProduct(tx, body, product);
      await updateProductRow(tx, id, {
        ...toProductColumns(body),
        sdsFileId: sds.fileId,
        sdsStatus,
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
