import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase, postgresPool, type TestContext } from './helper.ts';

/**
 * Issue 24, PostgreSQL only (vitest includes *.pg.test.ts when TEST_DATABASE_URL is set): the
 * products list's searches read the trigram indexes, not every row, at 20,000 products. The plans
 * are of the statements the route itself sent (heard at the driver), parameters and all.
 */
const PRODUCTS = 20_000;
const WORDS = ['Acetone', 'Solvent', 'Degreaser', 'Coolant', 'Hydraulic', 'Lubricant', 'Primer', 'Bleach'];

let ctx: TestContext;
let heard: { text: string; params: unknown[] }[] | undefined;
beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: (text, params) => heard?.push({ text, params }) });
  ctx = await createTestContext({}, database);
  const words = sql.raw(`ARRAY[${WORDS.map((word) => `'${word}'`).join(', ')}]`);
  await ctx.database.db.execute(sql`
    INSERT INTO products (name, mfg_name)
    SELECT (${words})[1 + g % 8] || ' ' || (${words})[1 + (g / 8) % 8] || ' ' || md5(g::text),
           'Maker ' || (g % 500)
    FROM generate_series(1, ${PRODUCTS}) AS g`);
  await ctx.database.db.execute(sql`VACUUM ANALYZE products`);
});
afterAll(() => ctx.close());

/** The plan of every statement the products list sent for `search` that filters by it. */
async function plansOf(search: string): Promise<{ text: string; plan: string }[]> {
  heard = [];
  const res = await ctx.call('staff', { method: 'GET', url: `/products/list?search=${search}` });
  // The search texts are lowered and matched by LIKE (migration 0033), a column by ILIKE.
  const statements = heard.filter((statement) => /\bI?LIKE\b/.test(statement.text));
  heard = undefined;
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().resource.items.length).toBeGreaterThan(0);
  expect(statements.length).toBeGreaterThan(0);
  const pool = postgresPool(ctx.database);
  const plans: { text: string; plan: string }[] = [];
  for (const statement of statements) {
    const result = await pool.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.params);
    plans.push({ text: statement.text, plan: JSON.stringify(result.rows[0]['QUERY PLAN']) });
  }
  return plans;
}

describe('product searches use the trigram indexes', () => {
  // A selective term, as a search for a product is: "c4ca" is how md5('1') starts, and about 1 name
  // in 2,000 holds it somewhere. (A term half the names hold is read faster along the page's order.)
  it('a substring search (three characters or more) scans products_search_text_trgm, not the table', async () => {
    for (const { plan } of await plansOf('c4ca')) {
      expect(plan).toContain('"Index Name":"products_search_text_trgm"');
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
    }
  });

  // "9e" starts the md5 word of about 1 name in 256. The count reads the trigram index; the page
  // may instead walk the list's order and stop at its 10th match (about 2,500 rows here), which the
  // planner prices lower: neither reads the whole table.
  it('a two-character search (the start of a word) is counted on the same index, never a full scan', async () => {
    const plans = await plansOf('9e');
    const count = plans.find(({ text }) => text.includes('count(*)'));
    expect(count?.plan).toContain('"Index Name":"products_search_text_trgm"');
    for (const { plan } of plans) expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });

  // Issue 33 point 14: a CAS-shaped search also reads the components' CAS numbers, through their
  // trigram index, and meets the product ids without reading every product.
  it('a CAS search reads chemical_components_number_trgm and scans no table of products', async () => {
    await ctx.database.db.execute(sql`
      INSERT INTO chemical_components (name, number)
      SELECT 'Component ' || g, g || '-' || (g % 90 + 10) || '-' || (g % 10) FROM generate_series(1000, 3999) AS g`);
    await ctx.database.db.execute(sql`
      INSERT INTO product_chemical_components (product_id, chemical_component_id)
      SELECT p.id, c.id FROM chemical_components c JOIN products p ON p.id = c.id * 5`);
    await ctx.database.db.execute(sql`ANALYZE chemical_components`);
    await ctx.database.db.execute(sql`ANALYZE product_chemical_components`);
    for (const { plan } of await plansOf('2718-')) {
      expect(plan).toContain('"Index Name":"chemical_components_number_trgm"');
      expect(seqScanned(plan)).not.toContain('products');
    }
  });
});

/** The tables a plan reads from end to end. */
function seqScanned(plan: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record['Node Type'] === 'Seq Scan') found.push(String(record['Relation Name']));
      Object.values(record).forEach(walk);
    }
  };
  walk(JSON.parse(plan));
  return found;
}
