import type { ProductListQuery, SdsStatus } from '@chemtrack/domain';
import { type AnyColumn, and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  chemicalComponents,
  files,
  hazards,
  productChemicalComponents,
  productHazards,
  products,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  activeFilter,
  cachedList,
  cachedStatement,
  keysetOf,
  matchesSearch,
  matchesUnaccentedSearch,
  PAGE_LIMIT,
  PAGE_OFFSET,
  prepareNamed,
  runList,
  type SearchArg,
  searchSlot,
  searchValues,
  textKey,
} from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';
import { isSameName } from '../../lib/same-name.ts';

/** Refuses a save over a newer version of the product than the client read (lib/record-version.ts). */
export const checkProductVersion = versionCheck(products);

export type HazardRef = { id: number; name: string };
export type ProductValues = Omit<
  typeof products.$inferInsert,
  'id' | 'sdsFileId' | 'sdsStatus' | 'isActive' | 'createdAt' | 'updatedAt'
>;

const ORDER_COLUMNS: Record<NonNullable<ProductListQuery['order_by']>, AnyColumn | SQL> = {
  name: textKey(products.name),
  mfg_name: textKey(products.mfgName),
  // Enum order: sds, pending, update.
  sds_status: products.sdsStatus,
  updated_at: products.updatedAt,
  created_at: products.createdAt,
};

export async function findProduct(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ product: products, file: files })
    .from(products)
    .leftJoin(files, eq(files.id, products.sdsFileId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw notFound('Product');
  return row;
}
export type ProductRow = Awaited<ReturnType<typeof findProduct>>;

/** Locks the product row for the rest of the transaction, so two saves never both replace one SDS. */
export async function lockProduct(db: Tx, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound('Product');
  return row;
}

/**
 * Each product's hazard classes, ordered by name. One cached, prepared statement whatever the
 * number of products (the ids as one array), as the list it completes (issue 24: the ORM built it
 * again on every products list request).
 */
export async function hazardsByProduct(db: Db | Tx, productIds: number[]): Promise<Map<number, HazardRef[]>> {
  const byProduct = new Map<number, HazardRef[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await cachedStatement(db, 'products:hazards', () =>
    prepareNamed(
      db
        .select({ productId: productHazards.productId, id: hazards.id, name: hazards.name })
        .from(productHazards)
        .innerJoin(hazards, eq(hazards.id, productHazards.hazardId))
        .where(sql`${productHazards.productId} = ANY(${sql.placeholder('product_ids')}::int[])`)
        .orderBy(asc(textKey(hazards.name)), asc(hazards.id)),
    ),
  ).execute({ product_ids: productIds });
  for (const { productId, ...hazard } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(hazard);
    byProduct.set(productId, list);
  }
  return byProduct;
}

/** Digits and hyphens with a digit in them: a CAS number or its start ("7647", "7647-01-0"). */
function isCasSearch(search: string | undefined): boolean {
  return search !== undefined && /^[\d-]+$/.test(search) && /\d/.test(search);
}

/**
 * A product matches a search by its name or its manufacturer, and a CAS-shaped search also by
 * the CAS number of one of its components (issue 33 point 14). A word search reads the stored
 * `search_text` (both names, decision 040), which its trigram index answers while the page walks
 * the list's order, with no f_unaccent per row read; a CAS search meets the ids of both in one
 * UNION, each table read through its own index (an OR beside a subquery would read every product).
 */
function productMatches(db: Db, search: SearchArg, isCas: boolean): SQL | undefined {
  const byName = matchesUnaccentedSearch(products.searchText, search);
  if (!isCas) return byName;
  const named = db.select({ id: products.id }).from(products).where(byName);
  const byCas = db
    .select({ id: productChemicalComponents.productId })
    .from(productChemicalComponents)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
    .where(matchesSearch(chemicalComponents.number, search));
  return sql`${products.id} IN ((${named}) UNION (${byCas}))`;
}

/** One cached statement per shape of the request (lib/list-query.ts's `cachedList`). */
export async function selectProductListRows(db: Db, query: ProductListQuery) {
  const sdsStatus = query.sds_status && query.sds_status !== 'all' ? query.sds_status : undefined;
  const search = searchSlot(query.search);
  const isCas = isCasSearch(query.search);
  const needsReview = query.needs_review === '1';
  const keyset = keysetOf(query, 'products', [
    query.order_by
      ? { value: ORDER_COLUMNS[query.order_by], direction: query.order_dir }
      : { value: products.updatedAt, direction: 'desc' },
    { value: products.id },
  ]);
  const key = `products:${query.status ?? ''}:${search?.kind ?? ''}:${isCas}:${sdsStatus ?? ''}:${needsReview}:${query.order_by ?? ''}:${query.order_dir ?? ''}:${keyset.shape}`;
  const list = cachedList(db, key, { replanned: search !== undefined }, () => {
    const where = and(
      activeFilter(query.status, products.isActive),
      search ? productMatches(db, search, isCas) : undefined,
      sdsStatus ? eq(products.sdsStatus, sdsStatus) : undefined,
      needsReview ? eq(products.needsReview, true) : undefined,
    );
    return {
      rows: db
        .select({
          id: products.id,
          name: products.name,
          mfgName: products.mfgName,
          sdsStatus: products.sdsStatus,
          sdsDate: products.sdsDate,
          physicalState: products.physicalState,
          isActive: products.isActive,
          needsReview: products.needsReview,
          updatedAt: products.updatedAt,
          hasSdsFile: sql<boolean>`${products.sdsFileId} IS NOT NULL`,
          ...keyset.fields,
        })
        .from(products)
        .where(and(where, keyset.after))
        .orderBy(...keyset.order)
        .limit(PAGE_LIMIT)
        .offset(PAGE_OFFSET),
      matching: db.select({ one: sql`1` }).from(products).where(where),
    };
  });
  return runList(db, list, query, searchValues(query.search), undefined, keyset);
}

export function selectHazardStates(db: Db | Tx, ids: number[]) {
  return db
    .select({ id: hazards.id, isActive: hazards.isActive })
    .from(hazards)
    .where(inArray(hazards.id, ids));
}

export async function selectProductHazardIds(db: Db | Tx, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productHazards.hazardId })
    .from(productHazards)
    .where(eq(productHazards.productId, productId));
  return rows.map((row) => row.id);
}

