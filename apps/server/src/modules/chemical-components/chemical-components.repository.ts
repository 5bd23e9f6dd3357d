import {
  type AutocompleteQuery,
  COMPONENT_MSG,
  type ComponentListQuerySchema,
  type ComponentResource,
  type SaveComponent,
} from '@chemtrack/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { chemicalComponents, productChemicalComponents, products } from '../../db/schema/index.ts';
import { conflictWith, fieldError, notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';
import { fromNumeric, toNumeric } from '../../lib/numeric.ts';
import { isSameNameText } from '../../lib/same-name.ts';

type ComponentListQuery = z.output<typeof ComponentListQuerySchema>;
type ComponentOrder = NonNullable<ComponentListQuery['order_by']>;

const ORDER_COLUMNS: Record<ComponentOrder, SQL> = {
  name: textKey(chemicalComponents.name),
  number: sql`${chemicalComponents.number}`,
  percentage_weight: sql`${productChemicalComponents.percentageWeight}`,
  percentage_volume: sql`${productChemicalComponents.percentageVolume}`,
  updated_at: sql`${productChemicalComponents.updatedAt}`,
};

/** Rows without a percentage sort after those with one, whichever the direction. */
function orderNullsLast(column: SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
}

const linkColumns = {
  link: productChemicalComponents,
  name: chemicalComponents.name,
  number: chemicalComponents.number,
};

type LinkRow = {
  link: typeof productChemicalComponents.$inferSelect;
  name: string;
  number: string;
};

function toComponentResource(row: LinkRow): ComponentResource {
  const { link } = row;
  return {
    id: link.id,
    product_chemical_component_id: link.id,
    chemical_component_id: link.chemicalComponentId,
    name: row.name,
    number: row.number,
    percentage_weight: fromNumeric(link.percentageWeight),
    percentage_volume: fromNumeric(link.percentageVolume),
    regulations: link.regulations,
    restrictions: link.restrictions,
    reporting_requirements: link.reportingRequirements,
    created_at: toIso(link.createdAt),
    updated_at: toIso(link.updatedAt),
  };
}

/** Picker rows of the catalogue, searched by name or CAS #, ordered by name. */
export async function autocompleteChemicalComponents(db: Db, query: AutocompleteQuery) {
  const where = and(
    eq(chemicalComponents.isActive, true),
    searchAny(query.search, [chemicalComponents.name, chemicalComponents.number]),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: chemicalComponents.id, name: chemicalComponents.name, number: chemicalComponents.number })
      .from(chemicalComponents)
      .where(where)
      .orderBy(orderBy(textKey(chemicalComponents.name), query.order_dir), asc(chemicalComponents.id))
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(chemicalComponents).where(where),
  ]);
  return toPage(rows, count?.total ?? 0, query.page, query.ipp);
}

async function ensureProduct(db: Db, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw notFound('Product');
}

/** A product's components, heaviest first by default (the order SDS section 3 lists them in). */
export async function listProductComponents(db: Db, productId: number, query: ComponentListQuery) {
  await ensureProduct(db, productId);
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
  return toPage(rows.map(toComponentResource), count?.total ?? 0, query.page, query.ipp);
}

/** One link of the product; 404 when it does not exist or belongs to another product. */
export async function findProductComponent(
  db: Db,
  productId: number,
  linkId: number,
): Promise<ComponentResource> {
  await ensureProduct(db, productId);
  const [row] = await db
    .select(linkColumns)
    .from(productChemicalComponents)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, productChemicalComponents.chemicalComponentId))
    .where(and(eq(productChemicalComponents.id, linkId), eq(productChemicalComponents.productId, productId)))
    .limit(1);
  if (!row) throw notFound('Chemical component');
  return toComponentResource(row);
}

type CatalogueEntry = { id: number; name: string; number: string };

const catalogueColumns = {
  id: chemicalComponents.id,
  name: chemicalComponents.name,
  number: chemicalComponents.number,
};

async function findByNumber(db: Db, number: string): Promise<CatalogueEntry | undefined> {
  const [row] = await db
    .select(catalogueColumns)
    .from(chemicalComponents)
    .where(eq(chemicalComponents.number, number));
  return row;
}

