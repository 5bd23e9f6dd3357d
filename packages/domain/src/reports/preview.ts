import { z } from 'zod';
import { ORDER_DIRECTIONS } from '../shared/enums.ts';
import { makeListResponseSchema, pageFields, SearchSchema } from '../shared/list.ts';
import {
  groupInfoWarnings,
  REPORT_MSG,
  ReportDocumentSchema,
  ReportExplanationSchema,
  ReportInfoGroupSchema,
  ReportRequestSchema,
  ReportRowSchema,
  ReportTableSchema,
  ReportWarningSchema,
} from './index.ts';

/**
 * `POST /report/preview` and its parts (issue 11, paged by issue 37). The first answer holds the
 * report's header, totals, warnings and information groups and the first page of each table's
 * rows, without their explanations: a 2,000-line facility's whole document was 1 to 3.7 MB of
 * JSON. Further pages (sorted, searched) and a row's explanation come on request
 * (`POST /report/preview/rows`, `POST /report/preview/explanation`) from the document the report
 * worker keeps, with the `version` of the first answer: asked of changed lines, they answer 409.
 * The PDF and XLSX stay whole.
 */

/** Rows of each table in the first answer, and a page's rows when the request names none. */
export const PREVIEW_PAGE_SIZE = 50;

/** A row as a preview page holds it: its explanation and details are asked when opened. */
export const ReportPreviewRowSchema = ReportRowSchema.omit({ explanation: true, details: true }).extend({
  /** The row's place in the whole table, from 0: what its explanation is asked by. */
  index: z.number(),
  /** Whether the row has an explanation to ask for. */
  explained: z.boolean(),
});
export type ReportPreviewRow = z.infer<typeof ReportPreviewRowSchema>;

export const ReportPreviewTableSchema = ReportTableSchema.omit({ rows: true }).extend({
  /** The first `PREVIEW_PAGE_SIZE` rows in the report's order. */
  rows: z.array(ReportPreviewRowSchema),
  /** Every row of the table (the PDF prints as many). */
  row_count: z.number(),
});
export type ReportPreviewTable = z.infer<typeof ReportPreviewTableSchema>;

/**
 * The document as the preview first answers it: information warnings grouped (issue 24: 5,000 of
 * them were most of a 2,000-line facility's preview), the others one per line as the files print
 * them, each linking to the line to fix; the tables' first pages.
 */
export const ReportPreviewDocumentSchema = ReportDocumentSchema.extend({
  tables: z.array(ReportPreviewTableSchema),
  /**
   * The first `PREVIEW_PAGE_SIZE` warnings of severity 'warning' (`POST /report/preview/warnings`
   * pages the rest): the bench facility's RMP has 700, 340 KB of them.
   */
  warnings: z.array(ReportWarningSchema),
  warning_count: z.number(),
  /** The first `PREVIEW_PAGE_SIZE` information groups (`POST /report/preview/info-groups` pages the rest). */
  info_groups: z.array(ReportInfoGroupSchema),
  info_group_count: z.number(),
  /** The information warnings in all the groups (the groups' counts added up). */
  info_warning_count: z.number(),
  /**
   * What the figures were drawn from (the lines, the catalogs, the lists, the facility, the
   * settings): a page or an explanation asked with another version answers 409.
   */
  version: z.string(),
});
export type ReportPreviewDocument = z.infer<typeof ReportPreviewDocumentSchema>;
export const ReportPreviewResponseSchema = z.object({ resource: ReportPreviewDocumentSchema });
export type ReportPreviewResponse = z.infer<typeof ReportPreviewResponseSchema>;

export function toPreviewRow(row: z.infer<typeof ReportRowSchema>, index: number): ReportPreviewRow {
  return {
    index,
    cells: row.cells,
    reported: row.reported,
    near_threshold: row.near_threshold,
    explained: row.explanation !== null,
  };
}

/** The first answer of a drawn report's preview. */
export function reportPreviewDocument(
  report: z.infer<typeof ReportDocumentSchema>,
  version: string,
): ReportPreviewDocument {
  return {
    ...report,
    tables: report.tables.map(({ rows, ...table }) => ({
      ...table,
      rows: rows.slice(0, PREVIEW_PAGE_SIZE).map(toPreviewRow),
      row_count: rows.length,
    })),
    ...firstPages(report),
    version,
  };
}

/** The warnings to fix and the information groups of a report, each whole (the preview pages them). */
export function previewWarnings(report: z.infer<typeof ReportDocumentSchema>) {
  return {
    warnings: report.warnings.filter((warning) => warning.severity !== 'info'),
    info_groups: groupInfoWarnings(report.warnings),
  };
}

