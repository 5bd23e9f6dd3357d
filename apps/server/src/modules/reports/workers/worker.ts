import { parentPort, workerData } from 'node:worker_threads';
import { compliance, REGULATORY_LIST_TYPES, REPORT_TYPES, type ReportDocument } from '@chemtrack/domain';
import { Lru } from '../../../lib/lru.ts';
import {
  drawReportDocument,
  drawReportFile,
  fileDocument,
  fileSummary,
  type ReportInputs,
} from '../documents/draw.ts';
import { buildReportDocument } from '../documents/index.ts';
import { type PreviewPartAnswer, previewPartAnswer } from '../documents/preview-parts.ts';
import type { FromReportWorker, ToReportWorker, WorkerLines } from './protocol.ts';

/**
 * The report worker (issue 24): runs the engine, the layout and the PDF/XLSX writer for one job at
 * a time, off the server's event loop. A preview posts its answer back as JSON text; a file posts its bytes
 * (transferred, not copied) with what the service names the file and audits it by.
 */

if (!parentPort) throw new Error('reports workers/worker.ts runs in a worker thread');
const port = parentPort;

/**
 * The reference entries of the last job that brought them: the pool sends them again only when
 * the lists changed (or another database's report comes), so most jobs arrive without them.
 * Frozen as the main thread's are: every report that follows shares them. `entriesGeneration`
 * names them in the keys of what is computed from them.
 */
let entries: compliance.ReferenceLists['entries'] | undefined;
let entriesGeneration = 0;

/**
 * Kept between reports (decision 022), each bounded: the facility-years' lines the pool said to
 * keep (it decides which, by the same bounds, so it knows without asking); per line set, the
 * engine's shared work (`createComplianceContext`) for the last few lists, settings and headers;
 * and the last previews' documents, whose pages and explanations are asked next (issue 37),
 * weighed by an estimate of their size.
 */
const CONTEXTS_PER_LINE_SET = 4;
const REPORTS = { entries: 16, weight: 64 * 1024 * 1024 };

interface LineSet {
  lines: readonly compliance.SnapshotLine[];
  contexts: Lru<string, compliance.ComplianceContext>;
}
const lineSets = new Map<string, LineSet>();
const reports = new Lru<string, ReportDocument>(REPORTS);

/**
 * Frozen all through: kept work is shared by every report drawn after it, so one that changed it
 * in place would change the next one's figures; frozen, it throws instead.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

/** The lines of a job whose lines are kept: those it brings (kept if the pool says so), else the kept ones. */
function linesOf(lines: WorkerLines): readonly compliance.SnapshotLine[] {
  if (lines.clear) {
    lineSets.clear();
    reports.clear();
  }
  for (const key of lines.drop) {
    lineSets.delete(key);
    reports.deleteWhere((reportKey) => reportKey.startsWith(`${key}|`));
  }
  if (lines.rows) {
    const rows = deepFreeze(lines.rows);
    if (lines.keep)
      lineSets.set(lines.key, {
        lines: rows,
        contexts: new Lru({ entries: CONTEXTS_PER_LINE_SET, weight: CONTEXTS_PER_LINE_SET }),
      });
    return rows;
  }
  const kept = lineSets.get(lines.key);
  if (!kept) throw new Error('the report worker does not keep the lines it was told it keeps');
  return kept.lines;
}

/**
 * A document's weight in the kept reports, estimated from what it holds (writing its JSON only to
 * weigh it would cost what keeping it saves): bytes per row, line of an explanation and warning,
 * as JSON, times 3 for the objects in memory.
 */
function documentWeight(document: ReportDocument): number {
  let bytes = 0;
  for (const table of document.tables)
    for (const row of table.rows) {
      bytes += 400 + 80 * row.details.length;
      if (row.explanation)
        bytes += 350 * row.explanation.contributions.length + 200 * row.explanation.excluded.length;
    }
  bytes += 300 * document.warnings.length;
  return bytes * 3;
}

/**
 * A job whose lines are kept: its document from the kept engine work and reports when its inputs
 * are the same. A preview's document is kept (its pages and explanations are asked of it next);
 * a file's is not, but a file reads the one its preview kept.
 */
function drawKept(job: ToReportWorker, lines: WorkerLines, inputs: ReportInputs): ReportDocument {
  const set = lineSets.get(lines.key);
  // Too large to keep: drawn each time, nothing kept.
  if (!set) return drawReportDocument(inputs);
  // The job's own inputs (`snapshot.lines` empty), the lists but their entries: small, and they
  // name the customer, facility, lists' dates, permit amounts and settings the report shows.
  const contextKey = `${entriesGeneration}|${JSON.stringify([job.inputs.snapshot, job.inputs.lists, job.inputs.options])}`;
  let context = set.contexts.get(contextKey);
  if (!context) {
    context = deepFreeze(compliance.createComplianceContext(inputs.snapshot, inputs.lists, inputs.options));
    set.contexts.set(contextKey, context);
  }
  const reportKey = `${lines.key}|${contextKey}|${inputs.type}|${inputs.inventoryId}`;
  const generatedAt = inputs.generatedAt.toISOString();
  const kept = reports.get(reportKey);
  // The tables are shared (frozen): the sorts and searches kept beside them serve every copy.
  if (kept) return { ...kept, generated_at: generatedAt };
  const document = buildReportDocument(inputs.type, context, {
    inventoryId: inputs.inventoryId,
    generatedAt: inputs.generatedAt,
  });
  if (job.kind === 'preview') reports.set(reportKey, deepFreeze(document), documentWeight(document));
  return document;
}

