/**
 * An inventory's products list at scale (issue 9): one inventory of 50,000 lines among others,
 * with the statistics computed on every page, the default sort (updated_at descending), search
 * by product or manufacturer, the "carried over, not yet checked" worklist and a sort by pounds.
 * Usage: npm run bench:inventory-products -w @chemtrack/bench [-- --rows 50000 --requests 200]
 * DATABASE_URL=postgres://… runs it on PostgreSQL (in a fresh database it creates and drops).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openBench } from './harness.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '50000' }, requests: { type: 'string', default: '200' } },
});
const rows = Number(values.rows);
const requests = Number(values.requests);

const bench = await openBench();
const { db } = bench.database;
await bench.seed(`${rows} lines on one inventory (+ ${rows / 10} on another)`, requests, async () => {
  for (const statement of [
    sql`INSERT INTO customers (name) VALUES ('Bench Customer')`,
    sql`INSERT INTO facilities (name, customer_id) SELECT 'Bench Plant', id FROM customers`,
    sql`INSERT INTO inventories (year, customer_id, facility_id)
      SELECT y, c.id, f.id FROM customers c, facilities f, (VALUES (2024), (2025)) AS v(y) ORDER BY y`,
    sql`INSERT INTO containers (name) SELECT 'Container ' || g FROM generate_series(1, 20) AS g`,
    sql`INSERT INTO container_units (name, unit_type) VALUES ('Gallon (gal)', 'gal'), ('Pound (lb)', 'lb')`,
    sql`INSERT INTO products (name, mfg_name, sds_status, physical_state, pounds_per_gallon)
      SELECT 'Product ' || g || ' ' || md5(g::text), 'Maker ' || (g % 400),
             (ARRAY['sds', 'pending', 'update'])[1 + g % 3]::sds_status, 'liquid', 8.34
      FROM generate_series(1, 5000) AS g`,
  ]) {
    await db.execute(statement);
  }
  // The later year: every line a copy of the earlier one's, a third of them checked since.
  await db.execute(sql`
    INSERT INTO inventory_products (inventory_id, product_id, name, mfg_name, physical_state,
      pounds_per_gallon, container_id, container_unit_id, container_size, container_quantity,
      location_stored, max_gallons, max_pounds, is_resolve_question, checked_at, updated_at)
    SELECT 2, p.id, p.name, p.mfg_name, 'liquid', 8.34, 1 + g % 20, 1, 5 + g % 50, 1 + g % 7,
      'BAY ' || (g % 40), (5 + g % 50) * (1 + g % 7), (5 + g % 50) * (1 + g % 7) * 8.34,
      g % 97 <> 0, CASE WHEN g % 3 = 0 THEN now() END, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${rows}) AS g JOIN products p ON p.id = 1 + g % 5000`);
  await db.execute(sql`
    UPDATE inventory_products SET source_line_id = id WHERE inventory_id = 2 AND checked_at IS NULL`);
  await db.execute(sql`
    INSERT INTO inventory_products (inventory_id, product_id, name, mfg_name, container_size, container_quantity)
    SELECT 1, 1 + g % 5000, 'Other ' || g, 'Maker', 1, 1 FROM generate_series(1, ${rows / 10}) AS g`);
});
const list = '/api/admin/v1/inventories/2/products';
await bench.measure('inventory products, page 1', () => `${list}?page=1&ipp=10`, requests);
await bench.measure(
  'inventory products, deep page',
  () => `${list}?page=${Math.floor(rows / 20)}&ipp=10`,
  requests,
);
await bench.measure(
  'inventory products search',
  () => `${list}?search=${Math.floor(Math.random() * 900) + 100}`,
  requests,
);
await bench.measure('inventory products by maker', () => `${list}?search=Maker%2042`, requests);
await bench.measure('inventory products unchecked', () => `${list}?worklist=unchecked`, requests);
await bench.measure(
  'inventory products by pounds',
  () => `${list}?order_by=max_pounds&order_dir=desc`,
  requests,
);
await bench.close();
