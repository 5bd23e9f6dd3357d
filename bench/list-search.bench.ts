/**
 * List and search latency of the users API at scale.
 * Usage: npm run bench:list-search -w @chemtrack/bench [-- --rows 20000 --requests 300]
 * DATABASE_URL=postgres://… runs it on PostgreSQL (in a fresh database it creates and drops).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openBench } from './harness.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '20000' }, requests: { type: 'string', default: '300' } },
});
const rows = Number(values.rows);
const requests = Number(values.requests);

const bench = await openBench();
const started = performance.now();
await bench.database.db.execute(sql`
  INSERT INTO users (email, role, first_name, last_name, phone)
  SELECT 'user' || g || '@bench.local', (CASE WHEN g % 3 = 0 THEN 'technician' ELSE 'staff' END)::role,
         'First' || g, 'Last' || (g * 7919 % ${rows}), lpad((5120000000 + g)::text, 10, '0')
  FROM generate_series(1, ${rows}) AS g`);
// Autovacuum's steady state (see products.bench.ts).
await bench.database.db.execute(sql`VACUUM ANALYZE users`);
const seedMs = performance.now() - started;

console.log(
  `database: ${bench.database.kind}, ${rows} users seeded in ${seedMs.toFixed(0)} ms, ${requests} sequential requests each`,
);
await bench.measure(
  'technicians list, page 1',
  () => '/api/admin/v1/technicians/list?page=1&ipp=10',
  requests,
);
await bench.measure(
  'technicians list, deep page',
  () => `/api/admin/v1/technicians/list?page=${Math.floor(rows / 30)}&ipp=10`,
  requests,
);
await bench.measure(
  'technicians search (substring)',
  () => `/api/admin/v1/technicians/list?search=st${Math.floor(Math.random() * 900) + 100}`,
  requests,
);
await bench.measure(
  'technicians sorted by name',
  () => '/api/admin/v1/technicians/list?order_by=name&order_dir=desc',
  requests,
);
await bench.measure(
  'technician autocomplete',
  () => `/api/admin/v1/technicians/autocomplete-list?search=first1${Math.floor(Math.random() * 99)}`,
  requests,
);
await bench.close();