function firstPages(report: z.infer<typeof ReportDocumentSchema>) {
  const { warnings, info_groups } = previewWarnings(report);
  return {
    warnings: warnings.slice(0, PREVIEW_PAGE_SIZE),
    warning_count: warnings.length,
    info_groups: info_groups.slice(0, PREVIEW_PAGE_SIZE),
    info_group_count: info_groups.length,
    info_warning_count: info_groups.reduce((sum, group) => sum + group.count, 0),
  };
}

/** What names a part of a drawn preview: the report request, and the first answer's version. */
const PreviewFields = {
  ...ReportRequestSchema.omit({ format: true }).shape,
  version: z
    .string({ error: REPORT_MSG.previewVersionRequired })
    .min(1, REPORT_MSG.previewVersionRequired)
    .max(100, REPORT_MSG.previewVersionRequired),
};

/** A page of a part, as the lists page. */
const PageFields = pageFields(PREVIEW_PAGE_SIZE);

const PreviewPartFields = {
  ...PreviewFields,
  table: z
    .string({ error: REPORT_MSG.previewTableRequired })
    .min(1, REPORT_MSG.previewTableRequired)
    .max(100, REPORT_MSG.previewTableUnknown),
};

/**
 * `POST /report/preview/rows`: a page of one table, as the lists page (`page`, `ipp`, `search`,
 * `order_by`, `order_dir`). `search` finds rows whose shown cells hold it (a chemical's name or
 * CAS), ignoring case and accents; `order_by` is one of the table's column keys, checked against
 * the drawn table (422 otherwise); without it the rows keep the report's order.
 */
export const ReportPreviewRowsRequestSchema = z.object({
  ...PreviewPartFields,
  ...PageFields,
  search: SearchSchema,
  order_by: z.string().max(100, "The order by must be one of the table's columns").optional(),
  order_dir: z.enum(ORDER_DIRECTIONS, { error: 'The order dir must be asc or desc' }).optional(),
});
export type ReportPreviewRowsRequest = z.input<typeof ReportPreviewRowsRequestSchema>;
export type ReportPreviewRowsRequestValues = z.output<typeof ReportPreviewRowsRequestSchema>;

export const ReportPreviewRowsResponseSchema = makeListResponseSchema(ReportPreviewRowSchema);
export type ReportPreviewRowsResponse = z.infer<typeof ReportPreviewRowsResponseSchema>;

/** `POST /report/preview/explanation`: one row's explanation, by its `index` in the whole table. */
export const ReportPreviewExplanationRequestSchema = z.object({
  ...PreviewPartFields,
  row: z.coerce
    .number({ error: REPORT_MSG.previewRowRequired })
    .int(REPORT_MSG.previewRowRequired)
    .min(0, REPORT_MSG.previewRowRequired),
});
export type ReportPreviewExplanationRequest = z.input<typeof ReportPreviewExplanationRequestSchema>;
export type ReportPreviewExplanationRequestValues = z.output<typeof ReportPreviewExplanationRequestSchema>;

export const ReportPreviewExplanationSchema = z.object({
  /** null for a row that is no computed figure (`explained: false`). */
  explanation: ReportExplanationSchema.nullable(),
  /** Lines the report prints under the row besides the contributions (locations, release figures). */
  details: z.array(z.string()),
});
export type ReportPreviewExplanation = z.infer<typeof ReportPreviewExplanationSchema>;
export const ReportPreviewExplanationResponseSchema = z.object({ resource: ReportPreviewExplanationSchema });
export type ReportPreviewExplanationResponse = z.infer<typeof ReportPreviewExplanationResponseSchema>;

/**
 * `POST /report/preview/warnings` and `POST /report/preview/info-groups`: a page of the warnings
 * to fix, or of the information groups, in the report's order.
 */
export const ReportPreviewListRequestSchema = z.object({ ...PreviewFields, ...PageFields });
export type ReportPreviewListRequest = z.input<typeof ReportPreviewListRequestSchema>;
export type ReportPreviewListRequestValues = z.output<typeof ReportPreviewListRequestSchema>;

export const ReportPreviewWarningsResponseSchema = makeListResponseSchema(ReportWarningSchema);
export type ReportPreviewWarningsResponse = z.infer<typeof ReportPreviewWarningsResponseSchema>;
export const ReportPreviewInfoGroupsResponseSchema = makeListResponseSchema(ReportInfoGroupSchema);
export type ReportPreviewInfoGroupsResponse = z.infer<typeof ReportPreviewInfoGroupsResponseSchema>;
