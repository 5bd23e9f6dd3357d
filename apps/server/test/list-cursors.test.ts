import {
  AUDIT_LOG_ORDER_KEYS,
  CUSTOMER_ORDER_KEYS,
  FACILITY_ORDER_KEYS,
  INVENTORY_ORDER_KEYS,
  INVENTORY_PRODUCT_ORDER_KEYS,
  LIST_CURSOR_MSG,
  PRODUCT_ORDER_KEYS,
} from '@chemtrack/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  containers,
  customers,
  facilities,
  inventories,
  inventoryProducts,
  products,
} from '../src/db/schema/index.ts';
import { encodeCursor } from '../src/lib/list-query.ts';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * Issue 37, "Page 2,000" (decision 041): the big lists take a `cursor` beside `page`. Walking a
 * list by its `next_cursor`s must show exactly the rows of page=1..N, in the same order, for every
 * order both ways, with ties (equal names, equal times) and NULLs (a customer without a facility,
 * a line without a quantity or a container) in the data; and a cursor the server did not make, or
 * made for another order or filter, is a 422 on `cursor`.
 */

const IPP = 3;
let ctx: TestContext;
let inventoryId = 0;

/** The same moment for several rows, so the time orders have ties for the ids to break. */
function day(n: number): Date {
  return new Date(Date.UTC(2025, 0, 1 + n, 12, 0, 0, 123));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  // Names equal but for case, so the case-insensitive orders tie and the id decides.
  const names = ['Birch', 'birch', 'Alder', 'alder', 'Cedar', 'Aspen', 'aspen'];
  const customerRows = await db
    .insert(customers)
    .values(names.map((name, i) => ({ name: `${name} Cursorco`, isActive: i !== 4 })))
    .returning();
  // Customers 3 and 5 have no facility, and some have only archived ones: rows with a NULL facility.
  const owners = [0, 0, 1, 1, 2, 4, 6, 6, 2, 2, 0, 1];
  const facilityRows = await db
    .insert(facilities)
    .values(
      owners.map((owner, i) => ({
        customerId: customerRows[owner]!.id,
        name: `${names[(i * 3) % names.length]} Cursorfac`,
        isActive: i % 3 !== 1,
      })),
    )
    .returning();
  const customerIds = customerRows.map((row) => row.id);
  const facilityIds = facilityRows.map((row) => row.id);
  for (let i = 0; i < customerIds.length; i += 2) {
    const same = customerIds.slice(i, i + 2);
    await db
      .update(customers)
      .set({ updatedAt: day(i), createdAt: day(i) })
      .where(inArray(customers.id, same));
  }
  for (let i = 0; i < facilityIds.length; i += 3) {
    const same = facilityIds.slice(i, i + 3);
    await db
      .update(facilities)
      .set({ updatedAt: day(i), createdAt: day(i) })
      .where(inArray(facilities.id, same));
  }

  const inventoryRows = await db
    .insert(inventories)
    .values(
      facilityRows.flatMap((facility, i) =>
        [2023, 2024].map((year) => ({
          customerId: facility.customerId,
          facilityId: facility.id,
          year,
          isCompleted: i % 3 === 0,
          isActive: i !== 2,
        })),
      ),
    )
    .returning();
  const inventoryIds = inventoryRows.map((row) => row.id);
  for (let i = 0; i < inventoryIds.length; i += 4) {
    await db
      .update(inventories)
      .set({ updatedAt: day(i), createdAt: day(i % 8) })
      .where(inArray(inventories.id, inventoryIds.slice(i, i + 4)));
  }

  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: 14 }, (_, i) => ({
        name: `${names[i % names.length]} Cursorprod`,
        mfgName: i % 3 === 0 ? 'Acme' : 'acme',
        sdsStatus: (['sds', 'pending', 'update'] as const)[i % 3]!,
        needsReview: i % 4 === 0,
      })),
    )
    .returning();
  const productIds = productRows.map((row) => row.id);
  for (let i = 0; i < productIds.length; i += 3) {
    await db
      .update(products)
      .set({ updatedAt: day(i), createdAt: day(i % 6) })
      .where(inArray(products.id, productIds.slice(i, i + 3)));
  }

  // One inventory's lines: quantities and containers left NULL on some, names and places tied.
  const [container] = await db.insert(containers).values({ name: 'Drum' }).returning();
  inventoryId = inventoryIds[1]!;
  const quantity = (i: number, every: number) => (i % every === 0 ? null : String((i % 4) + 0.5));
  const lineRows = await db
    .insert(inventoryProducts)
    .values(
      productRows.map((product, i) => ({
        inventoryId,
        productId: product.id,
        name: product.name,
        mfgName: product.mfgName,
        sdsStatus: product.sdsStatus,
        containerId: i % 3 === 0 ? null : container!.id,
        containerSize: quantity(i, 3),
        containerQuantity: quantity(i, 4),
        maxPounds: quantity(i, 5),
        maxGallons: quantity(i, 2),
        locationStored: i % 2 === 0 ? 'Shed' : 'shed',
        isResolveQuestion: i % 5 !== 0,
      })),
    )
    .returning();
  const lineIds = lineRows.map((row) => row.id);
  // Carried-over lines, some checked, for the worklist order's three groups.
  await db
    .update(inventoryProducts)
    .set({ sourceLineId: lineIds[0]! })
    .where(inArray(inventoryProducts.id, lineIds.slice(6, 11)));
  await db
    .update(inventoryProducts)
    .set({ checkedAt: day(1) })
    .where(inArray(inventoryProducts.id, lineIds.slice(9, 11)));
  for (let i = 0; i < lineIds.length; i += 4) {
    await db
      .update(inventoryProducts)
      .set({ updatedAt: day(i), createdAt: day(i % 8) })
      .where(inArray(inventoryProducts.id, lineIds.slice(i, i + 4)));
  }

  await db.insert(auditLog).values(
    Array.from({ length: 14 }, (_, i) => ({
      userId: ctx.users.admin.id,
      action: (['create', 'update', 'delete'] as const)[i % 3]!,
      entity: i % 2 === 0 ? 'product' : 'customer',
      entityId: productIds[i]!,
      createdAt: day(Math.floor(i / 3)),
    })),
  );
});
afterAll(() => ctx.close());

