import { SERVER_MSG } from '@chemtrack/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, containers, hazards, sessions, users } from '../src/db/schema/index.ts';
import { containerBody, hazardBody, userBody } from '../src/seed/factories.ts';
import { createTestContext, type TestContext } from './helper.ts';

/**
 * A service writes the change and its audit row in one transaction. To prove it, the database
 * itself refuses the audit row of a chosen write (a trigger, no mock): the change written just
 * before it in the same request must be gone too.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const statements = [
    'CREATE TABLE test_audit_failures (action text NOT NULL, entity text NOT NULL, entity_id integer)',
    `CREATE FUNCTION test_fail_marked_audit() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF EXISTS (
         SELECT 1 FROM test_audit_failures f
         WHERE f.action = NEW.action AND f.entity = NEW.entity
           AND f.entity_id IS NOT DISTINCT FROM NEW.entity_id
       ) THEN
         RAISE EXCEPTION 'audit refused for % % %', NEW.action, NEW.entity, NEW.entity_id;
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER test_fail_marked_audit BEFORE INSERT ON audit_log
     FOR EACH ROW EXECUTE FUNCTION test_fail_marked_audit()`,
  ];
  for (const statement of statements) await ctx.database.db.execute(sql.raw(statement));
});
afterAll(() => ctx.close());

/** From now on the database refuses the audit row of this write. */
async function refuseAudit(action: string, entity: string, entityId: number | null) {
  await ctx.database.db.execute(
    sql`INSERT INTO test_audit_failures (action, entity, entity_id) VALUES (${action}, ${entity}, ${entityId})`,
  );
}

async function auditRows(entity: string, entityId: number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
}

function expectInternalError(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ message: SERVER_MSG.internal });
}

describe('catalog writes and their audit rows land or fail together', () => {
  let id: number;
  let before: typeof hazards.$inferSelect | undefined;

  beforeAll(async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      payload: hazardBody(),
    });
    expect(res.statusCode).toBe(201);
    id = res.json().resource.id;
    [before] = await ctx.database.db.select().from(hazards).where(eq(hazards.id, id));
    expect(await auditRows('hazards', id)).toHaveLength(1);
  });

  it('an update whose audit row fails leaves the hazard class as it was', async () => {
    await refuseAudit('update', 'hazards', id);
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/hazards/${id}/update`,
      payload: hazardBody({ description: 'Changed' }),
    });
    expectInternalError(res);
    expect(await ctx.database.db.select().from(hazards).where(eq(hazards.id, id))).toEqual([before]);
    expect((await auditRows('hazards', id)).map((row) => row.action)).toEqual(['create']);
  });

  it('an archive whose audit row fails leaves the hazard class active', async () => {
    await refuseAudit('archive', 'hazards', id);
    expectInternalError(await ctx.call('admin', { method: 'PATCH', url: `/hazards/${id}/activate` }));
    expect(await ctx.database.db.select().from(hazards).where(eq(hazards.id, id))).toEqual([before]);
    expect((await auditRows('hazards', id)).map((row) => row.action)).toEqual(['create']);
  });

  it('a delete whose audit row fails leaves the hazard class in place', async () => {
    await refuseAudit('delete', 'hazards', id);
    expectInternalError(await ctx.call('admin', { method: 'DELETE', url: `/hazards/${id}/delete` }));
    expect(await ctx.database.db.select().from(hazards).where(eq(hazards.id, id))).toEqual([before]);
    expect((await auditRows('hazards', id)).map((row) => row.action)).toEqual(['create']);
  });

  it('a create whose audit row fails adds no container type', async () => {
    // The new row's id is not known beforehand: refuse every container create.
    await ctx.database.db.execute(
      sql`INSERT INTO test_audit_failures (action, entity, entity_id)
          SELECT 'create', 'containers', n FROM generate_series(1, 1000) AS n`,
    );
    const countBefore = await ctx.database.db.$count(containers);
    expectInternalError(
      await ctx.call('admin', { method: 'POST', url: '/containers/create', payload: containerBody() }),
    );
    expect(await ctx.database.db.$count(containers)).toBe(countBefore);
  });
});

describe('account writes and their audit rows land or fail together', () => {
  let id: number;
  let before: typeof users.$inferSelect | undefined;

  beforeAll(async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/users/create',
      payload: userBody(),
    });
    expect(res.statusCode).toBe(201);
    id = res.json().resource.id;
    [before] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(await auditRows('user', id)).toHaveLength(1);
  });

  it('an update whose audit row fails leaves the user as they were', async () => {
    await refuseAudit('update', 'user', id);
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/users/${id}/update`,
      payload: userBody({ role: 'admin' }),
    });
    expectInternalError(res);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toEqual([before]);
    expect((await auditRows('user', id)).map((row) => row.action)).toEqual(['create']);
  });

  it('an archive whose audit row fails leaves the user active and signed in', async () => {
    const session = await ctx.database.db
      .insert(sessions)
      .values({ userId: id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 3_600_000) })
      .returning();
    await refuseAudit('archive', 'user', id);
    expectInternalError(await ctx.call('admin', { method: 'PATCH', url: `/users/${id}/activate` }));
    expect(await ctx.database.db.select().from(users).where(eq(users.id, id))).toEqual([before]);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual(session);
    expect((await auditRows('user', id)).map((row) => row.action)).toEqual(['create']);
  });

  it('a delete whose audit row fails leaves the technician in place', async () => {
    const tech = ctx.users.technician.id;
    const [technician] = await ctx.database.db.select().from(users).where(eq(users.id, tech));
    await refuseAudit('delete', 'technician', tech);
    expectInternalError(await ctx.call('admin', { method: 'DELETE', url: `/technicians/${tech}/delete` }));
    expect(await ctx.database.db.select().from(users).where(eq(users.id, tech))).toEqual([technician]);
  });
});
