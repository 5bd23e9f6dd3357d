import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  compliance,
  defaultReportFormat,
  REPORT_CONTENT_TYPES,
  REPORT_MSG,
  REPORT_TYPE_NAMES,
  REPORT_TYPES,
  type ReportChanges,
  type ReportFormat,
  type ReportPreviewExplanationRequestValues,
  type ReportPreviewListRequestValues,
  type ReportPreviewRowsRequestValues,
  type ReportRequestValues,
  type ReportTypeItem,
  reportFileName,
} from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { AVAILABILITY_MSG, RETRY_AFTER_SECONDS } from '../../plugins/availability.ts';
import {
  drawReportDocument,
  drawReportFile,
  fileDocument,
  fileSummary,
  type ReportFileSummary,
  type ReportInputs,
} from './documents/draw.ts';
import { type PreviewPart, previewPartAnswer } from './documents/preview-parts.ts';
import { reportChanges } from './report-changes.ts';
import { loadReportInputs, loadReportJob, type ReportJob, withLines } from './report-job.ts';
import {
  type ReportJobOptions,
  ReportWorkerError,
  type ReportWorkers,
  ReportWorkersBusyError,
} from './workers/index.ts';

const ENTITY = 'report';

/** `GET /report/list`: the 14 types in the spec's order and names, and which the engine computes yet. */
function listTypes(): ReportTypeItem[] {
  return REPORT_TYPES.map((type) => ({
    type,
    name: REPORT_TYPE_NAMES[type],
    available: compliance.isReportAvailable(type),
  }));
}

/**
 * What a preview's figures were drawn from, as the first answer names it and its pages and
 * explanations send it back (issue 37): the inventory, the versions of its lines, catalogs and
 * lists, the customer, facility, lists' dates, permit amounts and settings. Short, and the same
 * in every process.
 */
export function previewVersion(job: ReportJob): string {
  const { type, snapshot, lists, options } = job.inputs;
  const { entries: _entries, ...listFacts } = lists;
  return createHash('sha256')
    .update(JSON.stringify([job.dataKey, type, snapshot, listFacts, options]))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * A part of the preview as the answer's JSON text, written where the report is drawn (the worker,
 * which keeps the document for the parts asked next), or on this thread without workers (a
 * script, a test of the figures). A part it cannot answer (an unknown table, column or row) is
 * the 422 or 404 the part names.
 */
async function previewPart(job: ReportJob, part: PreviewPart, workers?: ReportWorkers): Promise<string> {
  const answer = workers
    ? await drawn(() => workers.preview(job.inputs, part, job.lines))
    : previewPartAnswer(drawReportDocument(await withLines(job)), part);
  if (answer.ok) return answer.body;
  if (answer.status === 404) throw new AppError('NOT_FOUND', answer.message);
  throw fieldError(answer.field, answer.message);
}

/**
 * `POST /report/preview`: the report's header, totals, warnings and the first page of each table
 * (issue 37), with the version its pages and explanations are asked with.
 */
async function preview(db: Db, request: ReportRequestValues, workers?: ReportWorkers): Promise<string> {
  const job = await loadReportJob(db, request);
  return previewPart(job, { part: 'first', version: previewVersion(job) }, workers);
}

/** The job of a preview's part: 409 when what the report reads changed since its first answer. */
async function previewPartJob(db: Db, request: ReportRequestValues & { version: string }) {
  const job = await loadReportJob(db, request);
  if (previewVersion(job) !== request.version)
    throw new AppError('CONFLICT', REPORT_MSG.previewChanged, { version: [REPORT_MSG.previewChanged] });
  return job;
}

/** `POST /report/preview/rows`: a page of one table, sorted and searched as asked. */
async function previewRows(
  db: Db,
  request: ReportPreviewRowsRequestValues,
  workers?: ReportWorkers,
): Promise<string> {
  const { table, page, ipp, search, order_by, order_dir } = request;
  const job = await previewPartJob(db, request);
  return previewPart(
    job,
    { part: 'rows', query: { table, page, ipp, search, order_by, order_dir } },
    workers,
  );
}

/** `POST /report/preview/warnings` and `/info-groups`: a page of the warnings to fix, or of the groups. */
async function previewList(
  db: Db,
  list: 'warnings' | 'info_groups',
  request: ReportPreviewListRequestValues,
  workers?: ReportWorkers,
): Promise<string> {
  const job = await previewPartJob(db, request);
  return previewPart(job, { part: list, page: request.page, ipp: request.ipp }, workers);
}

/** `POST /report/preview/explanation`: one row's explanation and the details printed under it. */
async function previewExplanation(
  db: Db,
  request: ReportPreviewExplanationRequestValues,
  workers?: ReportWorkers,
): Promise<string> {
  const job = await previewPartJob(db, request);
  return previewPart(job, { part: 'explanation', table: request.table, row: request.row }, workers);
}

async function drawInProcess(inputs: ReportInputs, format: ReportFormat) {
  const document = drawReportDocument(inputs);
  return {
    bytes: await drawReportFile(fileDocument(document, inputs), format),
    summary: fileSummary(document),
  };
}

/**
 * A Tier II file's "Changes since {year}" section (issue 36): `GET /report/changes`'s own answer,
 * so the file and the Reports screen never compare two ways. Only Tier II pays for it (it reads
 * the previous facility-year and runs the engine on both on this thread); previews skip it too,
 * the screen asking the route itself.
 */
