import {
  type AutocompleteQuery,
  type CustomerListQuery,
  LIST_CURSOR_MSG,
  type SameNameCustomer,
} from '@chemtrack/domain';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, customers, facilities } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import {
  activeFilter,
  cachedList,
  keysetOf,
  orderBy,
  PAGE_LIMIT,
  PAGE_OFFSET,
  readPage,
  runList,
  type SearchSlot,
  searchAny,
  searchSlot,
  searchValues,
  selectMatching,
  textKey,
} from '../../lib/list-query.ts';
import { versionCheck } from '../../lib/record-version.ts';
import { isSameName } from '../../lib/same-name.ts';

/** Refuses a save over a newer version of the customer than the client read (lib/record-version.ts). */
export const checkCustomerVersion = versionCheck(customers);

const billing = alias(addresses, 'billing');
const facilityAddress = alias(addresses, 'facility_address');

const ORDER_COLUMNS: Record<NonNullable<CustomerListQuery['order_by']>, SQL> = {
  name: textKey(customers.name),
  customer_name: textKey(customers.name),
  facility_name: textKey(facilities.name),
  updated_at: sql`${customers.updatedAt}`,
  created_at: sql`${customers.createdAt}`,
};

export type CustomerValues = Pick<
  typeof customers.$inferInsert,
  'name' | 'preparedAt' | 'addressId' | 'billingAddressId' | 'isSameBillingAddress'
>;

export async function findCustomer(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ customer: customers, address: addresses, billing })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.addressId))
    .leftJoin(billing, eq(billing.id, customers.billingAddressId))
    .where(eq(customers.id, id))
    .limit(1);
  if (!row) throw notFound('Customer');
  return row;
}
export type CustomerRow = Awaited<ReturnType<typeof findCustomer>>;

/** A reference check for the areas that point at a customer (facilities, inventories). */
export async function customerExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return row !== undefined;
}

/**
 * Which customer × facility rows a list status shows (decision 003). Active: active customers
 * with their active facilities, so a customer whose facilities are all archived still has its
 * row, with no facility. Inactive (Show Archived): archived customers with every facility they
 * own, and the archived facilities of active customers. No status: every customer and facility.
 * `withoutFacility`: the customers the status shows on a row without a facility (none joins),
 * by the flags the database keeps (`has_facility`, `has_active_facility`, migration 0032), for
 * the list by facility name.
 */
function rowsForStatus(status: string | undefined): {
  facilityJoin: SQL | undefined;
  where: SQL | undefined;
  withoutFacility: SQL | undefined;
} {
  const owned = eq(facilities.customerId, customers.id);
  if (status === 'active')
    return {
      facilityJoin: and(owned, eq(facilities.isActive, true)),
      where: activeFilter(status, customers.isActive),
      withoutFacility: and(activeFilter(status, customers.isActive), eq(customers.hasActiveFacility, false)),
    };
  if (status === 'inactive') {
    const isArchivedRow = sql`(${customers.isActive} = false OR ${facilities.isActive} = false)`;
    // An active customer with no archived facility joins nothing and drops out.
    return {
      facilityJoin: and(owned, isArchivedRow),
      where: sql`(${customers.isActive} = false OR ${facilities.id} IS NOT NULL)`,
      withoutFacility: and(activeFilter(status, customers.isActive), eq(customers.hasFacility, false)),
    };
  }
  return { facilityJoin: owned, where: undefined, withoutFacility: eq(customers.hasFacility, false) };
}

/** A list search as the customers list matches it: a row by its customer's name or by its facility's. */
function searchMatches(db: Db, search: SearchSlot | undefined) {
  if (!search) return undefined;
  const byCustomerName = searchAny(search, [customers.name]);
  const byFacilityName = searchAny(search, [facilities.name]);
  // Each name is matched in its own table, where its trigram index serves the ILIKE; one OR
  // across the joined rows would test every customer × facility pair instead.
  return {
    byCustomerName,
    byFacilityName,
    where: or(
      inArray(customers.id, db.select({ id: customers.id }).from(customers).where(byCustomerName)),
      inArray(facilities.id, db.select({ id: facilities.id }).from(facilities).where(byFacilityName)),
    ),
  };
}

/**
 * The page's rows of the list by facility name (issue 37, decision 040), as keys: the rows with a
 * facility (walked along `facilities_name_lower_idx`, each to its customer by key) and the rows
 * of a customer without one (along `customers_without_facility_idx` or
 * `customers_without_active_facility_idx`), each cut at the page's end and merged. One LEFT JOIN
 * sorted whole read every customer and facility for a page of ten. The order is the join's: a
 * NULL name sorts last ascending and first descending, then the customer's id and the facility's.
 * With a search, the rows with a facility are those found by the facility's name and those found
 * by the customer's, each from its table's trigram index (a UNION drops a row both find).
 */
