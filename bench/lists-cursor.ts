/**
 * Issue 37, "Page 2,000" (decision 041): page 1 against a deep page of the big lists, reached by
 * its number (`page=`, an OFFSET) and by a cursor (`cursor=`, the previous page's `next_cursor`),
 * on one PostgreSQL database loaded with the suite's data set. Each figure is a few seconds of load
 * at 20 connections, in rounds that alternate the order of the three (the machine is shared);
 * beside each, the app's CPU time per answered request (`/proc`, steadier than latency under
 * others' load; the database's time is in the latency only).
 *
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   npx tsx bench/lists-cursor.ts [--scale 0.21 --rounds 3 --duration 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadDataSet, type RawClient } from './data.ts';
import { API, signIn, startApp } from './processes.ts';
import { addBenchAdmin, BENCH_ADMIN, databaseUrlOn, onServer, runDatabaseName } from './server-databases.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.21' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '3' },
  },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) throw new Error('needs BENCH_DATABASE_URL');
const CONNECTIONS = 20;
const IPP = 10;
const DEEPEST = 2_000;
const duration = Number(values.duration);

const databaseName = runDatabaseName('cursor');
const databaseUrl = databaseUrlOn(serverUrl, databaseName);
await onServer(serverUrl, `CREATE DATABASE ${databaseName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-bench-cursor-'));
let app: Awaited<ReturnType<typeof startApp>> | undefined;
try {
  const database = await openDatabase(databaseUrl, dataDir);
  let reportInventory = 0;
  try {
    await database.migrate();
    await addBenchAdmin(database.db);
    const client = (database.db as unknown as { $client: RawClient }).$client;
    const data = await loadDataSet(client, Number(values.scale));
    reportInventory = data.report.inventoryId;
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`data set at scale ${values.scale}:`, data.size);
  } finally {
    await database.close();
  }

  app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const running = app;
  const headers = await signIn(running.url, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const get = async (pathAndQuery: string) => {
    const res = await fetch(`${running.url}${API}${pathAndQuery}`, { headers });
    if (res.status !== 200) throw new Error(`${pathAndQuery}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { resource: { meta: { last_page: number; next_cursor?: string } } };
  };

  const LISTS: [string, string][] = [
    ['products, default order', '/products/list?'],
    ['products by name', '/products/list?order_by=name&order_dir=asc&'],
    ['inventories, default order', '/inventories/list?'],
    ['inventories by customer name', '/inventories/list?order_by=customer_name&order_dir=desc&'],
    ['facilities, default order', '/facilities/list?'],
    ['customers by name', '/customers/list?order_by=name&order_dir=asc&'],
    [
      "an inventory's products by name",
      `/inventories/${reportInventory}/products?order_by=name&order_dir=asc&`,
    ],
  ];

  async function load(paths: string[], seconds = duration, checked = true) {
    let next = 0;
    const before = running.cpuMs();
    const result = await autocannon({
      url: running.url,
      connections: CONNECTIONS,
      duration: seconds,
      headers,
      requests: [
        { setupRequest: (request) => ({ ...request, path: `${API}${paths[next++ % paths.length]}` }) },
      ],
    });
    const errors = result.non2xx + result.errors + result.timeouts;
    if (checked && (errors > 0 || result['2xx'] === 0)) throw new Error(`${paths[0]}: ${errors} errors`);
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      cpu: (running.cpuMs() - before) / Math.max(1, result['2xx']),
    };
  }

  type Figure = { list: string; how: string; path: string; depth: number };
  const figures: Figure[] = [];
  for (const [list, base] of LISTS) {
    const { last_page } = (await get(`${base}ipp=${IPP}`)).resource.meta;
    const depth = Math.min(DEEPEST, last_page);
    const before = await get(`${base}ipp=${IPP}&page=${depth - 1}`);
    const cursor = before.resource.meta.next_cursor;
    if (!cursor) throw new Error(`${list}: no cursor at page ${depth - 1}`);
    figures.push(
      { list, how: 'page=1', path: `${base}ipp=${IPP}&page=1`, depth: 1 },
      { list, how: `page=${depth}`, path: `${base}ipp=${IPP}&page=${depth}`, depth },
      { list, how: `cursor (page ${depth})`, path: `${base}ipp=${IPP}&cursor=${cursor}`, depth },
    );
  }

  for (const figure of figures) await load([figure.path], 2, false);
  const results = new Map<Figure, Awaited<ReturnType<typeof load>>[]>();
  for (let round = 0; round < Number(values.rounds); round++) {
    const [loadAverage] = os.loadavg();
    console.log(`round ${round + 1} (load ${loadAverage?.toFixed(1)})`);
    const order = round % 2 === 0 ? figures : [...figures].reverse();
    for (const figure of order) {
      const result = await load([figure.path]);
      results.set(figure, [...(results.get(figure) ?? []), result]);
      console.log(
        `  ${figure.list.padEnd(34)} ${figure.how.padEnd(20)} p50 ${String(result.p50).padStart(4)} ms  p99 ${String(result.p99).padStart(5)} ms  ${result.rps.toFixed(0).padStart(4)} req/s  ${result.cpu.toFixed(2)} ms CPU/req`,
      );
    }
  }

  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  console.log(
    `\n| list | page | p50 / p99 / req/s (${CONNECTIONS} connections, medians of ${values.rounds} rounds of ${duration} s) | app CPU per request |`,
  );
  console.log('| --- | --- | --- | --- |');
  for (const figure of figures) {
    const runs = results.get(figure) ?? [];
    console.log(
      `| ${figure.list} | ${figure.how} | ${median(runs.map((r) => r.p50))} ms / ${median(runs.map((r) => r.p99))} ms / ${median(runs.map((r) => r.rps)).toFixed(0)} | ${median(runs.map((r) => r.cpu)).toFixed(2)} ms |`,
    );
  }
} finally {
  await app?.stop();
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
