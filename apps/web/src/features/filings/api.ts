import {
  FILING_STATUS_FILTERS,
  type FilingItem,
  MAX_RECORD_ID,
  type MarkFiledRequest,
} from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type ListResponse, type QueryParams } from '../../lib/api.ts';

/** Issue 36: where each filing stands. Read, mark, take a mark back: not a `resourceApi` area. */
export const filingKeys = {
  all: ['/filings'] as const,
  list: (params: QueryParams) => ['/filings', 'list', params] as const,
};

export function filingListOptions(params: QueryParams) {
  return queryOptions({
    queryKey: filingKeys.list(params),
    queryFn: ({ signal }) => api.get<ListResponse<FilingItem>>('/filings/list', params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The screen's URL: the list call's own query, each field caught so a bad URL never breaks the page. */
export const FilingSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  customer_id: z.coerce.number().int().positive().max(MAX_RECORD_ID).optional().catch(undefined),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .optional()
    .catch(undefined),
  due_month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
  status: z.enum(FILING_STATUS_FILTERS).optional().catch(undefined),
});
export type FilingSearch = z.infer<typeof FilingSearchSchema>;

export function toFilingParams(search: FilingSearch): QueryParams {
  return { ...search, page: search.page ?? 1 };
}

export function markFiled(body: MarkFiledRequest) {
  return api.post<{ message: string; resource: { id: number } }>('/filings/mark-filed', body);
}

export function unmarkFiling(id: number) {
  return api.delete<{ message: string }>(`/filings/${id}/unmark`);
}

export function exportFilings(search: FilingSearch) {
  const { page: _page, ...filters } = search;
  return api.download('/filings/export', filters);
}
