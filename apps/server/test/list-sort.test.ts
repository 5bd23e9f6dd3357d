import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chemicalComponents,
  containers,
  containerUnits,
  customers,
  facilities,
  hazards,
  productChemicalComponents,
  products,
} from '../src/db/schema/index.ts';
import { createTestContext, createTestUser, type TestContext } from './helper.ts';

/**
 * Every list sorts text the way a person reads it: case-insensitively, so "maria" sits after
 * "James", not after every capital (issue 14, item 10). The names go in out of order; each ends in
 * "Zq" so a search picks out exactly these rows.
 */
const NAMES = ['maria', 'James', 'a b', 'Aisha'];
const ASCENDING = ['a b Zq', 'Aisha Zq', 'James Zq', 'maria Zq'];

let ctx: TestContext;
let productId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  for (const [index, name] of NAMES.entries()) {
    await createTestUser(ctx.database, {
      email: `sort-user-${index}@test.local`,
      role: 'staff',
      firstName: name,
      lastName: 'Zq',
    });
    await createTestUser(ctx.database, {
      email: `sort-tech-${index}@test.local`,
      role: 'technician',
      firstName: name,
      lastName: 'Zq',
    });
    const [customer] = await db
      .insert(customers)
      .values({ name: `${name} Zq` })
      .returning();
    // Each facility belongs to a customer named in the opposite order, so the two sorts differ.
    await db.insert(facilities).values({ customerId: customer!.id, name: `${NAMES[3 - index]} Zq` });
    await db.insert(hazards).values({ name: `${name} Zq` });
    await db.insert(containers).values({ name: `${name} Zq` });
    await db.insert(containerUnits).values({ name: `${name} Zq`, unitType: 'gal' });
    await db.insert(products).values({ name: `${name} Zq`, mfgName: `${name} Zq` });
  }
  const [product] = await db.insert(products).values({ name: 'Holder', mfgName: 'Holder' }).returning();
  productId = product!.id;
  for (const [index, name] of NAMES.entries()) {
    const [component] = await db
      .insert(chemicalComponents)
      .values({ name: `${name} Zq`, number: `100-00-${index}` })
      .returning();
    await db.insert(productChemicalComponents).values({ productId, chemicalComponentId: component!.id });
  }
});
afterAll(() => ctx.close());

type Item = Record<string, unknown>;
const field =
  (...path: string[]) =>
  (item: Item): string =>
    String(path.reduce<unknown>((value, key) => (value as Item)[key], item));

const LISTS: { url: string; read: (item: Item) => string }[] = [
  { url: '/users/list?order_by=name', read: field('profile', 'full_name') },
  { url: '/users/list?order_by=first_name', read: field('profile', 'full_name') },
  { url: '/technicians/list?order_by=name', read: field('profile', 'full_name') },
  { url: '/technicians/autocomplete-list?', read: field('name') },
  { url: '/customers/list?order_by=customer_name', read: field('name') },
  { url: '/customers/list?order_by=facility_name', read: field('facility', 'name') },
  { url: '/customers/autocomplete-list?', read: field('name') },
  { url: '/facilities/list?order_by=name', read: field('name') },
  { url: '/facilities/list?order_by=customer_name', read: field('customer', 'name') },
  { url: '/facilities/autocomplete-list?', read: field('name') },
  { url: '/hazards/list?order_by=name', read: field('name') },
  { url: '/hazards/autocomplete-list?', read: field('name') },
  { url: '/containers/list?order_by=name', read: field('name') },
  { url: '/container-units/list?order_by=name', read: field('name') },
  { url: '/products/list?order_by=name', read: field('name') },
  { url: '/products/list?order_by=mfg_name', read: field('mfg_name') },
  { url: '/products/:product/chemical-components/list?order_by=name', read: field('name') },
  { url: '/chemical-components/autocomplete-list?', read: field('name') },
];

describe('text sorts ignore case, with the id breaking ties', () => {
  for (const list of LISTS) {
    it(list.url, async () => {
      for (const direction of ['asc', 'desc'] as const) {
        const res = await ctx.call('admin', {
          method: 'GET',
          url: `${list.url.replace(':product', String(productId))}&order_dir=${direction}&search=zq&ipp=50`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const items = res.json().resource.items as Item[];
        const expected = direction === 'asc' ? ASCENDING : [...ASCENDING].reverse();
        expect(items.map(list.read), direction).toEqual(expected);
      }
    });
  }
});
