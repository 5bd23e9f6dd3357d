import fs from 'node:fs';
import { PRODUCT_MSG, type ProductResource } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { makePdf, storedFiles, storedPath, uploadPdf } from '../../../test/uploads.ts';
import { auditLog, files, productHazards, products } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

let ctx: TestContext;
const hazard: Record<'flammable' | 'corrosive' | 'toxic' | 'archived', number> = {
  flammable: 0,
  corrosive: 0,
  toxic: 0,
  archived: 0,
};

async function createHazard(name: string): Promise<number> {
  return (await create.hazard(ctx, { name })).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  hazard.flammable = await createHazard('Flammable');
  hazard.corrosive = await createHazard('Corrosive');
  hazard.toxic = await createHazard('Acute Toxic');
  hazard.archived = await createHazard('Retired Class');
  await ctx.call('admin', { method: 'PATCH', url: `/hazards/${hazard.archived}/activate` });
});
afterAll(() => ctx.close());

const product = {
  name: 'Sulfuric Acid 93%',
  mfg_name: 'Acme Chemical Co',
  mfg_product_number: 'SA-93',
  mfg_phone: '(555) 123-4567',
  mfg_emergency_phone: '1-800-424-9300',
  sds_date: '2026-01-15',
  physical_state: 'liquid',
  specific_gravity: '1.84 g/ml',
  density: '99',
  pounds_per_gallon: '15.30',
  conversion_factor: '5',
  flash_points: '-40 °F',
  nfpa: '3-0-2-W',
  is_spcc: 1,
  is_sara_f: 0,
  is_sara_p: 0,
  is_sara_r: 1,
  is_sara_a: 1,
  is_sara_c: 0,
  is_active: 1,
  encode: true,
};

