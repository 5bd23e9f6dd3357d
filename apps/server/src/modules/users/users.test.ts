import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  createTestUser,
  extractResetToken,
  readOutbox,
  type TestContext,
} from '../../../test/helper.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { userBody } from '../../seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newUser = userBody({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'Grace.Hopper@Example.com',
  phone: '(512) 555-0100',
});

async function countUsers() {
  return (await ctx.database.db.select().from(users)).length;
}

describe('users', () => {
  let createdId: number;

  it('creates a user, normalises phone and e-mail, and mails a link to choose a password', async () => {
    const res = await ctx.call('admin', { method: 'POST', url: '/users/create', payload: newUser });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('User Grace created successfully');
    expect(body.resource).toMatchObject({
      email: 'grace.hopper@example.com',
      role: 'staff',
      is_active: true,
      profile: { first_name: 'Grace', last_name: 'Hopper', full_name: 'Grace Hopper', phone: '5125550100' },
      address: { phone: '5125550100' },
    });
    createdId = body.resource.id;
    const mail = readOutbox(ctx.dataDir).at(-1)!;
    expect(mail).toContain('To: grace.hopper@example.com');
    const token = extractResetToken(mail);
    const set = await ctx.call(null, {
      method: 'POST',
      url: '/auth/set-password',
      payload: { token, password: 'Compiler1' },
    });
    expect(set.statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail, whatever its case, and adds no row', async () => {
    const before = await countUsers();
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/users/create',
      payload: { ...newUser, email: 'GRACE.HOPPER@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ first_name: 'a'.repeat(51) }, 'first_name', 'First name must be less than 50 characters'],
    [{ last_name: '' }, 'last_name', 'Last name is required'],
    [{ last_name: 'b'.repeat(51) }, 'last_name', 'Last name must be less than 50 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'grace@' }, 'email', 'Invalid email format'],
    [{ phone: '555-01' }, 'phone', 'Phone number must contain at least 10 digits'],
    [{ role: 'technician' }, 'role', 'Role must be admin or staff'],
    [{ role: 'root' }, 'role', 'Role must be admin or staff'],
  ])('validates %j', async (patch, field, message) => {
    const before = await countUsers();
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/users/create',
      payload: { ...newUser, email: 'other@example.com', ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await countUsers()).toBe(before);
  });

  it('gets and updates a user', async () => {
    const got = await ctx.call('admin', { method: 'GET', url: `/users/${createdId}/get` });
    expect(got.statusCode).toBe(200);
    expect(got.json().resource.profile.full_name).toBe('Grace Hopper');
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/users/${createdId}/update`,
      payload: { ...newUser, first_name: 'Amazing', role: 'admin', phone: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User Amazing updated successfully');
    expect(res.json().resource).toMatchObject({
      role: 'admin',
      profile: { first_name: 'Amazing', phone: '' },
    });
  });

  it('answers 404 for an unknown user and for a technician id', async () => {
    const missing = await ctx.call('admin', { method: 'GET', url: '/users/999999/get' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.' });
    const tech = await ctx.call('admin', { method: 'GET', url: `/users/${ctx.users.technician.id}/get` });
    expect(tech.statusCode).toBe(404);
  });

  it('validates the id parameter', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/users/abc/get' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toBeDefined();
  });

  it('lists users (not technicians) with paging, search, status and sorting', async () => {
    for (const [i, name] of ['Zed', 'Yan', 'Xia'].entries()) {
      await ctx.call('admin', {
        method: 'POST',
        url: '/users/create',
        payload: { ...newUser, first_name: name, last_name: `Listed${i}`, email: `listed${i}@example.com` },
      });
    }
    const page = await ctx.call('admin', {
      method: 'GET',
      url: '/users/list?page=1&ipp=2&order_by=first_name&order_dir=asc',
    });
    expect(page.statusCode).toBe(200);
    const body = page.json().resource;
    expect(body.items).toHaveLength(2);
    expect(body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 6 });
    expect(body.items.map((u: { profile: { first_name: string } }) => u.profile.first_name)).toEqual([
      'Ada',
      'Amazing',
    ]);
    expect(body.items.every((u: { role: string }) => u.role !== 'technician')).toBe(true);

    const desc = await ctx.call('admin', {
      method: 'GET',
      url: '/users/list?order_by=first_name&order_dir=desc&ipp=1',
    });
    expect(desc.json().resource.items[0].profile.first_name).toBe('Zed');

    const search = await ctx.call('admin', { method: 'GET', url: '/users/list?search=listed1' });
    expect(search.json().resource.items.map((u: { email: string }) => u.email)).toEqual([
      'listed1@example.com',
    ]);
    const byFullName = await ctx.call('admin', {
      method: 'GET',
      url: `/users/list?search=${encodeURIComponent('Yan Listed')}`,
    });
    expect(byFullName.json().resource.meta.total).toBe(1);
  });

  it('treats LIKE wildcards in a search as text', async () => {
    const res = await ctx.call('admin', {
      method: 'GET',
      url: `/users/list?search=${encodeURIComponent('%')}`,
    });
    expect(res.json().resource.meta.total).toBe(0);
  });

  it.each([
    ['order_by=password_hash', 'order_by'],
    ['order_dir=up', 'order_dir'],
    ['page=0', 'page'],
    ['ipp=1000', 'ipp'],
    ['status=deleted', 'status'],
  ])('refuses the list query %s with 422', async (query, field) => {
    const res = await ctx.call('admin', { method: 'GET', url: `/users/list?${query}` });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('archives and unarchives, filtering by status', async () => {
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/users/${createdId}/activate` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().message).toBe('User Amazing archived successfully');
    expect(archived.json().resource.is_active).toBe(false);

    const inactive = await ctx.call('admin', { method: 'GET', url: '/users/list?status=inactive' });
    expect(inactive.json().resource.items.map((u: { id: number }) => u.id)).toEqual([createdId]);
    const active = await ctx.call('admin', { method: 'GET', url: '/users/list?status=active&ipp=100' });
    expect(active.json().resource.items.map((u: { id: number }) => u.id)).not.toContain(createdId);

    const back = await ctx.call('admin', { method: 'PATCH', url: `/users/${createdId}/activate` });
    expect(back.json().message).toBe('User Amazing unarchived successfully');
    expect(back.json().resource.is_active).toBe(true);
  });

  it('refuses to archive or delete yourself', async () => {
    const archive = await ctx.call('admin', {
      method: 'PATCH',
      url: `/users/${ctx.users.admin.id}/activate`,
    });
    expect(archive.statusCode).toBe(409);
    expect(archive.json()).toEqual({ message: 'You cannot archive your own account.' });
    const del = await ctx.call('admin', { method: 'DELETE', url: `/users/${ctx.users.admin.id}/delete` });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: 'You cannot delete your own account.' });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, ctx.users.admin.id));
    expect(row?.isActive).toBe(true);
  });

  it('deletes a user and its sessions', async () => {
    const doomed = await createTestUser(ctx.database, {
      email: 'doomed@test.local',
      role: 'staff',
      firstName: 'Doomed',
    });
    const res = await ctx.call('admin', { method: 'DELETE', url: `/users/${doomed.id}/delete` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User Doomed deleted successfully');
    expect(await ctx.database.db.select().from(users).where(eq(users.id, doomed.id))).toHaveLength(0);
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entityId, doomed.id));
    expect(audit).toMatchObject({
      action: 'delete',
      entity: 'user',
      userId: ctx.users.admin.id,
      details: { email: 'doomed@test.local' },
    });
    const me = await ctx.call(null, {
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${doomed.token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('autocompletes active users by name', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/users/autocomplete-list?search=zed&ipp=10' });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.items).toEqual([{ id: expect.any(Number), name: 'Zed Listed0' }]);
  });

  it('keeps staff and technicians out with 403', async () => {
    for (const role of ['staff', 'technician'] as const) {
      const res = await ctx.call(role, { method: 'GET', url: '/users/list' });
      expect(res.statusCode).toBe(403);
    }
  });
});