/**
 * The catalogue component a save means: the one picked (`chemical_component_id`), else the one
 * with this CAS #, else a new one with the given name. A CAS # names one substance, so it is
 * never entered twice.
 */
async function resolveCatalogueComponent(db: Db, body: SaveComponent): Promise<CatalogueEntry> {
  if (body.chemical_component_id) {
    const [picked] = await db
      .select(catalogueColumns)
      .from(chemicalComponents)
      .where(eq(chemicalComponents.id, body.chemical_component_id));
    if (!picked) throw fieldError('chemical_component_id', COMPONENT_MSG.componentUnknown);
    return picked;
  }
  const existing = await findByNumber(db, body.number);
  if (existing) return existing;
  // ON CONFLICT: two saves naming the same new CAS # at once both end up with the one row.
  const [created] = await db
    .insert(chemicalComponents)
    .values({ name: body.name, number: body.number })
    .onConflictDoNothing({ target: chemicalComponents.number })
    .returning(catalogueColumns);
  const entry = created ?? (await findByNumber(db, body.number));
  if (!entry) throw new Error(`Chemical component ${body.number} vanished while being linked`);
  return entry;
}

/**
 * The catalogue keeps one name per CAS #, shared by every product. A save typing another name
 * would be stored under the catalogue's without a word, so it is refused with the name the CAS #
 * belongs to, unless the request chose that name (`use_catalog_name`).
 */
function refuseOtherName(entry: CatalogueEntry, body: SaveComponent): void {
  // Case and spacing aside ("SULFURIC  acid" is Sulfuric acid), it is the same name.
  if (body.use_catalog_name || isSameNameText(entry.name, body.name)) return;
  throw conflictWith(COMPONENT_MSG.casTaken(entry.number, entry.name), entry, 'name');
}

async function refuseDuplicate(
  db: Db,
  productId: number,
  componentId: number,
  exceptLinkId: number | null,
): Promise<void> {
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
  if (duplicate) throw fieldError('number', COMPONENT_MSG.alreadyOnProduct);
}

function toLinkValues(body: SaveComponent) {
  return {
    percentageWeight: toNumeric(body.percentage_weight),
    percentageVolume: toNumeric(body.percentage_volume),
    regulations: body.regulations ?? '',
    restrictions: body.restrictions ?? '',
    reportingRequirements: body.reporting_requirements ?? '',
  };
}

/** Links a component to the product (creating the catalogue entry if needed); returns the link id. */
export async function createProductComponent(
  db: Db,
  productId: number,
  body: SaveComponent,
): Promise<number> {
  return db.transaction(async (tx) => {
    await ensureProduct(tx, productId);
    const component = await resolveCatalogueComponent(tx, body);
    // Already on the product is the answer to give first: choosing the catalogue name would not help.
    await refuseDuplicate(tx, productId, component.id, null);
    refuseOtherName(component, body);
    const [row] = await tx
      .insert(productChemicalComponents)
      .values({ productId, chemicalComponentId: component.id, ...toLinkValues(body) })
      .returning({ id: productChemicalComponents.id });
    return row!.id;
  });
}

export async function updateProductComponent(
  db: Db,
  productId: number,
  linkId: number,
  body: SaveComponent,
): Promise<void> {
  await db.transaction(async (tx) => {
    await findProductComponent(tx, productId, linkId);
    const component = await resolveCatalogueComponent(tx, body);
    await refuseDuplicate(tx, productId, component.id, linkId);
    refuseOtherName(component, body);
    await tx
      .update(productChemicalComponents)
      .set({ chemicalComponentId: component.id, ...toLinkValues(body) })
      .where(eq(productChemicalComponents.id, linkId));
  });
}

/** Removes the link only: the catalogue component stays for other products and inventories. */
export async function unlinkProductComponent(
  db: Db,
  productId: number,
  linkId: number,
): Promise<ComponentResource> {
  const resource = await findProductComponent(db, productId, linkId);
  await db
    .delete(productChemicalComponents)
    .where(and(eq(productChemicalComponents.id, linkId), eq(productChemicalComponents.productId, productId)));
  return resource;
}
