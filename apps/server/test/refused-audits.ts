import { SERVER_MSG } from '@chemtrack/domain';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';

/**
 * A forced failure after a write, from the database itself (a trigger, no mock): once installed,
 * the audit rows named by `refuseAudit` raise on insert, so a test can check that the change
 * written before its audit row in the same transaction is gone too.
 */
export async function installAuditRefusals(db: Db): Promise<void> {
  const statements = [
    'CREATE TABLE test_refused_audits (action text NOT NULL, entity text NOT NULL, entity_id integer)',
    // A NULL entity_id refuses every row of that action and entity (a create, whose id is unknown).
    `CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF EXISTS (
         SELECT 1 FROM test_refused_audits r
         WHERE r.action = NEW.action AND r.entity = NEW.entity
           AND (r.entity_id IS NULL OR r.entity_id = NEW.entity_id)
       ) THEN
         RAISE EXCEPTION 'audit refused for % % %', NEW.action, NEW.entity, NEW.entity_id;
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log
     FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`,
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** From now on the database refuses this audit row; without an id, every one of the action and entity. */
export async function refuseAudit(db: Db, action: string, entity: string, entityId: number | null = null) {
  await db.execute(
    sql`INSERT INTO test_refused_audits (action, entity, entity_id) VALUES (${action}, ${entity}, ${entityId})`,
  );
}

export async function clearRefusedAudits(db: Db): Promise<void> {
  await db.execute(sql.raw('DELETE FROM test_refused_audits'));
}

/** The actions of a record's audit rows, oldest first. */
export async function auditActions(db: Db, entity: string, entityId: number): Promise<string[]> {
  const rows = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

/** What a request answers when the database refused its write: a 500 that tells nothing more. */
export function expectInternalError(res: { statusCode: number; json(): unknown }): void {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ message: SERVER_MSG.internal });
}
