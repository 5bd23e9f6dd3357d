import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { auditLog, products } from '../../db/schema/index.ts';

let ctx: TestContext;
let acid: { id: number };

const body = { name: 'AcidClean 50', mfg_name: 'ChemCo Industries', physical_state: 'liquid', encode: true };

async function countRows() {
  const { db } = ctx.database;
  const [productRows] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  const [auditRows] = await db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return { products: productRows?.n, audit: auditRows?.n };
}

async function create(payload: Record<string, unknown>) {
  return ctx.call('staff', { method: 'POST', url: '/products/create', payload: { ...body, ...payload } });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const res = await create({});
  expect(res.statusCode, res.body).toBe(201);
  acid = res.json().resource;
});
afterAll(() => ctx.close());

describe('products with the same name and manufacturer', () => {
  it('asks before creating a second one, naming the one there, and writes nothing', async () => {
    const before = await countRows();
    const res = await create({ name: '  acidclean   50 ', mfg_name: 'CHEMCO industries' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message: 'A product named AcidClean 50 by ChemCo Industries already exists.',
      existing: { id: acid.id, name: 'AcidClean 50', mfg_name: 'ChemCo Industries', is_active: true },
    });
    expect(await countRows()).toEqual(before);
  });

  it('creates it once the user confirms', async () => {
    const before = await countRows();
    const res = await create({ confirm_duplicate: true });
    expect(res.statusCode, res.body).toBe(201);
    expect((await countRows()).products).toBe(before.products! + 1);
    const rows = await ctx.database.db.select().from(products).where(eq(products.name, 'AcidClean 50'));
    expect(rows).toHaveLength(2);
  });

  it('creates the same name of another manufacturer without asking', async () => {
    const res = await create({ mfg_name: 'Gulf Coast Chemical Supply' });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('notes an archived one: the question names it all the same', async () => {
    const old = await create({ name: 'Retired Degreaser' });
    expect(old.statusCode, old.body).toBe(201);
    const { id } = old.json().resource;
    const archived = await ctx.call('staff', { method: 'PATCH', url: `/products/${id}/activate` });
    expect(archived.statusCode, archived.body).toBe(200);
    const res = await create({ name: 'retired degreaser' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().existing).toEqual({
      id,
      name: 'Retired Degreaser',
      mfg_name: 'ChemCo Industries',
      is_active: false,
    });
  });

  it('asks before renaming another product onto the name and manufacturer, and saves its own again without asking', async () => {
    const other = await create({ name: 'BaseClean 20' });
    expect(other.statusCode, other.body).toBe(201);
    const otherId: number = other.json().resource.id;
    const before = await countRows();
    const renamed = await ctx.call('staff', {
      method: 'PATCH',
      url: `/products/${otherId}/update`,
      payload: { ...body, name: 'ACIDCLEAN 50' },
    });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json()).toEqual({
      message: 'A product named AcidClean 50 by ChemCo Industries already exists.',
      existing: { id: acid.id, name: 'AcidClean 50', mfg_name: 'ChemCo Industries', is_active: true },
    });
    expect(await countRows()).toEqual(before);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, otherId));
    expect(row?.name).toBe('BaseClean 20');

    // The first AcidClean 50 keeps its name (a second one exists now): saving it asks nothing.
    const same = await ctx.call('staff', {
      method: 'PATCH',
      url: `/products/${acid.id}/update`,
      payload: { ...body, nfpa: '3-0-1' },
    });
    expect(same.statusCode, same.body).toBe(200);

    const confirmed = await ctx.call('staff', {
      method: 'PATCH',
      url: `/products/${otherId}/update`,
      payload: { ...body, name: 'AcidClean 50', confirm_duplicate: 1 },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
