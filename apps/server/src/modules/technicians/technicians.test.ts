import { MSG, SERVER_MSG } from '@chemtrack/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  createTestUser,
  extractResetToken,
  readOutbox,
  type TestContext,
} from '../../../test/helper.ts';
import {
  auditLog,
  customers,
  facilities,
  inventories,
  inventoryTechnicians,
  users,
} from '../../db/schema/index.ts';
import { technicianBody } from '../../seed/factories.ts';
import { createSession } from '../sessions/sessions.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const technician = technicianBody({
  first_name: 'Maria',
  last_name: 'Lopez',
  phone: '5125550101',
  email: 'maria@example.com',
});

async function countUsers() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n;
}

async function userRow(id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** 64 + 1 + 190 characters: well-formed, one past the 254 an e-mail may have. */
const EMAIL_255 = `${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(58)}.com`;

describe('technicians', () => {
  let id: number;

  it('lets staff create a technician, with the technician role and the invitation a new user gets', async () => {
    const before = { rows: await countUsers(), mails: readOutbox(ctx.dataDir).length };
    const res = await ctx.call('staff', { method: 'POST', url: '/technicians/create', payload: technician });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Technician Maria created successfully');
    expect(res.json().resource).toMatchObject({
      role: 'technician',
      is_active: true,
      profile: { full_name: 'Maria Lopez', phone: '5125550101' },
    });
    id = res.json().resource.id;
    expect(await countUsers()).toBe(before.rows! + 1);
    expect(await userRow(id)).toMatchObject({
      email: 'maria@example.com',
      role: 'technician',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '5125550101',
      isActive: true,
      passwordHash: null,
    });
    // Issue 22: the same invitation as a new user's, with a link to choose a password that works.
    const mails = readOutbox(ctx.dataDir);
    expect(mails).toHaveLength(before.mails + 1);
    const mail = mails.at(-1) ?? '';
    expect(mail).toContain('To: maria@example.com');
    expect(mail).toContain('Subject: Your ChemTrack account');
    expect(mail).toContain('Hello Maria,');
    expect(mail).toContain('An account was created for you on ChemTrack. Choose your password here:');
    const set = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token: extractResetToken(mail), password: 'Field-Work-2026' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const signIn = await ctx.call(null, {
      method: 'POST',
      url: '/auth/sign-in',
      payload: { email: 'maria@example.com', password: 'Field-Work-2026' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().resource.role).toBe('technician');
  });

  it.each([
    [{ first_name: '' }, 'first_name', MSG.firstNameRequired],
    [{ first_name: 'f'.repeat(51) }, 'first_name', MSG.firstNameMax],
    [{ last_name: ' ' }, 'last_name', MSG.lastNameRequired],
    [{ last_name: 'z'.repeat(51) }, 'last_name', MSG.lastNameMax],
    [{ email: '' }, 'email', MSG.emailRequired],
    [{ email: 'maria' }, 'email', MSG.emailInvalid],
    [{ email: EMAIL_255 }, 'email', MSG.emailInvalid],
    [{ email: ' MARIA@example.com ' }, 'email', SERVER_MSG.emailTaken],
    [{ phone: '123' }, 'phone', MSG.phoneMin],
    [{ phone: '1'.repeat(16) }, 'phone', MSG.phoneFormat],
  ])('refuses %j and adds no row', async (patch, field, message) => {
    const before = await countUsers();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/technicians/create',
      payload: technicianBody(patch),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await countUsers()).toBe(before);
  });

  it('accepts each field at its limit', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/technicians/create',
      payload: technicianBody({
        first_name: 'f'.repeat(50),
        last_name: 'l'.repeat(50),
        email: EMAIL_255.slice(1),
        phone: '1'.repeat(15),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await userRow(res.json().resource.id)).toMatchObject({
      firstName: 'f'.repeat(50),
      lastName: 'l'.repeat(50),
      email: EMAIL_255.slice(1),
      phone: '1'.repeat(15),
    });
    const deleted = await ctx.call('admin', {
      method: 'DELETE',
      url: `/technicians/${res.json().resource.id}/delete`,
    });
    expect(deleted.statusCode).toBe(200);
  });

  it('lists only technicians, sortable by name and e-mail', async () => {
    const aaron = await ctx.call('admin', {
      method: 'POST',
      url: '/technicians/create',
      payload: technicianBody({ first_name: 'Aaron', last_name: 'Zimmer', email: 'zz@example.com' }),
    });
    expect(aaron.statusCode, aaron.body).toBe(201);
    const res = await ctx.call('staff', {
      method: 'GET',
      url: '/technicians/list?order_by=name&order_dir=asc',
    });
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .resource.items.map((t: { profile: { full_name: string } }) => t.profile.full_name);
    expect(names).toEqual(['Aaron Zimmer', 'Maria Lopez', 'Tess Tester']);
    const byEmail = await ctx.call('staff', {
      method: 'GET',
      url: '/technicians/list?order_by=email&order_dir=desc',
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().resource.items[0].email).toBe('zz@example.com');
  });

  it('autocompletes with pickers’ parameters', async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: '/technicians/autocomplete-list?page=1&ipp=10&search=mar&order_by=name&order_dir=asc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.items).toEqual([{ id, name: 'Maria Lopez' }]);
  });

  it('keeps update, archive and delete for admins: staff get 403 and change nothing', async () => {
    const before = { rows: await countUsers(), row: await userRow(id) };
    for (const [method, url] of [
      ['PATCH', `/technicians/${id}/update`],
      ['PATCH', `/technicians/${id}/activate`],
      ['DELETE', `/technicians/${id}/delete`],
    ] as const) {
      const res = await ctx.call('staff', {
        method,
        url,
        payload: { ...technician, last_name: 'Changed' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_MSG.forbidden });
    }
    expect(await countUsers()).toBe(before.rows);
    expect(await userRow(id)).toEqual(before.row);
  });

  it('refuses an invalid update and leaves the technician as it was', async () => {
    const before = await userRow(id);
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/technicians/${id}/update`,
      payload: { ...technician, last_name: 'z'.repeat(51) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MSG.lastNameMax, errors: { last_name: [MSG.lastNameMax] } });
    const taken = await ctx.call('admin', {
      method: 'PATCH',
      url: `/technicians/${id}/update`,
      payload: { ...technician, email: 'ZZ@example.com' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: SERVER_MSG.emailTaken,
      errors: { email: [SERVER_MSG.emailTaken] },
    });
    expect(await userRow(id)).toEqual(before);
  });

  it('lets admins update and archive', async () => {
    const update = await ctx.call('admin', {
      method: 'PATCH',
      url: `/technicians/${id}/update`,
      payload: { ...technician, last_name: 'Lopez-Garcia' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().message).toBe('Technician Maria updated successfully');
    expect(update.json().resource.profile.full_name).toBe('Maria Lopez-Garcia');
    expect((await userRow(id))?.lastName).toBe('Lopez-Garcia');
    const archive = await ctx.call('admin', { method: 'PATCH', url: `/technicians/${id}/activate` });
    expect(archive.statusCode).toBe(200);
    expect(archive.json().message).toBe('Technician Maria archived successfully');
    expect((await userRow(id))?.isActive).toBe(false);
    const inactive = await ctx.call('staff', { method: 'GET', url: '/technicians/list?status=inactive' });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().resource.items.map((t: { id: number }) => t.id)).toEqual([id]);
    const autocomplete = await ctx.call('staff', {
      method: 'GET',
      url: '/technicians/autocomplete-list?search=mar',
    });
    expect(autocomplete.statusCode).toBe(200);
    expect(autocomplete.json().resource.items).toEqual([]);
  });

  it('does not reach user accounts through the technician routes', async () => {
    const staff = ctx.users.staff.id;
    const before = { rows: await countUsers(), row: await userRow(staff) };
    for (const [method, url] of [
      ['GET', `/technicians/${staff}/get`],
      ['PATCH', `/technicians/${staff}/update`],
      ['PATCH', `/technicians/${staff}/activate`],
      ['DELETE', `/technicians/${staff}/delete`],
    ] as const) {
      const res = await ctx.call('admin', {
        method,
        url,
        payload: method === 'PATCH' ? technicianBody() : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: 'Technician not found.' });
    }
    expect(await countUsers()).toBe(before.rows);
    expect(await userRow(staff)).toEqual(before.row);
  });

  it('refuses to delete a technician assigned to an inventory (409) and deletes one that is not', async () => {
    const owner = ctx.users.technician.id;
    const [customer] = await ctx.database.db.insert(customers).values({ name: 'Acme' }).returning();
    const [facility] = await ctx.database.db
      .insert(facilities)
      .values({ name: 'Plant', customerId: customer!.id })
      .returning();
    const [inventory] = await ctx.database.db
      .insert(inventories)
      .values({ year: 2025, customerId: customer!.id, facilityId: facility!.id })
      .returning();
    await ctx.database.db.insert(inventoryTechnicians).values({ inventoryId: inventory!.id, userId: owner });
    const before = await countUsers();
    const refused = await ctx.call('admin', { method: 'DELETE', url: `/technicians/${owner}/delete` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'Technician is assigned to inventories and cannot be deleted. Archive it instead.',
    });
    expect(await countUsers()).toBe(before);
    expect(await userRow(owner)).toBeDefined();

    const ok = await ctx.call('admin', { method: 'DELETE', url: `/technicians/${id}/delete` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Technician Maria deleted successfully');
    expect(await userRow(id)).toBeUndefined();
    expect(await countUsers()).toBe(before! - 1);
    const gone = await ctx.call('admin', { method: 'GET', url: `/technicians/${id}/get` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Technician not found.' });
  });

  it('keeps technicians themselves out', async () => {
    const before = await countUsers();
    const list = await ctx.call('technician', { method: 'GET', url: '/technicians/list' });
    expect(list.statusCode).toBe(403);
    expect(list.json()).toEqual({ message: SERVER_MSG.forbidden });
    const created = await ctx.call('technician', {
      method: 'POST',
      url: '/technicians/create',
      payload: technicianBody(),
    });
    expect(created.statusCode).toBe(403);
    expect(await countUsers()).toBe(before);
  });

  it('lets an admin end every session of a technician (audited); staff get 403; a user is not found', async () => {
    const technician = await createTestUser(ctx.database, {
      email: 'lost.tablet@test.local',
      role: 'technician',
      firstName: 'Tab',
      lastName: 'Lost',
    });
    await createSession(ctx.database.db, {
      userId: technician.id,
      ttlMs: 60 * 60 * 1000,
      isRemembered: false,
      ipAddress: '127.0.0.1',
      userAgent: 'second device',
    });
    const me = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/admin/v1/auth/me',
        headers: { 'x-app-key': 'test-app-key', authorization: `Bearer ${technician.token}` },
      });
    const url = `/technicians/${technician.id}/end-sessions`;

    const refused = await ctx.call('staff', { method: 'POST', url });
    expect(refused.statusCode).toBe(403);
    expect((await me()).statusCode).toBe(200);

    const res = await ctx.call('admin', { method: 'POST', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: '2 sessions of Tab Lost were ended.',
      resource: { ended_sessions: 2 },
    });
    expect((await me()).json()).toEqual({ message: SERVER_MSG.sessionExpired });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'end-sessions'), eq(auditLog.entityId, technician.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'technician',
      userId: ctx.users.admin.id,
      details: { ended_sessions: 2 },
    });

    const staff = ctx.users.staff.id;
    const notTechnician = await ctx.call('admin', {
      method: 'POST',
      url: `/technicians/${staff}/end-sessions`,
    });
    expect(notTechnician.statusCode).toBe(404);
    expect(notTechnician.json()).toEqual({ message: 'Technician not found.' });
    expect((await ctx.call('staff', { method: 'GET', url: '/auth/me' })).statusCode).toBe(200);
  });
});
