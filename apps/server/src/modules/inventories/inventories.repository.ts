import type { InventoryAutocompleteQuery, InventoryListQuery } from '@chemtrack/domain';
import {
  and,
  desc,
  eq,
  exists,
  getTableColumns,
  inArray,
  lt,
  ne,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  customers,
  facilities,
  facilityCustomers,
  inventories,
  inventoryDuplicates,
  inventoryProductChemicalComponents,
  inventoryProductHazards,
  inventoryProducts,
  inventoryTechnicians,
  users,
} from '../../db/schema/index.ts';
import { productDataColumns } from '../../db/schema/product-data.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  cachedList,
  cachedStatement,
  keysetOf,
  matchesUnaccentedSearch,
  orderBy,
  PAGE_LIMIT,
  PAGE_OFFSET,
  prepareNamed,
  readPage,
  runList,
  type SearchArg,
  searchAny,
  searchSlot,
  searchValues,
  selectMatching,
  textKey,
} from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';
import { facilityBelongsTo } from '../facilities/facilities.repository.ts';

/** A line's combination as SQL (its columns, or another row's), as `sameCombination` compares it. */
interface CombinationOf {
  productId: SQLWrapper;
  containerId: SQLWrapper;
  containerUnitId: SQLWrapper;
  containerSize: SQLWrapper;
}

/**
 * Two lines hold the same combination: the same product in the same container, unit and size, a
 * missing container, unit or size matching a missing one. One inventory holds one line of each
 * (spec 02 §4, saving an inventory product aggregates), and a year copied from several keeps one.
 */
export function sameCombination(a: CombinationOf, b: CombinationOf): SQL {
  return sql`${a.productId} = ${b.productId}
    AND ${a.containerId} IS NOT DISTINCT FROM ${b.containerId}
    AND ${a.containerUnitId} IS NOT DISTINCT FROM ${b.containerUnitId}
    AND ${a.containerSize} IS NOT DISTINCT FROM ${b.containerSize}`;
}

/** Refuses a save over a newer version of the inventory than the client read (lib/record-version.ts). */
export const checkInventoryVersion = versionCheck(inventories);

const ORDER_COLUMNS: Record<NonNullable<InventoryListQuery['order_by']>, SQL> = {
  year: sql`${inventories.year}`,
  customer_name: textKey(customers.name),
  facility_name: textKey(facilities.name),
  technician_names: textKey(inventories.technicianNames),
  updated_at: sql`${inventories.updatedAt}`,
  created_at: sql`${inventories.createdAt}`,
};

const ROW = {
  inventory: inventories,
  customer: { id: customers.id, name: customers.name },
  facility: { id: facilities.id, name: facilities.name },
};

function selectRows(db: Db | Tx) {
  return db
    .select(ROW)
    .from(inventories)
    .innerJoin(customers, eq(customers.id, inventories.customerId))
    .innerJoin(facilities, eq(facilities.id, inventories.facilityId));
}

/** The inventories the list or picker filter keeps, over the joins `selectRows` makes. */
function matchingRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ one: sql`1` })
    .from(inventories)
    .innerJoin(customers, eq(customers.id, inventories.customerId))
    .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
    .where(where);
}

/**
 * The inventory with its customer and facility. This and the two reads below make an inventory's
 * record (`get`) and are prepared once per database (issue 24: the ORM built them per request).
 */
export async function findInventoryRow(db: Db | Tx, id: number) {
  const [row] = await cachedStatement(db, 'inventories:row', () =>
    prepareNamed(
      selectRows(db)
        .where(eq(inventories.id, sql.placeholder('id')))
        .limit(1),
    ),
  ).execute({ id });
  if (!row) throw notFound('Inventory');
  return row;
}
export type InventoryRow = Awaited<ReturnType<typeof findInventoryRow>>;

export function selectInventoryTechnicians(db: Db | Tx, inventoryId: number) {
  return cachedStatement(db, 'inventories:technicians', () =>
    prepareNamed(
      db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(inventoryTechnicians)
        .innerJoin(users, eq(users.id, inventoryTechnicians.userId))
        .where(eq(inventoryTechnicians.inventoryId, sql.placeholder('inventory_id')))
        .orderBy(textKey(sql`${users.firstName} || ' ' || ${users.lastName}`), users.id),
    ),
  ).execute({ inventory_id: inventoryId });
}

