import type { AutocompleteQuery, InventoryProductListQuery } from '@chemtrack/domain';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  containers,
  containerUnits,
  customers,
  facilities,
  files,
  hazards,
  inventories,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProductRequests,
  inventoryProducts,
  inventoryReportVersions,
  productChemicalComponents,
  productFilesVersion,
  productHazards,
  products,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  cachedList,
  cachedStatement,
  keysetOf,
  orderBy,
  PAGE_LIMIT,
  PAGE_OFFSET,
  prepareNamed,
  readPage,
  runList,
  searchAny,
  searchSlot,
  searchValues,
  selectMatching,
  textKey,
} from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';
import { sameCombination } from '../inventories/inventories.repository.ts';

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

/** The orders whose value can be NULL (the line's quantities), which keyset pages must place. */
const NULLABLE_ORDERS = new Set<InventoryProductListQuery['order_by']>([
  'container_size',
  'container_quantity',
  'max_gallons',
  'max_pounds',
]);

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

/** The line's columns the list shows (`toListRow`): a tenth of the line's, read and parsed per row. */
const LIST_ROW = {
  line: {
    id: line.id,
    productId: line.productId,
    name: line.name,
    mfgName: line.mfgName,
    sdsStatus: line.sdsStatus,
    containerSize: line.containerSize,
    containerQuantity: line.containerQuantity,
    locationStored: line.locationStored,
    maxGallons: line.maxGallons,
    maxPounds: line.maxPounds,
    physicalState: line.physicalState,
    isResolveQuestion: line.isResolveQuestion,
    notes: line.notes,
    sourceLineId: line.sourceLineId,
    checkedAt: line.checkedAt,
    updatedAt: line.updatedAt,
  },
  container: ROW.container,
  unit: ROW.unit,
  hasSdsFile: ROW.hasSdsFile,
};
export type LineListRow = Omit<Awaited<ReturnType<typeof selectLineListRows>>['rows'][number], 'cursorKeys'>;

/**
 * `knownTotal`: the inventory's line count when the query filters nothing, so it is not counted
 * twice. One cached statement per shape of the request (lib/list-query.ts's `cachedList`).
 *
 * A deferred join, as the inventories list (decision 014): the page's line ids are chosen first
 * from the inventory's lines alone (with the containers only when the order is the container's
 * name), along `inventory_products_inventory_idx` or the order's own index, and only those ten are
 * joined to their product, container and unit. In one pass every line of the inventory was read
 * whole (about 90 columns) and joined before the sort kept ten: sorted by pounds, a 2,000-line
 * inventory read and joined its 2,000 lines per page.
 */
export async function selectLineListRows(
  db: Db,
  inventoryId: number,
  query: InventoryProductListQuery,
  knownTotal?: number,
) {
  const search = searchSlot(query.search);
  const keyset = keysetOf(query, `inventory-products:${inventoryId}`, [
    query.order_by
      ? {
          value: ORDER_COLUMNS[query.order_by],
          direction: query.order_dir,
          nullable: NULLABLE_ORDERS.has(query.order_by),
        }
      : { value: ORDER_COLUMNS.updated_at, direction: 'desc' },
    // Within a worklist group, by name: the order a technician walks the list in.
    ...(query.order_by === 'worklist' ? [{ value: textKey(line.name) }] : []),
    { value: line.id },
  ]);
  const key = `inventory-products:${query.worklist ?? ''}:${search?.kind ?? ''}:${query.order_by ?? ''}:${query.order_dir ?? ''}:${keyset.shape}`;
  const list = cachedList(db, key, { replanned: search !== undefined }, () => {
    const where = and(
      eq(line.inventoryId, sql.placeholder('inventory_id')),
      worklistFilter(query.worklist),
      searchAny(search, [line.name, line.mfgName]),
    );
    const ids = db.select({ id: line.id }).from(line).$dynamic();
    const page = (
      query.order_by === 'container' ? ids.leftJoin(containers, eq(containers.id, line.containerId)) : ids
    )
      .where(and(where, keyset.after))
      .orderBy(...keyset.order)
      .limit(PAGE_LIMIT)
      .offset(PAGE_OFFSET)
      .as('page');
    return {
      rows: db
        .select({ ...LIST_ROW, ...keyset.fields })
        .from(page)
        .innerJoin(line, eq(line.id, page.id))
        .innerJoin(products, eq(products.id, line.productId))
        .leftJoin(containers, eq(containers.id, line.containerId))
        .leftJoin(containerUnits, eq(containerUnits.id, line.containerUnitId))
        .orderBy(...keyset.order),
      matching: selectMatching(db, line, where),
    };
  });
  const filtered =
    Boolean(query.search) ||
    (query.worklist !== undefined && query.worklist !== 'all' && query.worklist !== '');
  return runList(
    db,
    list,
    query,
    { ...searchValues(query.search), inventory_id: inventoryId },
    filtered ? undefined : knownTotal,
    keyset,
  );
}

