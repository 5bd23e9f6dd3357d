import { SERVER_MSG } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { inventories, inventoryProducts } from '../../db/schema/index.ts';
import { create, inventoryBody, inventoryProductBody } from '../../seed/factories.ts';

/**
 * Issue 22 point 7: a technician works only on the active, open inventories assigned to them
 * (My Inventories). The list answers only those; every other inventory, and every line call on
 * it, is refused with 403 and changes nothing. Completing and archiving stay staff's and admins'.
 */
let ctx: TestContext;
const FORBIDDEN = { message: SERVER_MSG.forbidden };
const THIS_YEAR = new Date().getFullYear();

let tech: number;
let own: Awaited<ReturnType<typeof create.inventory>>;
let ownLine: Awaited<ReturnType<typeof create.inventoryProduct>>;
let other: Awaited<ReturnType<typeof create.inventory>>;
let otherLine: Awaited<ReturnType<typeof create.inventoryProduct>>;
let completedId: number;
let archivedId: number;

async function lineRow(id: number) {
  const [row] = await ctx.database.db.select().from(inventoryProducts).where(eq(inventoryProducts.id, id));
  return row;
}

async function inventoryRow(id: number) {
  const [row] = await ctx.database.db.select().from(inventories).where(eq(inventories.id, id));
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  tech = ctx.users.technician.id;
  // Last year's inventory of the facility, with two lines, copied into this year's, assigned to
  // the technician: its lines are carried over and not yet checked.
  const earlier = await create.inventory(ctx, { year: THIS_YEAR - 2 });
  await create.inventoryProduct(ctx, earlier.id, { name: 'Acetone', mfg_name: 'Acme' });
  await create.inventoryProduct(ctx, earlier.id, { name: 'Xylene', mfg_name: 'Acme' });
  own = await create.inventory(ctx, {
    customer_id: earlier.customerId,
    facility_id: earlier.facilityId,
    year: THIS_YEAR,
    technician_ids: [tech],
    inventory_ids: [earlier.id],
  });
  ownLine = await create.inventoryProduct(ctx, own.id, { name: 'Benzene', mfg_name: 'Acme' });
  await create.inventoryProduct(ctx, own.id, {
    name: 'Chlorine',
    mfg_name: 'Acme',
    notes: 'Still used in the boiler room?',
  });
  other = await create.inventory(ctx);
  otherLine = await create.inventoryProduct(ctx, other.id, { name: 'Toluene', mfg_name: 'Acme' });

  const completed = await create.inventory(ctx, { technician_ids: [tech] });
  const done = await ctx.call('admin', {
    method: 'PATCH',
    url: `/inventories/${completed.id}/update`,
    payload: {
      ...inventoryBody({ customer_id: completed.customerId, facility_id: completed.facilityId }),
      technician_ids: [tech],
      is_completed: 1,
    },
  });
  expect(done.statusCode, done.body).toBe(200);
  completedId = completed.id;
  const archived = await create.inventory(ctx, { technician_ids: [tech] });
  const off = await ctx.call('admin', { method: 'PATCH', url: `/inventories/${archived.id}/activate` });
  expect(off.statusCode, off.body).toBe(200);
  archivedId = archived.id;
  // A dozen writes through the API: past the shared hook limit on a loaded machine.
}, 180_000);
afterAll(() => ctx.close());

