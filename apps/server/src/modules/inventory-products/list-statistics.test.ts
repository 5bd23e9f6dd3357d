import type { InventoryProductListResponse } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase, type TestContext } from '../../../test/helper.ts';
import { files, inventoryProducts, products } from '../../db/schema/index.ts';
import { create, inventoryProductBody } from '../../seed/factories.ts';

/**
 * Issue 37: the inventory-products list keeps its statistics under the inventory's lines' version
 * and the product files' version (migration 0034) and reads them again only when one moved. Every
 * change below is made straight on the database, as another process, psql or a restore would,
 * after a list has kept the figures: each must show on the next list.
 */
let ctx: TestContext;
let heard: { text: string; params: unknown[] }[] | undefined;
let container = 0;

beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: (text, params) => heard?.push({ text, params }) });
  ctx = await createTestContext({}, database);
  container = (await create.container(ctx, { name: 'Pail' })).id;
});
afterAll(() => ctx.close());

type Listed = InventoryProductListResponse['resource'];

async function list(inventoryId: number): Promise<Listed> {
  const res = await ctx.call('staff', { method: 'GET', url: `/inventories/${inventoryId}/products` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource;
}

const FIGURES = [
  'lines',
  'unchecked_lines',
  'open_questions',
  'products_inventoried',
  'products_with_sds',
  'products_with_label_photo',
] as const;
const figures = (listed: Listed) => Object.fromEntries(FIGURES.map((key) => [key, listed[key]]));

async function addLine(inventoryId: number, productId: number) {
  const res = await ctx.call('staff', {
    method: 'POST',
    url: `/inventories/${inventoryId}/product/create`,
    payload: inventoryProductBody({ product_id: productId, container_id: container }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource.id as number;
}

async function newFile(name: string) {
  const [row] = await ctx.database.db
    .insert(files)
    .values({
      storageKey: `statistics-${name}`,
      originalName: name,
      mimeType: 'application/pdf',
      sizeBytes: 1,
      sha256: '0'.repeat(64),
    })
    .returning({ id: files.id });
  return row!.id;
}

/** EXPLAIN ANALYZE of a statement the app sent, on either database. */
async function actualPlan({ text, params }: { text: string; params: unknown[] }): Promise<PlanNode> {
  const client = (
    ctx.database.db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  const result = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
  const plan = result.rows[0]!['QUERY PLAN'];
  return ((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[])[0]!.Plan;
}

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** The times each subplan that reads the inventory's lines ran. */
function linesSubplanLoops(node: PlanNode): number[] {
  const readsLines = (one: PlanNode): boolean =>
    one['Relation Name'] === 'inventory_products' || (one.Plans ?? []).some(readsLines);
  const found: number[] = [];
  for (const child of node.Plans ?? []) {
    if (
      (child['Parent Relationship'] === 'InitPlan' || child['Parent Relationship'] === 'SubPlan') &&
      readsLines(child)
    )
      found.push(child['Actual Loops']);
    else found.push(...linesSubplanLoops(child));
  }
  return found;
}

describe('the statistics kept under versions', () => {
  it('show every change made on the database after they were kept', async () => {
    const inventoryId = (await create.inventory(ctx)).id;
    const withFile = await create.product(ctx, { name: 'Kept Figures Solvent' });
    const plain = await create.product(ctx, { name: 'Kept Figures Soap' });
    const firstLine = await addLine(inventoryId, withFile.id);
    await addLine(inventoryId, plain.id);
    const none = { products_with_sds: 0, products_with_label_photo: 0 };
    expect(figures(await list(inventoryId))).toEqual({
      lines: 2,
      unchecked_lines: 0,
      open_questions: 0,
      products_inventoried: 2,
      ...none,
    });

    const fileId = await newFile('kept.pdf');
    await ctx.database.db.update(products).set({ sdsFileId: fileId }).where(eq(products.id, withFile.id));
    expect(await list(inventoryId)).toMatchObject({ products_with_sds: 1, products_with_label_photo: 0 });

    await ctx.database.db.update(files).set({ isLabelPhoto: true }).where(eq(files.id, fileId));
    expect(await list(inventoryId)).toMatchObject({ products_with_sds: 0, products_with_label_photo: 1 });

    // The foreign key's ON DELETE SET NULL is an update of the product: it moves the version too.
    await ctx.database.db.delete(files).where(eq(files.id, fileId));
    expect(await list(inventoryId)).toMatchObject(none);

    await ctx.database.db
      .update(inventoryProducts)
      .set({ isResolveQuestion: false })
      .where(eq(inventoryProducts.id, firstLine));
    expect(await list(inventoryId)).toMatchObject({ open_questions: 1, lines: 2 });

    await ctx.database.db.delete(inventoryProducts).where(eq(inventoryProducts.id, firstLine));
    expect(figures(await list(inventoryId))).toEqual({
      lines: 1,
      unchecked_lines: 0,
      open_questions: 0,
      products_inventoried: 1,
      ...none,
    });
    expect((await list(inventoryId)).meta.total).toBe(1);
  });

  it("keep one inventory's figures apart from another's", async () => {
    const [a, b] = [(await create.inventory(ctx)).id, (await create.inventory(ctx)).id];
    const product = await create.product(ctx, { name: 'Apart Figures Oil' });
    await addLine(a, product.id);
    expect((await list(a)).lines).toBe(1);
    expect((await list(b)).lines).toBe(0);
    await addLine(b, product.id);
    await addLine(b, (await create.product(ctx, { name: 'Apart Figures Grease' })).id);
    expect((await list(b)).lines).toBe(2);
    expect((await list(a)).lines).toBe(1);
  });

  it('are not read again while neither version moved', async () => {
    const inventoryId = (await create.inventory(ctx)).id;
    await addLine(inventoryId, (await create.product(ctx, { name: 'Unread Figures Wax' })).id);
    const statisticsStatement = async () => {
      heard = [];
      await list(inventoryId);
      // The statement with the statistics' subquery (placeholders are numbered in the text).
      const sent = heard.filter((one) => one.text.includes('json_build_object'));
      heard = undefined;
      expect(sent).toHaveLength(1);
      return sent[0]!;
    };
    // The first list after a change reads them (once); the next one only compares the versions.
    await addLine(inventoryId, (await create.product(ctx, { name: 'Unread Figures Polish' })).id);
    expect(linesSubplanLoops(await actualPlan(await statisticsStatement()))).toEqual([1]);
    expect(linesSubplanLoops(await actualPlan(await statisticsStatement()))).toEqual([0]);
  });
});