type Drawn = { kind: 'preview'; answer: PreviewPartAnswer } | { kind: 'file'; document: ReportDocument };

function documentOf(job: ToReportWorker): ReportDocument {
  if (job.entries) {
    entries = job.entries;
    for (const entry of entries) Object.freeze(entry);
    Object.freeze(entries);
    entriesGeneration++;
  }
  if (!entries) throw new Error('the report worker was sent no reference lists');
  const lists = { ...job.inputs.lists, entries };
  if (!job.lines) return drawReportDocument({ ...job.inputs, lists });
  const lines = linesOf(job.lines);
  const inputs: ReportInputs = {
    ...job.inputs,
    snapshot: { ...job.inputs.snapshot, lines },
    lists,
  };
  return drawKept(job, job.lines, inputs);
}

function draw(job: ToReportWorker): Drawn {
  const document = documentOf(job);
  return job.kind === 'preview'
    ? { kind: 'preview', answer: previewPartAnswer(document, job.part) }
    : { kind: 'file', document };
}

/**
 * A worker started ahead of its first report (`ReportWorkers.warm`) draws every type once from a
 * made-up facility-year of three lines, and a PDF and an XLSX of one: the code the first real
 * report runs is then compiled and its fonts loaded (the first preview after a start was slower in
 * the worker than the next ones; figures in docs/decisions/020). Nothing is kept.
 */
async function warmUp() {
  const line = (id: number, state: 'liquid' | 'solid'): compliance.SnapshotLine => ({
    inventory_product_id: id,
    product_id: id,
    product_name: `Warm-up ${id}`,
    physical_state: state,
    container_name: state === 'liquid' ? 'Drum' : 'Bag',
    unit_name: state === 'liquid' ? 'gal' : 'lb',
    unit_type: state === 'liquid' ? 'gal' : 'lb',
    container_size: 55,
    container_quantity: 2,
    max_gallons: null,
    max_pounds: null,
    pounds_per_gallon: state === 'liquid' ? 8.34 : null,
    specific_gravity: null,
    density: null,
    conversion_factor: null,
    is_sara_f: true,
    is_sara_p: false,
    is_sara_r: false,
    is_sara_a: true,
    is_sara_c: false,
    is_spcc: state === 'liquid',
    is_manufactured: false,
    is_processed: true,
    is_otherwise_used: false,
    location_stored: 'WAREHOUSE',
    components: [
      { cas_number: '7782-50-5', name: 'Chlorine', percentage_weight: 50 },
      {
        cas_number: '7732-18-5',
        name: 'Water',
        percentage_weight: null,
        percentage_weight_low: 10,
        percentage_weight_high: 50,
      },
    ],
  });
  const lists: compliance.ReferenceLists = {
    entries: REGULATORY_LIST_TYPES.map((list_type) => ({
      list_type,
      chemical_name: 'Chlorine',
      cas_number: '7782-50-5',
      threshold_quantity_lbs: 100,
      final_reportable_quantity_lb: 10,
    })),
  };
  const snapshot: compliance.ComplianceSnapshot = {
    customer: { id: 0, name: 'Warm-up' },
    facility: { id: 0, name: 'Warm-up' },
    year: 2000,
    lines: [line(1, 'liquid'), line(2, 'solid'), line(3, 'solid')],
  };
  let document: ReportDocument | undefined;
  for (const type of REPORT_TYPES.filter(compliance.isReportAvailable)) {
    document = drawReportDocument({
      type,
      snapshot,
      lists,
      options: {},
      inventoryId: 0,
      generatedAt: new Date(0),
    });
    previewPartAnswer(document, { part: 'first', version: '' });
  }
  if (document) {
    await drawReportFile(document, 'pdf');
    await drawReportFile(document, 'xlsx');
  }
}

// A warm-up that fails costs nothing but the warming: the reports themselves say what is wrong.
if ((workerData as { warmUp?: boolean } | undefined)?.warmUp)
  setImmediate(() => warmUp().catch(() => undefined));

port.on('message', async (job: ToReportWorker) => {
  let answer: FromReportWorker;
  let transfer: ArrayBuffer[] = [];
  try {
    const drawn = draw(job);
    if (drawn.kind === 'preview') answer = { id: job.id, ok: true, kind: 'preview', answer: drawn.answer };
    else if (job.kind !== 'file') throw new Error('a preview job drew a file');
    else {
      const bytes = await drawReportFile(fileDocument(drawn.document, job.inputs), job.format);
      // A buffer from Node's pool shares its memory: copy out exactly the file to transfer it.
      const file = new Uint8Array(bytes.byteLength);
      file.set(bytes);
      transfer = [file.buffer];
      answer = { id: job.id, ok: true, kind: 'file', bytes: file, summary: fileSummary(drawn.document) };
    }
  } catch (error) {
    answer = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, transfer);
});
