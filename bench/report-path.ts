/**
 * The report path in process, one stage at a time (issue 24): on the suite's 2,000-line report
 * facility (bench/data.ts), each type's query, engine and layout (the preview) and its PDF and
 * XLSX drawn from that document, in process and without HTTP or the report workers, as CPU time. Quicker to iterate with than the suite, and the place
 * to take a CPU profile (`node --cpu-prof --import tsx bench/report-path.ts`).
 *
 * Usage: tsx bench/report-path.ts [--types epcra_302,caa_304_psm] [--runs 3] [--formats pdf,xlsx] [--api]
 *   DATABASE_URL: a PostgreSQL database the data set is loaded into once and reused (else PGlite,
 *   loaded every run).
 *   --api: each type's preview through the route as well (`app.inject`, the report workers, the
 *   response's serialisation), as wall time: the first preview after the app starts, then the median.
 */
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { compliance, DEFAULT_REPORT_SETTINGS, REPORT_TYPES } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema/index.ts';
import { loadConfig } from '../apps/server/src/lib/config.ts';
import { drawReportDocument } from '../apps/server/src/modules/reports/documents/draw.ts';
import { reportPdf } from '../apps/server/src/modules/reports/documents/pdf.ts';
import { reportXlsx } from '../apps/server/src/modules/reports/documents/xlsx.ts';
import { loadReportInputs } from '../apps/server/src/modules/reports/report-job.ts';
import { createSession } from '../apps/server/src/modules/sessions/sessions.repository.ts';
import { loadDataSet, type RawClient } from './data.ts';
import { exceljsRows, pdfkitRows } from './library-reference.ts';

const { values } = parseArgs({
  options: {
    types: { type: 'string' },
    runs: { type: 'string', default: '3' },
    formats: { type: 'string', default: 'pdf,xlsx' },
    api: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const types = (values.types?.split(',') ?? REPORT_TYPES.filter(compliance.isReportAvailable)) as string[];
const formats = values.formats.split(',').filter(Boolean);

const database = await openDatabase(process.env.DATABASE_URL, path.join(os.tmpdir(), 'ct-report-path'));
await database.migrate();
const client = (database.db as unknown as { $client: RawClient }).$client;
const found = await database.db.execute(
  sql`SELECT c.id AS customer_id, f.id AS facility_id, i.year FROM customers c
      JOIN facilities f ON f.customer_id = c.id JOIN inventories i ON i.facility_id = f.id
      WHERE c.name = 'Bench Chemicals Inc.' LIMIT 1`,
);
let report: { customerId: number; facilityId: number; year: number };
const row = (found as unknown as { rows: Record<string, number>[] }).rows[0];
if (row) report = { customerId: row.customer_id!, facilityId: row.facility_id!, year: row.year! };
else {
  const loaded = await loadDataSet(client, 0.0001);
  await database.db.execute(sql`VACUUM ANALYZE`);
  report = loaded.report;
}

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
// CPU time of this process (user + system), which a shared machine's load disturbs far less than wall time.
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
async function cpuOf(work: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = cpu();
    await work();
    times.push(cpu() - t0);
  }
  return median(times);
}
const library = { pdf: await cpuOf(pdfkitRows), xlsx: await cpuOf(exceljsRows) };
console.log(
  `references, cpu: pdfkit alone ${library.pdf.toFixed(0)} ms, exceljs alone ${library.xlsx.toFixed(0)} ms`,
);
for (const type of types) {
  const request = {
    type,
    customer_id: report.customerId,
    facility_id: report.facilityId,
    year: report.year,
    ...DEFAULT_REPORT_SETTINGS,
  } as Parameters<typeof loadReportInputs>[1];
  const timing: Record<string, number[]> = { query: [], draw: [], pdf: [], xlsx: [] };
  let sizes = '';
  for (let i = 0; i < runs; i++) {
    let t0 = cpu();
    const inputs = await loadReportInputs(database.db, request);
    timing.query!.push(cpu() - t0);
    t0 = cpu();
    const document = drawReportDocument(inputs);
    timing.draw!.push(cpu() - t0);
    const parts: string[] = [];
    for (const format of formats) {
      if (format === 'pdf' && type.endsWith('_excel')) continue;
      t0 = cpu();
      const bytes = await drain(format === 'pdf' ? reportPdf(document) : reportXlsx(document));
      timing[format]!.push(cpu() - t0);
      parts.push(`${format} ${(bytes / 1024).toFixed(0)} KB`);
    }
    sizes = `${document.tables.reduce((n, t) => n + t.rows.length, 0)} rows, ${parts.join(', ')}`;
  }
  const ms = (key: string) => median(timing[key]!).toFixed(0).padStart(5);
  const ratio = (key: 'pdf' | 'xlsx') => (median(timing[key]!) / library[key]).toFixed(2);
  console.log(
    `${type.padEnd(26)} cpu: query ${ms('query')} ms  engine+layout ${ms('draw')} ms  pdf ${ms('pdf')} ms (${ratio('pdf')}×)  xlsx ${ms('xlsx')} ms (${ratio('xlsx')}×)  (${sizes}; rss ${mb(process.memoryUsage().rss)} MB)`,
  );
}
if (values.api) await measureRoute();
await database.close();

/** The preview as a client waits for it: the route, the workers, the JSON answer (wall time). */
async function measureRoute() {
  const [admin] = await database.db
    .insert(users)
    .values({ email: `report-path-${Date.now()}@bench.local`, role: 'admin', firstName: 'R', lastName: 'P' })
    .returning({ id: users.id });
  const { token } = await createSession(database.db, {
    userId: admin!.id,
    ttlMs: 3_600_000,
    isRemembered: false,
    ipAddress: '127.0.0.1',
    userAgent: 'report-path',
  });
  const config = loadConfig(
    { APP_KEY: 'bench', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' },
    { maxEventLoopDelayMs: 0 },
  );
  const headers = { 'x-app-key': 'bench', authorization: `Bearer ${token}` };
  async function previewOf(app: Awaited<ReturnType<typeof buildApp>>, type: string) {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/v1/report/preview',
      headers,
      payload: { type, customer_id: report.customerId, facility_id: report.facilityId, year: report.year },
    });
    if (res.statusCode !== 200)
      throw new Error(`${type} preview: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms: performance.now() - t0, kb: res.rawPayload.length / 1024 };
  }
  // The first preview after the app started: straight away, then as a person gets to it: the
  // Reports screen opens (`GET /report/list`, which starts a worker), the facility is chosen.
  for (const opening of [false, true]) {
    const app = await buildApp({ config, db: database.db });
    await app.ready();
    if (opening) {
      await app.inject({ method: 'GET', url: '/api/admin/v1/report/list', headers });
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    const first = await previewOf(app, types[0]!);
    console.log(
      `first preview after the app started (${types[0]})${opening ? ', the Reports screen opened 3 s before' : ''}: ${first.ms.toFixed(0)} ms wall`,
    );
    await app.close();
  }
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  // The steady state: a worker started and each type drawn once before it is timed.
  await previewOf(app, types[0]!);
  const preview = (type: string) => previewOf(app, type);
  for (const type of types) {
    const times: number[] = [];
    let kb = 0;
    for (let i = 0; i < runs; i++) {
      const answer = await preview(type);
      times.push(answer.ms);
      kb = answer.kb;
    }
    console.log(
      `${type.padEnd(26)} route preview wall: median ${median(times).toFixed(0).padStart(5)} ms  min ${Math.min(
        ...times,
      )
        .toFixed(0)
        .padStart(5)} ms  (${kb.toFixed(0)} KB)`,
    );
  }
  await app.close();
}
