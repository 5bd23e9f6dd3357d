import { parentPort, workerData } from 'node:worker_threads';
import { compliance, type ReportDocument } from '@chemtrack/domain';
import { deepFreeze } from '../../../lib/deep-freeze.ts';
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
import { warmUpInputs } from './warm-up.ts';

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
  let document: ReportDocument | undefined;
  for (const inputs of warmUpInputs()) {
    document = drawReportDocument(inputs);
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
