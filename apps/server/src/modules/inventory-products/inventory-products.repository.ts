import type { AutocompleteQuery, InventoryProductListQuery } from '@chemtrack/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  containers,
  containerUnits,
  files,
  hazards,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProductRequests,
  inventoryProducts,
  productChemicalComponents,
  products,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { orderBy, pageOffset, searchAny, textKey } from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';

/** Refuses a save over a newer version of the line than the client read (lib/record-version.ts). */
export const checkLineVersion = versionCheck(inventoryProducts);

const line = inventoryProducts;

/**
 * The worklists (issue 9), one definition for the list filter, its counts and the reports:
 * carried over from an earlier year and not yet saved by a person this year; an open question.
 */
export const isUncheckedCarryOver = sql<boolean>`(${line.sourceLineId} IS NOT NULL AND ${line.checkedAt} IS NULL)`;
export const hasOpenQuestion = sql<boolean>`(NOT ${line.isResolveQuestion})`;

export type LineValues = Omit<
  typeof inventoryProducts.$inferInsert,
  'id' | 'inventoryId' | 'sourceLineId' | 'createdAt' | 'updatedAt'
>;

/** 0: carried over and not yet checked; 1: an open question; 2: the rest. */
const WORKLIST_RANK = sql`(CASE WHEN ${line.sourceLineId} IS NOT NULL AND ${line.checkedAt} IS NULL THEN 0
  WHEN ${line.isResolveQuestion} = false THEN 1 ELSE 2 END)`;

const ORDER_COLUMNS: Record<NonNullable<InventoryProductListQuery['order_by']>, SQL> = {
  name: textKey(line.name),
  mfg_name: textKey(line.mfgName),
  container: textKey(sql`coalesce(${containers.name}, '')`),
  container_size: sql`${line.containerSize}`,
  container_quantity: sql`${line.containerQuantity}`,
  location_stored: textKey(line.locationStored),
  max_gallons: sql`${line.maxGallons}`,
  max_pounds: sql`${line.maxPounds}`,
  sds_status: sql`${line.sdsStatus}`,
  updated_at: sql`${line.updatedAt}`,
  created_at: sql`${line.createdAt}`,
  worklist: WORKLIST_RANK,
};

const ROW = {
  line,
  container: { id: containers.id, name: containers.name },
  unit: { id: containerUnits.id, name: containerUnits.name, type: containerUnits.unitType },
  hasSdsFile: sql<boolean>`(${products.sdsFileId} IS NOT NULL)`,
};

function selectRows(db: Db | Tx) {
  return db
    .select(ROW)
    .from(line)
    .innerJoin(products, eq(products.id, line.productId))
    .leftJoin(containers, eq(containers.id, line.containerId))
    .leftJoin(containerUnits, eq(containerUnits.id, line.containerUnitId));
}
export type LineRow = Awaited<ReturnType<typeof findLineRow>>;

/** One line of the inventory; 404 when it does not exist or is another inventory's. */
export async function findLineRow(db: Db | Tx, inventoryId: number, lineId: number) {
  const [row] = await selectRows(db)
    .where(and(eq(line.id, lineId), eq(line.inventoryId, inventoryId)))
    .limit(1);
  if (!row) throw notFound('Inventory product');
  return row;
}

/** `unchecked`: carried over from an earlier year and not yet saved this year. */
function worklistFilter(worklist: InventoryProductListQuery['worklist']): SQL | undefined {
  if (worklist === 'unchecked') return isUncheckedCarryOver;
  if (worklist === 'question') return hasOpenQuestion;
  return undefined;
}

