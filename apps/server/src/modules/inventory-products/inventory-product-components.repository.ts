import type { ComponentListQuery } from '@chemtrack/domain';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chemicalComponents, inventoryProductChemicalComponents } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { pageOffset, searchAny, textKey } from '../../lib/list-query.ts';
import {
  type LinkRow,
  type LinkValues,
  orderNullsLast,
} from '../chemical-components/chemical-components.repository.ts';

/** An inventory line's components: its copy of the product's, as found at the facility. */
const link = inventoryProductChemicalComponents;

const ORDER_COLUMNS: Record<NonNullable<ComponentListQuery['order_by']>, SQL> = {
  name: textKey(chemicalComponents.name),
  number: sql`${chemicalComponents.number}`,
  percentage_weight: sql`${link.percentageWeight}`,
  percentage_volume: sql`${link.percentageVolume}`,
  updated_at: sql`${link.updatedAt}`,
};

const linkColumns = { link, name: chemicalComponents.name, number: chemicalComponents.number };

function selectLinks(db: Db | Tx) {
  return db
    .select(linkColumns)
    .from(link)
    .innerJoin(chemicalComponents, eq(chemicalComponents.id, link.chemicalComponentId));
}

/** Heaviest first by default, as the product's list. */
export async function selectLineLinkRows(db: Db, lineId: number, query: ComponentListQuery) {
  const where = and(
    eq(link.inventoryProductId, lineId),
    searchAny(query.search, [chemicalComponents.name, chemicalComponents.number]),
  );
  const order = query.order_by
    ? [orderNullsLast(ORDER_COLUMNS[query.order_by], query.order_dir ?? 'asc')]
    : [orderNullsLast(ORDER_COLUMNS.percentage_weight, 'desc'), asc(ORDER_COLUMNS.name)];
  const [rows, [count]] = await Promise.all([
    selectLinks(db)
      .where(where)
      .orderBy(...order, asc(link.id))
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(link)
      .innerJoin(chemicalComponents, eq(chemicalComponents.id, link.chemicalComponentId))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findLineLinkRow(db: Db | Tx, lineId: number, linkId: number): Promise<LinkRow> {
  const [row] = await selectLinks(db)
    .where(and(eq(link.id, linkId), eq(link.inventoryProductId, lineId)))
    .limit(1);
  if (!row) throw notFound('Chemical component');
  return row;
}

export async function findOtherLineLink(
  db: Db | Tx,
  lineId: number,
  componentId: number,
  exceptLinkId: number | null,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: link.id })
    .from(link)
    .where(
      and(
        eq(link.inventoryProductId, lineId),
        eq(link.chemicalComponentId, componentId),
        exceptLinkId === null ? undefined : ne(link.id, exceptLinkId),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertLineLink(
  db: Db | Tx,
  lineId: number,
  values: LinkValues & { chemicalComponentId: number },
): Promise<number> {
  const [row] = await db
    .insert(link)
    .values({ inventoryProductId: lineId, ...values })
    .returning({ id: link.id });
  if (!row) throw new Error('inventory component link insert returned no row');
  return row.id;
}

export async function updateLineLink(
  db: Db | Tx,
  linkId: number,
  values: LinkValues & { chemicalComponentId: number },
): Promise<void> {
  await db.update(link).set(values).where(eq(link.id, linkId));
}

export async function deleteLineLink(db: Db | Tx, lineId: number, linkId: number): Promise<void> {
  await db.delete(link).where(and(eq(link.id, linkId), eq(link.inventoryProductId, lineId)));
}
