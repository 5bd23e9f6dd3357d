import type { AutocompleteQuery, ComponentListQuery } from '@chemtrack/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chemicalComponents, productChemicalComponents, products } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey } from '../../lib/list-query.ts';

const ORDER_COLUMNS: Record<NonNullable<ComponentListQuery['order_by']>, SQL> = {
  name: textKey(chemicalComponents.name),
  number: sql`${chemicalComponents.number}`,
  percentage_weight: sql`${productChemicalComponents.percentageWeight}`,
  percentage_volume: sql`${productChemicalComponents.percentageVolume}`,
  updated_at: sql`${productChemicalComponents.updatedAt}`,
};

/** Rows without a percentage sort after those with one, whichever the direction. */
export function orderNullsLast(column: SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
}

const linkColumns = {
  link: productChemicalComponents,
  name: chemicalComponents.name,
  number: chemicalComponents.number,
};

/** A component link as product and inventory-line links both hold it. */
export type ComponentLink = Pick<
  typeof productChemicalComponents.$inferSelect,
  | 'id'
  | 'chemicalComponentId'
  | 'percentageWeight'
  | 'percentageVolume'
  | 'regulations'
  | 'restrictions'
  | 'reportingRequirements'
  | 'isCarcinogen'
  | 'createdAt'
  | 'updatedAt'
>;

export type LinkRow = {
  link: ComponentLink;
  name: string;
  number: string;
};

export type CatalogEntry = { id: number; name: string; number: string };

export type LinkValues = Pick<
  typeof productChemicalComponents.$inferInsert,
  | 'percentageWeight'
  | 'percentageVolume'
  | 'regulations'
  | 'restrictions'
  | 'reportingRequirements'
  | 'isCarcinogen'
>;

const catalogColumns = {
  id: chemicalComponents.id,
  name: chemicalComponents.name,
  number: chemicalComponents.number,
};

/** Picker rows of the catalog, searched by name or CAS #, ordered by name. */
export async function selectCatalogPickerRows(db: Db, query: AutocompleteQuery) {
  const where = and(
    eq(chemicalComponents.isActive, true),
    searchAny(query.search, [chemicalComponents.name, chemicalComponents.number]),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(catalogColumns)
      .from(chemicalComponents)
      .where(where)
      .orderBy(orderBy(textKey(chemicalComponents.name), query.order_dir), asc(chemicalComponents.id))
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(chemicalComponents).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** 404 unless the product exists. */
export async function ensureProduct(db: Db | Tx, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw notFound('Product');
}

/** A product's components, heaviest first by default (the order SDS section 3 lists them in). */
export async function selectProductLinkRows(db: Db, productId: number, query: ComponentListQuery) {
  const where = and(
    eq(productChemicalComponents.productId, productId),
    activeFilter(query.status, chemicalComponents.isActive),
    searchAny(query.search, [chemicalComponents.name, chemicalComponents.number]),
  );
  const order = query.order_by
    ? [orderNullsLast(ORDER_COLUMNS[query.order_by], query.order_dir ?? 'asc')]
    : [orderNullsLast(ORDER_COLUMNS.percentage_weight, 'desc'), asc(ORDER_COLUMNS.name)];
  const [rows, [count]] = await Promise.all([
    db
      .select(linkColumns)
      .from(productChemicalComponents)
      .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
      .where(where)
      .orderBy(...order, asc(productChemicalComponents.id))
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productChemicalComponents)
      .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One link of the product; 404 when it does not exist or belongs to another product. */
export async function findLinkRow(db: Db | Tx, productId: number, linkId: number): Promise<LinkRow> {
  const [row] = await db
    .select(linkColumns)
    .from(productChemicalComponents)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
    .where(and(eq(productChemicalComponents.id, linkId), eq(productChemicalComponents.productId, productId)))
    .limit(1);
  if (!row) throw notFound('Chemical component');
  return row;
}

/** The catalog entry of this id or of this CAS #. */
export async function findCatalogEntry(
  db: Db | Tx,
  by: { id: number } | { number: string },
): Promise<CatalogEntry | undefined> {
  const where = 'id' in by ? eq(chemicalComponents.id, by.id) : eq(chemicalComponents.number, by.number);
  const [row] = await db.select(catalogColumns).from(chemicalComponents).where(where);
  return row;
}

/** Adds a catalog entry; undefined when another save added this CAS # first. */
export async function insertCatalogEntry(
  db: Db | Tx,
  values: { name: string; number: string },
): Promise<CatalogEntry | undefined> {
  // ON CONFLICT: two saves naming the same new CAS # at once both end up with the one row.
  const [created] = await db
    .insert(chemicalComponents)
    .values(values)
    .onConflictDoNothing({ target: chemicalComponents.number })
    .returning(catalogColumns);
  return created;
}

/** Another link of the product to this catalog component, if any. */
export async function findOtherLink(
  db: Db | Tx,
  productId: number,
  componentId: number,
  exceptLinkId: number | null,
): Promise<number | undefined> {
  const [duplicate] = await db
    .select({ id: productChemicalComponents.id })
    .from(productChemicalComponents)
    .where(
      and(
        eq(productChemicalComponents.productId, productId),
        eq(productChemicalComponents.chemicalComponentId, componentId),
        exceptLinkId === null ? undefined : ne(productChemicalComponents.id, exceptLinkId),
      ),
    )
    .limit(1);
  return duplicate?.id;
}

export async function insertLink(
  db: Db | Tx,
  values: LinkValues & { productId: number; chemicalComponentId: number },
): Promise<number> {
  const [row] = await db
    .insert(productChemicalComponents)
    .values(values)
    .returning({ id: productChemicalComponents.id });
  if (!row) throw new Error('component link insert returned no row');
  return row.id;
}

export async function updateLink(
  db: Db | Tx,
  linkId: number,
  values: LinkValues & { chemicalComponentId: number },
): Promise<void> {
  await db.update(productChemicalComponents).set(values).where(eq(productChemicalComponents.id, linkId));
}

export async function deleteLink(db: Db | Tx, productId: number, linkId: number): Promise<void> {
  await db
    .delete(productChemicalComponents)
    .where(and(eq(productChemicalComponents.id, linkId), eq(productChemicalComponents.productId, productId)));
}