const source = alias(inventories, 'source');
const sourceCustomer = alias(customers, 'source_customer');
const sourceFacility = alias(facilities, 'source_facility');

/** The inventories this one was copied from, oldest year first. */
export function selectInventoryDuplicates(db: Db | Tx, inventoryId: number) {
  return cachedStatement(db, 'inventories:duplicates', () =>
    prepareNamed(
      db
        .select({
          id: source.id,
          year: source.year,
          customer: { id: sourceCustomer.id, name: sourceCustomer.name },
          facility: { id: sourceFacility.id, name: sourceFacility.name },
        })
        .from(inventoryDuplicates)
        .innerJoin(source, eq(source.id, inventoryDuplicates.sourceInventoryId))
        .innerJoin(sourceCustomer, eq(sourceCustomer.id, source.customerId))
        .innerJoin(sourceFacility, eq(sourceFacility.id, source.facilityId))
        .where(eq(inventoryDuplicates.inventoryId, sql.placeholder('inventory_id')))
        .orderBy(source.year, source.id),
    ),
  ).execute({ inventory_id: inventoryId });
}

/** Spec 02 §4's list filter: see INVENTORY_STATUSES. */
function statusFilter(status: InventoryListQuery['status']): SQL | undefined {
  if (status === 'active') return and(eq(inventories.isActive, true), eq(inventories.isCompleted, false));
  if (status === 'completed') return and(eq(inventories.isActive, true), eq(inventories.isCompleted, true));
  if (status === 'inactive') return eq(inventories.isActive, false);
  return undefined;
}

/**
 * By customer, facility or technician name, or by year ("202" finds 2020 to 2029): the inventory's
 * search text holds them all, kept by the database (decision 038), with its own trigram index.
 */
function searchFilter(search: SearchArg | undefined): SQL | undefined {
  if (!search) return undefined;
  return matchesUnaccentedSearch(inventories.searchText, search);
}

/**
 * A technician's own inventories (issue 22): assigned to them, active and not completed. The list
 * and the assignment check read the same rule.
 */
function assignedOpenFilter(userId: number | Placeholder): SQL | undefined {
  return and(
    statusFilter('active'),
    exists(
      sql`(SELECT 1 FROM ${inventoryTechnicians}
        WHERE ${inventoryTechnicians.inventoryId} = ${inventories.id}
          AND ${inventoryTechnicians.userId} = ${userId})`,
    ),
  );
}