function facilityNamePage(
  db: Db,
  shown: ReturnType<typeof rowsForStatus>,
  matches: ReturnType<typeof searchMatches>,
  direction: 'asc' | 'desc' | undefined,
): SQL {
  const sortKey = textKey(facilities.name);
  const order = direction === 'desc' ? sql`DESC` : sql`ASC`;
  const pageEnd = sql`${PAGE_LIMIT}::int + ${PAGE_OFFSET}::int`;
  const joined = (where: SQL | undefined) =>
    db
      .select({
        customerId: sql`${customers.id}`.as('customer_id'),
        facilityId: sql`${facilities.id}`.as('facility_id'),
        sortKey: sql`${sortKey}`.as('sort_key'),
      })
      .from(facilities)
      .innerJoin(customers, shown.facilityJoin)
      .where(and(shown.where, where));
  const withFacility = matches
    ? sql`(${joined(matches.byFacilityName)}) UNION (${joined(matches.byCustomerName)})
        ORDER BY "sort_key" ${order}, "customer_id", "facility_id"`
    : sql`${joined(undefined).orderBy(orderBy(sortKey, direction), customers.id, facilities.id)}`;
  const alone = db
    .select({
      customerId: sql`${customers.id}`.as('customer_id'),
      facilityId: sql`NULL::int`.as('facility_id'),
      sortKey: sql`NULL::text`.as('sort_key'),
    })
    .from(customers)
    .where(and(shown.withoutFacility, matches?.byCustomerName))
    .orderBy(customers.id);
  return sql`((${withFacility} LIMIT ${pageEnd}) UNION ALL (${alone} LIMIT ${pageEnd}))
    ORDER BY "sort_key" ${order}, "customer_id", "facility_id" LIMIT ${PAGE_LIMIT} OFFSET ${PAGE_OFFSET}`;
}

/**
 * One row per customer × owned facility; a customer with none still has its row. One cached
 * statement per shape of the request (lib/list-query.ts's `cachedList`).
 */
export async function selectCustomerListRows(db: Db, query: CustomerListQuery) {
  const search = searchSlot(query.search);
  // The facility-name order walks its own UNION of two indexes (decision 040), which no cursor
  // enters: it pages by number, and its answers carry no cursor (decision 041).
  const byFacilityName = query.order_by === 'facility_name';
  if (byFacilityName && query.cursor) throw fieldError('cursor', LIST_CURSOR_MSG.mismatch);
  const keyset = keysetOf(query, 'customers', [
    query.order_by
      ? { value: ORDER_COLUMNS[query.order_by], direction: query.order_dir }
      : { value: customers.updatedAt, direction: 'desc' },
    { value: customers.id },
    // A customer with no facility shown has its row with a NULL facility.
    { value: facilities.id, nullable: true },
  ]);
  const key = `customers:${query.status ?? ''}:${search?.kind ?? ''}:${query.order_by ?? ''}:${query.order_dir ?? ''}:${keyset.shape}`;
  const list = cachedList(db, key, { replanned: search !== undefined }, () => {
    const matches = searchMatches(db, search);
    const shown = rowsForStatus(query.status);
    const where = and(shown.where, matches?.where);
    const fields = { customer: customers, address: addresses, facility: facilities, facilityAddress };
    const matching = db
      .select({ one: sql`1` })
      .from(customers)
      .leftJoin(facilities, shown.facilityJoin)
      .where(where);
    if (byFacilityName) {
      const page = sql`(${facilityNamePage(db, shown, matches, query.order_dir)}) AS "page"`;
      return {
        rows: db
          .select(fields)
          .from(page)
          .innerJoin(customers, sql`${customers.id} = "page"."customer_id"`)
          .leftJoin(addresses, eq(addresses.id, customers.addressId))
          .leftJoin(facilities, sql`${facilities.id} = "page"."facility_id"`)
          .leftJoin(facilityAddress, eq(facilityAddress.id, facilities.addressId))
          .orderBy(
            query.order_dir === 'desc' ? sql`"page"."sort_key" DESC` : sql`"page"."sort_key" ASC`,
            sql`"page"."customer_id"`,
            sql`"page"."facility_id"`,
          ),
        matching,
      };
    }
    return {
      rows: db
        .select({ ...fields, ...keyset.fields })
        .from(customers)
        .leftJoin(addresses, eq(addresses.id, customers.addressId))
        .leftJoin(facilities, shown.facilityJoin)
        .leftJoin(facilityAddress, eq(facilityAddress.id, facilities.addressId))
        .where(and(where, keyset.after))
        .orderBy(...keyset.order)
        .limit(PAGE_LIMIT)
        .offset(PAGE_OFFSET),
      matching,
    };
  });
  return runList(db, list, query, searchValues(query.search), undefined, byFacilityName ? undefined : keyset);
}

export async function selectCustomerPickerRows(db: Db, query: AutocompleteQuery) {
  const where = and(eq(customers.isActive, true), searchAny(query.search, [customers.name]));
  return readPage(
    db,
    query,
    db
      .select({ id: customers.id, name: customers.name, city: sql<string>`coalesce(${addresses.city}, '')` })
      .from(customers)
      .leftJoin(addresses, eq(addresses.id, customers.addressId))
      .where(where)
      .orderBy(orderBy(textKey(customers.name), query.order_dir), customers.id),
    selectMatching(db, customers, where),
  );
}

/** Another customer with this name (ignoring case and spacing): an active one first, then the oldest. */
export async function findSameNameCustomer(
  db: Db | Tx,
  name: string,
  exceptId: number | null,
): Promise<SameNameCustomer | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      city: sql<string>`coalesce(${addresses.city}, '')`,
      is_active: customers.isActive,
    })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.addressId))
    .where(and(isSameName(customers.name, name), exceptId === null ? undefined : ne(customers.id, exceptId)))
    .orderBy(desc(customers.isActive), customers.id)
    .limit(1);
  return row;
}

export async function insertCustomer(
  db: Db | Tx,
  values: CustomerValues & { isActive: boolean },
): Promise<number> {
  const [row] = await db.insert(customers).values(values).returning({ id: customers.id });
  if (!row) throw new Error('customer insert returned no row');
  return row.id;
}

export async function updateCustomerRow(db: Db | Tx, id: number, values: CustomerValues): Promise<void> {
  await db.update(customers).set(values).where(eq(customers.id, id));
}

export async function setCustomerActive(db: Db | Tx, id: number, isActive: boolean): Promise<void> {
  await db.update(customers).set({ isActive }).where(eq(customers.id, id));
}