/** The list's statistics (spec 02 §3). */
export interface LineStatistics {
  lines: number;
  uncheckedLines: number;
  openQuestions: number;
  productsInventoried: number;
  productsWithSds: number;
  productsWithLabelPhoto: number;
}

/** The versions the statistics were read under: the inventory's lines' and the product files'. */
export interface StatisticsVersions {
  lines: number;
  files: number;
}

/**
 * The inventory the list is of, with the versions of what its statistics read, in one statement;
 * the statistics themselves only when `known` is not those versions (they are null then).
 *
 * The statistics: distinct products inventoried, those with an SDS file or a label photo, and the
 * worklists. A product counts as inventoried once one of its lines is checked this year: a line
 * carried over and not yet checked is last year's count, not this year's (issue 22 §5). "With SDS"
 * stays over every product on the inventory, which is what Print All SDS holds. They were the list's
 * cost (issue 37: 2–3.6 ms of the 2,000-line inventory's page against 0.1 ms for the page itself),
 * so the service keeps them under the versions and this statement reads them again only when a
 * version moved.
 */
export async function selectInventoryWithStatistics(
  db: Db,
  inventoryId: number,
  known: StatisticsVersions | undefined,
) {
  const [row] = await cachedStatement(db, 'inventory-products:statistics', () =>
    prepareNamed(inventoryWithStatistics(db)),
  ).execute({
    inventory_id: inventoryId,
    known_lines_version: known?.lines ?? null,
    known_files_version: known?.files ?? null,
  });
  if (!row) throw notFound('Inventory');
  const { linesVersion, filesVersion, statistics, ...inventory } = row;
  return {
    ...inventory,
    versions: { lines: Number(linesVersion), files: Number(filesVersion) },
    statistics,
  };
}

/**
 * The statement of `selectInventoryWithStatistics`, its inventory and known versions placeholders.
 * The statistics are one uncorrelated subquery under a CASE: PostgreSQL runs such a subquery (an
 * InitPlan) only when the CASE reaches it, so a known version costs the inventory's row and two
 * index lookups. The inventory's lines are read once, grouped by product (each group's line counts
 * and whether one of its lines is checked), and each product's SDS file is looked up by its key:
 * a join with the products let the planner hash the whole products table for a few hundred
 * products (issue 24).
 */
function inventoryWithStatistics(db: Db) {
  const inventoryId = sql.placeholder('inventory_id');
  const byProduct = db
    .select({
      productId: line.productId,
      lines: sql<number>`count(*)`.as('lines'),
      uncheckedLines: sql<number>`count(*) FILTER (WHERE ${isUncheckedCarryOver})`.as('unchecked_lines'),
      openQuestions: sql<number>`count(*) FILTER (WHERE ${hasOpenQuestion})`.as('open_questions'),
      isChecked: sql<boolean>`bool_or(NOT ${isUncheckedCarryOver})`.as('is_checked'),
    })
    .from(line)
    .where(eq(line.inventoryId, inventoryId))
    .groupBy(line.productId)
    .as('by_product');
  // A photo of the label is kept as the product's file but is not an SDS: counted apart (issue 33).
  const sdsFile = (isLabelPhoto: boolean) =>
    sql`EXISTS (SELECT 1 FROM ${products} INNER JOIN ${files} ON ${files.id} = ${products.sdsFileId} WHERE ${products.id} = ${byProduct.productId} AND ${isLabelPhoto ? sql`` : sql`NOT `}${files.isLabelPhoto})`;
  const statistics = db
    .select({
      statistics: sql`json_build_object(
        'lines', coalesce(sum(${byProduct.lines}), 0)::int,
        'uncheckedLines', coalesce(sum(${byProduct.uncheckedLines}), 0)::int,
        'openQuestions', coalesce(sum(${byProduct.openQuestions}), 0)::int,
        'productsInventoried', (count(*) FILTER (WHERE ${byProduct.isChecked}))::int,
        'productsWithSds', (count(*) FILTER (WHERE ${byProduct.isChecked} AND ${sdsFile(false)}))::int,
        'productsWithLabelPhoto', (count(*) FILTER (WHERE ${byProduct.isChecked} AND ${sdsFile(true)}))::int)`,
    })
    .from(byProduct);
  const linesVersion = sql`coalesce(${inventoryReportVersions.version}, 0)`;
  const filesVersion = sql`coalesce(${productFilesVersion.version}, 0)`;
  return db
    .select({
      // The fields the list shows: the inventory's stored texts (decision 038) are long and unused.
      inventory: {
        year: inventories.year,
        isCompleted: inventories.isCompleted,
        isActive: inventories.isActive,
      },
      customer: { id: customers.id, name: customers.name },
      facility: { id: facilities.id, name: facilities.name },
      linesVersion: sql<string>`${linesVersion}::text`,
      filesVersion: sql<string>`${filesVersion}::text`,
      // Of the products inventoried: a carried-over product nobody has checked yet is neither.
      statistics: sql<LineStatistics | null>`CASE
        WHEN ${linesVersion} = ${sql.placeholder('known_lines_version')}
          AND ${filesVersion} = ${sql.placeholder('known_files_version')} THEN NULL
        ELSE (${statistics}) END`,
    })
    .from(inventories)
    .innerJoin(customers, eq(customers.id, inventories.customerId))
    .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
    .leftJoin(inventoryReportVersions, eq(inventoryReportVersions.inventoryId, inventories.id))
    .leftJoin(productFilesVersion, eq(productFilesVersion.id, 1))
    .where(eq(inventories.id, inventoryId))
    .limit(1);
}