interface ListAnswer {
  items: unknown[];
  meta: { current_page: number; last_page: number; total: number; next_cursor?: string };
}

async function list(url: string, query: string): Promise<ListAnswer> {
  const res = await ctx.call('admin', { method: 'GET', url: `${url}?${query}` });
  expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(200);
  return (res.json() as { resource: ListAnswer }).resource;
}

/** The whole list twice: page=1..N by number, and page 1 then each `next_cursor` until there is none. */
async function walkBoth(url: string, base: string) {
  const first = await list(url, `${base}&ipp=${IPP}`);
  const byPage = [...first.items];
  for (let page = 2; page <= first.meta.last_page; page++) {
    byPage.push(...(await list(url, `${base}&ipp=${IPP}&page=${page}`)).items);
  }
  const byCursor = [...first.items];
  let cursor = first.meta.next_cursor;
  let page = 1;
  while (cursor) {
    page++;
    const shown = await list(url, `${base}&ipp=${IPP}&cursor=${encodeURIComponent(cursor)}`);
    expect(shown.meta.current_page, `${base} cursor page ${page}`).toBe(page);
    expect(shown.meta.total, base).toBe(first.meta.total);
    byCursor.push(...shown.items);
    cursor = shown.meta.next_cursor;
    expect(page, `${base}: the cursors never end`).toBeLessThanOrEqual(first.meta.last_page);
  }
  return { byPage, byCursor, total: first.meta.total, pages: page };
}

