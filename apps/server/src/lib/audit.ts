import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'archive'
  | 'unarchive'
  | 'delete'
  | 'sign-in'
  | 'password-set';

/** Who changed what: one row per write, never holding passwords or tokens. */
export async function recordAudit(
  db: Db,
  request: FastifyRequest | undefined,
  entry: {
    action: AuditAction;
    entity: string;
    entityId?: number | undefined;
    userId?: number | undefined;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId ?? request?.user?.id,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details,
    ipAddress: request?.ip.slice(0, 64),
  });
}
