import type { PermitAmountResource, ReportDocument } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { labelledValues, pdfOf, sheetRows, xlsxOf } from '../../../test/report-files.ts';
import { fireCodePermitAmounts } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * The fire-code reports (issue 23, rules §10-13) of a facility built through the API, generated
 * as files and read back. Hand computation (permit amounts of rules §10):
 *
 * - Acetone (class IB, 6.59 lb/gal), Can 1.5 gal × 4 at ROOM 1, storage: 1.5 × 4 = 6 gal.
 * - Acetone, Can 2 gal × 1 at ROOM 1, in open use: 2 gal.
 *   Class I (IA + IB + IC, issue 31) inside: IB 6 + 2 = 8 gal > 5 gal → permit; the largest can holds
 *   2 gal ≤ 5 (aggregate only). The row reads "8.00 gal: IB 8.00".
 * - Propane (flammable gas, 8.74 cu ft/lb), Cylinder weighed 20 lb × 2 at YARD, outside:
 *   40 lb × 8.74 = 349.60 cu ft > 200 cu ft → permit; one cylinder 174.80 cu ft ≤ 200.
 * - Oxygen (oxidizing gas), Cylinder 250 cu ft × 2 at YARD, outside, closed use: 500 cu ft ≤ 504 → no permit.
 * - Kerosene (no class chosen, flash point 120 °F → Class II, an estimate), Drum 20 gal × 1 at
 *   ROOM 1: Classes II and IIIA together 20 gal ≤ 25 gal → no permit.
 * - Sugar (solid, no class): not a hazardous material as recorded → the inventory statement's Below threshold.
 * Inventory statement: ROOM 1 Class IB storage 6, open 2, total 8 gal; Class II storage 20 gal;
 * YARD (outside: an outdoor area of its own, issue 31 point 12) flammable gas storage 349.60 cu ft;
 * oxidizing gas closed use 500 cu ft.
 */

const YEAR = 2025;
let ctx: TestContext;
const ids = { customer: 0, facility: 0, inventory: 0, kerosene: 0, sugar: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Paint Shop' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  ids.inventory = inventory;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const cubicFeet = (await create.containerUnit(ctx, { name: 'Cubic feet', unit_type: 'cu' })).id;
  const can = (await create.container(ctx, { name: 'Can' })).id;
  const cylinder = (await create.container(ctx, { name: 'Cylinder' })).id;
  const drum = (await create.container(ctx, { name: 'Drum' })).id;
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const acetone = await create.productWithComponents(
    ctx,
    'Acetone',
    {
      mfg_name: 'Solvents Inc',
      pounds_per_gallon: '6.59',
      flash_points: '-4',
      nfpa: '1-3-0',
      fire_code_hazard_classes: ['flammable_liquid_ib'],
    },
    [{ name: 'Acetone', number: '67-64-1', percentage_weight: '100' }],
  );
  const gas = (name: string, factor: string, classes: string[]) =>
    create.product(ctx, {
      name,
      physical_state: name === 'Propane' ? 'liquified gas' : 'compressed gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: factor,
      flash_points: '',
      fire_code_hazard_classes: classes,
    });
  const propane = (await gas('Propane', '8.74', ['flammable_gas'])).id;
  const oxygen = (await gas('Oxygen', '12.1', ['oxidizing_gas'])).id;
  const kerosene = (
    await create.product(ctx, { name: 'Kerosene', pounds_per_gallon: '6.8', flash_points: '120' })
  ).id;
  const sugar = (
    await create.product(ctx, {
      name: 'Sugar',
      physical_state: 'solid',
      specific_gravity: '',
      pounds_per_gallon: '',
      flash_points: '',
    })
  ).id;
  const line = async (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    count: string,
    where: string,
    extra: Record<string, unknown> = {},
  ) =>
    (
      await create.inventoryProduct(ctx, inventory, {
        product_id: productId,
        container_id: containerId,
        container_unit_id: unitId,
        container_size: size,
        container_quantity: count,
        location_stored: where,
        ...extra,
      })
    ).id;
  await line(acetone, can, gallon, '1.5', '4', 'ROOM 1');
  await line(acetone, can, gallon, '2', '1', 'ROOM 1', { fire_code_use_mode: 'use_open' });
  await line(propane, cylinder, pound, '20', '2', 'YARD', { is_outdoor: true });
  await line(oxygen, cylinder, cubicFeet, '250', '2', 'YARD', {
    is_outdoor: true,
    fire_code_use_mode: 'use_closed',
  });
  ids.kerosene = await line(kerosene, drum, gallon, '20', '1', 'ROOM 1');
  ids.sugar = await line(sugar, bag, pound, '50', '2', 'WAREHOUSE');
});
afterAll(() => ctx.close());

