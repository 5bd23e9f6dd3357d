/**
 * Every report of every facility-year in a database, written out to compare two versions of the
 * engine or the layout (issue 37): each available type under each setting, the document as JSON
 * (as the worker's `structuredClone`, a deep freeze and `JSON.stringify` each see it, which must
 * agree) and the SHA-256 of its PDF and XLSX, drawn with the clock stopped so the files do not
 * carry the time they were drawn. Diff two output folders: `diff -r before after`.
 *
 * Usage: DATABASE_URL=postgres://… tsx bench/report-documents.ts --out DIR [--seed-demo]
 *   --seed-demo: load the demo data set and the shipped reference lists first (an empty database).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { compliance, REPORT_TYPES } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { deepFreeze } from '../apps/server/src/lib/deep-freeze.ts';
import { drawReportDocument, drawReportFile } from '../apps/server/src/modules/reports/documents/draw.ts';
import { loadReportInputs } from '../apps/server/src/modules/reports/report-job.ts';
import { seedDemoData } from '../apps/server/src/seed/demo.ts';
import { seedReferenceLists } from '../apps/server/src/seed/reference-lists/load.ts';
import { createLocalFileStore } from '../apps/server/src/storage/file-store.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' }, 'seed-demo': { type: 'boolean', default: false } },
});
if (!values.out) throw new Error('--out DIR');
const out = values.out;
mkdirSync(out, { recursive: true });

const database = await openDatabase(process.env.DATABASE_URL, path.join(os.tmpdir(), 'ct-report-documents'));
await database.migrate();
if (values['seed-demo']) {
  const files = createLocalFileStore(path.join(os.tmpdir(), 'ct-report-documents-files'));
  await seedDemoData(database.db, files);
  await seedReferenceLists(database.db, files);
}

// PDF and XLSX writers stamp the time they run (the PDF's CreationDate and ID, the workbook's dates):
// stopped at the report's own time, two versions' files are byte for byte comparable.
const FIXED = Date.parse('2026-01-02T03:04:05.000Z');
const RealDate = Date;
class StoppedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(FIXED);
    else super(...(args as [string]));
  }
  static override now() {
    return FIXED;
  }
}

const found = await database.db.execute(
  sql`SELECT c.id AS customer_id, f.id AS facility_id, i.year FROM inventories i
      JOIN facilities f ON f.id = i.facility_id JOIN customers c ON c.id = f.customer_id
      ORDER BY c.id, f.id, i.year`,
);
const years = (found as unknown as { rows: { customer_id: number; facility_id: number; year: number }[] })
  .rows;
const SETTINGS = [
  { percent_basis: 'upper', tier2_option: 'mixture' },
  { percent_basis: 'midpoint', tier2_option: 'component' },
] as const;
let count = 0;
for (const year of years) {
  for (const type of REPORT_TYPES.filter(compliance.isReportAvailable)) {
    for (const settings of SETTINGS) {
      const inputs = await loadReportInputs(database.db, { type, ...year, ...settings } as Parameters<
        typeof loadReportInputs
      >[1]);
      inputs.generatedAt = new RealDate(FIXED);
      const document = drawReportDocument(inputs);
      const text = JSON.stringify(document, null, 1);
      // The ways a document leaves the engine must all read the same plain data.
      const cloned = structuredClone(document);
      const frozen = deepFreeze(drawReportDocument(inputs));
      if (!isDeepStrictEqual(JSON.parse(text), cloned) || JSON.stringify(frozen, null, 1) !== text)
        throw new Error(`${type}: JSON, structured clone and frozen document disagree`);
      globalThis.Date = StoppedDate as DateConstructor;
      const files: string[] = [];
      try {
        for (const format of ['pdf', 'xlsx'] as const) {
          if (format === 'pdf' && type.endsWith('_excel')) continue;
          const bytes = await drawReportFile(document, format);
          files.push(`${format} ${createHash('sha256').update(bytes).digest('hex')}`);
        }
      } finally {
        globalThis.Date = RealDate;
      }
      const name = `${year.customer_id}-${year.facility_id}-${year.year}-${type}-${settings.percent_basis}`;
      writeFileSync(path.join(out, `${name}.json`), text);
      writeFileSync(path.join(out, `${name}.files`), `${files.join('\n')}\n`);
      count++;
    }
  }
}
await database.close();
console.log(`${count} reports of ${years.length} facility-years written to ${out}`);
