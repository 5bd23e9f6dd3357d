import {
  type CreateDbEntryRequest,
  type DbEntryCreateResponse,
  type DbEntryDryRunResponse,
  type DbEntryListResponse,
  type FileUploadResponse,
  REGULATORY_ENTRY_ORDER_KEYS,
  type RegulatoryEntryListResponse,
  type RegulatoryListType,
} from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type QueryParams, uploadFile } from '../../lib/api.ts';
import { listSearchSchema } from '../../lib/list-search.ts';

/**
 * The reference lists' calls (spec 02 §7): the entry table, the upload that becomes a list,
 * each list's data table and the original files. Not CRUD, so not `resourceApi`.
 */
export const referenceListKeys = {
  all: ['/db-entry'] as const,
  entries: ['/db-entry', 'list'] as const,
  data: (type: RegulatoryListType, params: QueryParams) => ['/db-entry', 'data', type, params] as const,
};

export function referenceListsOptions() {
  return queryOptions({
    queryKey: referenceListKeys.entries,
    queryFn: ({ signal }) => api.get<DbEntryListResponse>('/db-entry/list', undefined, signal),
  });
}

export function referenceListEntriesOptions(type: RegulatoryListType, params: QueryParams) {
  return queryOptions({
    queryKey: referenceListKeys.data(type, params),
    queryFn: ({ signal }) =>
      api.get<RegulatoryEntryListResponse>(`/db-entry-data/${type}/list`, params, signal),
    placeholderData: keepPreviousData,
  });
}

/** A list file goes up as a reference list upload (.csv, .xls, .xlsx only), with its progress. */
export function uploadListFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  return uploadFile<FileUploadResponse>('/file/upload?kind=database', file, onProgress, signal);
}

export function createReferenceList(body: Omit<CreateDbEntryRequest, 'encode'>) {
  return api.post<DbEntryCreateResponse>('/db-entry/create', { ...body, encode: true });
}

/** The same call as a dry run: what the upload would change, nothing written (issue 22). */
export function previewReferenceList(body: Omit<CreateDbEntryRequest, 'encode'>) {
  return api.post<DbEntryDryRunResponse>('/db-entry/create', { ...body, encode: true }, { dry_run: 1 });
}

export function downloadReferenceListFile(id: number) {
  return api.download(`/db-entry/${id}/download`);
}

/** A data table's URL state: the list contract (no status filter: a list has no archive). */
export const RegulatoryEntrySearchSchema = listSearchSchema(REGULATORY_ENTRY_ORDER_KEYS);
export type RegulatoryEntrySearch = z.infer<typeof RegulatoryEntrySearchSchema>;
