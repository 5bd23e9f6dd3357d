/**
 * The engine's first run of a facility-year (issue 37), stage by stage, as the report worker runs
 * it (`workers/worker.ts`): after the worker's warm-up (every type drawn once from a made-up
 * facility-year), each type of the bench's 2,000-line facility from its lines, in a new
 * `createComplianceContext` (the worker's first report of a facility-year builds one), the
 * programme and its layout (`buildReportDocument`), the preview's first answer (`previewPartAnswer`) and the
 * deep freeze a kept report gets. CPU time of this process; the place for `--cpu-prof`.
 *
 * Usage: DATABASE_URL=postgres://… tsx bench/engine-first-run.ts [--types epcra_302,…] [--runs 1]
 *   (the database report-path.ts loaded; lines are read once, before anything is timed).
 *   --runs N: every type N times in turn, each a first run (a new context); the median is printed.
 *   --explanations: read every row's explanation too (as a row's explanation asked later would).
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { compliance, DEFAULT_REPORT_SETTINGS, REPORT_TYPES } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { deepFreeze } from '../apps/server/src/lib/deep-freeze.ts';
import { drawReportDocument, type ReportInputs } from '../apps/server/src/modules/reports/documents/draw.ts';
import { buildReportDocument } from '../apps/server/src/modules/reports/documents/index.ts';
import { previewPartAnswer } from '../apps/server/src/modules/reports/documents/preview-parts.ts';
import { loadReportInputs } from '../apps/server/src/modules/reports/report-job.ts';
import { warmUpInputs } from '../apps/server/src/modules/reports/workers/warm-up.ts';

const { values } = parseArgs({
  options: {
    types: { type: 'string' },
    runs: { type: 'string', default: '1' },
    explanations: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const types = (values.types?.split(',') ??
  REPORT_TYPES.filter(compliance.isReportAvailable)) as compliance.AvailableReportType[];

const database = await openDatabase(process.env.DATABASE_URL, path.join(os.tmpdir(), 'ct-report-path'));
const found = await database.db.execute(
  sql`SELECT c.id AS customer_id, f.id AS facility_id, i.year FROM customers c
      JOIN facilities f ON f.customer_id = c.id JOIN inventories i ON i.facility_id = f.id
      WHERE c.name = 'Bench Chemicals Inc.' LIMIT 1`,
);
const row = (found as unknown as { rows: Record<string, number>[] }).rows[0];
if (!row) throw new Error('no bench facility: run bench/report-path.ts on this database first');
const inputsOf = new Map<compliance.AvailableReportType, ReportInputs>();
for (const type of types) {
  inputsOf.set(
    type,
    await loadReportInputs(database.db, {
      type,
      customer_id: row.customer_id!,
      facility_id: row.facility_id!,
      year: row.year!,
      ...DEFAULT_REPORT_SETTINGS,
    } as Parameters<typeof loadReportInputs>[1]),
  );
}
await database.close();

// The worker's own warm-up, so the figures are those of a worker started ahead of its first report.
const FIRST = { part: 'first', version: '' } as const;
for (const inputs of warmUpInputs()) previewPartAnswer(drawReportDocument(inputs), FIRST);

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
const STAGES = ['context', 'report', 'preview', 'freeze', 'explanations'] as const;
const timing = new Map(types.map((type) => [type, new Map(STAGES.map((stage) => [stage, [] as number[]]))]));

for (let run = 0; run < runs; run++) {
  for (const type of types) {
    const inputs = inputsOf.get(type)!;
    const stages = timing.get(type)!;
    let t0 = cpu();
    const context = compliance.createComplianceContext(inputs.snapshot, inputs.lists, inputs.options);
    stages.get('context')!.push(cpu() - t0);
    t0 = cpu();
    const document = buildReportDocument(type, context, {
      inventoryId: inputs.inventoryId,
      generatedAt: inputs.generatedAt,
    });
    stages.get('report')!.push(cpu() - t0);
    t0 = cpu();
    previewPartAnswer(document, FIRST);
    stages.get('preview')!.push(cpu() - t0);
    t0 = cpu();
    deepFreeze(document);
    stages.get('freeze')!.push(cpu() - t0);
    t0 = cpu();
    if (values.explanations)
      for (const table of document.tables)
        for (const tableRow of table.rows) JSON.stringify(tableRow.explanation);
    stages.get('explanations')!.push(cpu() - t0);
  }
}

const totals = new Map(STAGES.map((stage) => [stage, 0]));
for (const type of types) {
  const stages = timing.get(type)!;
  const parts = STAGES.map((stage) => {
    const ms = median(stages.get(stage)!);
    totals.set(stage, totals.get(stage)! + ms);
    return `${stage} ${ms.toFixed(0).padStart(4)}`;
  });
  const whole = STAGES.reduce((sum, stage) => sum + median(stages.get(stage)!), 0);
  console.log(`${type.padEnd(26)} cpu ms: ${parts.join('  ')}  whole ${whole.toFixed(0).padStart(4)}`);
}
console.log(
  `${'all types'.padEnd(26)} cpu ms: ${STAGES.map((stage) => `${stage} ${totals.get(stage)!.toFixed(0).padStart(4)}`).join('  ')}`,
);
