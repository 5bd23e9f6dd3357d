import {
  CUSTOMER_MSG,
  type FacilityResource,
  formatFullAddress,
  type SaveFacilityRequestSchema,
} from '@chemtrack/domain';
import { and, asc, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { addresses, customers, facilities, facilityCustomers } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { toIso } from '../../lib/dates.ts';
import { activeFilter, orderBy, pageOffset, searchAny, textKey, toPage } from '../../lib/list-query.ts';
import { saveAddress, toAddressResource } from '../general/addresses.repository.ts';

type SaveFacility = z.output<typeof SaveFacilityRequestSchema>;

export const FACILITY_ORDER_KEYS = ['name', 'customer_name', 'updated_at', 'created_at'] as const;
type FacilityOrder = (typeof FACILITY_ORDER_KEYS)[number];
const ORDER_COLUMNS: Record<FacilityOrder, SQL> = {
  name: textKey(facilities.name),
  customer_name: textKey(customers.name),
  updated_at: sql`${facilities.updatedAt}`,
  created_at: sql`${facilities.createdAt}`,
};

/** Facilities a customer owns or shares. */
function belongsTo(customerId: number | undefined): SQL | undefined {
  if (customerId === undefined) return undefined;
  return or(
    eq(facilities.customerId, customerId),
    exists(
      sql`(SELECT 1 FROM ${facilityCustomers} WHERE ${facilityCustomers.facilityId} = ${facilities.id} AND ${facilityCustomers.customerId} = ${customerId})`,
    ),
  );
}

function selectRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      facility: facilities,
      address: addresses,
      customer: { id: customers.id, name: customers.name },
    })
    .from(facilities)
    .innerJoin(customers, eq(customers.id, facilities.customerId))
    .leftJoin(addresses, eq(addresses.id, facilities.addressId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

function toResource(row: Row, sharedWith: { id: number; name: string }[]): FacilityResource {
  const address = toAddressResource(row.address);
  return {
    id: row.facility.id,
    name: row.facility.name,
    customer_id: row.facility.customerId,
    customer: row.customer,
    customers: [row.customer, ...sharedWith.filter((c) => c.id !== row.customer.id)],
    address,
    full_address: formatFullAddress(address),
    is_active: row.facility.isActive,
    created_at: toIso(row.facility.createdAt),
    updated_at: toIso(row.facility.updatedAt),
  };
}

export async function getFacility(db: Db, id: number): Promise<FacilityResource> {
  const [row] = await selectRows(db, eq(facilities.id, id));
  if (!row) throw notFound('Facility');
  const shared = await db
    .select({ id: customers.id, name: customers.name })
    .from(facilityCustomers)
    .innerJoin(customers, eq(customers.id, facilityCustomers.customerId))
    .where(eq(facilityCustomers.facilityId, id))
    .orderBy(asc(textKey(customers.name)), asc(customers.id));
  return toResource(row, shared);
}

export interface FacilityListQuery {
  page: number;
  ipp: number;
  search?: string | undefined;
  status?: string | undefined;
  customer_id?: number | undefined;
  order_by?: FacilityOrder | undefined;
  order_dir?: 'asc' | 'desc' | undefined;
}

/** The list leaves out each row's shared customers; the detail call has them. */
export async function listFacilities(db: Db, query: FacilityListQuery) {
  const where = and(
    activeFilter(query.status, facilities.isActive),
    belongsTo(query.customer_id),
    searchAny(query.search, [facilities.name]),
  );
  const order = query.order_by
    ? orderBy(ORDER_COLUMNS[query.order_by], query.order_dir)
    : desc(facilities.updatedAt);
  const [rows, [count]] = await Promise.all([
    selectRows(db, where)
      .orderBy(order, facilities.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(facilities).where(where),
  ]);
  return toPage(
    rows.map((row) => toResource(row, [])),
    count?.total ?? 0,
    query.page,
    query.ipp,
  );
}

export async function autocompleteFacilities(
  db: Db,
  query: {
    page: number;
    ipp: number;
    search?: string | undefined;
    customer_id?: number | undefined;
    order_dir?: 'asc' | 'desc' | undefined;
  },
) {
  const where = and(
    eq(facilities.isActive, true),
    belongsTo(query.customer_id),
    searchAny(query.search, [facilities.name]),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: facilities.id, name: facilities.name })
      .from(facilities)
      .where(where)
      .orderBy(orderBy(textKey(facilities.name), query.order_dir), facilities.id)
      .limit(query.ipp)
      .offset(pageOffset(query.page, query.ipp)),
    db.select({ total: sql<number>`count(*)::int` }).from(facilities).where(where),
  ]);
  return toPage(rows, count?.total ?? 0, query.page, query.ipp);
}

async function assertCustomer(db: Db, id: number) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  if (!row) throw fieldError('customer_id', CUSTOMER_MSG.customerRequired);
}

async function linkOwner(db: Db, facilityId: number, customerId: number) {
  await db.insert(facilityCustomers).values({ facilityId, customerId }).onConflictDoNothing();
}

export async function createFacility(db: Db, body: SaveFacility): Promise<number> {
  return db.transaction(async (tx) => {
    await assertCustomer(tx, body.customer_id);
    const addressId = await saveAddress(tx, null, body.address, 'address');
    const [row] = await tx
      .insert(facilities)
      .values({ name: body.name, customerId: body.customer_id, addressId, isActive: body.is_active ?? true })
      .returning({ id: facilities.id });
    await linkOwner(tx, row!.id, body.customer_id);
    return row!.id;
  });
}

export async function updateFacility(db: Db, id: number, body: SaveFacility): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(facilities).where(eq(facilities.id, id)).limit(1);
    if (!current) throw notFound('Facility');
    await assertCustomer(tx, body.customer_id);
    const addressId = await saveAddress(tx, current.addressId, body.address, 'address');
    await tx
      .update(facilities)
      .set({ name: body.name, customerId: body.customer_id, addressId })
      .where(eq(facilities.id, id));
    await linkOwner(tx, id, body.customer_id);
  });
}

export async function toggleFacility(db: Db, id: number) {
  const [current] = await db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  if (!current) throw notFound('Facility');
  await db.update(facilities).set({ isActive: !current.isActive }).where(eq(facilities.id, id));
}
