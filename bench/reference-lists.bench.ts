/**
 * A 10,000-row reference list: read and parsed from CSV, XLSX and XLS, then loaded through the API
 * (upload, then db-entry/create replacing the list in one transaction), a second upload that
 * changes rows (the diff), and the data table's page, searches and sort on the loaded list.
 * Usage: npm run bench:reference-lists -w @chemtrack/bench [-- --rows 10000 --requests 100]
 * DATABASE_URL=postgres://… runs it on PostgreSQL (in a fresh database it creates and drops).
 */
import { parseArgs } from 'node:util';
import { casCheckDigit } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { parseReferenceList } from '../apps/server/src/modules/reference-lists/parse-list.ts';
import { readTables, type TableFormat } from '../apps/server/src/modules/reference-lists/read-table.ts';
import { type Cell, toCsv, toXls, toXlsx } from '../apps/server/test/reference-files.ts';
import { multipartBody } from '../apps/server/test/uploads.ts';
import { openBench } from './harness.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '10000' }, requests: { type: 'string', default: '100' } },
});
const rows = Number(values.rows);
const requests = Number(values.requests);

/** A List-of-Lists-shaped sheet: every programme's column, thousands separators, dual TPQs. */
function listOfLists(count: number, variant: number): Cell[][] {
  const sheet: Cell[][] = [
    [
      'Chemical Name',
      'CAS/313 Category Codes',
      'Section 302 (EHS) TPQ',
      'Section 304 EHS RQ',
      'CERCLA RQ',
      'Section 313',
      'CAA 112(r) RMP TQ',
    ],
  ];
  for (let i = 0; i < count; i++) {
    // The second file drops every 50th row, adds as many, and changes every 20th figure.
    const n = variant === 1 && i % 50 === 0 ? count + i : i;
    const digits = String(1_000_000 + n);
    const cas = `${digits.slice(0, 5)}-${digits.slice(5)}-${casCheckDigit(digits)}`;
    const tpq = i % 7 === 0 ? '500/10,000' : `${(1 + (i % 10)) * 100}`;
    const rq = variant === 1 && i % 20 === 0 ? '5,000' : '1,000';
    sheet.push([
      `Bench chemical ${n}`,
      cas,
      tpq,
      '100',
      rq,
      i % 3 === 0 ? '313' : '',
      i % 5 === 0 ? '10,000' : '',
    ]);
  }
  return sheet;
}

function time<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  return work().then((result) => {
    console.log(`${label.padEnd(44)} ${(performance.now() - started).toFixed(0).padStart(7)} ms`);
    return result;
  });
}

const first = listOfLists(rows, 0);
const files: Record<TableFormat, Buffer> = {
  csv: toCsv(first),
  xlsx: await toXlsx(first),
  xls: toXls(first),
};
for (const format of ['csv', 'xlsx', 'xls'] as const) {
  const parsed = await time(
    `parse ${rows} rows from .${format} (${(files[format].length / 1024).toFixed(0)} KB), cercla`,
    async () => parseReferenceList(await readTables(files[format], format), 'cercla'),
  );
  if (parsed.entries.length !== rows) throw new Error(`${format}: ${parsed.entries.length} entries`);
}

const bench = await openBench();
const stored: string[] = [];

async function uploadAndCreate(name: string, bytes: Buffer): Promise<string> {
  const { payload, contentType } = multipartBody([
    { filename: name, contentType: 'text/csv', content: bytes },
  ]);
  const uploaded = await bench.app.inject({
    method: 'POST',
    url: '/api/admin/v1/file/upload?kind=database',
    headers: { ...bench.headers, 'content-type': contentType },
    payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const file = uploaded.json().file as { filepath: string; original_name: string };
  stored.push(file.filepath);
  const created = await bench.app.inject({
    method: 'POST',
    url: '/api/admin/v1/db-entry/create',
    headers: bench.headers,
    payload: { type: 'cercla', name, db_entry: file },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  return created.json().message as string;
}

console.log(`database: ${bench.database.kind}`);
console.log(
  await time(`load ${rows} rows (upload + create, empty list)`, () =>
    uploadAndCreate('lol-1.csv', files.csv),
  ),
);
console.log(
  await time(`replace with ${rows} rows (upload + create + diff)`, () =>
    uploadAndCreate('lol-2.csv', toCsv(listOfLists(rows, 1))),
  ),
);
// Autovacuum's steady state before the reads (see harness.ts `seed`).
await time('VACUUM ANALYZE regulatory_entries', () =>
  bench.database.db.execute(sql`VACUUM ANALYZE regulatory_entries`),
);
console.log(`${requests} sequential requests each`);
await bench.measure('cercla list, page 1', () => '/api/admin/v1/db-entry-data/cercla/list', requests);
await bench.measure(
  'cercla list, deep page',
  () => `/api/admin/v1/db-entry-data/cercla/list?page=${Math.floor(rows / 20)}`,
  requests,
);
await bench.measure(
  'cercla search by name',
  () => `/api/admin/v1/db-entry-data/cercla/list?search=chemical%20${Math.floor(Math.random() * rows)}`,
  requests,
);
await bench.measure(
  'cercla search by CAS',
  () => `/api/admin/v1/db-entry-data/cercla/list?search=10${Math.floor(Math.random() * 900) + 100}`,
  requests,
);
await bench.measure(
  'cercla sorted by RQ',
  () => '/api/admin/v1/db-entry-data/cercla/list?order_by=final_reportable_quantity_lb&order_dir=desc',
  requests,
);
// The uploads went to the harness's data folder (the system's temporary one): nothing stays.
for (const key of stored) await bench.app.files.delete(key);
await bench.close();
