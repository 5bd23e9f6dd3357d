import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase, postgresPool, type TestContext } from './helper.ts';

/**
 * Issue 24, PostgreSQL only: a deep page of the inventories list costs about what page 1 costs.
 * The route picks the page's ids first along the sort's index and joins the rest to those ten
 * (a deferred join, decision 014). The technicians' names, made for the ten rows shown rather than
 * the 14,990 the OFFSET skipped, are now stored on the inventory (decision 038): no row makes them.
 * The plans are of the statements the route itself sent.
 */
const INVENTORIES = 20_000;
const IPP = 10;
const DEEP_PAGE = 1_500;

let ctx: TestContext;
let heard: { text: string; params: unknown[] }[] | undefined;
beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: (text, params) => heard?.push({ text, params }) });
  ctx = await createTestContext({}, database);
  const { db } = ctx.database;
  await db.execute(
    sql`INSERT INTO customers (name) SELECT 'Deep customer ' || g FROM generate_series(1, 50) AS g`,
  );
  await db.execute(sql`
    INSERT INTO facilities (customer_id, name)
    SELECT c.id, 'Deep facility ' || c.id FROM customers c WHERE c.name LIKE 'Deep customer %'`);
  // Updated at in runs of four equal moments, so the id breaks ties on every page.
  await db.execute(sql`
    INSERT INTO inventories (customer_id, facility_id, year, updated_at)
    SELECT f.customer_id, f.id, 2000 + g / 50, timestamptz '2025-01-01' + (g / 4) * interval '1 minute'
    FROM generate_series(1, ${INVENTORIES}) AS g
    JOIN (SELECT id, customer_id, row_number() OVER (ORDER BY id) - 1 AS n
          FROM facilities WHERE name LIKE 'Deep facility %') AS f ON f.n = g % 50`);
  await db.execute(sql`
    INSERT INTO inventory_technicians (inventory_id, user_id)
    SELECT i.id, u.id FROM inventories i CROSS JOIN users u WHERE u.role = 'technician' AND i.id % 3 = 0`);
  await db.execute(sql`VACUUM ANALYZE`);
});
afterAll(() => ctx.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The route's page statement for `query`, its answer, and the statement's analysed plan. */
async function pageOf(query: string) {
  heard = [];
  const res = await ctx.call('staff', { method: 'GET', url: `/inventories/list?${query}` });
  const statement = heard.find(({ text }) => text.includes(') "page"'));
  heard = undefined;
  expect(res.statusCode, res.body).toBe(200);
  expect(statement).toBeDefined();
  const pool = postgresPool(ctx.database);
  const result = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement!.text}`, statement!.params);
  const plan = (result.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
  return { ids: (res.json().resource.items as { id: number }[]).map((item) => item.id), plan: nodes(plan) };
}

describe('a deep page of the inventories list', () => {
  it('shows the rows of the one-pass order, along the index, making no technician names', async () => {
    const { ids, plan } = await pageOf(`page=${DEEP_PAGE}&ipp=${IPP}`);
    const pool = postgresPool(ctx.database);
    const expected = await pool.query(
      'SELECT id FROM inventories ORDER BY updated_at DESC, id LIMIT $1 OFFSET $2',
      [IPP, (DEEP_PAGE - 1) * IPP],
    );
    expect(ids).toEqual(expected.rows.map((row: { id: number }) => row.id));
    expect(plan.filter((node) => node['Parent Relationship'] === 'SubPlan')).toEqual([]);
    expect(plan.some((node) => node['Relation Name'] === 'inventory_technicians')).toBe(false);
    expect(plan.some((node) => node['Index Name'] === 'inventories_updated_at_idx')).toBe(true);
    expect(
      plan.some((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'inventories'),
    ).toBe(false);
  });

  it('sorted by year, also along its index, making no technician names', async () => {
    const { ids, plan } = await pageOf(`page=${DEEP_PAGE}&ipp=${IPP}&order_by=year&order_dir=desc`);
    const pool = postgresPool(ctx.database);
    const expected = await pool.query(
      'SELECT id FROM inventories ORDER BY year DESC, id LIMIT $1 OFFSET $2',
      [IPP, (DEEP_PAGE - 1) * IPP],
    );
    expect(ids).toEqual(expected.rows.map((row: { id: number }) => row.id));
    expect(plan.filter((node) => node['Parent Relationship'] === 'SubPlan')).toEqual([]);
  });
});
