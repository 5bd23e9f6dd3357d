import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, readOutbox, type TestContext } from '../../../test/helper.ts';
import { customers, facilities, inventories, inventoryTechnicians, users } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const technician = {
  first_name: 'Maria',
  last_name: 'Lopez',
  phone: '5125550101',
  email: 'maria@example.com',
  is_active: 1,
  encode: true,
};

describe('technicians', () => {
  let id: number;

  it('lets staff create a technician, with the technician role and no e-mail sent', async () => {
    const before = readOutbox(ctx.dataDir).length;
    const res = await ctx.call('staff', { method: 'POST', url: '/technicians/create', payload: technician });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Technician Maria created successfully');
    expect(res.json().resource).toMatchObject({
      role: 'technician',
      is_active: true,
      profile: { full_name: 'Maria Lopez', phone: '5125550101' },
    });
    id = res.json().resource.id;
    expect(readOutbox(ctx.dataDir)).toHaveLength(before);
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'First name is required'],
    [{ last_name: 'z'.repeat(51) }, 'last_name', 'Last name must be less than 50 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'maria' }, 'email', 'Invalid email format'],
    [{ phone: '123' }, 'phone', 'Phone number must contain at least 10 digits'],
  ])('validates %j', async (patch, field, message) => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/technicians/create',
      payload: { ...technician, email: 'another@example.com', ...patch },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('lists only technicians, sortable by name and e-mail', async () => {
    await ctx.call('admin', {
      method: 'POST',
      url: '/technicians/create',
      payload: { ...technician, first_name: 'Aaron', last_name: 'Zimmer', email: 'zz@example.com' },
    });
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
    expect(byEmail.json().resource.items[0].email).toBe('zz@example.com');
  });

  it('autocompletes with pickers’ parameters', async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: '/technicians/autocomplete-list?page=1&ipp=10&search=mar&order_by=name&order_dir=asc',
    });
    expect(res.json().resource.items).toEqual([{ id, name: 'Maria Lopez' }]);
  });

  it('keeps update, archive and delete for admins', async () => {
    for (const [method, url] of [
      ['PATCH', `/technicians/${id}/update`],
      ['PATCH', `/technicians/${id}/activate`],
      ['DELETE', `/technicians/${id}/delete`],
    ] as const) {
      const res = await ctx.call('staff', { method, url, payload: technician });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.isActive).toBe(true);
  });

  it('lets admins update and archive', async () => {
    const update = await ctx.call('admin', {
      method: 'PATCH',
      url: `/technicians/${id}/update`,
      payload: { ...technician, last_name: 'Lopez-Garcia' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().resource.profile.full_name).toBe('Maria Lopez-Garcia');
    const archive = await ctx.call('admin', { method: 'PATCH', url: `/technicians/${id}/activate` });
    expect(archive.json().message).toBe('Technician Maria archived successfully');
    const inactive = await ctx.call('staff', { method: 'GET', url: '/technicians/list?status=inactive' });
    expect(inactive.json().resource.items.map((t: { id: number }) => t.id)).toEqual([id]);
    const autocomplete = await ctx.call('staff', {
      method: 'GET',
      url: '/technicians/autocomplete-list?search=mar',
    });
    expect(autocomplete.json().resource.items).toEqual([]);
  });

  it('does not reach user accounts through the technician routes', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: `/technicians/${ctx.users.staff.id}/get` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Technician not found.' });
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
    const refused = await ctx.call('admin', { method: 'DELETE', url: `/technicians/${owner}/delete` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Technician is assigned to inventories and cannot be deleted. Archive it instead.',
    );
    expect(await ctx.database.db.select().from(users).where(eq(users.id, owner))).toHaveLength(1);

    const ok = await ctx.call('admin', { method: 'DELETE', url: `/technicians/${id}/delete` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Technician Maria deleted successfully');
  });

  it('keeps technicians themselves out', async () => {
    const res = await ctx.call('technician', { method: 'GET', url: '/technicians/list' });
    expect(res.statusCode).toBe(403);
  });
});
