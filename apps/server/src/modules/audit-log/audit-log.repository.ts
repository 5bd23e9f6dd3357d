import type { AuditLogListQuery } from '@chemtrack/domain';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { keysetOf, readPage, selectMatching } from '../../lib/list-query.ts';

const ORDER_COLUMNS = {
  created_at: auditLog.createdAt,
  entity: auditLog.entity,
  action: auditLog.action,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A yyyy-MM-dd day as its first instant in UTC. */
function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

function filters(query: AuditLogListQuery): SQL | undefined {
  return and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    query.actor ? eq(auditLog.userId, query.actor) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.createdAt, utcDay(query.from)) : undefined,
    // `to` is a whole day: everything before the next day's midnight, UTC.
    query.to ? lt(auditLog.createdAt, new Date(utcDay(query.to).getTime() + DAY_MS)) : undefined,
  );
}

export async function listAuditRows(db: Db | Tx, query: AuditLogListQuery) {
  const where = filters(query);
  const column = ORDER_COLUMNS[query.order_by ?? 'created_at'];
  const direction = query.order_by ? query.order_dir : (query.order_dir ?? 'desc');
  // The id breaks ties in the same order, so rows written in one millisecond keep their sequence.
  const keyset = keysetOf(
    query,
    'audit-log',
    [
      { value: column, direction },
      { value: auditLog.id, direction: direction === 'desc' ? 'desc' : 'asc' },
    ],
    { inline: true },
  );
  return readPage(
    db,
    query,
    db
      .select({
        row: auditLog,
        actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        ...keyset.fields,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(where, keyset.after))
      .orderBy(...keyset.order),
    selectMatching(db, auditLog, where),
    keyset,
  );
}

export type AuditListRow = Awaited<ReturnType<typeof listAuditRows>>['rows'][number];
