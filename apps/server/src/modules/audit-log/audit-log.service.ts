import { type AuditLogItem, type AuditLogListQuery, auditFieldLabel, type ListPage } from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import { type FieldChange, RECORD_NAME } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { toListedPage } from '../../lib/list-query.ts';
import { type AuditListRow, listAuditRows } from './audit-log.repository.ts';

function toItem({ row, actor }: AuditListRow): AuditLogItem {
  const { changes, [RECORD_NAME]: recordName, ...details } = row.details ?? {};
  const labelled = Object.entries((changes ?? {}) as Record<string, FieldChange>).map(
    ([field, change]) => [field, { ...change, label: auditFieldLabel(row.entity, field) }] as const,
  );
  return {
    id: row.id,
    created_at: toIso(row.createdAt),
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    record_name: typeof recordName === 'string' ? recordName : null,
    ip_address: row.ipAddress,
    actor: actor
      ? { id: actor.id, full_name: `${actor.firstName} ${actor.lastName}`.trim(), email: actor.email }
      : null,
    changes: Object.fromEntries(labelled),
    details,
  };
}

/** The audit trail, newest first unless another order is asked for. A read: it records nothing. */
async function listAuditLog(db: Db, query: AuditLogListQuery): Promise<ListPage<AuditLogItem>> {
  const listed = await listAuditRows(db, query);
  return toListedPage(listed.rows.map(toItem), listed, query.ipp);
}

export const auditLogService = { list: listAuditLog };
