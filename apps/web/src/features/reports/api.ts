import {
  type compliance,
  REPORT_CONTENT_TYPES,
  type ReportFormat,
  type ReportListResponseSchema,
  type ReportPreviewResponse,
  type ReportType,
  type ServerErrorBody,
  type Tier2Option,
} from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api, type DownloadedFile } from '../../lib/api.ts';

/** The body `POST /report/generate` and `POST /report/preview` take (spec 02 §3, §7). */
export interface ReportBody {
  type: ReportType;
  customer_id: number;
  facility_id: number;
  year: number;
  /** Issue 21: the report settings (the server's defaults when omitted) and, to generate, the file kind. */
  percent_basis?: compliance.PercentBasis;
  tier2_option?: Tier2Option;
  format?: ReportFormat;
}

/** Spec 02 §8: an answer that is neither the report file nor a JSON error. */
export const NOT_A_FILE_MESSAGE = 'Expected file but got something else';

export const reportKeys = {
  all: ['reports'] as const,
  types: () => [...reportKeys.all, 'types'] as const,
  preview: (body: ReportBody) => [...reportKeys.all, 'preview', body] as const,
};

/** `GET /report/list`: the 14 types by their spec names; the list only changes with a release. */
export const reportTypesOptions = queryOptions({
  queryKey: reportKeys.types(),
  queryFn: ({ signal }) =>
    api.get<z.infer<typeof ReportListResponseSchema>>('/report/list', undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * `POST /report/preview`: the report's tables with each figure's explanation. A read, so a
 * query (cached per request); the page says its failures in place, not in a notice.
 */
export const reportPreviewOptions = (body: ReportBody) =>
  queryOptions({
    queryKey: reportKeys.preview(body),
    queryFn: ({ signal }) => api.post<ReportPreviewResponse>('/report/preview', body, undefined, signal),
    meta: { handlesErrors: true },
  });

const FILE_TYPES: readonly string[] = Object.values(REPORT_CONTENT_TYPES);

/**
 * Spec 02 §7-§8 on a report answer: a JSON content type is an error whose text is in the JSON
 * (whatever the status), a PDF or XLSX is the report, anything else is not a file.
 */
export async function checkReportFile(file: DownloadedFile): Promise<DownloadedFile> {
  if (file.contentType === 'application/json') {
    const body = (await file.blob
      .text()
      .then((text) => JSON.parse(text) as ServerErrorBody)
      .catch(() => ({ message: NOT_A_FILE_MESSAGE }))) satisfies ServerErrorBody;
    throw new ApiError(200, body);
  }
  if (!FILE_TYPES.includes(file.contentType)) throw new Error(NOT_A_FILE_MESSAGE);
  return file;
}

/** `POST /report/generate`: the report file with the name the server gave it. */
export async function generateReport(body: ReportBody, signal?: AbortSignal): Promise<DownloadedFile> {
  return checkReportFile(await api.downloadPost('/report/generate', body, signal));
}
