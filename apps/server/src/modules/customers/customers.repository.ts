import type { AutocompleteQuery, CustomerListQuery, SameNameCustomer } from '@chemtrack/domain';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, customers, facilities } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import {
  activeFilter,
  cachedList,
  keysetOf,
  orderBy,
  PAGE_LIMIT,
  PAGE_OFFSET,
  readPage,
  runList,
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
 */
function rowsForStatus(status: string | undefined): {
  facilityJoin: SQL | undefined;
  where: SQL | undefined;
} {
  const owned = eq(facilities.customerId, customers.id);
  if (status === 'active')
    return {
      facilityJoin: and(owned, eq(facilities.isActive, true)),
      where: activeFilter(status, customers.isActive),
    };
  if (status === 'inactive') {
    const isArchivedRow = sql`(${customers.isActive} = false OR ${facilities.isActive} = false)`;
    // An active customer with no archived facility joins nothing and drops out.
    return {
      facilityJoin: and(owned, isArchivedRow),
      where: sql`(${customers.isActive} = false OR ${facilities.id} IS NOT NULL)`,
    };
  }
  return { facilityJoin: owned, where: undefined };
}

/**
 * One row per customer × owned facility; a customer with none still has its row. One cached
 * statement per shape of the request (lib/list-query.ts's `cachedList`).
 */
export async function selectCustomerListRows(db: Db, query: CustomerListQuery) {
  const search = searchSlot(query.search);
  // A customer with no facility shown has its row with a NULL facility (name and id).
  const keyset = keysetOf(query, 'customers', [
    query.order_by
      ? {
          value: ORDER_COLUMNS[query.order_by],
          direction: query.order_dir,
          nullable: query.order_by === 'facility_name',
        }
      : { value: customers.updatedAt, direction: 'desc' },
    { value: customers.id },
    { value: facilities.id, nullable: true },
  ]);
  const key = `customers:${query.status ?? ''}:${search?.kind ?? ''}:${query.order_by ?? ''}:${query.order_dir ?? ''}:${keyset.shape}`;
  const list = cachedList(db, key, { replanned: search !== undefined }, () => {
    // Each name is matched in its own table, where its trigram index serves the ILIKE; one OR
    // across the joined rows would test every customer × facility pair instead.
    const matches = search
      ? or(
          inArray(
            customers.id,
            db
              .select({ id: customers.id })
              .from(customers)
              .where(searchAny(search, [customers.name])),
          ),
          inArray(
            facilities.id,
            db
              .select({ id: facilities.id })
              .from(facilities)
              .where(searchAny(search, [facilities.name])),
          ),
        )
      : undefined;
    const shown = rowsForStatus(query.status);
    const where = and(shown.where, matches);
    return {
      rows: db
        .select({
          customer: customers,
          address: addresses,
          facility: facilities,
          facilityAddress,
          ...keyset.fields,
        })
        .from(customers)
        .leftJoin(addresses, eq(addresses.id, customers.addressId))
        .leftJoin(facilities, shown.facilityJoin)
        .leftJoin(facilityAddress, eq(facilityAddress.id, facilities.addressId))
        .where(and(where, keyset.after))
        .orderBy(...keyset.order)
        .limit(PAGE_LIMIT)
        .offset(PAGE_OFFSET),
      matching: db
        .select({ one: sql`1` })
        .from(customers)
        .leftJoin(facilities, shown.facilityJoin)
        .where(where),
    };
  });
  return runList(db, list, query, searchValues(query.search), undefined, keyset);
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
