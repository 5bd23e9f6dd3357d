/**
 * Issue 37 ("Lists"), decisions 038 and 040: two builds of the app side by side on one PostgreSQL
 * server loaded with the suite's data set, the lists they changed measured at the suite's 20
 * connections in alternated rounds (A B B A …: the machine is shared, and a figure moves between
 * rounds more than between builds). Each build reads its own schema: the data set is loaded into a
 * database migrated by the other checkout (`--other`, a checkout of main), and this checkout's runs
 * on a copy of it (`CREATE DATABASE … TEMPLATE`) that its own migrations bring up to date, so main
 * is measured without this branch's indexes and both read the same rows.
 *
 * Every figure is printed with PASS or FAIL against issue 37's target: p99 ≤ 50 ms at 20 users.
 *
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   npx tsx bench/lists-ab.ts --other /tmp/main-checkout [--scale 0.05 --rounds 4 --duration 4]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadDataSet, NAME_WORDS, type RawClient } from './data.ts';
import { API, ROOT, type RunningProcess, signIn, startApp } from './processes.ts';
import { addBenchAdmin, BENCH_ADMIN, databaseUrlOn, onServer, runDatabaseName } from './server-databases.ts';

const { values } = parseArgs({
  options: {
    other: { type: 'string' },
    scale: { type: 'string', default: '0.05' },
    rounds: { type: 'string', default: '4' },
    duration: { type: 'string', default: '4' },
  },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl || !values.other) throw new Error('needs BENCH_DATABASE_URL and --other <checkout>');
const CONNECTIONS = 20;
const duration = Number(values.duration);

const runName = runDatabaseName('lists');
const databaseNames = { main: `${runName}_main`, here: `${runName}_here` };
const databaseUrl = (name: string) => databaseUrlOn(serverUrl, name);
const otherRoot = path.resolve(values.other);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-bench-lists-'));
const apps: {
  name: string;
  url: string;
  process: RunningProcess;
  headers: Record<string, string>;
}[] = [];
let reportInventory = 0;
try {
  await onServer(serverUrl, `CREATE DATABASE ${databaseNames.main}`);
  // Main's client, so main's migrations make main's schema.
  const mainClient = (await import(
    pathToFileURL(path.join(otherRoot, 'apps/server/src/db/client.ts')).href
  )) as { openDatabase: typeof openDatabase };
  const database = await mainClient.openDatabase(databaseUrl(databaseNames.main), dataDir);
  try {
    await database.migrate();
    await addBenchAdmin(database.db);
    const client = (database.db as unknown as { $client: RawClient }).$client;
    const data = await loadDataSet(client, Number(values.scale));
    reportInventory = data.report.inventoryId;
    // The data set assigns no technician: 300 of them, one to three an inventory, as a consultancy's.
    await database.db.execute(sql`
      INSERT INTO users (email, role, first_name, last_name)
      SELECT 'tech' || g || '@bench.local', 'technician', (${sql.raw(`ARRAY[${NAME_WORDS.map((w) => `'${w}'`).join(',')}]`)})[1 + g % ${NAME_WORDS.length}], 'Tech' || g
      FROM generate_series(1, 300) AS g`);
    await database.db.execute(sql`
      INSERT INTO inventory_technicians (inventory_id, user_id)
      SELECT DISTINCT i.id, u.id FROM inventories i
      CROSS JOIN generate_series(0, 2) AS k
      JOIN users u ON u.email = 'tech' || (1 + (i.id * 7 + k * 131) % 300) || '@bench.local'
      WHERE k <= i.id % 3`);
    await database.db.execute(sql`VACUUM ANALYZE`);
    const { rows } = (await database.db.execute(
      sql`SELECT (SELECT count(*) FROM inventories)::int AS inventories, (SELECT count(*) FROM inventory_technicians)::int AS assigned, (SELECT count(*) FROM customers)::int AS customers, (SELECT count(*) FROM facilities)::int AS facilities, (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM inventory_products WHERE inventory_id = ${reportInventory})::int AS report_lines`,
    )) as unknown as { rows: unknown[] };
    console.log(`data set at scale ${values.scale}:`, rows[0]);
  } finally {
    await database.close();
  }
  // The same rows for this checkout, brought to its schema by its own migrations.
  await onServer(serverUrl, `CREATE DATABASE ${databaseNames.here} TEMPLATE ${databaseNames.main}`);
  const here = await openDatabase(databaseUrl(databaseNames.here), dataDir);
  try {
    await here.migrate();
    await here.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await here.close();
  }

  for (const [name, root] of [
    ['main', otherRoot],
    ['here', ROOT],
  ] as const) {
    const started = await startApp(
      { DATA_DIR: path.join(dataDir, name), DATABASE_URL: databaseUrl(databaseNames[name]) },
      undefined,
      root,
    );
    apps.push({
      name,
      url: started.url,
      process: started,
      headers: await signIn(started.url, BENCH_ADMIN.email, BENCH_ADMIN.password),
    });
  }

  const words = NAME_WORDS.map((word) => word.toLowerCase());
  const FIGURES: [string, string[]][] = [
    ['customers by facility name, asc', ['/customers/list?order_by=facility_name&order_dir=asc']],
    ['customers by facility name, desc', ['/customers/list?order_by=facility_name&order_dir=desc']],
    ['customers search, 4 letters', words.map((w) => `/customers/list?search=${w.slice(1, 5)}`)],
    ['inventory-products, page 1', [`/inventories/${reportInventory}/products?page=1&ipp=10`]],
    ['products search, 2 letters', words.map((w) => `/products/list?search=${w.slice(0, 2)}`)],
    ['products search, 4 letters', words.map((w) => `/products/list?search=${w.slice(1, 5)}`)],
    // Unchanged by decision 040: the machine's noise between the two builds.
    ['inventories search, 4 letters', words.map((w) => `/inventories/list?search=${w.slice(1, 5)}`)],
  ];

  async function load(app: (typeof apps)[number], paths: string[], seconds = duration, checked = true) {
    let next = 0;
    const result = await autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: seconds,
      headers: app.headers,
      requests: [
        { setupRequest: (request) => ({ ...request, path: `${API}${paths[next++ % paths.length]}` }) },
      ],
    });
    const errors = result.non2xx + result.errors + result.timeouts;
    if (checked && (errors > 0 || result['2xx'] === 0))
      throw new Error(`${app.name} ${paths[0]}: ${errors} errors`);
    return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
  }

  // Warm both (JIT, plan caches, the report worker's warm-up).
  for (const app of apps) for (const [, paths] of FIGURES) await load(app, paths, 2, false);

  const results = new Map<string, { p50: number; p99: number; rps: number }[]>();
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 === 0 ? apps : [...apps].reverse();
    const [loadAverage] = os.loadavg();
    console.log(
      `round ${round + 1}: ${order.map((app) => app.name).join(', ')} (load ${loadAverage?.toFixed(1)})`,
    );
    for (const [figure, paths] of FIGURES)
      for (const app of order) {
        const result = await load(app, paths);
        const key = `${figure}|${app.name}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `  ${figure.padEnd(34)} ${app.name.padEnd(5)} p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(4)} ms  ${result.rps.toFixed(0)} req/s`,
        );
      }
  }

  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  // Issue 37's target for a list: p99 ≤ 50 ms at 20 users.
  const TARGET_P99_MS = 50;
  console.log(
    `\n| figure (${CONNECTIONS} connections, medians of ${values.rounds} rounds of ${duration} s; target p99 ≤ ${TARGET_P99_MS} ms) | main p50 / p99 / req/s | here p50 / p99 / req/s |`,
  );
  console.log('| --- | --- | --- |');
  for (const [figure] of FIGURES) {
    const cell = (name: string) => {
      const runs = results.get(`${figure}|${name}`) ?? [];
      const p99 = median(runs.map((r) => r.p99));
      const verdict = p99 <= TARGET_P99_MS ? 'PASS' : 'FAIL';
      return `${median(runs.map((r) => r.p50))} ms / ${p99} ms / ${median(runs.map((r) => r.rps)).toFixed(0)} ${verdict}`;
    };
    console.log(`| ${figure} | ${cell('main')} | ${cell('here')} |`);
  }
} finally {
  for (const app of apps) await app.process.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const name of Object.values(databaseNames))
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
