import { parentPort, workerData } from 'node:worker_threads';
import { compliance, type ReportDocument } from '@chemtrack/domain';
import { deepFreeze } from '../../../lib/deep-freeze.ts';
import { Lru } from '../../../lib/lru.ts';
import {
  drawReportDocument,
  drawReportFile,
  fileDocument,
  fileSummary,
  previewBody,
  type ReportInputs,
} from '../documents/draw.ts';
import { buildReportDocument } from '../documents/index.ts';
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
 * and the last reports' documents with their preview text, weighed by that text's length × 3
 * (the text and the document it was written from).
 */
const CONTEXTS_PER_LINE_SET = 4;
const REPORTS = { entries: 16, weight: 64 * 1024 * 1024 };
const REPORT_WEIGHT_PER_CHARACTER = 3;

interface LineSet {
  lines: readonly compliance.SnapshotLine[];
  contexts: Lru<string, compliance.ComplianceContext>;
}
interface KeptReport {
  document: ReportDocument;
  /** The preview's text around its `generated_at` value, which each answer writes anew. */
  before: string;
  after: string;
}
const lineSets = new Map<string, LineSet>();
const reports = new Lru<string, KeptReport>(REPORTS);

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

const GENERATED_AT = '"generated_at":"';

/** A preview's text cut around its `generated_at` value. */
function keptReport(document: ReportDocument): KeptReport & { body: string } {
  const body = previewBody(document);
  const start = body.indexOf(GENERATED_AT) + GENERATED_AT.length;
  const end = body.indexOf('"', start);
  if (body.slice(start, end) !== document.generated_at)
    throw new Error('the preview text has no generated_at where it was looked for');
  return { document: deepFreeze(document), before: body.slice(0, start), after: body.slice(end), body };
}

type Drawn = { kind: 'preview'; body: string } | { kind: 'file'; document: ReportDocument };

/** A job whose lines are kept: the kept engine work and report when its inputs are the same. */
function drawKept(job: ToReportWorker, lines: WorkerLines, inputs: ReportInputs): Drawn {
  const set = lineSets.get(lines.key);
  if (!set) {
    // Too large to keep: drawn once, nothing kept.
    const document = drawReportDocument(inputs);
    return job.kind === 'preview'
      ? { kind: 'preview', body: previewBody(document) }
      : { kind: 'file', document };
  }
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
  if (kept) {
    return job.kind === 'preview'
      ? { kind: 'preview', body: `${kept.before}${generatedAt}${kept.after}` }
      : { kind: 'file', document: { ...kept.document, generated_at: generatedAt } };
  }
  const document = buildReportDocument(inputs.type, context, {
    inventoryId: inputs.inventoryId,
    generatedAt: inputs.generatedAt,
  });
  // A file alone keeps nothing more: writing its preview text only to weigh it would cost what it saves.
  if (job.kind === 'file') return { kind: 'file', document };
  const report = keptReport(document);
  reports.set(reportKey, report, report.body.length * REPORT_WEIGHT_PER_CHARACTER);
  return { kind: 'preview', body: report.body };
}

function draw(job: ToReportWorker): Drawn {
  if (job.entries) {
    entries = job.entries;
    for (const entry of entries) Object.freeze(entry);
    Object.freeze(entries);
    entriesGeneration++;
  }
  if (!entries) throw new Error('the report worker was sent no reference lists');
  const lists = { ...job.inputs.lists, entries };
  if (!job.lines) {
    const document = drawReportDocument({ ...job.inputs, lists });
    return job.kind === 'preview'
      ? { kind: 'preview', body: previewBody(document) }
      : { kind: 'file', document };
  }
  const lines = linesOf(job.lines);
  const inputs: ReportInputs = {
    ...job.inputs,
    snapshot: { ...job.inputs.snapshot, lines },
    lists,
  };
  return drawKept(job, job.lines, inputs);
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
    previewBody(document);
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
    if (drawn.kind === 'preview') answer = { id: job.id, ok: true, kind: 'preview', body: drawn.body };
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
