import {
  CUSTOMER_MSG,
  type CustomerListRow,
  type CustomerResource,
  formatFullAddress,
  type SameNameCustomer,
  type SaveCustomerRequestSchema,
} from '@chemtrack/domain';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { addresses, customers, facilities } from '../../db/schema/index.ts';
import { conflictWith, notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';
import { isSameName, isSameNameText } from '../../lib/same-name.ts';
import {
  deleteAddress,
  isBlankBilling,
  saveAddress,
  toAddressResource,
} from '../general/addresses.repository.ts';

type SaveCustomer = z.output<typeof SaveCustomerRequestSchema>;

const billing = alias(addresses, 'billing');
const facilityAddress = alias(addresses, 'facility_address');

export const CUSTOMER_ORDER_KEYS = [
  'name',
  'customer_name',
  'facility_name',
  'updated_at',
  'created_at',
] as const;
type CustomerOrder = (typeof CUSTOMER_ORDER_KEYS)[number];

const ORDER_COLUMNS: Record<CustomerOrder, SQL> = {
  name: textKey(customers.name),
  customer_name: textKey(customers.name),
  facility_name: textKey(facilities.name),
  updated_at: sql`${customers.updatedAt}`,
  created_at: sql`${customers.createdAt}`,
};

export async function findCustomer(db: Db, id: number) {
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

export function toCustomerResource(row: Awaited<ReturnType<typeof findCustomer>>): CustomerResource {
  const { phone: _phone, ...billingAddress } = toAddressResource(row.billing);
  const address = toAddressResource(row.address);
  return {
    id: row.customer.id,
    name: row.customer.name,
    phone: address.phone,
    prepared_at: row.customer.preparedAt,
    address,
    billing_address: billingAddress,
    billingAddress,
    is_same_billing_address: row.customer.isSameBillingAddress,
    is_active: row.customer.isActive,
    created_at: toIso(row.customer.createdAt),
    updated_at: toIso(row.customer.updatedAt),
  };
}

export interface CustomerListQuery {
  page: number;
  ipp: number;
  search?: string | undefined;
  status?: string | undefined;
  order_by?: CustomerOrder | undefined;
  order_dir?: 'asc' | 'desc' | undefined;
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

/** One row per customer × owned facility; a customer with none still has its row. */
export async function listCustomers(db: Db, query: CustomerListQuery) {
  // Each name is matched in its own table, where its trigram index serves the ILIKE; one OR
  // across the joined rows would test every customer × facility pair instead.
  const matches = query.search
    ? or(
        inArray(
          customers.id,
          db
            .select({ id: customers.id })
            .from(customers)
            .where(searchAny(query.search, [customers.name])),
        ),
        inArray(
          facilities.id,
          db
            .select({ id: facilities.id })
            .from(facilities)
            .where(searchAny(query.search, [facilities.name])),
        ),
      )
    : undefined;
  const shown = rowsForStatus(query.status);
  const where = and(shown.where, matches);
  const order: SQL[] = query.order_by
    ? [orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)]
    : [orderBy(customers.updatedAt, 'desc')];
  const base = () =>
    db
      .select({ customer: customers, address: addresses, facility: facilities, facilityAddress })
      .from(customers)
      .leftJoin(addresses, eq(addresses.id, customers.addressId))
      .leftJoin(facilities, shown.facilityJoin)
      .leftJoin(facilityAddress, eq(facilityAddress.id, facilities.addressId))
      .where(where);
  const [rows, [count]] = await Promise.all([
    base()
      .orderBy(...order, customers.id, facilities.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(customers)
      .leftJoin(facilities, shown.facilityJoin)
      .where(where),
  ]);
  const items: CustomerListRow[] = rows.map((row) => {
    const address = toAddressResource(row.address);
    return {
      id: row.customer.id,
      name: row.customer.name,
      phone: address.phone,
      is_active: row.customer.isActive,
      address,
      facility: row.facility
        ? {
            id: row.facility.id,
            name: row.facility.name,
            full_address: formatFullAddress(toAddressResource(row.facilityAddress)),
            is_active: row.facility.isActive,
          }
        : null,
    };
  });
  return toPage(items, count?.total ?? 0, query.page, query.ipp);
}

export async function autocompleteCustomers(
  db: Db,
  query: { page: number; ipp: number; search?: string | undefined; order_dir?: 'asc' | 'desc' | undefined },
) {
  const where = and(eq(customers.isActive, true), searchAny(query.search, [customers.name]));
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, city: sql<string>`coalesce(${addresses.city}, '')` })
      .from(customers)
      .leftJoin(addresses, eq(addresses.id, customers.addressId))
      .where(where)
      .orderBy(orderBy(textKey(customers.name), query.order_dir), customers.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(customers).where(where),
  ]);
  return toPage(rows, count?.total ?? 0, query.page, query.ipp);
}

