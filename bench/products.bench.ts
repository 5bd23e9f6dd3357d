/**
 * Products list latency at scale: paging, substring search over name and manufacturer, the SDS
 * status filter and sorts, with every row's hazard classes joined in.
 * Usage: npm run bench:products -w @chemtrack/bench [-- --rows 20000 --requests 200]
 * DATABASE_URL=postgres://… runs it on PostgreSQL (in a fresh database it creates and drops).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openBench } from './harness.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, requests: { type: 'string', default: '200' } },
});
const rows = Number(values.rows);
const requests = Number(values.requests);

const bench = await openBench();
const { db } = bench.database;
await bench.seed(`${rows} products`, requests, async () => {
  await db.execute(sql`
    INSERT INTO hazards (name) SELECT 'Hazard ' || g FROM generate_series(1, 12) AS g`);
  await db.execute(sql`
    INSERT INTO products (name, mfg_name, sds_status, physical_state, specific_gravity, density)
    SELECT 'Product ' || g || ' ' || md5(g::text), 'Maker ' || (g % 500),
           (ARRAY['sds', 'pending', 'update'])[1 + g % 3]::sds_status, 'liquid', 1.1, 9.17
    FROM generate_series(1, ${rows}) AS g`);
  // Two or three hazard classes a product, as real inventories have.
  await db.execute(sql`
    INSERT INTO product_hazards (product_id, hazard_id)
    SELECT p.id, h.id FROM products p JOIN hazards h ON h.id IN (1 + p.id % 12, 1 + (p.id + 5) % 12)`);
});
const list = '/api/admin/v1/products/list';
await bench.measureListBasics('products', rows, requests);
await bench.measure('products search by manufacturer', () => `${list}?search=Maker%2042`, requests);
await bench.measure('products filtered by SDS status', () => `${list}?sds_status=update`, requests);
await bench.measure('products sorted by name', () => `${list}?order_by=name&order_dir=desc`, requests);
await bench.close();