export async function replaceHazards(db: Db | Tx, productId: number, ids: number[]): Promise<void> {
  await db.delete(productHazards).where(eq(productHazards.productId, productId));
  if (ids.length > 0) {
    await db.insert(productHazards).values(ids.map((hazardId) => ({ productId, hazardId })));
  }
}

/** The product whose SDS this file is, if any. */
export async function findSdsHolder(db: Db | Tx, fileId: number): Promise<number | undefined> {
  const [holder] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.sdsFileId, fileId))
    .limit(1);
  return holder?.id;
}

export async function insertProduct(
  db: Db | Tx,
  values: ProductValues & { sdsFileId: number | null; sdsStatus: SdsStatus; isActive: boolean },
): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

export async function updateProductRow(
  db: Db | Tx,
  id: number,
  values: Partial<ProductValues> & { sdsFileId: number | null; sdsStatus: SdsStatus },
): Promise<void> {
  await db.update(products).set(values).where(eq(products.id, id));
}

/** Flips is_active; 404 when there is no such product. */
export async function toggleProductActive(db: Db | Tx, id: number): Promise<void> {
  const [row] = await db
    .update(products)
    .set({ isActive: sql`NOT ${products.isActive}` })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (!row) throw notFound('Product');
}

/**
 * A catalog product of this name and manufacturer, case and spacing aside (other than `exceptId`):
 * an active one before an archived one, then the oldest.
 */
export async function findProductByName(
  db: Db | Tx,
  name: string,
  mfgName: string,
  exceptId: number | null = null,
) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      mfg_name: products.mfgName,
      is_active: products.isActive,
    })
    .from(products)
    .where(
      and(
        isSameName(products.name, name),
        isSameName(products.mfgName, mfgName),
        exceptId === null ? undefined : ne(products.id, exceptId),
      ),
    )
    .orderBy(desc(products.isActive), asc(products.id))
    .limit(1);
  return row;
}

/** The CAS numbers (with names) of a catalog product's chemical components. */
export function selectProductComponentCas(db: Db | Tx, productId: number) {
  return db
    .select({ name: chemicalComponents.name, cas_number: chemicalComponents.number })
    .from(productChemicalComponents)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
    .where(eq(productChemicalComponents.productId, productId));
}