/** `knownTotal`: the inventory's line count when the query filters nothing, so it is not counted twice. */
export async function selectLineListRows(
  db: Db,
  inventoryId: number,
  query: InventoryProductListQuery,
  knownTotal?: number,
) {
  const where = and(
    eq(line.inventoryId, inventoryId),
    worklistFilter(query.worklist),
    searchAny(query.search, [line.name, line.mfgName]),
  );
  const order = query.order_by
    ? orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)
    : orderBy(ORDER_COLUMNS.updated_at, 'desc');
  // Within a worklist group, by name: the order a technician walks the list in.
  const within = query.order_by === 'worklist' ? textKey(line.name) : undefined;
  const filtered =
    Boolean(query.search) ||
    (query.worklist !== undefined && query.worklist !== 'all' && query.worklist !== '');
  const [rows, [count]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...(within ? [order, within] : [order]), asc(line.id))
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    !filtered && knownTotal !== undefined
      ? Promise.resolve([{ total: knownTotal }])
      : db.select({ total: sql<number>`count(*)::int` }).from(line).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * The list's statistics (spec 02 §3): distinct products inventoried, those with an SDS file, and
 * the worklists. A product counts as inventoried once one of its lines is checked this year: a
 * line carried over and not yet checked is last year's count, not this year's (issue 22 §5).
 * "With SDS" stays over every product on the inventory, which is what Print All SDS holds. Two
 * passes the planner can do by hash (no DISTINCT sort over every line), so they stay cheap at
 * tens of thousands of lines.
 */
export async function selectLineStatistics(db: Db, inventoryId: number) {
  const onInventory = eq(line.inventoryId, inventoryId);
  const distinctProducts = db
    .select({
      productId: line.productId,
      isChecked: sql<boolean>`bool_or(NOT ${isUncheckedCarryOver})`.as('is_checked'),
    })
    .from(line)
    .where(onInventory)
    .groupBy(line.productId)
    .as('distinct_products');
  const [[counts], [productCounts]] = await Promise.all([
    db
      .select({
        lines: sql<number>`count(*)::int`,
        uncheckedLines: sql<number>`(count(*) FILTER (WHERE ${isUncheckedCarryOver}))::int`,
        openQuestions: sql<number>`(count(*) FILTER (WHERE ${hasOpenQuestion}))::int`,
      })
      .from(line)
      .where(onInventory),
    db
      .select({
        productsInventoried: sql<number>`(count(*) FILTER (WHERE ${distinctProducts.isChecked}))::int`,
        productsWithSds: sql<number>`(count(*) FILTER (WHERE ${products.sdsFileId} IS NOT NULL))::int`,
      })
      .from(distinctProducts)
      .innerJoin(products, eq(products.id, distinctProducts.productId)),
  ]);
  return {
    lines: counts?.lines ?? 0,
    uncheckedLines: counts?.uncheckedLines ?? 0,
    openQuestions: counts?.openQuestions ?? 0,
    productsInventoried: productCounts?.productsInventoried ?? 0,
    productsWithSds: productCounts?.productsWithSds ?? 0,
  };
}

/** The inventory's lines as a picker offers them, by name. */
export async function selectLinePickerRows(db: Db, inventoryId: number, query: AutocompleteQuery) {
  const where = and(eq(line.inventoryId, inventoryId), searchAny(query.search, [line.name, line.mfgName]));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: line.id, name: line.name })
      .from(line)
      .where(where)
      .orderBy(orderBy(textKey(line.name), query.order_dir), asc(line.id))
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(line).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Each line's hazard classes, ordered by name. */
export async function hazardsByLine(db: Db | Tx, lineIds: number[]) {
  const byLine = new Map<number, { id: number; name: string }[]>();
  if (lineIds.length === 0) return byLine;
  const rows = await db
    .select({ lineId: inventoryProductHazards.inventoryProductId, id: hazards.id, name: hazards.name })
    .from(inventoryProductHazards)
    .innerJoin(hazards, eq(hazards.id, inventoryProductHazards.hazardId))
    .where(inArray(inventoryProductHazards.inventoryProductId, lineIds))
    .orderBy(textKey(hazards.name), hazards.id);
  for (const row of rows) {
    const list = byLine.get(row.lineId) ?? [];
    list.push({ id: row.id, name: row.name });
    byLine.set(row.lineId, list);
  }
  return byLine;
}

/**
 * Serialises the writes to one inventory's lines, so two saves of the same combination cannot
 * both find no line to join and both insert one.
 */