function request(type: string, url = '/report/generate') {
  return ctx.call('admin', {
    method: 'POST',
    url,
    payload: { type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR },
  });
}

const KEROSENE_ESTIMATE = () =>
  `Fire-code class of Kerosene at ROOM 1 (line ${ids.kerosene}): Combustible liquid Class II from its 100 °F ≤ flash point 120 °F < 140 °F`;

describe('Hazardous materials permit report (hmpp, hmpp_excel)', () => {
  it('the PDF has the header, the classes over their amount, Below threshold and the products', async () => {
    const { text } = await pdfOf(await request('hmpp'));
    expect(text).toContain('Hazardous Materials Permit (fire code)');
    expect(text).toContain('Paint Shop');
    expect(text).toContain('Hazardous materials permit required: Yes');
    expect(text).toContain(
      'Classes over the permit amount: Flammable liquid Class I (IA, IB, IC) (liquid, inside a building): 8.00 gal: IB 8.00; Flammable gas (gas, outside): 349.60 cu ft',
    );
    expect(text).toContain(`Estimated inputs: ${KEROSENE_ESTIMATE()}`);
    expect(text).toContain('Units: Liquids in gallons, solids in pounds, gases in cubic feet at NTP');
    const main = text.indexOf('Permit required: hazard classes over the permit amount');
    const below = text.indexOf('Below threshold', main);
    const products = text.indexOf('Hazardous materials on the property', below);
    expect(main).toBeGreaterThan(-1);
    expect(below).toBeGreaterThan(main);
    expect(products).toBeGreaterThan(below);
    const ib = text.indexOf('8.00 gal: IB 8.00 > permit amount 5 gal (inside a building)');
    expect(ib).toBeGreaterThan(main);
    expect(ib).toBeLessThan(below);
    expect(text.indexOf('349.60 cu ft > permit amount 200 cu ft (outside)')).toBeLessThan(below);
    expect(text).toContain(
      'Required by the aggregate on the property; no one container is over the permit amount.',
    );
    expect(text.indexOf('500.00 cu ft ≤ permit amount 504 cu ft (outside)')).toBeGreaterThan(below);
    expect(text.indexOf('20.00 gal: II 20.00 ≤ permit amount 25 gal (inside a building)')).toBeGreaterThan(
      below,
    );
    expect(text.indexOf('Solvents Inc')).toBeGreaterThan(products);
    expect(text).toContain('Acetone 67-64-1 (100%)');
    expect(text).toContain(
      '1 inventory line(s) have no fire-code hazard class that was chosen or could be derived and were not counted; they are named under "Not counted".',
    );
    // Sugar (no class, no flash point, no hazard category) is named under Not counted, after the products.
    const notCounted = text.indexOf('Not counted', products);
    expect(notCounted).toBeGreaterThan(products);
    expect(text.indexOf('Sugar', notCounted)).toBeGreaterThan(notCounted);
    expect(text).toContain(
      'No fire-code hazard class chosen, and no flash point or hazard category that gives one',
    );
  });

  it('hmpp_excel: the class rows on the facility sheet as plain numbers, the same figures', async () => {
    const book = await xlsxOf(await request('hmpp_excel'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Paint Shop',
      'Below threshold',
      'Products',
      'Not counted',
      'Contributions',
      'Warnings',
    ]);
    const columns = [
      'Hazard class',
      'Physical state',
      'Inside or outside',
      'Total quantity',
      'Unit',
      'Permit amount',
      'Permit required',
      'Largest container',
    ];
    const facilitySheet = book.getWorksheet('Paint Shop')!;
    expect(sheetRows(facilitySheet, columns)).toEqual([
      ['Flammable liquid Class I (IA, IB, IC)', 'Liquid', 'Inside a building', 8, 'gal', 5, 'Y', 2],
      ['Flammable gas', 'Gas', 'Outside', 349.6, 'cu ft', 200, 'Y', 174.8],
    ]);
    expect(facilitySheet.getRow(2).getCell(4).numFmt).toBeUndefined();
    expect(sheetRows(book.getWorksheet('Below threshold')!, columns)).toEqual([
      [
        'Combustible liquid Class II and IIIA (II, IIIA)',
        'Liquid',
        'Inside a building',
        20,
        'gal',
        25,
        'N',
        20,
      ],
      ['Oxidizing gas', 'Gas', 'Outside', 500, 'cu ft', 504, 'N', 250],
    ]);
    expect(
      sheetRows(book.getWorksheet('Products')!, [
        'Trade name',
        'Manufacturer',
        'Quantity',
        'Unit',
        'Location',
        'Storage or use',
      ]),
    ).toEqual([
      ['Acetone', 'Solvents Inc', 6, 'gal', 'ROOM 1', 'Storage'],
      ['Acetone', 'Solvents Inc', 2, 'gal', 'ROOM 1', 'Use - open system'],
      ['Propane', 'Acme Chemical Co', 349.6, 'cu ft', 'YARD', 'Storage'],
      ['Oxygen', 'Acme Chemical Co', 500, 'cu ft', 'YARD', 'Use - closed system'],
      ['Kerosene', 'Acme Chemical Co', 20, 'gal', 'ROOM 1', 'Storage'],
    ]);
    expect(
      sheetRows(book.getWorksheet('Not counted')!, ['Line ID', 'Trade name', 'Location', 'Why not counted']),
    ).toEqual([
      [
        ids.sugar,
        'Sugar',
        'WAREHOUSE',
        'No fire-code hazard class chosen, and no flash point or hazard category that gives one',
      ],
    ]);
    expect(labelledValues(facilitySheet).get('Hazardous materials permit required (1 = yes)')).toBe(1);
    const header = labelledValues(book.getWorksheet('Report')!);
    expect(header.get('Hazardous materials permit required')).toBe('Yes');
    expect(header.get('Estimated inputs')).toBe(KEROSENE_ESTIMATE());
  });
});

