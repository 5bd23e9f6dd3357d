import type { Readable } from 'node:stream';
import {
  PRODUCT_MSG,
  type ProductListQuery,
  type ProductListRow,
  type ProductResource,
  productMeasures,
  type SaveProduct,
  type SdsStatus,
} from '@chemtrack/domain';
import { type AnyColumn, and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, hazards, productHazards, products } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { FileNotStoredError, type FileStore } from '../../storage/file-store.ts';
import {
  deleteFileRows,
  findFileByKey,
  PDF_MIME_TYPE,
  removeStoredFiles,
  toStoredFile,
  type WarnLog,
} from '../files/files.repository.ts';

type ProductOrder = NonNullable<ProductListQuery['order_by']>;
type HazardRef = { id: number; name: string };

const ORDER_COLUMNS: Record<ProductOrder, AnyColumn | SQL> = {
  name: textKey(products.name),
  mfg_name: textKey(products.mfgName),
  // Enum order: sds, pending, update.
  sds_status: products.sdsStatus,
  updated_at: products.updatedAt,
  created_at: products.createdAt,
};

export async function findProduct(db: Db, id: number) {
  const [row] = await db
    .select({ product: products, file: files })
    .from(products)
    .leftJoin(files, eq(files.id, products.sdsFileId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw notFound('Product');
  return row;
}

/** Locks the product row for the rest of the transaction, so two saves never both replace one SDS. */
async function lockProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound('Product');
  return row;
}

/** Each product's hazard classes, ordered by name. */
async function hazardsByProduct(db: Db, productIds: number[]): Promise<Map<number, HazardRef[]>> {
  const byProduct = new Map<number, HazardRef[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productHazards.productId, id: hazards.id, name: hazards.name })
    .from(productHazards)
    .innerJoin(hazards, eq(hazards.id, productHazards.hazardId))
    .where(inArray(productHazards.productId, productIds))
    .orderBy(asc(textKey(hazards.name)), asc(hazards.id));
  for (const { productId, ...hazard } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(hazard);
    byProduct.set(productId, list);
  }
  return byProduct;
}

export function toProductResource(
  row: Awaited<ReturnType<typeof findProduct>>,
  hazardList: HazardRef[],
): ProductResource {
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
    is_active: product.isActive,
    hazards: hazardList,
    created_at: toIso(product.createdAt),
    updated_at: toIso(product.updatedAt),
  };
}

export async function getProductResource(db: Db, id: number): Promise<ProductResource> {
  const row = await findProduct(db, id);
  const hazardList = (await hazardsByProduct(db, [id])).get(id) ?? [];
  return toProductResource(row, hazardList);
}

export async function listProducts(db: Db, query: ProductListQuery) {
  const sdsStatus = query.sds_status && query.sds_status !== 'all' ? query.sds_status : undefined;
  const where = and(
    activeFilter(query.status, products.isActive),
    searchAny(query.search, [products.name, products.mfgName]),
    sdsStatus ? eq(products.sdsStatus, sdsStatus) : undefined,
  );
  const order: SQL[] = query.order_by
    ? [orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)]
    : [orderBy(products.updatedAt, 'desc')];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        mfgName: products.mfgName,
        sdsStatus: products.sdsStatus,
        sdsDate: products.sdsDate,
        physicalState: products.physicalState,
        isActive: products.isActive,
        updatedAt: products.updatedAt,
        hasSdsFile: sql<boolean>`${products.sdsFileId} IS NOT NULL`,
      })
      .from(products)
      .where(where)
      .orderBy(...order, products.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
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
    hazards: hazardMap.get(row.id) ?? [],
    updated_at: toIso(row.updatedAt),
    has_sds_file: row.hasSdsFile,
  }));
  return toPage(items, count?.total ?? 0, query.page, query.ipp);
}

/**
 * Hazard ids must name existing, active classes. Classes the product already has stay allowed
 * after they are archived, so archiving a class does not make its products unsaveable.
 */
async function checkHazards(db: Db, ids: number[], current: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: hazards.id, isActive: hazards.isActive })
    .from(hazards)
    .where(inArray(hazards.id, ids));
  const usable = new Set(rows.filter((row) => row.isActive || current.includes(row.id)).map((row) => row.id));
  if (ids.some((id) => !usable.has(id))) throw fieldError('hazard_ids', PRODUCT_MSG.hazardUnknown);
}

async function replaceHazards(db: Db, productId: number, ids: number[]): Promise<void> {
  await db.delete(productHazards).where(eq(productHazards.productId, productId));
  if (ids.length > 0) {
    await db.insert(productHazards).values(ids.map((hazardId) => ({ productId, hazardId })));
  }
}