/**
 * Billing follows the checkbox: "same as company" copies the company address; otherwise the
 * given billing address is kept, and an empty one clears it. Returns the address to point at and
 * one to delete once nothing points at it.
 */
async function saveBilling(
  db: Db,
  existing: number | null,
  body: SaveCustomer,
): Promise<{ billingAddressId: number | null; orphanId: number | null }> {
  if (body.is_same_billing_address) {
    const { phone: _phone, ...copy } = body.address;
    return { billingAddressId: await saveAddress(db, existing, copy, 'billing_address'), orphanId: null };
  }
  if (isBlankBilling(body.billing_address) || !body.billing_address)
    return { billingAddressId: null, orphanId: existing };
  return {
    billingAddressId: await saveAddress(db, existing, body.billing_address, 'billing_address'),
    orphanId: null,
  };
}

/** Another customer with this name (ignoring case and spacing): an active one first, then the oldest. */
async function findSameNameCustomer(
  db: Db,
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

/**
 * Two companies may share a name, so a second one is not refused outright: the save answers 409
 * with the customer already there until the user confirms. Checked after the other rules, so the
 * question comes once the form is otherwise right.
 */
async function askBeforeSameName(db: Db, body: SaveCustomer, exceptId: number | null): Promise<void> {
  if (body.confirm_duplicate) return;
  const existing = await findSameNameCustomer(db, body.name, exceptId);
  if (existing) throw conflictWith(CUSTOMER_MSG.duplicate(existing.name, existing.city), existing);
}

export async function createCustomer(db: Db, body: SaveCustomer): Promise<number> {
  return db.transaction(async (tx) => {
    const addressId = await saveAddress(tx, null, body.address, 'address');
    const { billingAddressId } = await saveBilling(tx, null, body);
    await askBeforeSameName(tx, body, null);
    const [row] = await tx
      .insert(customers)
      .values({
        name: body.name,
        preparedAt: body.prepared_at || null,
        addressId,
        billingAddressId,
        isSameBillingAddress: body.is_same_billing_address ?? false,
        isActive: body.is_active ?? true,
      })
      .returning({ id: customers.id });
    return row!.id;
  });
}

export async function updateCustomer(db: Db, id: number, body: SaveCustomer): Promise<void> {
  await db.transaction(async (tx) => {
    const { customer } = await findCustomer(tx, id);
    const addressId = await saveAddress(tx, customer.addressId, body.address, 'address');
    const { billingAddressId, orphanId } = await saveBilling(tx, customer.billingAddressId, body);
    // Keeping a name already shared (confirmed when it was given) asks nothing.
    if (!isSameNameText(customer.name, body.name)) await askBeforeSameName(tx, body, id);
    await tx
      .update(customers)
      .set({
        name: body.name,
        preparedAt: body.prepared_at || null,
        addressId,
        billingAddressId,
        isSameBillingAddress: body.is_same_billing_address ?? false,
      })
      .where(eq(customers.id, id));
    await deleteAddress(tx, orphanId);
  });
}

export async function toggleCustomer(db: Db, id: number) {
  const { customer } = await findCustomer(db, id);
  await db.update(customers).set({ isActive: !customer.isActive }).where(eq(customers.id, id));
}