/** The inventory's lines as a picker offers them, by name. */
export async function selectLinePickerRows(db: Db, inventoryId: number, query: AutocompleteQuery) {
  const where = and(eq(line.inventoryId, inventoryId), searchAny(query.search, [line.name, line.mfgName]));
  return readPage(
    db,
    query,
    db
      .select({ id: line.id, name: line.name })
      .from(line)
      .where(where)
      .orderBy(orderBy(textKey(line.name), query.order_dir), asc(line.id)),
    selectMatching(db, line, where),
  );
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
        sameCombination(line, {
          productId: sql`${combination.productId}`,
          containerId: sql`${combination.containerId}`,
          containerUnitId: sql`${combination.containerUnitId}`,
          containerSize: sql`${combination.containerSize}::numeric`,
        }),
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

/**
 * A component list's details as JSON, ordered by component: the form both sides of a catalog
 * comparison are read in, so equal stored figures compare equal (the two tables share
 * `componentDetailColumns`).
 */
function componentsJson(
  table: typeof productChemicalComponents | typeof inventoryProductChemicalComponents,
  owner: SQL,
) {
  return sql<unknown[]>`coalesce((SELECT json_agg(json_build_object(
      'chemical_component_id', ${table.chemicalComponentId},
      'percentage_weight', ${table.percentageWeight},
      'percentage_weight_low', ${table.percentageWeightLow},
      'percentage_volume', ${table.percentageVolume},
      'regulations', ${table.regulations},
      'restrictions', ${table.restrictions},
      'reporting_requirements', ${table.reportingRequirements},
      'is_carcinogen', ${table.isCarcinogen}) ORDER BY ${table.chemicalComponentId})
    FROM ${table} WHERE ${owner}), '[]'::json)`;
}

/** A line's hazard classes (by name, as the record shows them) and its components, in one statement. */
export async function selectLineLists(db: Db | Tx, lineId: number) {
  const [row] = await db
    .select({
      hazards: sql<{ id: number; name: string }[]>`coalesce((SELECT json_agg(json_build_object(
          'id', ${hazards.id}, 'name', ${hazards.name}) ORDER BY lower(${hazards.name}), ${hazards.id})
        FROM ${inventoryProductHazards} JOIN ${hazards} ON ${hazards.id} = ${inventoryProductHazards.hazardId}
        WHERE ${inventoryProductHazards.inventoryProductId} = ${lineId}), '[]'::json)`,
      components: componentsJson(
        inventoryProductChemicalComponents,
        sql`${inventoryProductChemicalComponents.inventoryProductId} = ${lineId}`,
      ),
    })
    .from(sql`(SELECT 1) AS one`);
  return { hazards: row?.hazards ?? [], components: row?.components ?? [] };
}

/** The catalog product a line copies: its data, hazard class ids and components, in one statement. */
export async function selectCatalogSide(db: Db | Tx, productId: number) {
  const [row] = await db
    .select({
      product: products,
      hazardIds: sql<number[]>`coalesce((SELECT array_agg(${productHazards.hazardId})
        FROM ${productHazards} WHERE ${productHazards.productId} = ${products.id}), '{}')`,
      components: componentsJson(
        productChemicalComponents,
        sql`${productChemicalComponents.productId} = ${products.id}`,
      ),
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) throw notFound('Product');
  return row;
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
export async function insertLineRequest(
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