interface SdsChange {
  fileId: number | null;
  /** A file other than the current one is attached. */
  isAttached: boolean;
  /** The current file is let go (detached or replaced). */
  isReleased: boolean;
}

/**
 * `sds` omitted keeps the file; null detaches it; `{ filepath }` attaches an upload that no
 * other product holds.
 */
async function resolveSds(db: Db, currentFileId: number | null, sds: SaveProduct['sds']): Promise<SdsChange> {
  if (sds === undefined) return { fileId: currentFileId, isAttached: false, isReleased: false };
  if (sds === null) return { fileId: null, isAttached: false, isReleased: currentFileId !== null };
  const file = await findFileByKey(db, sds.filepath);
  if (!file || file.mimeType !== PDF_MIME_TYPE) throw fieldError('sds', PRODUCT_MSG.sdsFileUnknown);
  if (file.id === currentFileId) return { fileId: file.id, isAttached: false, isReleased: false };
  const [holder] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sdsFileId, file.id))
    .limit(1);
  if (holder) throw fieldError('sds', PRODUCT_MSG.sdsFileUnknown);
  return { fileId: file.id, isAttached: true, isReleased: currentFileId !== null };
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
  if (current === null) return change.fileId === null ? 'pending' : 'sds';
  if (change.isAttached) return 'sds';
  if (change.fileId === null && change.isReleased) return 'pending';
  return current;
}

function toColumns(body: SaveProduct) {
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
  };
}

/** Creates the product with its hazards and SDS in one transaction; returns its id. */
export async function createProduct(db: Db, body: SaveProduct): Promise<number> {
  return db.transaction(async (tx) => {
    await checkHazards(tx, body.hazard_ids, []);
    const sds = await resolveSds(tx, null, body.sds);
    const [row] = await tx
      .insert(products)
      .values({
        ...toColumns(body),
        sdsFileId: sds.fileId,
        sdsStatus: resolveSdsStatus(body.sds_status, null, sds),
        isActive: body.is_active ?? true,
      })
      .returning({ id: products.id });
    await replaceHazards(tx, row!.id, body.hazard_ids);
    return row!.id;
  });
}

/**
 * Saves the product, its hazard list and its SDS in one transaction. A replaced or detached SDS
 * loses its row in the same transaction and its bytes only once that has committed, so a failed
 * save never leaves a product pointing at a deleted file.
 */
export async function updateProduct(
  db: Db,
  store: FileStore,
  id: number,
  body: SaveProduct,
  log?: WarnLog,
): Promise<void> {
  const releasedKeys = await db.transaction(async (tx) => {
    const product = await lockProduct(tx, id);
    const current = await tx
      .select({ id: productHazards.hazardId })
      .from(productHazards)
      .where(eq(productHazards.productId, id));
    await checkHazards(
      tx,
      body.hazard_ids,
      current.map((row) => row.id),
    );
    const sds = await resolveSds(tx, product.sdsFileId, body.sds);
    await tx
      .update(products)
      .set({
        ...toColumns(body),
        sdsFileId: sds.fileId,
        sdsStatus: resolveSdsStatus(body.sds_status, product.sdsStatus, sds),
      })
      .where(eq(products.id, id));
    await replaceHazards(tx, id, body.hazard_ids);
    return sds.isReleased && product.sdsFileId !== null ? deleteFileRows(tx, [product.sdsFileId]) : [];
  });
  await removeStoredFiles(store, releasedKeys, log);
}

export async function toggleProduct(db: Db, id: number): Promise<void> {
  const [row] = await db
    .update(products)
    .set({ isActive: sql`NOT ${products.isActive}` })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (!row) throw notFound('Product');
}

/** Removes the product's SDS (row and bytes) and sets its status back to pending; returns the file id. */
export async function deleteProductSds(db: Db, store: FileStore, id: number, log?: WarnLog): Promise<number> {
  const { fileId, keys } = await db.transaction(async (tx) => {
    const product = await lockProduct(tx, id);
    if (product.sdsFileId === null) throw notFound('SDS file');
    await tx.update(products).set({ sdsFileId: null, sdsStatus: 'pending' }).where(eq(products.id, id));
    return { fileId: product.sdsFileId, keys: await deleteFileRows(tx, [product.sdsFileId]) };
  });
  await removeStoredFiles(store, keys, log);
  return fileId;
}

/** The product's SDS bytes and what to call them; 404 when it has none (or the bytes are gone). */
export async function openProductSds(db: Db, store: FileStore, id: number) {
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
