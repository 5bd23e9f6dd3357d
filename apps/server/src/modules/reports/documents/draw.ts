/**
 * What a report is drawn from and how, with no database: the engine's inputs as the service
 * loaded them (plain data, so they cross to a worker thread by structured clone), the document
 * the preview's parts are answered from (`preview-parts.ts`) and the file's bytes. The same functions run in the report worker
 * (`../workers/worker.ts`) and in process (tests compare the two), so both give the same report.
 */
import { buffer } from 'node:stream/consumers';
import type { compliance, ReportChanges, ReportDocument, ReportFormat } from '@chemtrack/domain';
import { compliance as engine } from '@chemtrack/domain';
import { buildReportDocument } from './index.ts';
import { reportPdf } from './pdf.ts';
import { reportXlsx } from './xlsx.ts';

export interface ReportInputs {
  type: compliance.AvailableReportType;
  snapshot: compliance.ComplianceSnapshot;
  lists: compliance.ReferenceLists;
  options: compliance.ComplianceOptions;
  inventoryId: number;
  generatedAt: Date;
  /**
   * A Tier II file's changes since the previous inventory (issue 36), computed by the service
   * (`report-changes.ts`) before the job crosses; no engine input, so kept work ignores it.
   */
  changes?: ReportChanges;
}

/** The report's document: the engine's figures laid out as the preview and the files show them. */
export function drawReportDocument(inputs: ReportInputs): ReportDocument {
  const context = engine.createComplianceContext(inputs.snapshot, inputs.lists, inputs.options);
  return buildReportDocument(inputs.type, context, {
    inventoryId: inputs.inventoryId,
    generatedAt: inputs.generatedAt,
  });
}

/**
 * The document a file is written from: a Tier II file's changes joined to it here, where every
 * file passes (in the worker and in process), since a file is often drawn from the document its
 * preview kept (decision 022), which never holds them.
 */
export function fileDocument(report: ReportDocument, inputs: Pick<ReportInputs, 'changes'>): ReportDocument {
  return inputs.changes ? { ...report, changes: inputs.changes } : report;
}

/** The document as a finished file. */
export function drawReportFile(report: ReportDocument, format: ReportFormat): Promise<Buffer> {
  return buffer(format === 'pdf' ? reportPdf(report) : reportXlsx(report));
}

/** What the service needs of a drawn file besides its bytes: its name, the audit's counts and the verdict. */
export interface ReportFileSummary {
  customerName: string;
  facilityName: string;
  year: number;
  rows: number;
  warnings: number;
  /** Whether the programme covers the facility (null for a listing): the all-facilities summary's column. */
  coverage: ReportDocument['coverage'];
}

export function fileSummary(report: ReportDocument): ReportFileSummary {
  return {
    customerName: report.customer.name,
    facilityName: report.facility.name,
    year: report.year,
    rows: report.tables.reduce((sum, table) => sum + table.rows.length, 0),
    warnings: report.warnings.length,
    coverage: report.coverage,
  };
}
