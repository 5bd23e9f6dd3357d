import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { containers, containerUnits, hazards, productHazards, products } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('hazard classes', () => {
  let flammable: number;

  it('lets admins create, and refuses staff with 403 and no row', async () => {
    const staff = await ctx.call('staff', {
      method: 'POST',
      url: '/hazards/create',
      payload: { name: 'Flammable' },
    });
    expect(staff.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(hazards)).toHaveLength(0);
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      payload: { name: ' Flammable ', description: 'Flash point below 100 °F', is_active: 1, encode: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Hazard class Flammable created successfully',
      resource: { name: 'Flammable', description: 'Flash point below 100 °F', is_active: true },
    });
    flammable = res.json().resource.id;
    await ctx.call('admin', { method: 'POST', url: '/hazards/create', payload: { name: 'Corrosive' } });
    await ctx.call('admin', { method: 'POST', url: '/hazards/create', payload: { name: 'Acute Toxic' } });
  });

  it.each([
    [{ name: '' }, 'Hazard class name is required'],
    [{ name: 'h'.repeat(51) }, 'Hazard class name must be less than 50 characters'],
    [{}, 'Hazard class name is required'],
  ])('validates %j', async (payload, message) => {
    const res = await ctx.call('admin', { method: 'POST', url: '/hazards/create', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual([message]);
  });

  it('lists in creation order by default (no default sort), searchable, and lets staff read', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/hazards/list' });
    expect(res.json().resource.items.map((h: { name: string }) => h.name)).toEqual([
      'Flammable',
      'Corrosive',
      'Acute Toxic',
    ]);
    const sorted = await ctx.call('staff', {
      method: 'GET',
      url: '/hazards/list?order_by=name&order_dir=asc',
    });
    expect(sorted.json().resource.items.map((h: { name: string }) => h.name)).toEqual([
      'Acute Toxic',
      'Corrosive',
      'Flammable',
    ]);
    const found = await ctx.call('staff', { method: 'GET', url: '/hazards/list?search=rros' });
    expect(found.json().resource.items.map((h: { name: string }) => h.name)).toEqual(['Corrosive']);
  });

  it('edits and archives as admin only', async () => {
    expect(
      (
        await ctx.call('staff', {
          method: 'PATCH',
          url: `/hazards/${flammable}/update`,
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    const updated = await ctx.call('admin', {
      method: 'PATCH',
      url: `/hazards/${flammable}/update`,
      payload: { name: 'Flammable Liquid' },
    });
    expect(updated.json().message).toBe('Hazard class Flammable Liquid updated successfully');
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/hazards/${flammable}/activate` });
    expect(archived.json()).toMatchObject({
      message: 'Hazard class Flammable Liquid archived successfully',
      resource: { is_active: false },
    });
    const active = await ctx.call('staff', { method: 'GET', url: '/hazards/list?status=active' });
    expect(active.json().resource.items.map((h: { id: number }) => h.id)).not.toContain(flammable);
    const inactive = await ctx.call('staff', { method: 'GET', url: '/hazards/list?status=inactive' });
    expect(inactive.json().resource.items.map((h: { id: number }) => h.id)).toEqual([flammable]);
    const picker = await ctx.call('staff', { method: 'GET', url: '/hazards/autocomplete-list' });
    expect(picker.json().resource.items.map((h: { name: string }) => h.name)).toEqual([
      'Acute Toxic',
      'Corrosive',
    ]);
  });

  it('refuses to delete a hazard class a product uses (409) and deletes an unused one', async () => {
    const [product] = await ctx.database.db
      .insert(products)
      .values({ name: 'Acetone', mfgName: 'Sunnyside' })
      .returning();
    await ctx.database.db.insert(productHazards).values({ productId: product!.id, hazardId: flammable });
    const refused = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${flammable}/delete` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The hazard class is used by 1 product(s) and cannot be deleted. Archive it instead.',
    );
    expect(await ctx.database.db.select().from(hazards).where(eq(hazards.id, flammable))).toHaveLength(1);

    const [unused] = await ctx.database.db.select().from(hazards).where(eq(hazards.name, 'Corrosive'));
    const deleted = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${unused!.id}/delete` });
    expect(deleted.json().message).toBe('Hazard class Corrosive deleted successfully');
    expect((await ctx.call('admin', { method: 'GET', url: `/hazards/${unused!.id}/get` })).statusCode).toBe(
      404,
    );
  });
});

describe('containers and container units', () => {
  it('lets staff create a container type, with its message', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/containers/create',
      payload: { name: 'Drum', description: '55-gallon steel drum', is_active: 1, encode: true },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Container Drum created successfully',
      resource: { name: 'Drum', is_active: true },
    });
    const empty = await ctx.call('staff', {
      method: 'POST',
      url: '/containers/create',
      payload: { name: '' },
    });
    expect(empty.json().errors.name).toEqual(['Container Type is required']);
  });

  it('keeps edit and archive for admins', async () => {
    const [row] = (await ctx.call('staff', { method: 'GET', url: '/containers/list' })).json().resource.items;
    expect(
      (
        await ctx.call('staff', {
          method: 'PATCH',
          url: `/containers/${row.id}/update`,
          payload: { name: 'Tote' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.call('staff', { method: 'PATCH', url: `/containers/${row.id}/activate` })).statusCode,
    ).toBe(403);
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/containers/${row.id}/activate` });
    expect(archived.json().message).toBe('Container Drum archived successfully');
  });

  it('stores the unit type of a unit alias, from the name or the field', async () => {
    const fromName = await ctx.call('staff', {
      method: 'POST',
      url: '/container-units/create',
      payload: { name: 'Drum (gal)' },
    });
    expect(fromName.statusCode).toBe(201);
    expect(fromName.json().resource).toMatchObject({ name: 'Drum (gal)', unit_type: 'gal' });
    const fromField = await ctx.call('staff', {
      method: 'POST',
      url: '/container-units/create',
      payload: { name: 'Cylinder', unit_type: 'cu', description: 'Compressed gas cylinder' },
    });
    expect(fromField.json().resource).toMatchObject({ name: 'Cylinder (cu)', unit_type: 'cu' });
    const [row] = await ctx.database.db
      .select()
      .from(containerUnits)
      .where(eq(containerUnits.name, 'Cylinder (cu)'));
    expect(row?.unitType).toBe('cu');
  });

  it.each([
    [{ name: '' }, 'name', 'Unit Alias is required'],
    [
      { name: 'Bucket' },
      'name',
      'Unit type must be one of gal, oz, lb, cu: put it in parentheses at the end of the alias, e.g. Drum (gal)',
    ],
    [
      { name: 'Bucket (kg)' },
      'name',
      'Unit type must be one of gal, oz, lb, cu: put it in parentheses at the end of the alias, e.g. Drum (gal)',
    ],
    [
      { name: 'Bucket', unit_type: 'kg' },
      'unit_type',
      'Unit type must be one of gal, oz, lb, cu: put it in parentheses at the end of the alias, e.g. Drum (gal)',
    ],
  ])('validates the unit %j', async (payload, field, message) => {
    const res = await ctx.call('staff', { method: 'POST', url: '/container-units/create', payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });

  it('updates a unit and its type as admin', async () => {
    const [unit] = (
      await ctx.call('staff', { method: 'GET', url: '/container-units/list?search=drum' })
    ).json().resource.items;
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/container-units/${unit.id}/update`,
      payload: { name: 'Bottle (oz)' },
    });
    expect(res.json().resource).toMatchObject({ name: 'Bottle (oz)', unit_type: 'oz', is_active: true });
  });
});

describe('duplicate names', () => {
  async function countRows(table: typeof hazards | typeof containers | typeof containerUnits) {
    const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n;
  }

  it.each([
    ['/hazards', hazards, 'Oxidizer', ' oxidizer ', 'A hazard class named Oxidizer already exists.'],
    ['/containers', containers, 'Tote', 'TOTE', 'A container type named Tote already exists.'],
    [
      '/container-units',
      containerUnits,
      'Pail (gal)',
      ' pail (GAL)',
      'A unit alias named Pail (gal) already exists.',
    ],
  ] as const)(
    'refuses a second active %s named the same, ignoring case and spaces, naming the one there',
    async (base, table, name, again, message) => {
      const first = await ctx.call('admin', { method: 'POST', url: `${base}/create`, payload: { name } });
      expect(first.statusCode, first.body).toBe(201);
      const before = await countRows(table);
      const res = await ctx.call('admin', {
        method: 'POST',
        url: `${base}/create`,
        payload: { name: again },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: { name: [message] } });
      expect(await countRows(table)).toBe(before);
    },
  );

  it.each([
    ['/hazards', 'Explosive', 'Pyrophoric', 'A hazard class named Explosive already exists.'],
    ['/containers', 'Carboy', 'Jerrycan', 'A container type named Carboy already exists.'],
    ['/container-units', 'Sack (lb)', 'Bag (lb)', 'A unit alias named Sack (lb) already exists.'],
  ] as const)(
    'refuses renaming a %s onto another active name, but saves its own name again',
    async (base, taken, name, message) => {
      await ctx.call('admin', { method: 'POST', url: `${base}/create`, payload: { name: taken } });
      const own = (
        await ctx.call('admin', { method: 'POST', url: `${base}/create`, payload: { name } })
      ).json().resource;
      const res = await ctx.call('admin', {
        method: 'PATCH',
        url: `${base}/${own.id}/update`,
        payload: { name: taken, description: 'renamed' },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: { name: [message] } });
      const kept = await ctx.call('admin', { method: 'GET', url: `${base}/${own.id}/get` });
      expect(kept.json().resource).toMatchObject({ name, description: '' });
      // Its own name, in another case, is no duplicate of itself.
      const same = await ctx.call('admin', {
        method: 'PATCH',
        url: `${base}/${own.id}/update`,
        payload: { name: name.toUpperCase() },
      });
      expect(same.statusCode, same.body).toBe(200);
    },
  );

  it('lets an archived name be used again, and refuses to unarchive it while another is active', async () => {
    const old = (
      await ctx.call('admin', { method: 'POST', url: '/hazards/create', payload: { name: 'Irritant' } })
    ).json().resource;
    await ctx.call('admin', { method: 'PATCH', url: `/hazards/${old.id}/activate` });
    const fresh = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      payload: { name: 'Irritant' },
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const unarchive = await ctx.call('admin', { method: 'PATCH', url: `/hazards/${old.id}/activate` });
    expect(unarchive.statusCode, unarchive.body).toBe(422);
    expect(unarchive.json()).toEqual({
      message: 'A hazard class named Irritant already exists.',
      errors: { name: ['A hazard class named Irritant already exists.'] },
    });
    const [row] = await ctx.database.db.select().from(hazards).where(eq(hazards.id, old.id));
    expect(row?.isActive).toBe(false);
  });
});