export async function lockInventoryLines(tx: Tx, inventoryId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('inventory_products'), ${inventoryId})`);
}

export interface Combination {
  productId: number;
  containerId: number | null;
  containerUnitId: number | null;
  containerSize: string | null;
}

/** Another line of the inventory holding the same product in the same container, unit and size. */
export async function findSameCombination(
  db: Db | Tx,
  inventoryId: number,
  combination: Combination,
  exceptLineId: number | null,
) {
  const [row] = await db
    .select({
      id: line.id,
      name: line.name,
      containerQuantity: line.containerQuantity,
      locationStored: line.locationStored,
    })
    .from(line)
    .where(
      and(
        eq(line.inventoryId, inventoryId),
        eq(line.productId, combination.productId),
        sql`${line.containerId} IS NOT DISTINCT FROM ${combination.containerId}`,
        sql`${line.containerUnitId} IS NOT DISTINCT FROM ${combination.containerUnitId}`,
        sql`${line.containerSize} IS NOT DISTINCT FROM ${combination.containerSize}::numeric`,
        exceptLineId === null ? undefined : ne(line.id, exceptLineId),
      ),
    )
    .orderBy(asc(line.id))
    .limit(1);
  return row;
}

export async function insertLine(tx: Tx, inventoryId: number, values: LineValues): Promise<number> {
  const [row] = await tx
    .insert(line)
    .values({ ...values, inventoryId })
    .returning({ id: line.id });
  if (!row) throw new Error('inventory product insert returned no row');
  return row.id;
}

export async function updateLine(tx: Tx, lineId: number, values: Partial<LineValues>): Promise<void> {
  await tx.update(line).set(values).where(eq(line.id, lineId));
}

export async function deleteLine(tx: Tx, inventoryId: number, lineId: number): Promise<void> {
  await tx.delete(line).where(and(eq(line.id, lineId), eq(line.inventoryId, inventoryId)));
}

export async function replaceLineHazards(tx: Tx, lineId: number, hazardIds: number[]): Promise<void> {
  await tx.delete(inventoryProductHazards).where(eq(inventoryProductHazards.inventoryProductId, lineId));
  if (hazardIds.length === 0) return;
  await tx
    .insert(inventoryProductHazards)
    .values(hazardIds.map((hazardId) => ({ inventoryProductId: lineId, hazardId })));
}

/** The line's components become the catalog product's, as its SDS lists them today. */
export async function copyProductComponents(tx: Tx, lineId: number, productId: number): Promise<void> {
  await tx
    .delete(inventoryProductChemicalComponents)
    .where(eq(inventoryProductChemicalComponents.inventoryProductId, lineId));
  await tx.execute(sql`
    INSERT INTO ${inventoryProductChemicalComponents} (
      inventory_product_id, chemical_component_id, percentage_weight, percentage_weight_low, percentage_volume,
      regulations, restrictions, reporting_requirements, is_carcinogen)
    SELECT ${lineId}, chemical_component_id, percentage_weight, percentage_weight_low, percentage_volume,
      regulations, restrictions, reporting_requirements, is_carcinogen
    FROM ${productChemicalComponents}
    WHERE product_id = ${productId}`);
}

/**
 * The lines of a catalog product in inventories that are active and not completed, by
 * inventory: those a change of the product reaches (completed and archived ones keep their year's copy).
 */
export async function selectOpenLinesOfProduct(db: Db | Tx, productId: number) {
  return db
    .select({ id: line.id, inventoryId: line.inventoryId })
    .from(line)
    .innerJoin(inventories, eq(inventories.id, line.inventoryId))
    .where(
      and(eq(line.productId, productId), eq(inventories.isActive, true), eq(inventories.isCompleted, false)),
    )
    .orderBy(asc(line.inventoryId), asc(line.id));
}

export async function selectLineHazardIds(db: Db | Tx, lineId: number): Promise<number[]> {
  const rows = await db
    .select({ id: inventoryProductHazards.hazardId })
    .from(inventoryProductHazards)
    .where(eq(inventoryProductHazards.inventoryProductId, lineId));
  return rows.map((row) => row.id);
}

const COMPONENT_DETAILS = {
  chemicalComponentId: productChemicalComponents.chemicalComponentId,
  percentageWeight: productChemicalComponents.percentageWeight,
  percentageWeightLow: productChemicalComponents.percentageWeightLow,
  percentageVolume: productChemicalComponents.percentageVolume,
  regulations: productChemicalComponents.regulations,
  restrictions: productChemicalComponents.restrictions,
  reportingRequirements: productChemicalComponents.reportingRequirements,
  isCarcinogen: productChemicalComponents.isCarcinogen,
};
const LINE_COMPONENT_DETAILS = {
  chemicalComponentId: inventoryProductChemicalComponents.chemicalComponentId,
  percentageWeight: inventoryProductChemicalComponents.percentageWeight,
  percentageWeightLow: inventoryProductChemicalComponents.percentageWeightLow,
  percentageVolume: inventoryProductChemicalComponents.percentageVolume,
  regulations: inventoryProductChemicalComponents.regulations,
  restrictions: inventoryProductChemicalComponents.restrictions,
  reportingRequirements: inventoryProductChemicalComponents.reportingRequirements,
  isCarcinogen: inventoryProductChemicalComponents.isCarcinogen,
};

/** The components of a line and of its catalog product, each by component, to compare the copy. */
export async function selectComponentCopies(db: Db | Tx, lineId: number, productId: number) {
  const ofLine = await db
    .select(LINE_COMPONENT_DETAILS)
    .from(inventoryProductChemicalComponents)
    .where(eq(inventoryProductChemicalComponents.inventoryProductId, lineId))
    .orderBy(asc(inventoryProductChemicalComponents.chemicalComponentId));
  const ofProduct = await db
    .select(COMPONENT_DETAILS)
    .from(productChemicalComponents)
    .where(eq(productChemicalComponents.productId, productId))
    .orderBy(asc(productChemicalComponents.chemicalComponentId));
  return { ofLine, ofProduct };
}

/** A container or unit a line may name: active, or the one the line names already. */
export async function findContainer(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ id: containers.id, name: containers.name, isActive: containers.isActive })
    .from(containers)
    .where(eq(containers.id, id));
  return row;
}

export async function findUnit(db: Db | Tx, id: number) {
  const [row] = await db
    .select({
      id: containerUnits.id,
      name: containerUnits.name,
      type: containerUnits.unitType,
      isActive: containerUnits.isActive,
    })
    .from(containerUnits)
    .where(eq(containerUnits.id, id));
  return row;
}

/**
 * The distinct catalog products of the inventory's lines with the storage key of their SDS
 * (null when none is on file), by name: the items of Print All SDS.
 */
export async function selectInventorySdsFiles(db: Db, inventoryId: number) {
  const onInventory = db.select({ id: line.productId }).from(line).where(eq(line.inventoryId, inventoryId));
  return db
    .select({ productId: products.id, name: products.name, storageKey: files.storageKey })
    .from(products)
    .leftJoin(files, eq(files.id, products.sdsFileId))
    .where(inArray(products.id, onInventory))
    .orderBy(textKey(products.name), products.id);
}

/** A create's `Idempotency-Key` as stored: the line it made, once made. */
export type LineRequestRow = typeof inventoryProductRequests.$inferSelect;

/**
 * Claims the user's key for a create, in its transaction: the new claim's id, or the row a
 * request before it stored. A concurrent request with the same key waits on the unique index
 * until the first one's transaction ends, then finds its row (READ COMMITTED: each statement sees
 * what was committed before it began).
 */
export async function claimLineRequest(
  tx: Tx,
  claim: { userId: number; key: string; inventoryId: number },
): Promise<{ claimedId: number } | { prior: LineRequestRow }> {
  const [claimed] = await tx
    .insert(inventoryProductRequests)
    .values({ userId: claim.userId, idempotencyKey: claim.key, inventoryId: claim.inventoryId })
    .onConflictDoNothing()
    .returning({ id: inventoryProductRequests.id });
  if (claimed) return { claimedId: claimed.id };
  const [prior] = await tx
    .select()
    .from(inventoryProductRequests)
    .where(
      and(
        eq(inventoryProductRequests.userId, claim.userId),
        eq(inventoryProductRequests.idempotencyKey, claim.key),
      ),
    );
  if (!prior) throw new Error('an idempotency key conflicted but its row is gone');
  return { prior };
}

/** The line a user's create under `key` made, if one did. */
export async function findLineRequest(db: Db | Tx, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(inventoryProductRequests)
    .where(
      and(eq(inventoryProductRequests.userId, userId), eq(inventoryProductRequests.idempotencyKey, key)),
    );
  return row;
}

export async function recordLineRequest(
  tx: Tx,
  id: number,
  made: { lineId: number; isAggregated: boolean },
): Promise<void> {
  await tx
    .update(inventoryProductRequests)
    .set({ inventoryProductId: made.lineId, isAggregated: made.isAggregated })
    .where(eq(inventoryProductRequests.id, id));
}
