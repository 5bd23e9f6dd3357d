import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { containers, containerUnits, hazards, sessions, users } from '../src/db/schema/index.ts';
import {
  containerBody,
  containerUnitBody,
  hazardBody,
  technicianBody,
  userBody,
} from '../src/seed/factories.ts';
import { createTestContext, readOutbox, type TestContext } from './helper.ts';
import {
  auditActions,
  clearRefusedAudits,
  expectInternalError,
  installAuditRefusals,
  refuseAudit,
} from './refused-audits.ts';

/**
 * The lookup and account services write the change and its audit row in one transaction: when
 * the database refuses the audit row, the change written just before it in the same request is
 * gone too.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await installAuditRefusals(ctx.database.db);
});
afterAll(() => ctx.close());
// Each test refuses its own audit rows only.
afterEach(() => clearRefusedAudits(ctx.database.db));

interface Area {
  base: string;
  entity: string;
  body: () => object;
  /** The record as the database holds it. */
  read: (id: number) => Promise<unknown[]>;
  count: () => Promise<number>;
  deletes: boolean;
}

const byId = (table: typeof hazards | typeof containers | typeof containerUnits | typeof users) => ({
  read: (id: number) => ctx.database.db.select().from(table).where(eq(table.id, id)),
  count: () => ctx.database.db.$count(table),
});

const AREAS: Record<string, Area> = {
  'hazard classes': {
    base: '/hazards',
    entity: 'hazards',
    body: hazardBody,
    deletes: true,
    ...byId(hazards),
  },
  'container types': {
    base: '/containers',
    entity: 'containers',
    body: containerBody,
    deletes: false,
    ...byId(containers),
  },
  'container units': {
    base: '/container-units',
    entity: 'container units',
    body: containerUnitBody,
    deletes: false,
    ...byId(containerUnits),
  },
  users: {
    base: '/users',
    entity: 'user',
    body: () => userBody({ role: 'staff' }),
    deletes: true,
    ...byId(users),
  },
  technicians: {
    base: '/technicians',
    entity: 'technician',
    body: technicianBody,
    deletes: true,
    ...byId(users),
  },
};

describe.each(Object.entries(AREAS))('%s: a write and its audit row land or fail together', (_, area) => {
  let id: number;
  let before: unknown[];

  beforeAll(async () => {
    const res = await ctx.call('admin', { method: 'POST', url: `${area.base}/create`, payload: area.body() });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().resource.id;
    before = await area.read(id);
    expect(before).toHaveLength(1);
    expect(await auditActions(ctx.database.db, area.entity, id)).toEqual(['create']);
  });

  it('a create whose audit row fails adds no record and sends no invitation', async () => {
    const count = await area.count();
    const mails = readOutbox(ctx.dataDir).length;
    await refuseAudit(ctx.database.db, 'create', area.entity);
    expectInternalError(
      await ctx.call('admin', { method: 'POST', url: `${area.base}/create`, payload: area.body() }),
    );
    expect(await area.count()).toBe(count);
    expect(readOutbox(ctx.dataDir)).toHaveLength(mails);
  });

  it('an update whose audit row fails leaves the record as it was', async () => {
    await refuseAudit(ctx.database.db, 'update', area.entity, id);
    expectInternalError(
      await ctx.call('admin', { method: 'PATCH', url: `${area.base}/${id}/update`, payload: area.body() }),
    );
    expect(await area.read(id)).toEqual(before);
    expect(await auditActions(ctx.database.db, area.entity, id)).toEqual(['create']);
  });

  it('an archive whose audit row fails leaves the record active', async () => {
    await refuseAudit(ctx.database.db, 'archive', area.entity, id);
    expectInternalError(await ctx.call('admin', { method: 'PATCH', url: `${area.base}/${id}/activate` }));
    expect(await area.read(id)).toEqual(before);
    expect(await auditActions(ctx.database.db, area.entity, id)).toEqual(['create']);
  });

  if (area.deletes) {
    it('a delete whose audit row fails leaves the record in place', async () => {
      await refuseAudit(ctx.database.db, 'delete', area.entity, id);
      expectInternalError(await ctx.call('admin', { method: 'DELETE', url: `${area.base}/${id}/delete` }));
      expect(await area.read(id)).toEqual(before);
      expect(await auditActions(ctx.database.db, area.entity, id)).toEqual(['create']);
    });
  }
});

it('an archive of a user whose audit row fails leaves their sessions open', async () => {
  const created = await ctx.call('admin', { method: 'POST', url: '/users/create', payload: userBody() });
  const id: number = created.json().resource.id;
  const session = await ctx.database.db
    .insert(sessions)
    .values({ userId: id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 3_600_000) })
    .returning();
  await refuseAudit(ctx.database.db, 'archive', 'user', id);
  expectInternalError(await ctx.call('admin', { method: 'PATCH', url: `/users/${id}/activate` }));
  expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual(session);
});