const LISTS: { name: string; url: () => string; orders: readonly string[]; filters: string[] }[] = [
  {
    name: 'products',
    url: () => '/products/list',
    orders: PRODUCT_ORDER_KEYS,
    filters: ['', 'search=cursorprod'],
  },
  {
    name: 'inventories',
    url: () => '/inventories/list',
    orders: INVENTORY_ORDER_KEYS,
    filters: ['', 'status=active'],
  },
  {
    name: 'customers',
    url: () => '/customers/list',
    // By facility name the list walks its own UNION of two indexes (decision 040): by number only, below.
    orders: CUSTOMER_ORDER_KEYS.filter((key) => key !== 'facility_name'),
    filters: ['', 'status=active', 'status=inactive', 'search=cursor'],
  },
  {
    name: 'facilities',
    url: () => '/facilities/list',
    orders: FACILITY_ORDER_KEYS,
    filters: ['', 'status=active'],
  },
  {
    name: "an inventory's products",
    url: () => `/inventories/${inventoryId}/products`,
    orders: INVENTORY_PRODUCT_ORDER_KEYS,
    filters: ['', 'search=cursorprod'],
  },
  {
    name: 'the audit log',
    url: () => '/audit-log/list',
    orders: AUDIT_LOG_ORDER_KEYS,
    filters: ['', 'entity=product'],
  },
];

describe('walking a big list by cursors shows exactly its pages by number', () => {
  for (const { name, url, orders, filters } of LISTS) {
    for (const order of ['', ...orders]) {
      it(`${name}, ordered by ${order || 'default'}, both ways`, async () => {
        for (const direction of ['asc', 'desc']) {
          for (const filter of filters) {
            const base = [order ? `order_by=${order}` : '', `order_dir=${direction}`, filter]
              .filter(Boolean)
              .join('&');
            const { byPage, byCursor, total, pages } = await walkBoth(url(), base);
            // Enough rows for several pages, so a cursor has rows before and after it.
            expect(total, base).toBeGreaterThan(IPP);
            expect(pages, base).toBe(Math.ceil(total / IPP));
            expect(byPage.length, base).toBe(total);
            expect(byCursor, base).toEqual(byPage);
          }
        }
      });
    }
  }

  it('has NULLs to place in the orders that can hold them', async () => {
    const rows = (await list('/customers/list', 'order_by=facility_name&ipp=100')).items as {
      facility: unknown;
    }[];
    expect(rows.filter((row) => row.facility === null).length).toBeGreaterThan(1);
    const lines = (await list(`/inventories/${inventoryId}/products`, 'order_by=max_pounds&ipp=100'))
      .items as {
      max_pounds: unknown;
      container_size: unknown;
    }[];
    expect(lines.filter((line) => line.max_pounds === null).length).toBeGreaterThan(1);
    expect(lines.filter((line) => line.container_size === null).length).toBeGreaterThan(1);
  });
});

describe('the customers by facility name (decision 040)', () => {
  it('page by number only: no cursor comes with a page, and one sent is refused', async () => {
    const first = await list('/customers/list', `order_by=facility_name&ipp=${IPP}`);
    expect(first.meta.last_page).toBeGreaterThan(1);
    expect(first.meta.next_cursor).toBeUndefined();
    const byName = await list('/customers/list', `order_by=name&ipp=${IPP}`);
    const cursor = encodeURIComponent(byName.meta.next_cursor!);
    const res = await ctx.call('admin', {
      method: 'GET',
      url: `/customers/list?order_by=facility_name&ipp=${IPP}&cursor=${cursor}`,
    });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { message: LIST_CURSOR_MSG.mismatch, errors: { cursor: [LIST_CURSOR_MSG.mismatch] } },
    ]);
  });
});

describe('a cursor beside the page number', () => {
  it('wins over `page`: the rows after its row, and the page it leads to', async () => {
    const first = await list('/products/list', `order_by=name&ipp=${IPP}`);
    const cursor = encodeURIComponent(first.meta.next_cursor!);
    const alone = await list('/products/list', `order_by=name&ipp=${IPP}&cursor=${cursor}`);
    const withPage = await list('/products/list', `order_by=name&ipp=${IPP}&page=4&cursor=${cursor}`);
    const second = await list('/products/list', `order_by=name&ipp=${IPP}&page=2`);
    expect(alone.items).toEqual(second.items);
    expect(withPage.items).toEqual(second.items);
    expect(withPage.meta.current_page).toBe(2);
    expect(withPage.meta.next_cursor).toBe(second.meta.next_cursor);
  });

  it('is absent on the last page, and an empty cursor is none', async () => {
    const first = await list('/products/list', 'ipp=100');
    expect(first.meta.next_cursor).toBeUndefined();
    const empty = await list('/products/list', `ipp=${IPP}&cursor=`);
    expect(empty.meta.current_page).toBe(1);
    expect(empty.items).toEqual((await list('/products/list', `ipp=${IPP}`)).items);
  });
});