async function changesForFile(db: Db, request: ReportRequestValues): Promise<ReportChanges | undefined> {
  if (request.type !== 'epcra_311_312_tier2') return undefined;
  const { type, customer_id, facility_id, year } = request;
  return reportChanges(db, { type, customer_id, facility_id, year });
}

/**
 * A file's job: a Tier II file also carries its "Changes since" section (issue 36), the same for
 * one facility and for each of a customer's. After the job, so its 404s come first, in the spec's order.
 */
export async function loadFileJob(db: Db, request: ReportRequestValues): Promise<ReportJob> {
  const job = await loadReportJob(db, request);
  const changes = await changesForFile(db, request);
  return changes ? { ...job, inputs: { ...job.inputs, changes } } : job;
}

/**
 * A job of the report workers, with their refusals as answers: every worker busy and the queue
 * full is the server's "too busy" 503; a worker that failed (an error in the engine, out of
 * memory, stopped) a 503 that says the report could not be drawn, logged with its cause.
 */
async function drawn<T>(job: () => Promise<T>): Promise<T> {
  try {
    return await job();
  } catch (error) {
    if (error instanceof ReportWorkersBusyError) {
      throw new AppError('BUSY', AVAILABILITY_MSG.overloaded, undefined, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    // The lines read for the worker failed (the database): answered as any read that fails.
    if (!(error instanceof ReportWorkerError)) throw error;
    throw new ReportNotDrawnError(error.message);
  }
}

/** A report the worker could not draw: answered 503 with `REPORT_MSG.notDrawn`, its cause logged. */
export class ReportNotDrawnError extends AppError {
  constructor(readonly workerError: string) {
    super('BUSY', REPORT_MSG.notDrawn, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  format: ReportFormat;
  stream: Readable;
}

/**
 * `POST /report/generate`: the report as the file its type implies (or the `format` asked for),
 * streamed. Each generation is recorded in the audit log: a filed report's provenance.
 */
async function generate(
  db: Db,
  actor: Actor,
  request: ReportRequestValues,
  workers?: ReportWorkers,
): Promise<ReportFile> {
  const format = request.format ?? defaultReportFormat(request.type);
  const job = await loadFileJob(db, request);
  const drawnFile = await drawReportJobFile(job, format, workers);
  await recordAudit(db, actor, generationAudit(request, job, drawnFile));
  const { bytes } = drawnFile;
  return {
    fileName: drawnFile.fileName,
    contentType: REPORT_CONTENT_TYPES[format],
    format,
    stream: Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
  };
}

/** A report drawn as its file, with the file's name (spec 02 §4) and what the audit row records. */
export interface DrawnReportFile {
  bytes: Uint8Array;
  summary: ReportFileSummary;
  format: ReportFormat;
  fileName: string;
}

/**
 * A loaded job drawn as a file: in a report worker (its refusals answered as `drawn` says), or on
 * this thread when there is no pool. `options` let a run of several reports wait for a worker and
 * stop (issue 36).
 */
export async function drawReportJobFile(
  job: ReportJob,
  format: ReportFormat,
  workers?: ReportWorkers,
  options: ReportJobOptions = {},
): Promise<DrawnReportFile> {
  const { bytes, summary } = workers
    ? await drawn(() => workers.file(job.inputs, format, job.lines, options))
    : await drawInProcess(await withLines(job), format);
  const { type } = job.inputs;
  const fileName = reportFileName(type, summary.customerName, summary.facilityName, summary.year, format);
  return { bytes, summary, format, fileName };
}

/**
 * The audit row of a generated report (a filed report's provenance: its settings and the version
 * of the lines it read); `details` adds what the request was besides (issue 36: all facilities).
 */
export function generationAudit(
  request: Omit<ReportRequestValues, 'facility_id'>,
  job: ReportJob,
  file: DrawnReportFile,
  details: Record<string, unknown> = {},
) {
  return {
    action: 'generate',
    entity: ENTITY,
    entityId: job.inputs.inventoryId,
    details: {
      type: request.type,
      format: file.format,
      customer_id: request.customer_id,
      facility_id: job.inputs.snapshot.facility.id,
      year: request.year,
      percent_basis: request.percent_basis,
      tier2_option: request.tier2_option,
      rows: file.summary.rows,
      warnings: file.summary.warnings,
      lines_version: job.linesVersion,
      ...details,
    },
  } as const;
}

/**
 * The Tier II report's figures for a facility-year, from the same loaded context as the report
 * (issue 25: the `.t2s` export writes its reported rows, so the file and the report agree). The
 * same 404s as the report; the lines of the snapshot give each row's locations and containers.
 */
async function tier2Figures(
  db: Db,
  request: Pick<
    ReportRequestValues,
    'customer_id' | 'facility_id' | 'year' | 'percent_basis' | 'tier2_option'
  >,
) {
  const inputs = await loadReportInputs(db, { ...request, type: 'epcra_311_312_tier2' });
  // A facility files tens of chemicals: the engine runs here, without the drawing workers.
  const context = compliance.createComplianceContext(inputs.snapshot, inputs.lists, inputs.options);
  return {
    result: compliance.runReport('epcra_311_312_tier2', context),
    // The file's "subject to" answers read the same facility-year's 302 and 112(r) findings.
    epcra302Rows: compliance.runReport('epcra_302', context).rows,
    rmpRows: compliance.runReport('caa_112r_rmp', context).rows,
    snapshot: inputs.snapshot,
    inventoryId: inputs.inventoryId,
  };
}

export const reportsService = {
  listTypes,
  preview,
  previewRows,
  previewExplanation,
  previewList,
  generate,
  tier2Figures,
};
