import type { AutocompleteQuery, ComponentListQuery } from '@chemtrack/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  chemicalComponents,
  inventoryProductChemicalComponents,
  productChemicalComponents,
  products,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { activeFilter, orderBy, readPage, searchAny, selectMatching, textKey } from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';

/**
 * The two link tables: a catalog product's components, and an inventory line's copy of them (as
 * found at the facility). They hold the same columns (db/schema's `componentDetailColumns`); only
 * the owner column differs. The product's list also filters on the component's status.
 */
const LINK_TABLES = {
  product: {
    table: productChemicalComponents,
    ownerId: productChemicalComponents.productId,
    filtersStatus: true,
  },
  line: {
    table: inventoryProductChemicalComponents,
    ownerId: inventoryProductChemicalComponents.inventoryProductId,
    filtersStatus: false,
  },
} as const;

/** Refuses a save over a newer version of a link than the client read (lib/record-version.ts). */
export const checkLinkVersion = {
  product: versionCheck(productChemicalComponents),
  line: versionCheck(inventoryProductChemicalComponents),
} as const satisfies Record<keyof typeof LINK_TABLES, unknown>;

/** Which link table a call works on. */
export type LinkKind = keyof typeof LINK_TABLES;

/** A link's owner: the product or the line whose list it is, by id. */
export interface LinkOwnerRef {
  kind: LinkKind;
  ownerId: number;
}

function orderColumns(kind: LinkKind): Record<NonNullable<ComponentListQuery['order_by']>, SQL> {
  const { table } = LINK_TABLES[kind];
  return {
    name: textKey(chemicalComponents.name),
    number: sql`${chemicalComponents.number}`,
    percentage_weight: sql`${table.percentageWeight}`,
    percentage_volume: sql`${table.percentageVolume}`,
    updated_at: sql`${table.updatedAt}`,
  };
}

/** Rows without a percentage sort after those with one, whichever the direction. */
export function orderNullsLast(column: SQL, direction: 'asc' | 'desc'): SQL {
  return direction === 'desc' ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
}

/** The link's own columns, with the catalog entry's name and CAS #. */
function selectLinks(db: Db | Tx, kind: LinkKind) {
  const { table } = LINK_TABLES[kind];
  return db
    .select({
      link: {
        id: table.id,
        chemicalComponentId: table.chemicalComponentId,
        percentageWeight: table.percentageWeight,
        percentageWeightLow: table.percentageWeightLow,
        percentageVolume: table.percentageVolume,
        regulations: table.regulations,
        restrictions: table.restrictions,
        reportingRequirements: table.reportingRequirements,
        isCarcinogen: table.isCarcinogen,
        createdAt: table.createdAt,
        updatedAt: table.updatedAt,
      },
      name: chemicalComponents.name,
      number: chemicalComponents.number,
    })
    .from(table)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, table.chemicalComponentId));
}

/** A component link as product and line links both hold it. */
export type ComponentLink = Pick<
  typeof productChemicalComponents.$inferSelect,
  | 'id'
  | 'chemicalComponentId'
  | 'percentageWeight'
  | 'percentageWeightLow'
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
  | 'percentageWeightLow'
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
  return readPage(
    db,
    query,
    db
      .select(catalogColumns)
      .from(chemicalComponents)
      .where(where)
      .orderBy(orderBy(textKey(chemicalComponents.name), query.order_dir), asc(chemicalComponents.id)),
    selectMatching(db, chemicalComponents, where),
  );
}

/** 404 unless the product exists. */
export async function ensureProduct(db: Db | Tx, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw notFound('Product');
}

/** An owner's components, heaviest first by default (the order SDS section 3 lists them in). */
export async function selectLinkRows(db: Db, { kind, ownerId }: LinkOwnerRef, query: ComponentListQuery) {
  const { table, ownerId: ownerColumn, filtersStatus } = LINK_TABLES[kind];
  const columns = orderColumns(kind);
  const where = and(
    eq(ownerColumn, ownerId),
    filtersStatus ? activeFilter(query.status, chemicalComponents.isActive) : undefined,
    searchAny(query.search, [chemicalComponents.name, chemicalComponents.number]),
  );
  const order = query.order_by
    ? [orderNullsLast(columns[query.order_by], query.order_dir ?? 'asc')]
    : [orderNullsLast(columns.percentage_weight, 'desc'), asc(columns.name)];
  return readPage(
    db,
    query,
    selectLinks(db, kind)
      .where(where)
      .orderBy(...order, asc(table.id)),
    db
      .select({ one: sql`1` })
      .from(table)
      .innerJoin(chemicalComponents, eq(chemicalComponents.id, table.chemicalComponentId))
      .where(where),
  );
}

/** A link's table, and the condition naming one link of the owner (none of another owner's). */
function oneLink({ kind, ownerId }: LinkOwnerRef, linkId: number) {
  const { table, ownerId: ownerColumn } = LINK_TABLES[kind];
  return { table, isLink: and(eq(table.id, linkId), eq(ownerColumn, ownerId)) };
}

/** One link of the owner; 404 when it does not exist or belongs to another owner. */
export async function findLinkRow(db: Db | Tx, owner: LinkOwnerRef, linkId: number): Promise<LinkRow> {
  const [row] = await selectLinks(db, owner.kind).where(oneLink(owner, linkId).isLink).limit(1);
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

/** Another link of the owner to this catalog component, if any. */
export async function findOtherLink(
  db: Db | Tx,
  { kind, ownerId }: LinkOwnerRef,
  componentId: number,
  exceptLinkId: number | null,
): Promise<number | undefined> {
  const { table, ownerId: ownerColumn } = LINK_TABLES[kind];
  const [duplicate] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(ownerColumn, ownerId),
        eq(table.chemicalComponentId, componentId),
        exceptLinkId === null ? undefined : ne(table.id, exceptLinkId),
      ),
    )
    .limit(1);
  return duplicate?.id;
}

export async function insertLink(
  db: Db | Tx,
  { kind, ownerId }: LinkOwnerRef,
  values: LinkValues & { chemicalComponentId: number },
): Promise<number> {
  const [row] =
    kind === 'product'
      ? await db
          .insert(productChemicalComponents)
          .values({ productId: ownerId, ...values })
          .returning({ id: productChemicalComponents.id })
      : await db
          .insert(inventoryProductChemicalComponents)
          .values({ inventoryProductId: ownerId, ...values })
          .returning({ id: inventoryProductChemicalComponents.id });
  if (!row) throw new Error('component link insert returned no row');
  return row.id;
}

export async function updateLink(
  db: Db | Tx,
  owner: LinkOwnerRef,
  linkId: number,
  values: LinkValues & { chemicalComponentId: number },
): Promise<void> {
  const { table, isLink } = oneLink(owner, linkId);
  await db.update(table).set(values).where(isLink);
}

export async function deleteLink(db: Db | Tx, owner: LinkOwnerRef, linkId: number): Promise<void> {
  const { table, isLink } = oneLink(owner, linkId);
  await db.delete(table).where(isLink);
}
