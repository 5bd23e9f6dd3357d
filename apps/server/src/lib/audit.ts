import type { AuditAction, Role } from '@chemtrack/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { auditRecordName } from './audit-names.ts';

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

/** One changed field of an audit row: its value before and after the change (null when absent). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/**
 * Fields never recorded, at any depth: secrets (an audit log is read by every admin and kept
 * forever) and bookkeeping that changes on every save and says nothing.
 */
const SECRET_FIELD = /password|token|secret|hash|contents?$|bytes$/i;
const BOOKKEEPING_FIELDS = new Set(['created_at', 'updated_at', 'createdAt', 'updatedAt']);

function isRecordedField(name: string): boolean {
  return !SECRET_FIELD.test(name) && !BOOKKEEPING_FIELDS.has(name);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** A record as `path → value`: nested objects become `address.city`; lists stay whole values. */
function flatten(value: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (!isPlainObject(value)) return into;
  for (const [key, inner] of Object.entries(value)) {
    if (!isRecordedField(key)) continue;
    const path = prefix + key;
    if (isPlainObject(inner)) flatten(inner, `${path}.`, into);
    else into.set(path, inner instanceof Date ? inner.toISOString() : (inner ?? null));
  }
  return into;
}

/**
 * The fields that differ between a record before and after a change, with both values. A create
 * passes no `before` (every set field is new), a delete no `after`. Absent and null are the same
 * value, so a create does not list its empty fields. Secrets and timestamps are never included.
 */
export function changedFields(before: unknown, after: unknown): Record<string, FieldChange> {
  const old = flatten(before);
  const now = flatten(after);
  const changes: Record<string, FieldChange> = {};
  for (const path of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(path) ?? null;
    const is = now.get(path) ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[path] = { before: was, after: is };
  }
  return changes;
}

/**
 * Details with every secret field removed, at any depth: a service cannot record one by mistake.
 * A yes/no flag (`password_changed: true`) tells that a secret changed, not what it is, so it stays.
 */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => typeof inner === 'boolean' || !SECRET_FIELD.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

/** Where a row keeps its record's name (in `details`, so no column and no migration). */
export const RECORD_NAME = 'record_name';

/**
 * Who changed what: one row per write, never holding passwords or tokens. Services write it
 * with the transaction of the change, so a change and its record land or fail together. Given
 * the record `before` and/or `after` the change (its resource), the row's details hold
 * `changes`: only the fields that differ, each with both values.
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
    before?: object | undefined;
    after?: object | undefined;
  },
): Promise<void> {
  const hasRecord = entry.before !== undefined || entry.after !== undefined;
  const recordName = await auditRecordName(db, entry.entity, entry.entityId, entry.after ?? entry.before);
  const details = {
    ...entry.details,
    ...(recordName ? { [RECORD_NAME]: recordName } : {}),
    ...(hasRecord ? { changes: changedFields(entry.before, entry.after) } : {}),
  };
  await db.insert(auditLog).values({
    userId: entry.userId ?? actor?.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    details:
      Object.keys(details).length > 0 ? (withoutSecrets(details) as Record<string, unknown>) : undefined,
    ipAddress: actor?.ip?.slice(0, 64),
  });
}
