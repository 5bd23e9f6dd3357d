/**
 * Issue 37 ("Previews page their tables"): two builds of the app side by side on one PostgreSQL
 * database loaded with the suite's data set, each report type's preview of the 2,000-line report
 * facility asked of both in alternated rounds (A B, then B A: the machine is shared). Per type and
 * build: the answer's size, the preview after the facility's lines changed (the worker reads the
 * lines and runs the engine again: what a user waits for after an edit) and warm (the same
 * report asked again); for this build, page 2 of the largest table and one row's explanation.
 *
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *   npx tsx bench/preview-ab.ts --other /tmp/main-checkout [--rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compliance, REPORT_TYPES } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loadDataSet, type RawClient } from './data.ts';
import { API, ROOT, type RunningProcess, signIn, startApp } from './processes.ts';
import { addBenchAdmin, BENCH_ADMIN, databaseUrlOn, onServer, runDatabaseName } from './server-databases.ts';

const { values } = parseArgs({
  options: { other: { type: 'string' }, rounds: { type: 'string', default: '3' } },
});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl || !values.other) throw new Error('needs BENCH_DATABASE_URL and --other <checkout>');
/** Issue 37: the first answer within 200 KB; issue 24: a preview within 150 ms. */
const TARGET = { kb: 200, ms: 150 };
const types = REPORT_TYPES.filter(compliance.isReportAvailable);

const databaseName = runDatabaseName('preview');
const databaseUrl = databaseUrlOn(serverUrl, databaseName);
await onServer(serverUrl, `CREATE DATABASE ${databaseName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-bench-preview-'));
const apps: { name: string; app: RunningProcess; headers: Record<string, string> }[] = [];
let report = { customerId: 0, facilityId: 0, inventoryId: 0, year: 0 };
const database = await openDatabase(databaseUrl, dataDir);
try {
  await database.migrate();
  await addBenchAdmin(database.db);
  report = (await loadDataSet((database.db as unknown as { $client: RawClient }).$client, 0.0001)).report;
  await database.db.execute(sql`VACUUM ANALYZE`);

  for (const [name, root] of [
    ['main', path.resolve(values.other)],
    ['here', ROOT],
  ] as const) {
    const app = await startApp(
      { DATA_DIR: path.join(dataDir, name), DATABASE_URL: databaseUrl },
      undefined,
      root,
    );
    apps.push({ name, app, headers: await signIn(app.url, BENCH_ADMIN.email, BENCH_ADMIN.password) });
  }

  const request = (type: string) => ({
    type,
    customer_id: report.customerId,
    facility_id: report.facilityId,
    year: report.year,
  });
  async function post(target: (typeof apps)[number], route: string, body: object) {
    const started = performance.now();
    const res = await fetch(`${target.app.url}${API}${route}`, {
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${target.name} ${route}: ${res.status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - started, bytes: Buffer.byteLength(text), json: JSON.parse(text) };
  }
  /** A change of the facility's lines (a line's note): the next report reads them and runs the engine again. */
  const touchLines = () =>
    database.db.execute(
      sql`UPDATE inventory_products SET notes = ${`bench ${performance.now()}`}
          WHERE id = (SELECT min(id) FROM inventory_products WHERE inventory_id = ${report.inventoryId})`,
    );

  // Each app's worker drawn once (its warm-up, the first read of the lists).
  for (const target of apps) await post(target, '/report/preview', request(types[0]!));

  type Figures = { kb: number; changed: number[]; warm: number[]; page2: number[]; explanation: number[] };
  const figures = new Map<string, Figures>();
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = round % 2 === 0 ? apps : [...apps].reverse();
    console.log(
      `round ${round + 1}: ${order.map((a) => a.name).join(', ')} (load ${os.loadavg()[0]?.toFixed(1)})`,
    );
    for (const type of types)
      for (const target of order) {
        const key = `${type}|${target.name}`;
        const kept = figures.get(key) ?? { kb: 0, changed: [], warm: [], page2: [], explanation: [] };
        await touchLines();
        const changed = await post(target, '/report/preview', request(type));
        const warm = await post(target, '/report/preview', request(type));
        kept.kb = changed.bytes / 1024;
        kept.changed.push(changed.ms);
        kept.warm.push(warm.ms);
        const first = warm.json.resource as {
          version?: string;
          tables: { key: string; row_count?: number; rows: { explained?: boolean; index?: number }[] }[];
        };
        if (first.version) {
          const part = { ...request(type), version: first.version };
          const largest = [...first.tables].sort((a, b) => (b.row_count ?? 0) - (a.row_count ?? 0))[0];
          if (largest)
            kept.page2.push(
              (await post(target, '/report/preview/rows', { ...part, table: largest.key, page: 2 })).ms,
            );
          const explained = first.tables.find((table) => table.rows.some((row) => row.explained));
          const row = explained?.rows.find((candidate) => candidate.explained);
          if (explained && row)
            kept.explanation.push(
              (
                await post(target, '/report/preview/explanation', {
                  ...part,
                  table: explained.key,
                  row: row.index,
                })
              ).ms,
            );
        }
        figures.set(key, kept);
      }
  }

  const median = (xs: number[]) => {
    if (xs.length === 0) return Number.NaN;
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const ms = (xs: number[]) => (xs.length ? `${median(xs).toFixed(0)} ms` : '—');
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(
    `\n| type (medians of ${values.rounds} rounds) | main KB | here KB (≤ ${TARGET.kb}) | main after a change | here after a change | main warm | here warm (≤ ${TARGET.ms} ms) | here page 2 | here explanation |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const type of types) {
    const main = figures.get(`${type}|main`)!;
    const here = figures.get(`${type}|here`)!;
    console.log(
      `| ${type} | ${main.kb.toFixed(0)} | ${here.kb.toFixed(0)} ${pass(here.kb <= TARGET.kb)} | ${ms(main.changed)} | ${ms(here.changed)} | ${ms(main.warm)} | ${ms(here.warm)} ${pass(median(here.warm) <= TARGET.ms)} | ${ms(here.page2)} | ${ms(here.explanation)} |`,
    );
  }
} finally {
  for (const { app } of apps) await app.stop();
  await database.close();
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
}
