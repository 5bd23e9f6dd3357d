import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.ts';
import { create } from '../seed/factories.ts';
import { inventoryProducts } from './schema/index.ts';

const MIGRATION = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle/0025_weighed_lines_max_pounds.sql',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/**
 * Issue 33 point 4: lines weighed in pounds and saved before the fix (Max Pounds empty unless the
 * state was solid) get size × quantity from the migration; other lines are left as they are.
 */
describe('migration 0025: Max Pounds of the lines weighed in pounds', () => {
  it('fills a weighed gas line (2,000 lb × 1 = 2,000 lb) and leaves a gallon line without density alone', async () => {
    const inventory = await create.inventory(ctx);
    const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
    const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
    const container = (await create.container(ctx, { name: 'Ton cylinder' })).id;
    const gas = (await create.product(ctx, { name: 'Chlorine', physical_state: 'liquified gas' })).id;
    const weighed = await create.inventoryProduct(ctx, inventory.id, {
      product_id: gas,
      container_id: container,
      container_unit_id: pound,
      container_size: '2000',
      container_quantity: '1',
    });
    const gallons = await create.inventoryProduct(ctx, inventory.id, {
      product_id: gas,
      container_id: container,
      container_unit_id: gallon,
      container_size: '10',
      container_quantity: '1',
    });
    // As the old save left them: no Max Pounds.
    await ctx.database.db
      .update(inventoryProducts)
      .set({ maxPounds: null })
      .where(sql`${inventoryProducts.id} IN (${weighed.id}, ${gallons.id})`);
    await ctx.database.db.execute(sql.raw(fs.readFileSync(MIGRATION, 'utf8')));
    const pounds = async (id: number) =>
      (
        await ctx.database.db
          .select({ maxPounds: inventoryProducts.maxPounds })
          .from(inventoryProducts)
          .where(eq(inventoryProducts.id, id))
      )[0]?.maxPounds;
    expect(Number(await pounds(weighed.id))).toBe(2000);
    expect(await pounds(gallons.id)).toBeNull();
  });
});
