import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_LOG_ORDER_KEYS,
  type AuditLogItem,
  MAX_RECORD_ID,
} from '@chemtrack/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type ListResponse, type QueryParams } from '../../lib/api.ts';
import { listSearchSchema } from '../../lib/list-search.ts';

/** The audit trail is read only: one list call, not `resourceApi`. */
export const auditLogKeys = {
  all: ['/audit-log'] as const,
  list: (params: QueryParams) => ['/audit-log', 'list', params] as const,
};

export function auditLogListOptions(params: QueryParams) {
  return queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: ({ signal }) => api.get<ListResponse<AuditLogItem>>('/audit-log/list', params, signal),
    placeholderData: keepPreviousData,
  });
}

const recordId = z.coerce.number().int().positive().max(MAX_RECORD_ID);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The screen's URL: the list call's own query (yyyy-MM-dd days, read in UTC by the server). */
export const AuditLogSearchSchema = listSearchSchema(AUDIT_LOG_ORDER_KEYS, {
  entity: z.enum(AUDIT_ENTITIES),
  entity_id: recordId,
  actor: recordId,
  action: z.enum(AUDIT_ACTIONS),
  from: isoDay,
  to: isoDay,
});
export type AuditLogSearch = z.infer<typeof AuditLogSearchSchema>;

/** The list call's query: the URL as it is, without the search box and status the list has not. */
export function toAuditLogParams(search: AuditLogSearch): QueryParams {
  const { search: _search, status: _status, ...rest } = search;
  return { ...rest, page: search.page ?? 1, order_dir: search.order_by ? search.order_dir : undefined };
}
