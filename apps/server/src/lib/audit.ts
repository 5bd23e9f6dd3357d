import type { Role } from '@chemtrack/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditAction =
  | 'create'
  | 'update'
  | 'archive'
  | 'unarchive'
  | 'delete'
  | 'sign-in'
  | 'password-set'
  /** Every session of a user ended by an admin (issue 12). */
  | 'end-sessions'
  /** A report file generated (issue 11): what was filed, from which inventory. */
  | 'generate';

/** Who makes a change and from where: what a service needs of the request, and no more. */
export interface Actor {
  userId: number | undefined;
  ip: string | undefined;
  /** For the rules that depend on the record as well as the role (a completed inventory). */
  role?: Role | undefined;
}

export function actorOf(request: FastifyRequest): Actor {
  return { userId: request.user?.id, ip: request.ip, role: request.user?.role };
}

/**
 * Who changed what: one row per write, never holding passwords or tokens. Services write it
 * with the transaction of the change, so a change and its record land or fail together.
 */
export async function recordAudit(
  db: Db | Tx,
  actor: Actor | undefined,
  entry: {
    action: AuditAction;
    entity: string;
    entityId?: number | undefined;
    userId?: number | undefined;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId ?? actor?.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details: entry.details,
    ipAddress: actor?.ip?.slice(0, 64),
  });
}