describe('a cursor the server did not make, or made for another list, is a 422 on `cursor`', () => {
  async function refused(url: string, query: string, message: string) {
    const res = await ctx.call('admin', { method: 'GET', url: `${url}?${query}` });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ cursor: [message] });
  }

  async function nameCursor(): Promise<string> {
    return (await list('/products/list', `order_by=name&ipp=${IPP}`)).meta.next_cursor!;
  }

  it('refuses a malformed cursor', async () => {
    for (const cursor of ['abc', 'a.b.c', '..', '%00', 'x'.repeat(2001), `${'a'.repeat(10)}.`]) {
      await refused('/products/list', `cursor=${encodeURIComponent(cursor)}`, LIST_CURSOR_MSG.invalid);
    }
  });

  it('refuses a forged cursor: keys or page changed, signature of another, made up', async () => {
    const real = await nameCursor();
    const [payload, signature] = real.split('.') as [string, string];
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, number, string[]];
    const tampered = Buffer.from(JSON.stringify([body[0], body[1], ['zzz', '1']])).toString('base64url');
    const laterPage = Buffer.from(JSON.stringify([body[0], 50, body[2]])).toString('base64url');
    const other = (await list('/products/list', `order_by=mfg_name&ipp=${IPP}`)).meta.next_cursor!;
    for (const cursor of [
      `${tampered}.${signature}`,
      `${laterPage}.${signature}`,
      `${payload}.${other.split('.')[1]}`,
      `${payload}.${'A'.repeat(22)}`,
      `${Buffer.from('not json').toString('base64url')}.${signature}`,
    ]) {
      await refused('/products/list', `order_by=name&ipp=${IPP}&cursor=${cursor}`, LIST_CURSOR_MSG.invalid);
    }
  });

  it('refuses a signed cursor whose keys do not fit the order (a NULL where none can be, too few keys)', async () => {
    const real = await nameCursor();
    const [fingerprint] = JSON.parse(Buffer.from(real.split('.')[0]!, 'base64url').toString('utf8')) as [
      string,
    ];
    for (const keys of [[null, '1'], ['a'], ['a', '1', '2']]) {
      const cursor = encodeCursor({ fingerprint, page: 2, keys });
      await refused('/products/list', `order_by=name&ipp=${IPP}&cursor=${cursor}`, LIST_CURSOR_MSG.invalid);
    }
  });

  it('refuses a cursor used with another order, direction, filter, search, page size or list', async () => {
    const cursor = await nameCursor();
    for (const query of [
      `order_by=mfg_name&ipp=${IPP}`,
      `order_by=name&order_dir=desc&ipp=${IPP}`,
      `order_by=name&ipp=${IPP}&status=active`,
      `order_by=name&ipp=${IPP}&search=birch`,
      `order_by=name&ipp=${IPP + 1}`,
      `order_by=name&ipp=${IPP}&sds_status=sds`,
    ]) {
      await refused('/products/list', `${query}&cursor=${cursor}`, LIST_CURSOR_MSG.mismatch);
    }
    await refused('/customers/list', `order_by=name&ipp=${IPP}&cursor=${cursor}`, LIST_CURSOR_MSG.mismatch);
    const lines = (await list(`/inventories/${inventoryId}/products`, `ipp=${IPP}`)).meta.next_cursor!;
    const [otherInventory] = await ctx.database.db
      .select({ id: inventories.id })
      .from(inventories)
      .where(inArray(inventories.id, [inventoryId + 1]));
    await refused(
      `/inventories/${otherInventory!.id}/products`,
      `ipp=${IPP}&cursor=${lines}`,
      LIST_CURSOR_MSG.mismatch,
    );
  });
});