/**
 * Issue 31 point 3: the permit amounts apply to class groups (rules §10: "Flammable liquid Class I:
 * 5 gal inside"; "Combustible liquid Class II, IIIA: 25 gal inside"). Hand computation, all inside:
 * - Ether (IA), Can 2 gal × 1; Naphtha (IC), Can 4 gal × 1: Class I 2 + 4 = 6 gal > 5 gal → permit
 *   (read per subclass, 2 gal and 4 gal were each under 5 gal: no permit).
 * - Diesel (II), Drum 15 gal × 1; Fuel oil (IIIA), Drum 15 gal × 1: 15 + 15 = 30 gal > 25 gal → permit
 *   (read per subclass, 15 gal each: no permit).
 */
describe('issue 31 point 3: permit groups read back from the PDF and the XLSX', () => {
  const solventRoom = { customer: 0, facility: 0 };

  beforeAll(async () => {
    const facility = await create.facility(ctx, { name: 'Solvent Room' });
    solventRoom.customer = facility.customerId;
    solventRoom.facility = facility.id;
    const inventory = (
      await create.inventory(ctx, { customer_id: facility.customerId, facility_id: facility.id, year: YEAR })
    ).id;
    const gallon = (await create.containerUnit(ctx, { name: 'Gallon (groups)', unit_type: 'gal' })).id;
    const can = (await create.container(ctx, { name: 'Can (groups)' })).id;
    const liquid = async (name: string, hazardClass: string, size: string) => {
      const product = await create.product(ctx, {
        name,
        pounds_per_gallon: '7',
        flash_points: '',
        fire_code_hazard_classes: [hazardClass],
      });
      await create.inventoryProduct(ctx, inventory, {
        product_id: product.id,
        container_id: can,
        container_unit_id: gallon,
        container_size: size,
        container_quantity: '1',
        location_stored: 'SOLVENTS',
      });
    };
    await liquid('Ether', 'flammable_liquid_ia', '2');
    await liquid('Naphtha', 'flammable_liquid_ic', '4');
    await liquid('Diesel', 'combustible_liquid_ii', '15');
    await liquid('Fuel oil', 'combustible_liquid_iiia', '15');
  });

  function generate(type: string) {
    return ctx.call('admin', {
      method: 'POST',
      url: '/report/generate',
      payload: { type, customer_id: solventRoom.customer, facility_id: solventRoom.facility, year: YEAR },
    });
  }

  it('the PDF: each group total with its members, a permit required', async () => {
    const { text } = await pdfOf(await generate('hmpp'));
    expect(text).toContain('Hazardous materials permit required: Yes');
    expect(text).toContain(
      'Classes over the permit amount: Flammable liquid Class I (IA, IB, IC) (liquid, inside a building): 6.00 gal: IA 2.00 + IC 4.00; Combustible liquid Class II and IIIA (II, IIIA) (liquid, inside a building): 30.00 gal: II 15.00 + IIIA 15.00',
    );
    const main = text.indexOf('Permit required: hazard classes over the permit amount');
    const below = text.indexOf('Below threshold', main);
    const classI = text.indexOf('6.00 gal: IA 2.00 + IC 4.00 > permit amount 5 gal (inside a building)');
    const classII = text.indexOf(
      '30.00 gal: II 15.00 + IIIA 15.00 > permit amount 25 gal (inside a building)',
    );
    expect(classI).toBeGreaterThan(main);
    expect(classI).toBeLessThan(below);
    expect(classII).toBeGreaterThan(main);
    expect(classII).toBeLessThan(below);
  });

  it('hmpp_excel: the group rows with their totals and members as cells, permit Y', async () => {
    const book = await xlsxOf(await generate('hmpp_excel'));
    const columns = [
      'Hazard class',
      'Total quantity',
      'Unit',
      'Classes in the total',
      'Permit amount',
      'Permit required',
    ];
    expect(sheetRows(book.getWorksheet('Solvent Room')!, columns)).toEqual([
      ['Flammable liquid Class I (IA, IB, IC)', 6, 'gal', 'IA 2.00 + IC 4.00', 5, 'Y'],
      ['Combustible liquid Class II and IIIA (II, IIIA)', 30, 'gal', 'II 15.00 + IIIA 15.00', 25, 'Y'],
    ]);
    expect(sheetRows(book.getWorksheet('Below threshold')!, columns)).toEqual([]);
    expect(labelledValues(book.getWorksheet('Report')!).get('Hazardous materials permit required')).toBe(
      'Yes',
    );
  });
});