/** Whether the inventory is one of the technician's own (see `assignedOpenFilter`). */
export async function isAssignedOpenInventory(db: Db | Tx, inventoryId: number, userId: number) {
  const [row] = await db
    .select({ id: inventories.id })
    .from(inventories)
    .where(and(eq(inventories.id, inventoryId), assignedOpenFilter(userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * `assignedTo`: only that technician's own inventories. One cached statement per shape of the
 * request (status, search form, order, technician or not: lib/list-query.ts's `cachedList`).
 *
 * A deferred join (decision 014, "List request path"): the page's ids are chosen first, from the
 * inventories alone unless the order needs a customer's or facility's name (the search has its own column), and
 * only those ids are joined for the row and its technicians' names. Selected in one pass, the
 * names were made for every row the OFFSET skips: page 500 cost 5,000 technician subqueries.
 */
export async function selectInventoryListRows(db: Db, query: InventoryListQuery, assignedTo?: number) {
  const search = searchSlot(query.search);
  const keyset = keysetOf(query, `inventories:${assignedTo ?? ''}`, [
    query.order_by
      ? { value: ORDER_COLUMNS[query.order_by], direction: query.order_dir }
      : { value: inventories.updatedAt, direction: 'desc' },
    { value: inventories.id },
  ]);
  const key = `inventories:${query.status ?? ''}:${search?.kind ?? ''}:${query.order_by ?? ''}:${query.order_dir ?? ''}:${assignedTo === undefined ? '' : 'assigned'}:${keyset.shape}`;
  const list = cachedList(db, key, { replanned: search !== undefined }, () => {
    const where = and(
      statusFilter(query.status),
      searchFilter(search),
      assignedTo === undefined ? undefined : assignedOpenFilter(sql.placeholder('assigned_to')),
    );
    const needsNames = query.order_by === 'customer_name' || query.order_by === 'facility_name';
    const ids = db.select({ id: inventories.id }).from(inventories).$dynamic();
    const page = (
      needsNames
        ? ids
            .innerJoin(customers, eq(customers.id, inventories.customerId))
            .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
        : ids
    )
      .where(and(where, keyset.after))
      .orderBy(...keyset.order)
      .limit(PAGE_LIMIT)
      .offset(PAGE_OFFSET)
      .as('page');
    return {
      rows: db
        .select({ ...ROW, technicianNames: inventories.technicianNames, ...keyset.fields })
        .from(page)
        .innerJoin(inventories, eq(inventories.id, page.id))
        .innerJoin(customers, eq(customers.id, inventories.customerId))
        .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
        .orderBy(...keyset.order),
      matching: needsNames ? matchingRows(db, where) : selectMatching(db, inventories, where),
    };
  });
  return runList(
    db,
    list,
    query,
    { ...searchValues(query.search), assigned_to: assignedTo },
    undefined,
    keyset,
  );
}

export async function selectInventoryPickerRows(db: Db, query: InventoryAutocompleteQuery) {
  const where = and(
    eq(inventories.isActive, true),
    query.customer_id === undefined ? undefined : eq(inventories.customerId, query.customer_id),
    query.facility_id === undefined ? undefined : eq(inventories.facilityId, query.facility_id),
    searchAny(query.search, [customers.name, facilities.name, sql`${inventories.year}::text`]),
  );
  return readPage(
    db,
    query,
    selectRows(db)
      .where(where)
      // Newest year first unless asked otherwise: last year is the one usually copied.
      .orderBy(orderBy(inventories.year, query.order_dir ?? 'desc'), desc(inventories.id)),
    matchingRows(db, where),
  );
}

export function selectInventoryYears(db: Db, customerId: number, facilityId: number) {
  return db
    .select({ id: inventories.id, year: inventories.year })
    .from(inventories)
    .where(
      and(
        eq(inventories.customerId, customerId),
        eq(inventories.facilityId, facilityId),
        eq(inventories.isActive, true),
      ),
    )
    .orderBy(desc(inventories.year), desc(inventories.id));
}

/**
 * The years in which an active facility of the customer (owned or shared) has an active inventory
 * of the customer, newest first, each once: the years the all-facilities report can draw
 * (the facilities of `selectActiveFacilitiesOf`, the inventories of `selectFacilitiesWithInventory`).
 */
export async function selectCustomerInventoryYears(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ year: inventories.year })
    .from(inventories)
    .innerJoin(facilities, eq(facilities.id, inventories.facilityId))
    .where(
      and(
        eq(inventories.customerId, customerId),
        eq(inventories.isActive, true),
        eq(facilities.isActive, true),
        facilityBelongsTo(customerId),
      ),
    )
    .orderBy(desc(inventories.year));
  return rows.map((row) => row.year);
}

/** The facility, and whether the customer owns it or shares it; undefined when there is none. */
export async function findFacilityOf(db: Db | Tx, facilityId: number, customerId: number) {
  const [row] = await db
    .select({
      id: facilities.id,
      name: facilities.name,
      belongs: sql<boolean>`(${facilities.customerId} = ${customerId} OR EXISTS (
        SELECT 1 FROM ${facilityCustomers}
        WHERE ${facilityCustomers.facilityId} = ${facilities.id} AND ${facilityCustomers.customerId} = ${customerId}))`,
    })
    .from(facilities)
    .where(eq(facilities.id, facilityId))
    .limit(1);
  return row;
}

/** Of these user ids, the ones of technicians. */
export async function selectTechnicianIds(db: Db | Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.role, 'technician')));
  return rows.map((row) => row.id);
}

/** Whether the inventory has any line (an empty one may still be given last year's lines). */
export async function hasLines(db: Db | Tx, inventoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: inventoryProducts.id })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.inventoryId, inventoryId))
    .limit(1);
  return row !== undefined;
}

/** Of these inventory ids, the ones of the facility from a year before `year`. */
export async function selectEarlierInventoryIds(
  db: Db | Tx,
  ids: number[],
  facilityId: number,
  year: number,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: inventories.id })
    .from(inventories)
    .where(
      and(inArray(inventories.id, ids), eq(inventories.facilityId, facilityId), lt(inventories.year, year)),
    );
  return rows.map((row) => row.id);
}

export async function selectDuplicateIds(db: Db | Tx, inventoryId: number): Promise<number[]> {
  const rows = await db
    .select({ id: inventoryDuplicates.sourceInventoryId })
    .from(inventoryDuplicates)
    .where(eq(inventoryDuplicates.inventoryId, inventoryId));
  return rows.map((row) => row.id);
}

