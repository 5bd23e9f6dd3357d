import type { AuditLogItem, AuditLogListQuery, ListPage } from '@chemtrack/domain';
import type { Db } from '../../db/client.ts';
import type { FieldChange } from '../../lib/audit.ts';
import { toIso } from '../../lib/dates.ts';
import { toPage } from '../../lib/list-query.ts';
import { type AuditListRow, listAuditRows } from './audit-log.repository.ts';

function toItem({ row, actor }: AuditListRow): AuditLogItem {
  const { changes, ...details } = row.details ?? {};
  return {
    id: row.id,
    created_at: toIso(row.createdAt),
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    ip_address: row.ipAddress,
    actor: actor
      ? { id: actor.id, full_name: `${actor.firstName} ${actor.lastName}`.trim(), email: actor.email }
      : null,
    changes: (changes ?? {}) as Record<string, FieldChange>,
    details,
  };
}

/** The audit trail, newest first unless another order is asked for. A read: it records nothing. */
async function listAuditLog(db: Db, query: AuditLogListQuery): Promise<ListPage<AuditLogItem>> {
  const { rows, total } = await listAuditRows(db, query);
  return toPage(rows.map(toItem), total, query.page, query.ipp);
}

export const auditLogService = { list: listAuditLog };
