import {
  type AllFacilitiesReportRequest,
  compliance,
  defaultReportFormat,
  REPORT_MSG,
  REPORT_TYPE_NAMES,
  REPORT_ZIP_CONTENT_TYPE,
  reportZipFileName,
} from '@chemtrack/domain';
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { csvText } from '../../lib/csv.ts';
import { selectActiveFacilitiesOf } from '../facilities/facilities.repository.ts';
import type { ReportJob } from './report-job.ts';
import { findCustomerName, selectFacilitiesWithInventory } from './reports.repository.ts';
import { type DrawnReportFile, drawReportJobFile, generationAudit, loadFileJob } from './reports.service.ts';
import type { ReportWorkers } from './workers/index.ts';

/**
 * Issue 36 "All facilities at once": one report type for every active facility of a customer with
 * an inventory that year, as one ZIP of the files each would download alone (same names), and a
 * summary of every active facility, those without an inventory included, so none is left out
 * silently. Each facility is loaded and drawn as a report is (`loadFileJob`, the report workers),
 * one after another: a customer's run holds one worker at a time and the other users' reports
 * take turns with it. Archived facilities are left out, as the facility picker leaves them out.
 *
 * The ZIP is built in memory and sent once complete, as Print All SDS sends its PDF (decision
 * 023): a failure halfway is an error message, not a truncated download. A client that goes away
 * stops the run between facilities and frees the worker drawing (`ReportJobOptions.signal`); the
 * audit rows of the generations are written only for a ZIP that was made.
 */

/** The summary's name in the ZIP: a CSV, which a consultant opens in a spreadsheet and sorts. */
export const SUMMARY_FILE_NAME = 'summary.csv';

/** The summary's last column where the report gives no verdict. */
export const SUMMARY_VERDICTS = {
  /** The inventory index and the hazardous materials inventory list, testing no threshold. */
  listing: 'not tested (a listing)',
  noInventory: 'no inventory',
} as const;

export interface FacilityRunProgress {
  done: number;
  total: number;
}

export interface AllFacilitiesOptions {
  /** Aborted: no further facility is drawn, the one being drawn is dropped, nothing is recorded. */
  signal?: AbortSignal;
  /** After each facility drawn. */
  onProgress?: (progress: FacilityRunProgress) => void;
}

export interface ReportArchive {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * The entry's name, made unique in the ZIP: two facilities of one name (or of names a
 * case-insensitive disk takes for one) would otherwise overwrite each other when unpacked.
 */
function uniqueEntryName(name: string, used: Set<string>): string {
  const dot = name.lastIndexOf('.');
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    candidate = `${name.slice(0, dot)}_${n}${name.slice(dot)}`;
  }
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * `POST /report/generate` with `all_facilities: true`: 422 for a type the engine has no rule for,
 * 404 for a customer that does not exist or none of whose active facilities has an inventory that
 * year.
 */
export async function generateAllFacilities(
  db: Db,
  actor: Actor,
  request: AllFacilitiesReportRequest,
  workers?: ReportWorkers,
  options: AllFacilitiesOptions = {},
): Promise<ReportArchive> {
  const { type, customer_id: customerId, year } = request;
  const { signal } = options;
  if (!compliance.isReportAvailable(type)) throw fieldError('type', REPORT_MSG.notAvailable);
  const [customerName, facilities, withInventory] = await Promise.all([
    findCustomerName(db, customerId),
    selectActiveFacilitiesOf(db, customerId),
    selectFacilitiesWithInventory(db, customerId, year),
  ]);
  if (customerName === undefined) throw notFound('Customer');
  const toDraw = facilities.filter((facility) => withInventory.has(facility.id));
  if (toDraw.length === 0) throw new AppError('NOT_FOUND', REPORT_MSG.noInventoryAnyFacility);

  const format = request.format ?? defaultReportFormat(type);
  const drawn = new Map<number, { job: ReportJob; file: DrawnReportFile }>();
  for (const [index, facility] of toDraw.entries()) {
    signal?.throwIfAborted();
    const job = await loadFileJob(db, { ...request, facility_id: facility.id });
    // The first job meets the pool's back pressure as any report does; the next ones wait their turn.
    const file = await drawReportJobFile(job, format, workers, {
      ...(signal ? { signal } : {}),
      mayWait: index > 0,
    });
    drawn.set(facility.id, { job, file });
    options.onProgress?.({ done: index + 1, total: toDraw.length });
  }

  const used = new Set<string>();
  const entries: Zippable = {};
  const summary = facilities.map((facility) => {
    const made = drawn.get(facility.id);
    if (!made) return [facility.name, 'No', '', SUMMARY_VERDICTS.noInventory];
    const entryName = uniqueEntryName(made.file.fileName, used);
    // PDF streams and XLSX parts are compressed already: stored as they are.
    entries[entryName] = [made.file.bytes, { level: 0 }];
    return [facility.name, 'Yes', entryName, made.file.summary.coverage ?? SUMMARY_VERDICTS.listing];
  });
  const csv = csvText(
    ['Facility', `Inventory ${year}`, 'Report file', `Coverage under ${REPORT_TYPE_NAMES[type]}`],
    summary,
  );
  // The summary first: the first thing a reader opens.
  const bytes = zipSync({ [SUMMARY_FILE_NAME]: strToU8(csv), ...entries });

  signal?.throwIfAborted();
  await db.transaction(async (tx) => {
    for (const { job, file } of drawn.values()) {
      await recordAudit(tx, actor, generationAudit(request, job, file, { all_facilities: true }));
    }
  });
  return {
    fileName: reportZipFileName(type, customerName, year),
    contentType: REPORT_ZIP_CONTENT_TYPE,
    bytes,
  };
}
