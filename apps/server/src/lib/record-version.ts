import { RECORD_VERSION_MSG } from '@chemtrack/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { StaleRecordError } from './app-error.ts';

/** A table whose rows carry the version a form reads (the shared `timestamps` columns). */
export interface VersionedTable extends PgTable {
  id: PgColumn;
  updatedAt: PgColumn;
}

/** Who made the latest change of a record: the actor of its newest audit row. */
async function latestActorName(tx: Tx, entity: string, entityId: number): Promise<string> {
  const [row] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.userId))
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row) return RECORD_VERSION_MSG.unknownActor;
  return `${row.firstName} ${row.lastName}`.trim() || row.email;
}

/**
 * The version check of one table's updates (issue 22: a later save must not silently revert
 * another's change), for its repository to export. The service calls it inside the update's
 * transaction, after its own 404: the row stays locked (FOR UPDATE) until the commit, so a
 * concurrent save of the same record waits and then compares against the version this one
 * writes, never the old one. Versions are compared as the API serializes them (milliseconds):
 * PostgreSQL keeps microseconds, and an insert's `now()` has them, so the stored value and the
 * client's copy both go through a JavaScript Date. Every update writes a version at least a
 * millisecond newer (the shared `timestamps` columns), so two saves never share one. No `readAt`
 * (a client that sends none) keeps last-write-wins.
 */
export function versionCheck(table: VersionedTable) {
  return async (
    tx: Tx,
    record: { entity: string; id: number; readAt: string | undefined },
  ): Promise<void> => {
    if (record.readAt === undefined) return;
    const [row] = await tx
      .select({ updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.id, record.id))
      .for('update');
    if (!row) return;
    const stored = row.updatedAt as Date;
    if (stored.getTime() === new Date(record.readAt).getTime()) return;
    throw new StaleRecordError({
      updated_at: stored.toISOString(),
      changed_by: await latestActorName(tx, record.entity, record.id),
    });
  };
}