describe('a technician’s inventories', () => {
  it('lists only the active, open inventories assigned to the technician; staff still see all', async () => {
    const mine = await ctx.call('technician', { method: 'GET', url: '/inventories/list' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().resource.items.map((row: { id: number }) => row.id)).toEqual([own.id]);
    expect(mine.json().resource.meta.total).toBe(1);
    // A status filter cannot widen it: the completed and archived ones stay out.
    for (const status of ['completed', 'inactive']) {
      const res = await ctx.call('technician', { method: 'GET', url: `/inventories/list?status=${status}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().resource.items).toEqual([]);
    }
    const all = await ctx.call('staff', { method: 'GET', url: '/inventories/list?ipp=100' });
    const ids = all.json().resource.items.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([own.id, other.id, completedId, archivedId]));
  });

  it('opens an own inventory and refuses any other one (unassigned, completed, archived, missing) with 403', async () => {
    const res = await ctx.call('technician', { method: 'GET', url: `/inventories/${own.id}/get` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.id).toBe(own.id);
    for (const id of [other.id, completedId, archivedId, 999999]) {
      const refused = await ctx.call('technician', { method: 'GET', url: `/inventories/${id}/get` });
      expect(refused.statusCode, `${id}: ${refused.body}`).toBe(403);
      expect(refused.json()).toEqual(FORBIDDEN);
    }
  });

  it('answers the worklist: carried-over lines not yet checked first, then open questions, then the rest', async () => {
    const res = await ctx.call('technician', {
      method: 'GET',
      url: `/inventories/${own.id}/products?order_by=worklist&order_dir=asc`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.items.map((row: { name: string }) => row.name)).toEqual([
      'Acetone',
      'Xylene',
      'Chlorine',
      'Benzene',
    ]);
    expect(res.json().resource).toMatchObject({ unchecked_lines: 2, open_questions: 1, lines: 4 });
  });

  it('edits, checks and adds lines of an own inventory', async () => {
    const url = `/inventories/${own.id}/product/${ownLine.id}`;
    const got = await ctx.call('technician', { method: 'GET', url: `${url}/get` });
    expect(got.statusCode, got.body).toBe(200);
    const updated = await ctx.call('technician', {
      method: 'PATCH',
      url: `${url}/update`,
      payload: inventoryProductBody({ product_id: got.json().resource.product_id, container_quantity: '7' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await lineRow(ownLine.id))?.containerQuantity).toBe('7.0000');

    const list = await ctx.call('technician', {
      method: 'GET',
      url: `/inventories/${own.id}/products?worklist=unchecked`,
    });
    const carried = list.json().resource.items[0];
    const checked = await ctx.call('technician', {
      method: 'PATCH',
      url: `/inventories/${own.id}/product/${carried.id}/update`,
      payload: inventoryProductBody({ product_id: carried.product_id, container_quantity: '2' }),
    });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().resource.is_unchecked_carry_over).toBe(false);
    expect((await lineRow(carried.id))?.checkedAt).not.toBeNull();

    const added = await ctx.call('technician', {
      method: 'POST',
      url: `/inventories/${own.id}/product/create`,
      payload: inventoryProductBody({ name: 'Field Find 40', mfg_name: 'Unknown' }),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().resource.name).toBe('Field Find 40');
  });

  it('answers an open question of an own inventory', async () => {
    const list = await ctx.call('technician', {
      method: 'GET',
      url: `/inventories/${own.id}/products?worklist=question`,
    });
    const question = list.json().resource.items[0];
    const res = await ctx.call('technician', {
      method: 'PATCH',
      url: `/inventories/${own.id}/product/${question.id}/resolve-question`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lineRow(question.id))?.isResolveQuestion).toBe(true);
  });

  it('refuses every line call on another inventory with 403 and changes nothing', async () => {
    const before = await lineRow(otherLine.id);
    const base = `/inventories/${other.id}`;
    const line = `${base}/product/${otherLine.id}`;
    const calls = [
      ['GET', `${base}/products`, undefined],
      ['GET', `${base}/products/autocomplete-list`, undefined],
      ['POST', `${base}/product/check-existing`, { product_id: 1, container_size: '5' }],
      ['POST', `${base}/product/create`, { ...otherLine.body, container_size: '40' }],
      ['GET', `${line}/get`, undefined],
      ['PATCH', `${line}/update`, { ...otherLine.body, container_quantity: '99' }],
      ['PATCH', `${line}/resolve-question`, undefined],
      ['GET', `${line}/chemical-components/list`, undefined],
      ['POST', `${line}/chemical-components/create`, { chemical_component_id: 1, percent: '10' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await ctx.call('technician', { method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    expect(await lineRow(otherLine.id)).toEqual(before);
    const lines = await ctx.call('admin', { method: 'GET', url: `${base}/products` });
    expect(lines.json().resource.lines).toBe(1);
    // Nor on a completed inventory of their own.
    const closed = await ctx.call('technician', {
      method: 'GET',
      url: `/inventories/${completedId}/products`,
    });
    expect(closed.statusCode).toBe(403);
  });

  it('cannot complete, archive or remove a line, even on an own inventory', async () => {
    const before = await inventoryRow(own.id);
    const complete = await ctx.call('technician', {
      method: 'PATCH',
      url: `/inventories/${own.id}/update`,
      payload: {
        ...inventoryBody({ customer_id: own.customerId, facility_id: own.facilityId }),
        year: THIS_YEAR,
        technician_ids: [tech],
        is_completed: 1,
      },
    });
    expect(complete.statusCode, complete.body).toBe(403);
    expect(complete.json()).toEqual(FORBIDDEN);
    const archive = await ctx.call('technician', { method: 'PATCH', url: `/inventories/${own.id}/activate` });
    expect(archive.statusCode).toBe(403);
    expect(archive.json()).toEqual(FORBIDDEN);
    expect(await inventoryRow(own.id)).toEqual(before);
    const unlink = await ctx.call('technician', {
      method: 'DELETE',
      url: `/inventories/${own.id}/product/${ownLine.id}/unlink`,
    });
    expect(unlink.statusCode).toBe(403);
    expect(await lineRow(ownLine.id)).toBeDefined();
  });
});
