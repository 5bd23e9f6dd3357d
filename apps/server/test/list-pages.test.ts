import { INVENTORY_ORDER_KEYS } from '@chemtrack/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customers,
  facilities,
  inventories,
  inventoryTechnicians,
  products,
} from '../src/db/schema/index.ts';
import { APP_KEY, createTestContext, createTestUser, type TestContext, type TestUser } from './helper.ts';

/**
 * Issue 24, the list request path (decision 014): the hot lists run cached prepared statements
 * whose values are placeholders, and the inventories list picks a page's ids before it joins the
 * rest (a deferred join). A page must still be exactly its slice of the whole list, in every
 * order, both directions, with or without a filter and a search, ties included; and a cached
 * statement must take each call's own values, never the first call's.
 */

const NAMES = ['Birch', 'alder', 'Cedar', 'aspen', 'Beech'];
const COUNT = 13;
const IPP = 3;

let ctx: TestContext;
let inventoryIds: number[] = [];
const technicians: TestUser[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  for (const [index, name] of NAMES.slice(0, 3).entries()) {
    technicians.push(
      await createTestUser(ctx.database, {
        email: `pages-tech-${index}@test.local`,
        role: 'technician',
        firstName: name,
        lastName: 'Pagetech',
      }),
    );
  }
  const customerIds: number[] = [];
  for (const name of NAMES) {
    const [customer] = await db
      .insert(customers)
      .values({ name: `${name} Pagecust` })
      .returning();
    customerIds.push(customer!.id);
  }
  const facilityIds: number[] = [];
  for (const [index, name] of [...NAMES].reverse().entries()) {
    const [facility] = await db
      .insert(facilities)
      .values({ customerId: customerIds[index]!, name: `${name} Pagefac` })
      .returning();
    facilityIds.push(facility!.id);
  }
  for (let i = 0; i < COUNT; i++) {
    const [inventory] = await db
      .insert(inventories)
      .values({
        customerId: customerIds[i % NAMES.length]!,
        facilityId: facilityIds[i % NAMES.length]!,
        // Several share a year, so the year sort has ties for the id to break.
        year: 2020 + (i % 4),
        isCompleted: i % 5 === 0,
        isActive: i % 6 !== 0,
      })
      .returning();
    inventoryIds.push(inventory!.id);
    if (i % 3 !== 2) {
      await db.insert(inventoryTechnicians).values({
        inventoryId: inventory!.id,
        userId: technicians[i % technicians.length]!.id,
      });
    }
  }
  // Ties on the default order (updated_at) too: four pairs of inventories saved at the same moment.
  for (let i = 0; i < 8; i += 2) {
    await db
      .update(inventories)
      .set({ updatedAt: new Date(Date.UTC(2025, 0, i / 2 + 1)) })
      .where(inArray(inventories.id, [inventoryIds[i]!, inventoryIds[i + 1]!]));
  }
  inventoryIds = inventoryIds.sort((a, b) => a - b);
  await db.insert(products).values([
    { name: 'Pagealpha Solvent', mfgName: 'Acme' },
    { name: 'Pagebeta Cleaner', mfgName: 'Acme' },
  ]);
});
afterAll(() => ctx.close());

interface ListBody {
  resource: {
    items: {
      id: number;
      customer: { name: string };
      facility: { name: string };
      technician__names: string;
    }[];
    meta: { total: number; last_page: number };
  };
}

async function list(query: string): Promise<ListBody['resource']> {
  const res = await ctx.call('admin', { method: 'GET', url: `/inventories/list?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ListBody).resource;
}

describe('the inventories list pages (deferred join)', () => {
  const orders = ['', ...INVENTORY_ORDER_KEYS];
  const filters = ['', 'status=active', 'status=inactive', 'search=Pagecust', 'search=as', 'search=cedar'];
  for (const order of orders) {
    it(`every page is its slice of the whole list, ordered by ${order || 'default'}`, async () => {
      for (const direction of ['asc', 'desc']) {
        for (const filter of filters) {
          const base = `${order ? `order_by=${order}&` : ''}order_dir=${direction}${filter ? `&${filter}` : ''}`;
          const whole = await list(`${base}&ipp=100`);
          const ids = whole.items.map((item) => item.id);
          // Each filter keeps some inventories and not all, so a page could show a wrong one.
          expect(ids.length, base).toBeGreaterThan(0);
          expect(new Set(ids).size, base).toBe(ids.length);
          const pages = Math.ceil(ids.length / IPP);
          for (let page = 1; page <= pages + 1; page++) {
            const shown = await list(`${base}&ipp=${IPP}&page=${page}`);
            expect(
              shown.items.map((item) => item.id),
              `${base} page ${page}`,
            ).toEqual(ids.slice((page - 1) * IPP, page * IPP));
            expect(shown.meta.total, base).toBe(ids.length);
          }
        }
      }
    });
  }

  it('keeps every inventory once across the pages of the whole list', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(COUNT / IPP); page++) {
      seen.push(...(await list(`ipp=${IPP}&page=${page}`)).items.map((item) => item.id));
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(inventoryIds);
  });
});

describe('a cached list statement takes each call its own values', () => {
  it('answers one search, then another of the same form, each with its own rows', async () => {
    // A search matches the customer's, the facility's or a technician's name.
    const matching = (term: string) => async () =>
      (await list(`search=${term}&ipp=100`)).items.map((item) =>
        [item.customer.name, item.facility.name, item.technician__names].join(' | '),
      );
    const cedar = await matching('cedar')();
    const birch = await matching('birch')();
    expect(cedar.length).toBeGreaterThan(0);
    expect(birch.length).toBeGreaterThan(0);
    for (const row of cedar) expect(row.toLowerCase()).toContain('cedar');
    for (const row of birch) expect(row.toLowerCase()).toContain('birch');
    expect(cedar.filter((row) => !row.toLowerCase().includes('birch'))).not.toEqual([]);
    const products = async (search: string) => {
      const res = await ctx.call('staff', { method: 'GET', url: `/products/list?search=${search}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { resource: { items: { name: string }[] } }).resource.items.map((p) => p.name);
    };
    expect(await products('pagealpha')).toEqual(['Pagealpha Solvent']);
    expect(await products('pagebeta')).toEqual(['Pagebeta Cleaner']);
    // The short form (the start of a word) takes its values too.
    expect(await products('pa')).toEqual(expect.arrayContaining(['Pagealpha Solvent', 'Pagebeta Cleaner']));
    expect(await products('cl')).toEqual(['Pagebeta Cleaner']);
  });

  it('answers a technician their own inventories, and another technician theirs', async () => {
    const { db } = ctx.database;
    for (const technician of technicians.slice(0, 2)) {
      const rows = await db
        .select({ id: inventoryTechnicians.inventoryId })
        .from(inventoryTechnicians)
        .innerJoin(inventories, eq(inventories.id, inventoryTechnicians.inventoryId))
        .where(
          sql`${inventoryTechnicians.userId} = ${technician.id} AND ${inventories.isActive} AND NOT ${inventories.isCompleted}`,
        );
      const expected = rows.map((row) => row.id).sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/v1/inventories/list?ipp=100',
        headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${technician.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json() as ListBody).resource.items.map((item) => item.id).sort((a, b) => a - b);
      expect(ids).toEqual(expected);
    }
  });
});
