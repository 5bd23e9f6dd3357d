import { LOOKUP_MSG, SERVER_MSG } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { containers, containerUnits, hazards, productHazards, products } from '../../db/schema/index.ts';
import { containerBody, containerUnitBody, hazardBody } from '../../seed/factories.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type LookupTable = typeof hazards | typeof containers | typeof containerUnits;

async function countRows(table: LookupTable) {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n;
}

async function rowOf(table: LookupTable, id: number) {
  const [row] = await ctx.database.db.select().from(table).where(eq(table.id, id));
  return row;
}

async function createAs(role: 'admin' | 'staff', base: string, payload: Record<string, unknown>) {
  const res = await ctx.call(role, { method: 'POST', url: `${base}/create`, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as { id: number; name: string };
}

describe('hazard classes', () => {
  let flammable: number;

  it('lets admins create, and refuses staff with 403 and no row', async () => {
    const staff = await ctx.call('staff', {
      method: 'POST',
      url: '/hazards/create',
      payload: { name: 'Flammable' },
    });
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: SERVER_MSG.forbidden });
    expect(await countRows(hazards)).toBe(0);
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
    expect(await rowOf(hazards, flammable)).toMatchObject({
      name: 'Flammable',
      description: 'Flash point below 100 °F',
      isActive: true,
    });
    await createAs('admin', '/hazards', { name: 'Corrosive' });
    await createAs('admin', '/hazards', { name: 'Acute Toxic' });
    expect(await countRows(hazards)).toBe(3);
  });

  it.each([
    [{ name: '' }, 'name', LOOKUP_MSG.hazardNameRequired],
    [{ name: 'h'.repeat(51) }, 'name', LOOKUP_MSG.hazardNameMax],
    [{ name: undefined }, 'name', LOOKUP_MSG.hazardNameRequired],
    [{ description: 'd'.repeat(501) }, 'description', LOOKUP_MSG.descriptionMax],
  ])('refuses %j and adds no row', async (patch, field, message) => {
    const before = await countRows(hazards);
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      payload: hazardBody(patch),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await countRows(hazards)).toBe(before);
  });

  it('saves a name and a description at their limits', async () => {
    const before = await countRows(hazards);
    const created = await createAs('admin', '/hazards', {
      name: 'h'.repeat(50),
      description: 'd'.repeat(500),
    });
    expect(await rowOf(hazards, created.id)).toMatchObject({
      name: 'h'.repeat(50),
      description: 'd'.repeat(500),
    });
    const deleted = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${created.id}/delete` });
    expect(deleted.statusCode).toBe(200);
    expect(await rowOf(hazards, created.id)).toBeUndefined();
    expect(await countRows(hazards)).toBe(before);
  });

  it('lists in creation order by default (no default sort), searchable, and lets staff read', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/hazards/list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource.items.map((h: { name: string }) => h.name)).toEqual([
      'Flammable',
      'Corrosive',
      'Acute Toxic',
    ]);
    const sorted = await ctx.call('staff', {
      method: 'GET',
      url: '/hazards/list?order_by=name&order_dir=asc',
    });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json().resource.items.map((h: { name: string }) => h.name)).toEqual([
      'Acute Toxic',
      'Corrosive',
      'Flammable',
    ]);
    const found = await ctx.call('staff', { method: 'GET', url: '/hazards/list?search=rros' });
    expect(found.statusCode).toBe(200);
    expect(found.json().resource.items.map((h: { name: string }) => h.name)).toEqual(['Corrosive']);
  });

  it('edits and archives as admin only', async () => {
    const before = await rowOf(hazards, flammable);
    for (const [method, url] of [
      ['PATCH', `/hazards/${flammable}/update`],
      ['PATCH', `/hazards/${flammable}/activate`],
      ['DELETE', `/hazards/${flammable}/delete`],
    ] as const) {
      const res = await ctx.call('staff', { method, url, payload: { name: 'X' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_MSG.forbidden });
    }
    expect(await rowOf(hazards, flammable)).toEqual(before);

    const refused = await ctx.call('admin', {
      method: 'PATCH',
      url: `/hazards/${flammable}/update`,
      payload: { name: 'h'.repeat(51) },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: LOOKUP_MSG.hazardNameMax,
      errors: { name: [LOOKUP_MSG.hazardNameMax] },
    });
    expect(await rowOf(hazards, flammable)).toEqual(before);

    const updated = await ctx.call('admin', {
      method: 'PATCH',
      url: `/hazards/${flammable}/update`,
      payload: { name: 'Flammable Liquid' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Hazard class Flammable Liquid updated successfully');
    expect((await rowOf(hazards, flammable))?.name).toBe('Flammable Liquid');
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/hazards/${flammable}/activate` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      message: 'Hazard class Flammable Liquid archived successfully',
      resource: { is_active: false },
    });
    expect((await rowOf(hazards, flammable))?.isActive).toBe(false);
    const active = await ctx.call('staff', { method: 'GET', url: '/hazards/list?status=active' });
    expect(active.statusCode).toBe(200);
    expect(active.json().resource.items.map((h: { id: number }) => h.id)).not.toContain(flammable);
    const inactive = await ctx.call('staff', { method: 'GET', url: '/hazards/list?status=inactive' });
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().resource.items.map((h: { id: number }) => h.id)).toEqual([flammable]);
    const picker = await ctx.call('staff', { method: 'GET', url: '/hazards/autocomplete-list' });
    expect(picker.statusCode).toBe(200);
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
    const before = await countRows(hazards);
    const refused = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${flammable}/delete` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The hazard class is used by 1 product(s) and cannot be deleted. Archive it instead.',
    });
    expect(await rowOf(hazards, flammable)).toBeDefined();
    expect(await countRows(hazards)).toBe(before);

    const [unused] = await ctx.database.db.select().from(hazards).where(eq(hazards.name, 'Corrosive'));
    const deleted = await ctx.call('admin', { method: 'DELETE', url: `/hazards/${unused!.id}/delete` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Hazard class Corrosive deleted successfully');
    expect(await rowOf(hazards, unused!.id)).toBeUndefined();
    expect(await countRows(hazards)).toBe(before! - 1);
    const gone = await ctx.call('admin', { method: 'GET', url: `/hazards/${unused!.id}/get` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Hazard class not found.' });
  });
});

describe('containers and container units', () => {
  let drum: number;

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
    drum = res.json().resource.id;
    expect(await rowOf(containers, drum)).toMatchObject({
      name: 'Drum',
      description: '55-gallon steel drum',
      isActive: true,
    });
  });

  it.each([
    [{ name: '' }, 'name', LOOKUP_MSG.containerRequired],
    [{ name: 'c'.repeat(101) }, 'name', LOOKUP_MSG.containerMax],
    [{ description: 'd'.repeat(501) }, 'description', LOOKUP_MSG.descriptionMax],
  ])('refuses the container type %j and adds no row', async (patch, field, message) => {
    const before = await countRows(containers);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/containers/create',
      payload: containerBody(patch),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await countRows(containers)).toBe(before);
  });

  it('saves a container type name and description at their limits', async () => {
    const created = await createAs(
      'staff',
      '/containers',
      containerBody({ name: 'c'.repeat(100), description: 'd'.repeat(500) }),
    );
    expect(await rowOf(containers, created.id)).toMatchObject({
      name: 'c'.repeat(100),
      description: 'd'.repeat(500),
    });
  });

  it('keeps edit and archive for admins', async () => {
    const before = await rowOf(containers, drum);
    for (const [method, url] of [
      ['PATCH', `/containers/${drum}/update`],
      ['PATCH', `/containers/${drum}/activate`],
    ] as const) {
      const res = await ctx.call('staff', { method, url, payload: { name: 'Tote' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: SERVER_MSG.forbidden });
    }
    expect(await rowOf(containers, drum)).toEqual(before);
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/containers/${drum}/activate` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().message).toBe('Container Drum archived successfully');
    expect((await rowOf(containers, drum))?.isActive).toBe(false);
  });

  it('stores the unit type of a unit alias, from the name or the field', async () => {
    const fromName = await ctx.call('staff', {
      method: 'POST',
      url: '/container-units/create',
      payload: { name: 'Drum (gal)' },
    });
    expect(fromName.statusCode).toBe(201);
    expect(fromName.json().resource).toMatchObject({ name: 'Drum (gal)', unit_type: 'gal' });
    expect(await rowOf(containerUnits, fromName.json().resource.id)).toMatchObject({
      name: 'Drum (gal)',
      unitType: 'gal',
    });
    const fromField = await ctx.call('staff', {
      method: 'POST',
      url: '/container-units/create',
      payload: { name: 'Cylinder', unit_type: 'cu', description: 'Compressed gas cylinder' },
    });
    expect(fromField.statusCode).toBe(201);
    expect(fromField.json().resource).toMatchObject({ name: 'Cylinder (cu)', unit_type: 'cu' });
    const [row] = await ctx.database.db
      .select()
      .from(containerUnits)
      .where(eq(containerUnits.name, 'Cylinder (cu)'));
    expect(row?.unitType).toBe('cu');
  });

  it.each([
    [{ name: '' }, 'name', LOOKUP_MSG.unitRequired],
    [{ name: 'u'.repeat(91), unit_type: 'gal' }, 'name', LOOKUP_MSG.unitMax],
    [{ name: 'Bucket', unit_type: undefined }, 'name', LOOKUP_MSG.unitType],
    [{ name: 'Bucket (kg)', unit_type: undefined }, 'name', LOOKUP_MSG.unitType],
    [{ name: 'Bucket', unit_type: 'kg' }, 'unit_type', LOOKUP_MSG.unitType],
    [{ description: 'd'.repeat(501) }, 'description', LOOKUP_MSG.descriptionMax],
  ])('refuses the unit %j and adds no row', async (patch, field, message) => {
    const before = await countRows(containerUnits);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/container-units/create',
      payload: containerUnitBody(patch as Parameters<typeof containerUnitBody>[0]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
    expect(await countRows(containerUnits)).toBe(before);
  });

  it('saves a 90-character alias with its type appended', async () => {
    const created = await createAs(
      'staff',
      '/container-units',
      containerUnitBody({ name: 'u'.repeat(90), unit_type: 'lb' }),
    );
    expect(await rowOf(containerUnits, created.id)).toMatchObject({
      name: `${'u'.repeat(90)} (lb)`,
      unitType: 'lb',
    });
  });

  it('updates a unit and its type as admin, and not as staff', async () => {
    const list = await ctx.call('staff', { method: 'GET', url: '/container-units/list?search=drum' });
    expect(list.statusCode).toBe(200);
    const [unit] = list.json().resource.items;
    const before = await rowOf(containerUnits, unit.id);
    const staff = await ctx.call('staff', {
      method: 'PATCH',
      url: `/container-units/${unit.id}/update`,
      payload: { name: 'Bottle (oz)' },
    });
    expect(staff.statusCode).toBe(403);
    expect(await rowOf(containerUnits, unit.id)).toEqual(before);
    const res = await ctx.call('admin', {
      method: 'PATCH',
      url: `/container-units/${unit.id}/update`,
      payload: { name: 'Bottle (oz)' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().resource).toMatchObject({ name: 'Bottle (oz)', unit_type: 'oz', is_active: true });
    expect(await rowOf(containerUnits, unit.id)).toMatchObject({ name: 'Bottle (oz)', unitType: 'oz' });
  });
});

describe('duplicate names', () => {
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
      await createAs('admin', base, { name });
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
    ['/hazards', hazards, 'Explosive', 'Pyrophoric', 'A hazard class named Explosive already exists.'],
    ['/containers', containers, 'Carboy', 'Jerrycan', 'A container type named Carboy already exists.'],
    [
      '/container-units',
      containerUnits,
      'Sack (lb)',
      'Bag (lb)',
      'A unit alias named Sack (lb) already exists.',
    ],
  ] as const)(
    'refuses renaming a %s onto another active name, but saves its own name again',
    async (base, table, taken, name, message) => {
      await createAs('admin', base, { name: taken });
      const own = await createAs('admin', base, { name });
      const before = { rows: await countRows(table), row: await rowOf(table, own.id) };
      const res = await ctx.call('admin', {
        method: 'PATCH',
        url: `${base}/${own.id}/update`,
        payload: { name: taken, description: 'renamed' },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message, errors: { name: [message] } });
      expect(await countRows(table)).toBe(before.rows);
      expect(await rowOf(table, own.id)).toEqual(before.row);
      const kept = await ctx.call('admin', { method: 'GET', url: `${base}/${own.id}/get` });
      expect(kept.statusCode).toBe(200);
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
    const old = await createAs('admin', '/hazards', { name: 'Irritant' });
    const archived = await ctx.call('admin', { method: 'PATCH', url: `/hazards/${old.id}/activate` });
    expect(archived.statusCode).toBe(200);
    const fresh = await ctx.call('admin', {
      method: 'POST',
      url: '/hazards/create',
      payload: { name: 'Irritant' },
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const before = await rowOf(hazards, old.id);
    const unarchive = await ctx.call('admin', { method: 'PATCH', url: `/hazards/${old.id}/activate` });
    expect(unarchive.statusCode, unarchive.body).toBe(422);
    expect(unarchive.json()).toEqual({
      message: 'A hazard class named Irritant already exists.',
      errors: { name: ['A hazard class named Irritant already exists.'] },
    });
    expect(await rowOf(hazards, old.id)).toEqual(before);
    expect(before?.isActive).toBe(false);
  });
});