async function createProduct(body: Record<string, unknown> = {}): Promise<ProductResource> {
  const res = await ctx.call('staff', {
    method: 'POST',
    url: '/products/create',
    payload: { ...product, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource;
}

async function updateProduct(id: number, body: Record<string, unknown>) {
  return ctx.call('staff', {
    method: 'PATCH',
    url: `/products/${id}/update`,
    payload: { ...product, ...body },
  });
}

async function getProduct(id: number): Promise<ProductResource> {
  const res = await ctx.call('staff', { method: 'GET', url: `/products/${id}/get` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource;
}

async function countRows() {
  const { db } = ctx.database;
  const count = async (table: typeof products | typeof productHazards | typeof files) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  return { products: await count(products), hazards: await count(productHazards), files: await count(files) };
}

async function fileRow(key: string) {
  const [row] = await ctx.database.db.select().from(files).where(eq(files.storageKey, key));
  return row;
}

describe('create and get', () => {
  it('creates a product, recomputing density and normalising the typed values', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { ...product, hazard_ids: [hazard.flammable, String(hazard.corrosive), hazard.flammable] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Product Sulfuric Acid 93% created successfully',
      resource: {
        id: expect.any(Number),
        name: 'Sulfuric Acid 93%',
        mfg_name: 'Acme Chemical Co',
        mfg_product_number: 'SA-93',
        mfg_phone: '5551234567',
        mfg_emergency_phone: '18004249300',
        sds_date: '2026-01-15',
        sds_file: null,
        sds_status: 'pending',
        sds_is_label_photo: false,
        needs_review: false,
        physical_state: 'liquid',
        specific_gravity: 1.84,
        // 1.84 × 8.34 = 15.3456: the server's figure, not the client's 99.
        density: 15.35,
        pounds_per_gallon: 15.3,
        // A liquid has no conversion factor.
        conversion_factor: null,
        flash_points: -40,
        nfpa: '3-0-2-W',
        is_spcc: true,
        is_sara_f: false,
        is_sara_p: false,
        is_sara_r: true,
        is_sara_a: true,
        is_sara_c: false,
        tier2_hazard_categories: [],
        fire_code_hazard_classes: [],
        // Issue 21: the 370.13 exclusion and the 302 solid form, none recorded.
        tier2_exclusion: null,
        solid_form: null,
        powder_fraction_pct: null,
        // Issue 23: RMP/PSM inputs, none recorded.
        is_used_as_fuel: false,
        is_partial_pressure_exempt: false,
        partial_pressure_note: '',
        is_active: true,
        hazards: [
          { id: hazard.corrosive, name: 'Corrosive' },
          { id: hazard.flammable, name: 'Flammable' },
        ],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(await getProduct(body.resource.id)).toEqual(body.resource);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'product' AND ${auditLog.entityId} = ${body.resource.id}`);
    expect(audit).toMatchObject({ action: 'create', userId: ctx.users.staff.id });
  });

  it('keeps only the measures of the physical state', async () => {
    const liquid = await createProduct({
      name: 'Measured',
      specific_gravity: '1.0',
      pounds_per_gallon: '8.34',
    });
    expect(liquid).toMatchObject({ specific_gravity: 1, density: 8.34, pounds_per_gallon: 8.34 });

    const gas = await updateProduct(liquid.id, {
      name: 'Measured',
      physical_state: 'compressed gas',
      specific_gravity: '1.0',
      pounds_per_gallon: '8.34',
      conversion_factor: '8.5',
    });
    expect(gas.statusCode, gas.body).toBe(200);
    expect(gas.json().resource).toMatchObject({
      physical_state: 'compressed gas',
      specific_gravity: null,
      density: null,
      pounds_per_gallon: null,
      conversion_factor: 8.5,
    });
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, liquid.id));
    expect(row).toMatchObject({ specificGravity: null, density: null, poundsPerGallon: null });

    const solid = await updateProduct(liquid.id, { name: 'Measured', physical_state: 'solid' });
    expect(solid.json().resource).toMatchObject({
      specific_gravity: null,
      density: null,
      pounds_per_gallon: null,
      conversion_factor: null,
    });
  });

  it.each([
    ['-459', -459],
    ['1000 °F', 1000],
    ['', null],
  ])('accepts the flash point %j', async (flash, expected) => {
    const created = await createProduct({ name: `Flash ${flash}`, flash_points: flash });
    expect(created.flash_points).toBe(expected);
  });

  it.each(['4-0', '12.5', '1e2', 'forty'])(
    'refuses the flash point %j with 422 instead of reading other digits, and writes nothing',
    async (flash) => {
      const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
      const res = await ctx.call('staff', {
        method: 'POST',
        url: '/products/create',
        payload: { name: `Flash ${flash}`, mfg_name: 'Maker', flash_points: flash },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ flash_points: ['Flash Point must be a whole number of °F.'] });
      const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(after).toEqual(before);
    },
  );

  it('refuses a specific gravity of 0 with 422 and its message, and writes nothing (issue 33 point 3)', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { name: 'Weightless', mfg_name: 'Maker', physical_state: 'liquid', specific_gravity: '0' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ specific_gravity: ['Specific Gravity must be greater than 0.'] });
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(after).toEqual(before);
  });

  it('accepts the smallest body: names only', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { name: 'Bare', mfg_name: 'Maker' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().resource).toMatchObject({
      mfg_phone: '',
      sds_date: null,
      physical_state: null,
      flash_points: null,
      hazards: [],
      is_active: true,
      sds_status: 'pending',
    });
  });

  it('answers 404 for an unknown product', async () => {
    for (const [method, url] of [
      ['GET', '/products/999999/get'],
      ['PATCH', '/products/999999/activate'],
      ['GET', '/products/999999/sds-download'],
      ['DELETE', '/products/999999/sds-delete'],
    ] as const) {
      const res = await ctx.call('staff', { method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Product not found.' });
    }
    const update = await updateProduct(999999, {});
    expect(update.statusCode).toBe(404);
  });
});

describe('validation', () => {
  const long = (n: number) => 'x'.repeat(n);

  it.each([
    [{ name: '' }, 'name', PRODUCT_MSG.nameRequired],
    [{ name: undefined }, 'name', PRODUCT_MSG.nameRequired],
    [{ name: long(201) }, 'name', PRODUCT_MSG.nameMax],
    [{ mfg_name: ' ' }, 'mfg_name', PRODUCT_MSG.mfgNameRequired],
    [{ mfg_name: long(201) }, 'mfg_name', PRODUCT_MSG.mfgNameMax],
    [{ mfg_product_number: long(101) }, 'mfg_product_number', PRODUCT_MSG.mfgProductNumberMax],
    [{ mfg_phone: '555-1234' }, 'mfg_phone', 'Manufacturer Phone must be 10 digits.'],
    [
      { mfg_emergency_phone: '911' },
      'mfg_emergency_phone',
      'Manufacturer Emergency Phone must be 10 digits.',
    ],
    [{ sds_date: '01/15/2026' }, 'sds_date', PRODUCT_MSG.sdsDate],
    [{ sds_date: '2026-02-30' }, 'sds_date', PRODUCT_MSG.sdsDate],
    [{ physical_state: 'plasma' }, 'physical_state', PRODUCT_MSG.physicalState],
    [{ sds_status: 'done' }, 'sds_status', PRODUCT_MSG.sdsStatus],
    [{ sds_status: 'sds' }, 'sds_status', PRODUCT_MSG.sdsStatusNeedsFile],
    [{ specific_gravity: '1.2.3' }, 'specific_gravity', 'Specific Gravity must be a number.'],
    [{ specific_gravity: '1.23456' }, 'specific_gravity', 'Specific Gravity allows at most 4 decimals.'],
    [{ specific_gravity: '1000000' }, 'specific_gravity', 'Specific Gravity must be at most 999999.'],
    [{ pounds_per_gallon: '8.345' }, 'pounds_per_gallon', 'Pounds per Gallon allows at most 2 decimals.'],
    [{ conversion_factor: '1..5' }, 'conversion_factor', 'Conversion Factor must be a number.'],
    [{ flash_points: '-460' }, 'flash_points', 'Flash Point must be between -459 and 1000 °F.'],
    [{ flash_points: '1001' }, 'flash_points', PRODUCT_MSG.flashPoint],
    [{ nfpa: long(51) }, 'nfpa', PRODUCT_MSG.nfpaMax],
    [{ hazard_ids: 'Flammable' }, 'hazard_ids', PRODUCT_MSG.hazardIds],
    [{ hazard_ids: ['abc'] }, 'hazard_ids.0', PRODUCT_MSG.hazardIds],
    [{ hazard_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, 'hazard_ids', PRODUCT_MSG.hazardIds],
    [{ hazard_ids: [999999] }, 'hazard_ids', PRODUCT_MSG.hazardUnknown],
    [{ hazard_ids: ['archived'] }, 'hazard_ids', PRODUCT_MSG.hazardUnknown],
    [{ sds: { filepath: '' } }, 'sds.filepath', PRODUCT_MSG.sdsFileUnknown],
    [
      { sds: { filepath: 'sds/2026/11/00000000-0000-0000-0000-000000000000.pdf' } },
      'sds',
      PRODUCT_MSG.sdsFileUnknown,
    ],
  ])('refuses %j', async (patch, field, message) => {
    const body: Record<string, unknown> = { ...product, ...patch };
    if (Array.isArray(body.hazard_ids) && body.hazard_ids[0] === 'archived')
      body.hazard_ids = [hazard.archived];
    const before = await countRows();
    const res = await ctx.call('staff', { method: 'POST', url: '/products/create', payload: body });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    expect(res.json().message).toBe(message);
    expect(await countRows()).toEqual(before);
  });

  it('refuses an invalid update and leaves the product as it was', async () => {
    const created = await createProduct({ name: 'Unchanged', hazard_ids: [hazard.toxic] });
    const res = await updateProduct(created.id, { name: 'Changed', hazard_ids: [hazard.flammable, 999999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ hazard_ids: [PRODUCT_MSG.hazardUnknown] });
    expect(await getProduct(created.id)).toEqual(created);
  });

  it('refuses each number typed wrong on update with 422 and its message, leaving the product as it was (issue 22)', async () => {
    // No "o" in the name or maker: the list tests search for it on one page of 10.
    const created = await createProduct({
      name: 'Unbent Figures',
      mfg_name: 'Ruby Inc',
      physical_state: 'liquid',
    });
    const cases: [string, string, string][] = [
      ['specific_gravity', '-1.2', 'Specific Gravity must be 0 or more.'],
      ['specific_gravity', '1e6', 'Specific Gravity must be a number.'],
      ['pounds_per_gallon', 'abc', 'Pounds per Gallon must be a number.'],
      ['pounds_per_gallon', '8.3.4', 'Pounds per Gallon must be a number.'],
      ['pounds_per_gallon', '-15.35', 'Pounds per Gallon must be 0 or more.'],
    ];
    for (const [field, typed, message] of cases) {
      const res = await updateProduct(created.id, {
        name: 'Changed',
        mfg_name: 'Ruby Inc',
        physical_state: 'liquid',
        [field]: typed,
      });
      expect(res.statusCode, `${field} ${typed}`).toBe(422);
      expect(res.json().errors, `${field} ${typed}`).toEqual({ [field]: [message] });
      expect(await getProduct(created.id)).toEqual(created);
    }
  });

  it('refuses a negative conversion factor of a gas on create, writing nothing (issue 22)', async () => {
    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { ...product, physical_state: 'compressed gas', conversion_factor: '-5.4' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ conversion_factor: ['Conversion Factor must be 0 or more.'] });
    expect(await countRows()).toEqual(before);
  });

  it('keeps a hazard class archived after it was given to the product', async () => {
    const extra = await createHazard('Soon Archived');
    const created = await createProduct({ name: 'Keeps Archived', hazard_ids: [extra] });
    await ctx.call('admin', { method: 'PATCH', url: `/hazards/${extra}/activate` });
    const res = await updateProduct(created.id, {
      name: 'Keeps Archived',
      hazard_ids: [extra, hazard.toxic],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resource.hazards.map((h: { name: string }) => h.name)).toEqual([
      'Acute Toxic',
      'Soon Archived',
    ]);
  });
});

describe('list', () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ids.acetone = (
      await createProduct({ name: 'Acetone', mfg_name: 'Zeta Solvents', hazard_ids: [hazard.flammable] })
    ).id;
    ids.bleach = (
      await createProduct({
        name: 'Bleach',
        mfg_name: 'Clorox Pro',
        hazard_ids: [hazard.toxic, hazard.corrosive],
        sds_status: 'update',
      })
    ).id;
    const sds = await uploadPdf(ctx, 'xylene.pdf');
    ids.xylene = (await createProduct({ name: 'Xylene', mfg_name: 'Alpha Aromatics', sds })).id;
    // Touched last, so first in the default order.
    await updateProduct(ids.acetone, {
      name: 'Acetone',
      mfg_name: 'Zeta Solvents',
      hazard_ids: [hazard.flammable],
    });
  });

  type Row = {
    id: number;
    name: string;
    hazards: { name: string }[];
    sds_status: string;
    has_sds_file: boolean;
  };
  async function list(query: string): Promise<{ items: Row[]; meta: { total: number } }> {
    const res = await ctx.call('staff', { method: 'GET', url: `/products/list?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resource;
  }

  it('returns rows with their hazard names, newest change first', async () => {
    const page = await list('ipp=100');
    expect(page.items[0]?.id).toBe(ids.acetone);
    const bleach = page.items.find((row) => row.id === ids.bleach);
    expect(bleach).toEqual({
      id: ids.bleach,
      name: 'Bleach',
      mfg_name: 'Clorox Pro',
      sds_status: 'update',
      sds_date: '2026-01-15',
      physical_state: 'liquid',
      is_active: true,
      needs_review: false,
      hazards: [
        { id: hazard.toxic, name: 'Acute Toxic' },
        { id: hazard.corrosive, name: 'Corrosive' },
      ],
      updated_at: expect.any(String),
      has_sds_file: false,
    });
    expect(page.items.find((row) => row.id === ids.xylene)).toMatchObject({
      sds_status: 'sds',
      has_sds_file: true,
    });
    const times = page.items.map((row) => (row as unknown as { updated_at: string }).updated_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('searches the product and the manufacturer names', async () => {
    expect((await list('search=xyl')).items.map((row) => row.name)).toEqual(['Xylene']);
    expect((await list('search=clorox')).items.map((row) => row.name)).toEqual(['Bleach']);
    expect((await list('search=50%25')).meta.total).toBe(0);
  });

  // Issue 33 point 14: a product is found by a component's CAS number, and a name typed without
  // its accents finds the name with them (a one-, two- and many-letter search alike).
  it('searches the CAS numbers of the components and ignores accents', async () => {
    const acid = await create.productWithComponents(ctx, 'Descalant Fuerte', { mfg_name: 'Química Tomás' }, [
      { name: 'Hydrochloric acid', number: '7647-01-0', percentage_weight: '30' },
    ]);
    expect((await list('search=7647-01-0')).items.map((row) => row.id)).toEqual([acid]);
    expect((await list('search=7647')).items.map((row) => row.id)).toEqual([acid]);
    expect((await list('search=7664-93-9')).meta.total).toBe(0);
    expect((await list('search=Tomas')).items.map((row) => row.id)).toEqual([acid]);
    expect((await list('search=quimica')).items.map((row) => row.id)).toEqual([acid]);
    expect((await list('search=Qu')).items.map((row) => row.id)).toEqual([acid]);
    // An accent typed where the name has none still finds it.
    expect((await list('search=Fuérte')).items.map((row) => row.id)).toEqual([acid]);
    expect((await list('search=7647&sds_status=update')).meta.total).toBe(0);
  });

  it('filters by SDS status', async () => {
    expect((await list('sds_status=update')).items.map((row) => row.name)).toEqual(['Bleach']);
    expect((await list('sds_status=sds&ipp=100')).items.map((row) => row.name)).toContain('Xylene');
    const pending = await list('sds_status=pending&ipp=100');
    expect(pending.items.every((row) => row.sds_status === 'pending')).toBe(true);
    expect(pending.items.map((row) => row.name)).toContain('Acetone');
    const all = await list('sds_status=all&ipp=100');
    expect(all.meta.total).toBe((await list('ipp=100')).meta.total);
    const bad = await ctx.call('staff', { method: 'GET', url: '/products/list?sds_status=missing' });
    expect(bad.statusCode).toBe(422);
  });

  it('sorts by name, manufacturer and SDS status', async () => {
    const byName = (await list('order_by=name&order_dir=asc&ipp=100')).items.map((row) => row.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const desc = (await list('order_by=name&order_dir=desc&ipp=100')).items.map((row) => row.name);
    expect(desc).toEqual([...byName].reverse());
    const byMaker = (await list('order_by=mfg_name&order_dir=asc&ipp=100')).items.map((row) => row.name);
    expect(byMaker.indexOf('Xylene')).toBeLessThan(byMaker.indexOf('Bleach'));
    expect(byMaker.indexOf('Bleach')).toBeLessThan(byMaker.indexOf('Acetone'));
    const byStatus = (await list('order_by=sds_status&ipp=100')).items.map((row) => row.sds_status);
    const rank = { sds: 0, pending: 1, update: 2 } as Record<string, number>;
    expect(byStatus.map((s) => rank[s])).toEqual(byStatus.map((s) => rank[s]).sort());
    const bad = await ctx.call('staff', { method: 'GET', url: '/products/list?order_by=density' });
    expect(bad.statusCode).toBe(422);
  });

  it('archives and unarchives, and filters by status', async () => {
    const archived = await ctx.call('staff', { method: 'PATCH', url: `/products/${ids.bleach}/activate` });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      message: 'Product Bleach archived successfully',
      resource: { id: ids.bleach, is_active: false },
    });
    expect((await list('status=inactive')).items.map((row) => row.name)).toEqual(['Bleach']);
    expect((await list('status=active&ipp=100')).items.map((row) => row.name)).not.toContain('Bleach');
    const back = await ctx.call('staff', { method: 'PATCH', url: `/products/${ids.bleach}/activate` });
    expect(back.json()).toMatchObject({
      message: 'Product Bleach unarchived successfully',
      resource: { is_active: true },
    });
    expect((await list('status=inactive')).meta.total).toBe(0);
  });

  it('pages', async () => {
    const first = await list('ipp=2&page=1');
    const second = await list('ipp=2&page=2');
    expect(first.items).toHaveLength(2);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(first.meta).toMatchObject({
      current_page: 1,
      per_page: 2,
      last_page: Math.ceil(first.meta.total / 2),
    });
  });
});

describe('SDS file', () => {
  it('attaches an upload on create, serves it back as an attachment, and refuses it to another product', async () => {
    const pdf = await makePdf('Toluene SDS');
    const sds = await uploadPdf(ctx, 'Toluene SDS.pdf', pdf);
    const created = await createProduct({
      name: 'Toluene',
      sds: { filepath: sds.filepath, original_name: 'x' },
    });
    expect(created.sds_status).toBe('sds');
    expect(created.sds_file).toEqual({
      filepath: sds.filepath,
      original_name: 'Toluene SDS.pdf',
      mime_type: 'application/pdf',
      size: pdf.length,
    });

    const download = await ctx.call('staff', { method: 'GET', url: `/products/${created.id}/sds-download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Toluene SDS.pdf"; filename*=UTF-8''Toluene%20SDS.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { ...product, name: 'Thief', sds: { filepath: sds.filepath } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ sds: [PRODUCT_MSG.sdsFileUnknown] });
    expect(await countRows()).toEqual(before);
  });

  it('names a download with non-ASCII characters both ways', async () => {
    const sds = await uploadPdf(ctx, 'Fiche sécurité.pdf');
    const created = await createProduct({ name: 'Javel', sds });
    const download = await ctx.call('staff', { method: 'GET', url: `/products/${created.id}/sds-download` });
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Fiche s_curit_.pdf"; filename*=UTF-8''Fiche%20s%C3%A9curit%C3%A9.pdf`,
    );
  });

  it('follows the file with the SDS status unless one is given', async () => {
    const first = await uploadPdf(ctx, 'first.pdf');
    const created = await createProduct({ name: 'Status Rules', sds: first, sds_status: 'pending' });
    expect(created).toMatchObject({ sds_status: 'pending', sds_file: { filepath: first.filepath } });

    // No file change, no status: unchanged.
    const same = await updateProduct(created.id, { name: 'Status Rules' });
    expect(same.json().resource).toMatchObject({
      sds_status: 'pending',
      sds_file: { filepath: first.filepath },
    });
    const flagged = await updateProduct(created.id, { name: 'Status Rules', sds_status: 'update' });
    expect(flagged.json().resource.sds_status).toBe('update');
    const kept = await updateProduct(created.id, { name: 'Status Rules', sds: first });
    expect(kept.json().resource.sds_status).toBe('update');

    // A new file: sds; the replaced one is deleted, row and bytes.
    const second = await uploadPdf(ctx, 'second.pdf');
    const replaced = await updateProduct(created.id, { name: 'Status Rules', sds: second });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().resource).toMatchObject({
      sds_status: 'sds',
      sds_file: { filepath: second.filepath, original_name: 'second.pdf' },
    });
    expect(await fileRow(first.filepath)).toBeUndefined();
    expect(fs.existsSync(storedPath(ctx, first.filepath))).toBe(false);
    expect(fs.existsSync(storedPath(ctx, second.filepath))).toBe(true);

    // Detached: pending, and the file is gone.
    const detached = await updateProduct(created.id, { name: 'Status Rules', sds: null });
    expect(detached.json().resource).toMatchObject({ sds_status: 'pending', sds_file: null });
    expect(await fileRow(second.filepath)).toBeUndefined();
    expect(fs.existsSync(storedPath(ctx, second.filepath))).toBe(false);

    const refused = await updateProduct(created.id, { name: 'Status Rules', sds_status: 'sds' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ sds_status: [PRODUCT_MSG.sdsStatusNeedsFile] });
  });

  it('deletes the SDS with sds-delete: row, bytes, status back to pending', async () => {
    const sds = await uploadPdf(ctx, 'doomed.pdf');
    const created = await createProduct({ name: 'Doomed SDS', sds });
    const res = await ctx.call('staff', { method: 'DELETE', url: `/products/${created.id}/sds-delete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'SDS file of product Doomed SDS deleted successfully',
      resource: { ...created, sds_file: null, sds_status: 'pending', updated_at: expect.any(String) },
    });
    expect(await fileRow(sds.filepath)).toBeUndefined();
    expect(fs.existsSync(storedPath(ctx, sds.filepath))).toBe(false);

    const again = await ctx.call('staff', { method: 'DELETE', url: `/products/${created.id}/sds-delete` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'SDS file not found.' });
    const download = await ctx.call('staff', { method: 'GET', url: `/products/${created.id}/sds-download` });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ message: 'SDS file not found.' });
  });

  it('answers 404 when the stored bytes are missing', async () => {
    const sds = await uploadPdf(ctx, 'lost.pdf');
    const created = await createProduct({ name: 'Lost Bytes', sds });
    fs.rmSync(storedPath(ctx, sds.filepath));
    const download = await ctx.call('staff', { method: 'GET', url: `/products/${created.id}/sds-download` });
    expect(download.statusCode).toBe(404);
  });

  it('leaves the product without the upload when the save fails after it', async () => {
    const created = await createProduct({ name: 'No File Yet' });
    const sds = await uploadPdf(ctx, 'late.pdf');
    const before = await countRows();
    const res = await updateProduct(created.id, { name: 'No File Yet', sds, hazard_ids: [999999] });
    expect(res.statusCode).toBe(422);
    expect(await getProduct(created.id)).toEqual(created);
    // The upload stays unreferenced (the sweep removes it a day later); no product points at it.
    const row = await fileRow(sds.filepath);
    expect(row).toBeDefined();
    const holders = await ctx.database.db.select().from(products).where(eq(products.sdsFileId, row!.id));
    expect(holders).toEqual([]);

    const createFailed = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { ...product, name: 'Never', sds, hazard_ids: [999999] },
    });
    expect(createFailed.statusCode).toBe(422);
    expect(await countRows()).toEqual(before);
    expect(storedFiles(ctx)).toContain(`files/${sds.filepath}`);

    // The same upload can still be attached once the form is fixed.
    const fixed = await updateProduct(created.id, { name: 'No File Yet', sds });
    expect(fixed.json().resource).toMatchObject({ sds_status: 'sds', sds_file: { filepath: sds.filepath } });
  });
});

describe('RMP and PSM inputs of a product (issue 23)', () => {
  it('stores "used or sold as fuel" and the partial-pressure override with its note; an omitted field keeps them', async () => {
    const created = await createProduct({
      name: 'Forklift Propane',
      is_used_as_fuel: true,
      is_partial_pressure_exempt: 1,
      partial_pressure_note: 'Vendor letter 2025-04: 2 mmHg at 20 °C',
    });
    expect(created).toMatchObject({
      is_used_as_fuel: true,
      is_partial_pressure_exempt: true,
      partial_pressure_note: 'Vendor letter 2025-04: 2 mmHg at 20 °C',
    });
    // A client that predates the fields sends none of them: nothing is cleared.
    const kept = await updateProduct(created.id, { name: 'Forklift Propane' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await getProduct(created.id)).toMatchObject({
      is_used_as_fuel: true,
      is_partial_pressure_exempt: true,
      partial_pressure_note: 'Vendor letter 2025-04: 2 mmHg at 20 °C',
    });
    const cleared = await updateProduct(created.id, {
      name: 'Forklift Propane',
      is_used_as_fuel: false,
      is_partial_pressure_exempt: false,
      partial_pressure_note: '',
    });
    expect(cleared.json().resource).toMatchObject({
      is_used_as_fuel: false,
      is_partial_pressure_exempt: false,
      partial_pressure_note: '',
    });
  });

  it('refuses the partial-pressure override on a product holding a toluene diisocyanate or oleum (68.115(b)(1)), with 422', async () => {
    const tdi = await create.productWithComponents(ctx, 'TDI Prepolymer', {}, [
      { name: 'Toluene 2,4-diisocyanate', number: '584-84-9', percentage_weight: '40' },
    ]);
    const before = await getProduct(tdi);
    const res = await updateProduct(tdi, {
      name: 'TDI Prepolymer',
      is_partial_pressure_exempt: true,
      partial_pressure_note: 'vendor estimate 0.01 mmHg',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      is_partial_pressure_exempt: [PRODUCT_MSG.partialPressureExcepted('Toluene 2,4-diisocyanate 584-84-9')],
    });
    expect(PRODUCT_MSG.partialPressureExcepted('Toluene 2,4-diisocyanate 584-84-9')).toBe(
      'The partial-pressure override cannot be set: 40 CFR 68.115(b)(1) excepts Toluene 2,4-diisocyanate 584-84-9 (a component of this product) from the below-10-mmHg exemption.',
    );
    expect(await getProduct(tdi)).toEqual(before);
    // Without the override the same save goes through.
    const saved = await updateProduct(tdi, { name: 'TDI Prepolymer', is_partial_pressure_exempt: false });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a note over 500 characters with the field message, and stores nothing', async () => {
    const before = await countRows();
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/products/create',
      payload: { ...product, name: 'Too Long Note', partial_pressure_note: 'x'.repeat(501) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ partial_pressure_note: [PRODUCT_MSG.partialPressureNoteMax] });
    expect(await countRows()).toEqual(before);
  });
});