/**
 * Makes two saves of one customer, facility and year take turns, so the check for an inventory
 * already there and the write cannot interleave.
 */
export async function lockInventoryYear(tx: Tx, customerId: number, facilityId: number, year: number) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('inventories'), hashtext(${`${customerId}:${facilityId}:${year}`}))`,
  );
}

/** Another inventory of the customer's facility for the year, archived or not. */
export async function findSameYearInventory(
  db: Db | Tx,
  values: { customerId: number; facilityId: number; year: number },
  exceptId: number | null,
) {
  const [row] = await selectRows(db)
    .where(
      and(
        eq(inventories.customerId, values.customerId),
        eq(inventories.facilityId, values.facilityId),
        eq(inventories.year, values.year),
        exceptId === null ? undefined : ne(inventories.id, exceptId),
      ),
    )
    .orderBy(inventories.id)
    .limit(1);
  return row;
}

export type InventoryValues = Pick<
  typeof inventories.$inferInsert,
  | 'year'
  | 'customerId'
  | 'facilityId'
  | 'certifierName'
  | 'certifierTitle'
  | 'dateSigned'
  | 'ehsFirstPresentOn'
>;

export async function insertInventory(db: Db | Tx, values: InventoryValues & { isActive: boolean }) {
  const [row] = await db.insert(inventories).values(values).returning({ id: inventories.id });
  if (!row) throw new Error('inventory insert returned no row');
  return row.id;
}

export async function updateInventoryRow(
  db: Db | Tx,
  id: number,
  values: InventoryValues & { isCompleted: boolean },
): Promise<void> {
  await db.update(inventories).set(values).where(eq(inventories.id, id));
}

/** The facility-year's certifier and date signed alone (a Tier II import's, issue 36). */
export async function updateInventoryCertification(
  db: Db | Tx,
  id: number,
  values: Pick<typeof inventories.$inferInsert, 'certifierName' | 'certifierTitle' | 'dateSigned'>,
): Promise<void> {
  await db.update(inventories).set(values).where(eq(inventories.id, id));
}

export async function setInventoryActive(db: Db | Tx, id: number, isActive: boolean): Promise<void> {
  await db.update(inventories).set({ isActive }).where(eq(inventories.id, id));
}

export async function replaceTechnicians(db: Db | Tx, inventoryId: number, userIds: number[]): Promise<void> {
  await db.delete(inventoryTechnicians).where(eq(inventoryTechnicians.inventoryId, inventoryId));
  if (userIds.length > 0) {
    await db.insert(inventoryTechnicians).values(userIds.map((userId) => ({ inventoryId, userId })));
  }
}

export async function insertDuplicates(db: Db | Tx, inventoryId: number, sourceIds: number[]): Promise<void> {
  if (sourceIds.length === 0) return;
  await db
    .insert(inventoryDuplicates)
    .values(sourceIds.map((sourceInventoryId) => ({ inventoryId, sourceInventoryId })));
}

/**
 * The columns a copied line takes from its source: all of the product data (db/schema's
 * `productDataColumns`, so a column added there is copied without a change here), the product,
 * what the facility holds where, and the Tier II record ids. Not copied: the notes, the open
 * question and the year figures (see copyLines), the copy's own inventory, source and check, and
 * whether it was imported (the copy was not).
 */
const COPIED_LINE_COLUMNS = [
  'productId',
  'sdsNo',
  'containerId',
  'containerUnitId',
  'containerSize',
  'containerQuantity',
  'containerInfo',
  // SPCC capacity, placement and exclusion describe the container, which stays from year to year.
  'shellCapacityGal',
  'placement',
  'spccExclusion',
  'locationStored',
  'maxPounds',
  'maxGallons',
  'isProcessed',
  'isManufactured',
  'isOtherwiseUsed',
  'storageType',
  'storagePressure',
  'storageTemperature',
  // How the product is used (sprayed as an aerosol…) goes with the process, like the storage.
  'meets313Qualifier',
  // The PSM exemptions describe how the line's product is used and stored, like the storage conditions.
  'isFuelUseOnly',
  'isAtmosphericStorage',
  // Fire code: how the line's product is used and whether it is outdoors go with the location too.
  'fireCodeUseMode',
  'isOutdoor',
  // A Tier II file's record ids (chemical, storage location, mixture components) and a mixture's own
  // CAS name the same records in the state's system next year: Tier2 Submit keeps them when a year
  // is copied, and an export without them would file the chemical as new beside last year's.
  'tier2ChemicalRecordId',
  'tier2LocationRecordId',
  'tier2CasNumber',
  'tier2ComponentRecordIds',
] as const satisfies readonly (keyof typeof inventoryProducts.$inferInsert)[];

/**
 * Their SQL names: a column named in the schema keeps its name (`meets_313_qualifier`), the others
 * are named by the client's `casing: 'snake_case'` from their key.
 */
const COPIED_COLUMNS = sql.join(
  [...Object.keys(productDataColumns()), ...COPIED_LINE_COLUMNS].map((key) => {
    const column = getTableColumns(inventoryProducts)[key as keyof typeof inventoryProducts.$inferInsert];
    return sql.identifier(column.keyAsName ? toSnakeCase(key) : column.name);
  }),
  sql`, `,
);

/**
 * Copies the lines of the source inventories into the inventory: product, product data,
 * container, unit, size, quantity, location and figures, with their hazards and components.
 * Each copy records the line it came from and starts unchecked; last year's notes and open
 * questions stay with last year, and so do its year figures (313 annual pounds, Tier II average
 * and days on site): copied, they would file last year's throughput as this year's. The storage
 * conditions go with the location, and the 313 qualifier mark with the process (how the product is
 * used, e.g. sprayed as an aerosol). Returns how many lines were copied.
 *
 * A product several sources hold in the same container, unit and size (`sameCombination`) is
 * copied once, from the newest source (highest year, then highest id): each year counted what the
 * facility held then, so copying every year's line would add the counts up and double the
 * product's pounds, gallons and range codes. Lines of a single source are all copied, as they
 * stand. The hazards and components follow the copied lines (by `source_line_id`).
 */
export async function copyLines(tx: Tx, inventoryId: number, sourceIds: number[]): Promise<number> {
  if (sourceIds.length === 0) return 0;
  const p = inventoryProducts;
  const sources = sql.join(
    sourceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const source = alias(p, 'source');
  const newer = alias(p, 'newer');
  const sourceInventory = alias(inventories, 'source_inventory');
  const newerInventory = alias(inventories, 'newer_inventory');
  const copied = await tx.execute(sql`
    INSERT INTO ${p} (inventory_id, ${COPIED_COLUMNS}, source_line_id)
    SELECT ${inventoryId}, ${COPIED_COLUMNS}, id
    FROM ${p} ${source}
    WHERE inventory_id IN (${sources})
      AND NOT EXISTS (
        SELECT 1
        FROM ${p} ${newer}
        JOIN ${inventories} ${newerInventory} ON ${newerInventory.id} = ${newer.inventoryId}
        JOIN ${inventories} ${sourceInventory} ON ${sourceInventory.id} = ${source.inventoryId}
        WHERE ${newer.inventoryId} IN (${sources})
          AND (${newerInventory.year}, ${newerInventory.id}) > (${sourceInventory.year}, ${sourceInventory.id})
          AND ${sameCombination(newer, source)})
    ORDER BY inventory_id, id
    RETURNING id`);
  await tx.execute(sql`
    INSERT INTO ${inventoryProductHazards} (inventory_product_id, hazard_id)
    SELECT copy.id, h.hazard_id
    FROM ${p} copy JOIN ${inventoryProductHazards} h ON h.inventory_product_id = copy.source_line_id
    WHERE copy.inventory_id = ${inventoryId}`);
  await tx.execute(sql`
    INSERT INTO ${inventoryProductChemicalComponents} (
      inventory_product_id, chemical_component_id, percentage_weight, percentage_weight_low,
      percentage_volume, regulations, restrictions, reporting_requirements, is_carcinogen)
    SELECT copy.id, c.chemical_component_id, c.percentage_weight, c.percentage_weight_low, c.percentage_volume,
      c.regulations, c.restrictions, c.reporting_requirements, c.is_carcinogen
    FROM ${p} copy JOIN ${inventoryProductChemicalComponents} c ON c.inventory_product_id = copy.source_line_id
    WHERE copy.inventory_id = ${inventoryId}`);
  return rowCount(copied);
}

function rowCount(result: unknown): number {
  const {
    rows,
    affectedRows,
    rowCount: count,
  } = result as {
    rows?: unknown[];
    affectedRows?: number;
    rowCount?: number | null;
  };
  return rows?.length ?? affectedRows ?? count ?? 0;
}
