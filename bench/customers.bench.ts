/**
 * Customers list latency at scale: one row per customer × facility with both addresses joined,
 * paging, substring search over customer and facility names, and both sorts.
 * Usage: npm run bench:customers -w @chemtrack/bench [-- --rows 10000 --requests 200]
 * (`rows` customers, each with 0 to 3 facilities). DATABASE_URL=postgres://… runs it on
 * PostgreSQL (in a fresh database it creates and drops).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openBench } from './harness.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, requests: { type: 'string', default: '200' } },
});
const rows = Number(values.rows);
const requests = Number(values.requests);

const bench = await openBench();
const { db } = bench.database;
await bench.seed(`${rows} customers`, requests, async () => {
  await db.execute(sql`
    INSERT INTO addresses (address, city, state_code, zip, phone)
    SELECT g || ' Main St', 'City ' || (g % 300), (ARRAY['TX', 'CA', 'NY', 'OH', 'WA'])[1 + g % 5], '7' || lpad((g % 9999)::text, 4, '0'), '5125550100'
    FROM generate_series(1, ${rows * 3}) AS g`);
  await db.execute(sql`
    INSERT INTO customers (name, address_id, billing_address_id, is_same_billing_address)
    SELECT 'Customer ' || g || ' ' || md5(g::text), g, g, true FROM generate_series(1, ${rows}) AS g`);
  // 0 to 3 facilities a customer: about 1.5 rows a customer in the list.
  await db.execute(sql`
    INSERT INTO facilities (customer_id, name, address_id)
    SELECT c.id, 'Plant ' || c.id || '-' || n || ' ' || md5((c.id * 7 + n)::text), ${rows} + c.id
    FROM customers c CROSS JOIN generate_series(1, 3) AS n WHERE n <= c.id % 4`);
  await db.execute(sql`
    INSERT INTO facility_customers (facility_id, customer_id) SELECT id, customer_id FROM facilities`);
});
const list = '/api/admin/v1/customers/list';
await bench.measureListBasics('customers', rows, requests);
await bench.measure('customers search by facility', () => `${list}?search=Plant%2042`, requests);
await bench.measure(
  'customers sorted by name',
  () => `${list}?order_by=customer_name&order_dir=asc`,
  requests,
);
await bench.measure(
  'customers sorted by facility',
  () => `${list}?order_by=facility_name&order_dir=desc`,
  requests,
);
await bench.close();
