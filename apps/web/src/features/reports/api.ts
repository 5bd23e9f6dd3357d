import {
  type AllFacilitiesReportRequest,
  decodeExportWarnings,
  type ListMeta,
  REPORT_CONTENT_TYPES,
  REPORT_ZIP_CONTENT_TYPE,
  type ReportChangesQueryValues,
  type ReportChangesResponseSchema,
  type ReportListResponseSchema,
  type ReportPreviewExplanationResponse,
  type ReportPreviewResponse,
  type ReportPreviewRowsRequestValues,
  type ReportPreviewRowsResponse,
  type ReportRequestValues,
  type ServerErrorBody,
  T2S_CONTENT_TYPE,
  TIER2_EXPORT_LEFT_OUT_HEADER,
  TIER2_EXPORT_WARNINGS_HEADER,
  type Tier2ExportQueryValues,
} from '@chemtrack/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api, type DownloadedFile } from '../../lib/api.ts';

/** Spec 02 §8: an answer that is neither the report file nor a JSON error. */
export const NOT_A_FILE_MESSAGE = 'Expected file but got something else';

export const reportKeys = {
  all: ['reports'] as const,
  types: () => [...reportKeys.all, 'types'] as const,
  preview: (body: ReportRequestValues) => [...reportKeys.all, 'preview', body] as const,
  changes: (query: ReportChangesQueryValues) => [...reportKeys.all, 'changes', query] as const,
  part: (url: string, body: object) => [...reportKeys.all, 'part', url, body] as const,
};

/**
 * `GET /report/list`: the 14 types by their spec names. The list only changes with a release, so
 * it is kept a minute. The screen need not start a report worker ahead of its first preview: the
 * server keeps one started from the moment it listens and replaces it when it fails or after it
 * idles (decision 022, replacing decision 020's worker started by this request, which the server
 * still does when none is running).
 */
export const reportTypesOptions = queryOptions({
  queryKey: reportKeys.types(),
  queryFn: ({ signal }) =>
    api.get<z.infer<typeof ReportListResponseSchema>>('/report/list', undefined, signal),
  staleTime: 60_000,
});

/**
 * `POST /report/preview`: the report's tables with each figure's explanation. A read, so a
 * query (cached per request); the page says its failures in place, not in a notice.
 */
export const reportPreviewOptions = (body: ReportRequestValues) =>
  queryOptions({
    queryKey: reportKeys.preview(body),
    queryFn: ({ signal }) => api.post<ReportPreviewResponse>('/report/preview', body, undefined, signal),
    meta: { handlesErrors: true },
  });

/** What names a drawn preview's parts: its request and the version of its first answer (issue 37). */
export type PreviewPartBase = ReportRequestValues & { version: string };

/**
 * A part of a drawn preview (issue 37). A version names one drawing of the report, so a part
 * never goes stale: kept as long as the screen shows it. A 409 (the report changed since) is said
 * in place, with a way to draw the preview again.
 */
function previewPartOptions<Answer>(url: string, body: PreviewPartBase & Record<string, unknown>) {
  return queryOptions({
    queryKey: reportKeys.part(url, body),
    queryFn: ({ signal }) => api.post<Answer>(url, body, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });
}

/** `POST /report/preview/rows`: a page of one table, sorted and searched. */
export const reportPreviewRowsOptions = (
  body: PreviewPartBase & Omit<ReportPreviewRowsRequestValues, keyof ReportRequestValues | 'version'>,
) => previewPartOptions<ReportPreviewRowsResponse>('/report/preview/rows', body);

/** `POST /report/preview/explanation`: one row's explanation, asked when it is opened. */
export const reportPreviewExplanationOptions = (body: PreviewPartBase & { table: string; row: number }) =>
  previewPartOptions<ReportPreviewExplanationResponse>('/report/preview/explanation', body);

/** `POST /report/preview/warnings` or `/info-groups`: a further page of the warnings or the groups. */
export function fetchPreviewList<Item>(
  list: 'warnings' | 'info-groups',
  body: PreviewPartBase & { page: number; ipp: number },
  signal?: AbortSignal,
) {
  return api.post<{ resource: { items: Item[]; meta: ListMeta } }>(
    `/report/preview/${list}`,
    body,
    undefined,
    signal,
  );
}

/**
 * `GET /report/changes` (issue 36): what changed in the facility's chemicals since its previous
 * inventory, for the preview's "Changes since {year}" section. A read the page says in place.
 */
export const reportChangesOptions = (query: ReportChangesQueryValues) =>
  queryOptions({
    queryKey: reportKeys.changes(query),
    queryFn: ({ signal }) =>
      api.get<z.infer<typeof ReportChangesResponseSchema>>('/report/changes', { ...query }, signal),
    meta: { handlesErrors: true },
  });

const FILE_TYPES: readonly string[] = Object.values(REPORT_CONTENT_TYPES);

/**
 * Spec 02 §7-§8 on a report answer: a JSON content type is an error whose text is in the JSON
 * (whatever the status), a PDF or XLSX is the report, anything else is not a file.
 */
export async function checkReportFile(
  file: DownloadedFile,
  types: readonly string[] = FILE_TYPES,
): Promise<DownloadedFile> {
  if (file.contentType === 'application/json') {
    const body = (await file.blob
      .text()
      .then((text) => JSON.parse(text) as ServerErrorBody)
      .catch(() => ({ message: NOT_A_FILE_MESSAGE }))) satisfies ServerErrorBody;
    throw new ApiError(200, body);
  }
  if (!types.includes(file.contentType)) throw new Error(NOT_A_FILE_MESSAGE);
  return file;
}

/** `POST /report/generate` (the domain's `ReportRequestSchema`, as parsed): the report file with the name the server gave it. */
export async function generateReport(
  body: ReportRequestValues,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return checkReportFile(await api.downloadPost('/report/generate', body, signal));
}

/**
 * `POST /report/generate` with `all_facilities: true` (issue 36): the ZIP of the report of every
 * facility of the customer with an inventory that year, and its summary. Aborting the signal
 * closes the request, which stops the server's work.
 */
export async function generateAllFacilitiesReport(
  body: AllFacilitiesReportRequest,
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  return checkReportFile(await api.downloadPost('/report/generate', body, signal), [REPORT_ZIP_CONTENT_TYPE]);
}

/**
 * `GET /tier2/export` (issue 25): the facility-year's Tier II as a Tier2 Submit `.t2s` (a ZIP),
 * with the name the server gave it; a JSON answer is the error, as for the report files. Without
 * a facility (issue 36), every facility-year of the customer's that year in one file.
 */
export async function exportTier2(
  query: Tier2ExportQueryValues,
  signal?: AbortSignal,
): Promise<DownloadedFile & { warnings: string[]; leftOut: string[] }> {
  const file = await checkReportFile(await api.download('/tier2/export', { ...query }, signal), [
    T2S_CONTENT_TYPE,
  ]);
  const header = (name: string) => decodeExportWarnings(file.headers?.get(name) ?? null);
  // What the file lacks (issue 33: contacts, hazards it cannot carry) and, for a customer's file,
  // the facilities it left out (no inventory that year) come in headers.
  return {
    ...file,
    warnings: header(TIER2_EXPORT_WARNINGS_HEADER),
    leftOut: header(TIER2_EXPORT_LEFT_OUT_HEADER),
  };
}
