import { randomUUID } from 'node:crypto';
import { INVENTORY_PRODUCT_MSG } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { inventoryProductRequests, inventoryProducts } from '../../db/schema/index.ts';
import { create, inventoryProductBody } from '../../seed/factories.ts';

/**
 * Issue 22: a line create whose answer was lost is sent again (the draft resent on reconnect)
 * with the `Idempotency-Key` it was first sent with, and must not add a second line.
 */
let ctx: TestContext;
let inventory: number;
let productId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  inventory = (await create.inventory(ctx, { technician_ids: [ctx.users.technician.id] })).id;
  productId = (await create.product(ctx, { name: 'Keyed Solvent' })).id;
});
afterAll(() => ctx.close());

type Role = 'admin' | 'staff' | 'technician';

function addLine(role: Role, key: string | undefined, overrides: object = {}, inventoryId = inventory) {
  return ctx.call(role, {
    method: 'POST',
    url: `/inventories/${inventoryId}/product/create`,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    payload: inventoryProductBody({
      name: `Keyed Cleaner ${randomUUID()}`,
      mfg_name: 'Keys Inc',
      ...overrides,
    }),
  });
}

async function linesNamed(name: string) {
  return ctx.database.db
    .select({ id: inventoryProducts.id })
    .from(inventoryProducts)
    .where(eq(inventoryProducts.name, name));
}

async function lineCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(inventoryProducts);
  return row?.n ?? 0;
}

describe('POST /inventories/:id/product/create with an Idempotency-Key', () => {
  it('answers a repeat with the line the first request made, and adds one row', async () => {
    const key = randomUUID();
    const name = `Lost Answer Degreaser ${key}`;
    const first = await addLine('technician', key, { name });
    expect(first.statusCode, first.body).toBe(201);
    const again = await addLine('technician', key, { name });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().resource.id).toBe(first.json().resource.id);
    expect(again.json().message).toBe(`Inventory product ${name} created successfully`);
    expect(await linesNamed(name)).toEqual([{ id: first.json().resource.id }]);
    const stored = await ctx.database.db
      .select()
      .from(inventoryProductRequests)
      .where(eq(inventoryProductRequests.idempotencyKey, key));
    expect(stored).toMatchObject([
      {
        userId: ctx.users.technician.id,
        inventoryId: inventory,
        inventoryProductId: first.json().resource.id,
      },
    ]);
  });

  it('adds a line for each different key, and for no key at all', async () => {
    const name = `Twice Counted Oil ${randomUUID()}`;
    const before = await lineCount();
    const one = await addLine('staff', randomUUID(), { name });
    const two = await addLine('staff', randomUUID(), { name });
    // A new name is a new catalogue product each time: no aggregation question between them.
    expect([one.statusCode, two.statusCode]).toEqual([201, 409]);
    expect(two.json().message).toBe(INVENTORY_PRODUCT_MSG.productExists(name, 'Keys Inc'));
    const three = await addLine('staff', randomUUID(), { name: `${name} B` });
    const four = await addLine('staff', undefined, { name: `${name} C` });
    expect([three.statusCode, four.statusCode]).toEqual([201, 201]);
    expect(await lineCount()).toBe(before + 3);
  });

  it('adds two lines of one catalogue product under two keys only through the aggregation question', async () => {
    const body = { product_id: productId, container_size: '7', container_quantity: '1' };
    const key = randomUUID();
    const first = await addLine('admin', key, body);
    expect(first.statusCode, first.body).toBe(201);
    // The same key again: the same line, its quantity not added twice.
    const repeat = await addLine('admin', key, { ...body, aggregate: 1 });
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.json().resource).toMatchObject({ id: first.json().resource.id, container_quantity: 1 });
    // Another key is another line to add: the combination exists, so the server asks.
    const other = await addLine('admin', randomUUID(), body);
    expect(other.statusCode, other.body).toBe(409);
  });

  it('asks nothing before resending a create that went through (check-existing under its key)', async () => {
    const body = { product_id: productId, container_size: '11', container_quantity: '2' };
    const key = randomUUID();
    expect((await addLine('technician', key, body)).statusCode).toBe(201);
    const check = (headers: Record<string, string>) =>
      ctx.call('technician', {
        method: 'POST',
        url: `/inventories/${inventory}/product/check-existing`,
        headers,
        payload: { product_id: productId, container_size: '11' },
      });
    const own = await check({ 'idempotency-key': key });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().resource).toEqual({ is_need_aggregation: false, inventory_product: null });
    const other = await check({ 'idempotency-key': randomUUID() });
    expect(other.json().resource.is_need_aggregation).toBe(true);
    expect((await check({})).json().resource.is_need_aggregation).toBe(true);
  });

  it("does not take another user's key for theirs", async () => {
    const key = randomUUID();
    const byStaff = await addLine('staff', key);
    const byTechnician = await addLine('technician', key);
    expect([byStaff.statusCode, byTechnician.statusCode]).toEqual([201, 201]);
    expect(byTechnician.json().resource.id).not.toBe(byStaff.json().resource.id);
    const rows = await ctx.database.db
      .select({ userId: inventoryProductRequests.userId })
      .from(inventoryProductRequests)
      .where(eq(inventoryProductRequests.idempotencyKey, key));
    expect(rows.map((row) => row.userId).sort()).toEqual(
      [ctx.users.staff.id, ctx.users.technician.id].sort((a, b) => a - b),
    );
  });

  it('runs a retry anew when the first create was refused (the claim went with it)', async () => {
    const key = randomUUID();
    const name = `Refused First Wax ${key}`;
    const refused = await addLine('technician', key, { name, container_unit_id: 999_999 });
    expect(refused.statusCode, refused.body).toBe(422);
    const retried = await addLine('technician', key, { name });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await linesNamed(name)).toHaveLength(1);
  });

  it('refuses a key that is not a UUID with 422, and adds nothing', async () => {
    const before = await lineCount();
    const res = await addLine('staff', 'retry-1');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(INVENTORY_PRODUCT_MSG.idempotencyKeyInvalid);
    expect(await lineCount()).toBe(before);
  });

  it('refuses the key of a line of another inventory with 409', async () => {
    const key = randomUUID();
    const elsewhere = (await create.inventory(ctx)).id;
    expect((await addLine('staff', key, {}, elsewhere)).statusCode).toBe(201);
    const before = await lineCount();
    const res = await addLine('staff', key);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: INVENTORY_PRODUCT_MSG.idempotencyKeyElsewhere });
    expect(await lineCount()).toBe(before);
  });

  it('adds one line when two requests with one key arrive together', async () => {
    const key = randomUUID();
    const name = `Raced Primer ${key}`;
    const [a, b] = await Promise.all([addLine('staff', key, { name }), addLine('staff', key, { name })]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    expect(a?.json().resource.id).toBe(b?.json().resource.id);
    expect(await linesNamed(name)).toHaveLength(1);
  });
});