describe('Hazardous materials inventory statement (haz_mat_inventory, haz_mat_inventory_excel)', () => {
  it('the PDF has one table per control area with the use columns, the totals and Below threshold', async () => {
    const { text } = await pdfOf(await request('haz_mat_inventory'));
    expect(text).toContain('Hazardous Materials Inventory Statement (fire code)');
    expect(text).toContain('Paint Shop');
    expect(text).toContain('Control areas (storage locations): 2');
    const room = text.indexOf('Control area: ROOM 1');
    const yard = text.indexOf('Control area: YARD (outside)');
    const totals = text.indexOf('Totals per hazard class per control area');
    const below = text.indexOf('Below threshold', totals);
    expect(room).toBeGreaterThan(-1);
    expect(yard).toBeGreaterThan(room);
    expect(totals).toBeGreaterThan(yard);
    expect(below).toBeGreaterThan(totals);
    expect(text).toContain('Flammable liquid Class IB (gal): in storage: 6.00');
    expect(text).toContain('Flammable liquid Class IB (gal): in use, open: 2.00');
    expect(text).toContain('Flammable liquid Class IB (gal): total: 8.00');
    expect(text).toContain('Flammable gas (cu ft): total: 349.60');
    expect(text).toContain('Oxidizing gas (cu ft): in use, closed: 500.00');
    expect(text.indexOf('Sugar')).toBeGreaterThan(below);
    expect(text).toContain(
      'No fire-code hazard class chosen, and no flash point or hazard category that gives one',
    );
  });

  it('the XLSX: a sheet per control area, the totals sheet and Below threshold', async () => {
    const book = await xlsxOf(await request('haz_mat_inventory_excel'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'ROOM 1',
      'YARD (outside)',
      'Totals by control area',
      'Below threshold',
      'Contributions',
      'Warnings',
    ]);
    const columns = ['Product name', 'Hazard class', 'In storage', 'In use, closed', 'In use, open', 'Unit'];
    expect(sheetRows(book.getWorksheet('ROOM 1')!, columns)).toEqual([
      ['Acetone', 'Flammable liquid Class IB', 6, 0, 0, 'gal'],
      ['Acetone', 'Flammable liquid Class IB', 0, 0, 2, 'gal'],
      ['Kerosene', 'Combustible liquid Class II', 20, 0, 0, 'gal'],
    ]);
    expect(sheetRows(book.getWorksheet('YARD (outside)')!, columns)).toEqual([
      ['Propane', 'Flammable gas', 349.6, 0, 0, 'cu ft'],
      ['Oxygen', 'Oxidizing gas', 0, 500, 0, 'cu ft'],
    ]);
    expect(
      sheetRows(book.getWorksheet('Totals by control area')!, [
        'Control area',
        'Inside or outside',
        'Hazard class',
        'Unit',
        'Total',
      ]),
    ).toEqual([
      ['ROOM 1', 'Inside a building', 'Flammable liquid Class IB', 'gal', 8],
      ['ROOM 1', 'Inside a building', 'Combustible liquid Class II', 'gal', 20],
      ['YARD (outside)', 'Outside', 'Flammable gas', 'cu ft', 349.6],
      ['YARD (outside)', 'Outside', 'Oxidizing gas', 'cu ft', 500],
    ]);
    expect(
      sheetRows(book.getWorksheet('Below threshold')!, ['Control area', 'Line ID', 'Product name']),
    ).toEqual([['WAREHOUSE', ids.sugar, 'Sugar']]);
  });
});

describe('fire-code inputs on the product and the line', () => {
  it('a product keeps its fire-code classes; an unknown class is a 422 with the field message', async () => {
    const created = await create.product(ctx, { fire_code_hazard_classes: ['toxic', 'corrosive', 'toxic'] });
    expect(created.resource.fire_code_hazard_classes).toEqual(['corrosive', 'toxic']);
    const read = await ctx.call('staff', { method: 'GET', url: `/products/${created.id}/get` });
    expect(read.json().resource.fire_code_hazard_classes).toEqual(['corrosive', 'toxic']);
    const bad = await ctx.call('admin', {
      method: 'POST',
      url: '/products/create',
      payload: { name: 'Mystery', mfg_name: 'X', fire_code_hazard_classes: ['very_hot'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      fire_code_hazard_classes: [
        'Fire Code Hazard Classes must be chosen from the fire-code hazard classes.',
      ],
    });
  });

  it("a line's use mode and outdoor flag round-trip; a use mode outside the list is a 422 and changes nothing", async () => {
    const url = `/inventories/${ids.inventory}/product/${ids.kerosene}`;
    const before = (await ctx.call('admin', { method: 'GET', url: `${url}/get` })).json().resource;
    expect(before).toMatchObject({ fire_code_use_mode: 'storage', is_outdoor: false });
    const bad = await ctx.call('admin', {
      method: 'PATCH',
      url: `${url}/update`,
      payload: { product_id: before.product_id, fire_code_use_mode: 'burning' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      fire_code_use_mode: ['Fire Code Use must be one of: storage, use_closed, use_open.'],
    });
    const after = (await ctx.call('admin', { method: 'GET', url: `${url}/get` })).json().resource;
    expect(after).toMatchObject({ fire_code_use_mode: 'storage', is_outdoor: false });
  });
});

describe('the permit amounts an admin adjusts', () => {
  async function classIInside(): Promise<PermitAmountResource> {
    const res = await ctx.call('staff', { method: 'GET', url: '/fire-code-permit-amounts/list' });
    expect(res.statusCode).toBe(200);
    const rows = res.json().resource as PermitAmountResource[];
    // 116 rows per class seeded; Class I's IA, IB and IC rows (2 places each) are one group's 2 rows,
    // Classes II and IIIA's 4 rows are 2, and LP-gas adds 2 (gas inside and outside):
    // 116 − 6 + 2 − 4 + 2 + 2 = 112.
    expect(rows).toHaveLength(112);
    expect(rows[0]).toMatchObject({
      permit_group: 'flammable_liquid_i',
      classes: ['flammable_liquid_ia', 'flammable_liquid_ib', 'flammable_liquid_ic'],
      class_label: 'Flammable liquid Class I (IA, IB, IC)',
      form: 'liquid',
      place: 'inside',
      unit: 'gal',
      amount: 5,
    });
    expect(rows[2]).toMatchObject({
      permit_group: 'combustible_liquid_ii_iiia',
      classes: ['combustible_liquid_ii', 'combustible_liquid_iiia'],
      class_label: 'Combustible liquid Class II and IIIA (II, IIIA)',
      place: 'inside',
      amount: 25,
    });
    const row = rows.find((item) => item.permit_group === 'flammable_liquid_i' && item.place === 'inside');
    return row as PermitAmountResource;
  }

  it('staff read and cannot write; a bad amount is a 422 and changes nothing; an admin raise changes the report', async () => {
    const row = await classIInside();
    const url = `/fire-code-permit-amounts/${row.id}/update`;
    const staff = await ctx.call('staff', { method: 'PATCH', url, payload: { amount: 10 } });
    expect(staff.statusCode).toBe(403);
    const bad = await ctx.call('admin', { method: 'PATCH', url, payload: { amount: '-1' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ amount: ['Permit Amount must be 0 or more.'] });
    const missing = await ctx.call('admin', {
      method: 'PATCH',
      url: '/fire-code-permit-amounts/999999/update',
      payload: { amount: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Permit amount not found.' });
    const [stored] = await ctx.database.db
      .select({ amount: fireCodePermitAmounts.amount })
      .from(fireCodePermitAmounts)
      .where(eq(fireCodePermitAmounts.id, row.id));
    expect(Number(stored?.amount)).toBe(5);

    const raised = await ctx.call('admin', {
      method: 'PATCH',
      url,
      payload: { amount: '10', updated_at: row.updated_at },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({
      message: 'Permit amount updated successfully',
      resource: { amount: 10 },
    });
    // 8 gal of Class I (all IB) inside is no longer more than the (amended) 10 gal.
    const preview = (await request('hmpp', '/report/preview')).json().resource as ReportDocument;
    const below = preview.tables.find((table) => table.key === 'hmpp_below_threshold');
    expect(
      below?.rows.map((r) => [r.cells.class_label, r.cells.quantity, r.cells.permit_amount]),
    ).toContainEqual(['Flammable liquid Class I (IA, IB, IC)', 8, 10]);
    const stale = await ctx.call('admin', {
      method: 'PATCH',
      url,
      payload: { amount: '12', updated_at: row.updated_at },
    });
    expect(stale.statusCode).toBe(409);
  });
});
