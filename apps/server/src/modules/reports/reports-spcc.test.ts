import type { ReportDocument } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, sheetRows, xlsxOf } from '../../../test/report-files.ts';
import { create } from '../../seed/factories.ts';

/**
 * The SPCC plan (issue 23, rules §7) of a facility built through the API, generated as a PDF and an
 * XLSX and read back. Hand computation:
 *
 * - Diesel fuel, Drum (container type: 55 gal shell, aboveground) 55 gal × 20 at YARD:
 *   55 × 20 = 1,100 gal aboveground.
 * - Hydraulic oil, Tank (container type without capacity or placement) 300 gal × 1 at SHOP: no
 *   capacity anywhere, so its 300 gal on hand stand in (estimate), and it is taken as aboveground.
 * - Diesel fuel, Vault tank (container type 10,000 gal, completely buried) 8,000 gal × 1 at NORTH
 *   LOT: capacity 10,000 gal buried (the shell, not the 8,000 on hand).
 * - Lube oil, Can 5 gal × 3 at SHOP, line capacity 5 gal: 5 < 55 → Below threshold.
 * - Diesel fuel, Tank 100 gal × 1 at TRUCK, excluded as motive power → Below threshold.
 * - Caustic flakes (not an SPCC oil): not tested.
 * Aboveground 1,100 + 300 = 1,400 > 1,320 → plan required; buried 10,000 ≤ 42,000. Largest
 * aboveground container 300 gal. 1,400 ≤ 10,000 and 300 ≤ 5,000 → Tier I qualified facility.
 */

const YEAR = 2025;
let ctx: TestContext;
const ids = { customer: 0, facility: 0, tank: 0, hydraulic: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Oil Depot' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const drum = (
    await create.container(ctx, { name: 'Drum', shell_capacity_gal: '55', placement: 'aboveground' })
  ).id;
  ids.tank = (await create.container(ctx, { name: 'Tank' })).id;
  const vault = (
    await create.container(ctx, { name: 'Vault tank', shell_capacity_gal: '10000', placement: 'buried' })
  ).id;
  const can = (await create.container(ctx, { name: 'Can' })).id;
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const oil = async (name: string) =>
    (
      await create.product(ctx, {
        name,
        physical_state: 'liquid',
        specific_gravity: '',
        pounds_per_gallon: '7.1',
        is_spcc: true,
      })
    ).id;
  const diesel = await oil('Diesel fuel');
  const hydraulic = await oil('Hydraulic oil');
  const lube = await oil('Lube oil');
  const caustic = (
    await create.product(ctx, {
      name: 'Caustic flakes',
      physical_state: 'solid',
      specific_gravity: '',
      pounds_per_gallon: '',
      is_spcc: false,
    })
  ).id;
  const line = async (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    count: string,
    where: string,
    extra: Record<string, string> = {},
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
  await line(diesel, drum, gallon, '55', '20', 'YARD');
  ids.hydraulic = await line(hydraulic, ids.tank, gallon, '300', '1', 'SHOP');
  await line(diesel, vault, gallon, '8000', '1', 'NORTH LOT');
  await line(lube, can, gallon, '5', '3', 'SHOP', { shell_capacity_gal: '5' });
  await line(diesel, ids.tank, gallon, '100', '1', 'TRUCK', { spcc_exclusion: 'motive_power' });
  await line(caustic, bag, pound, '50', '4', 'WAREHOUSE');
});
afterAll(() => ctx.close());

function request(url: string, format?: 'pdf' | 'xlsx') {
  return ctx.call('admin', {
    method: 'POST',
    url,
    payload: {
      type: 'spcc_plan',
      customer_id: ids.customer,
      facility_id: ids.facility,
      year: YEAR,
      ...(format ? { format } : {}),
    },
  });
}

const HYDRAULIC_ESTIMATE = () =>
  `Shell capacity of Hydraulic oil at SHOP (line ${ids.hydraulic}): its gallons on hand`;

describe('SPCC plan files (issue 23)', () => {
  it('the PDF has the header, the determination, the containers, the totals and the Below threshold section', async () => {
    const { text } = await pdfOf(await request('/report/generate'));
    expect(text).toContain('SPCC Plan (40 CFR 112)');
    expect(text).toContain('Oil Depot');
    expect(text).toContain(
      'Could reasonably be expected to discharge oil to navigable waters or shorelines (facility setting): Yes',
    );
    expect(text).toContain('SPCC plan required: Yes');
    expect(text).toContain(
      'Plan type: Tier I qualified facility (self-certified; Appendix G template): 1,400.00 gal aboveground ≤ 10,000 gal, largest container 300.00 gal ≤ 5,000 gal',
    );
    expect(text).toContain(
      `Estimated inputs: ${HYDRAULIC_ESTIMATE()}; Placement of Hydraulic oil at SHOP (line ${ids.hydraulic}): taken as aboveground`,
    );
    expect(text).toContain('1,400.00 gal > aboveground threshold 1,320 gal');
    expect(text).toContain('10,000.00 gal ≤ buried threshold 42,000 gal');
    expect(text).toContain('does not record discharge history');
    const containers = text.indexOf('SPCC containers (55 gallons or more)');
    const below = text.indexOf('Below threshold', containers);
    expect(containers).toBeGreaterThan(-1);
    expect(below).toBeGreaterThan(containers);
    expect(text.indexOf('YARD Diesel fuel Drum 55.00 20 1,100.00')).toBeGreaterThan(containers);
    expect(
      text.indexOf('NORTH LOT Diesel fuel Vault tank 10,000.00 1 10,000.00 Completely buried'),
    ).toBeGreaterThan(containers);
    expect(text.indexOf('SHOP Lube oil Can 5.00 3 15.00')).toBeGreaterThan(below);
    expect(text).toContain(
      '5.00 gal < 55 gal: containers under 55 gallons are not counted (40 CFR 112.1(d)(2)(ii))',
    );
    expect(text).toContain(
      'Excluded (40 CFR 112.1(d)): Motive power container (vehicle or equipment fuel tank)',
    );
    expect(text).not.toContain('Caustic flakes');
  });

  it('the XLSX holds the same containers, figures and totals as cells', async () => {
    const book = await xlsxOf(await request('/report/generate', 'xlsx'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'SPCC capacity',
      'SPCC containers',
      'Below threshold',
      'Contributions',
      'Warnings',
    ]);
    const columns = [
      'Location',
      'Oil product',
      'Container type',
      'Shell capacity (gal)',
      'Count',
      'Total capacity (gal)',
      'Estimate',
    ];
    expect(sheetRows(book.getWorksheet('SPCC containers')!, columns)).toEqual([
      ['YARD', 'Diesel fuel', 'Drum', 55, 20, 1100, 'N'],
      ['SHOP', 'Hydraulic oil', 'Tank', 300, 1, 300, 'Y'],
      ['NORTH LOT', 'Diesel fuel', 'Vault tank', 10000, 1, 10000, 'N'],
    ]);
    expect(
      sheetRows(book.getWorksheet('Below threshold')!, ['Oil product', 'Location', 'Total capacity (gal)']),
    ).toEqual([
      ['Lube oil', 'SHOP', 15],
      ['Diesel fuel', 'TRUCK', 100],
    ]);
    expect(
      sheetRows(book.getWorksheet('SPCC capacity')!, ['Figure', 'Gallons', 'Threshold (gal)', 'Result']),
    ).toEqual([
      ['Aboveground capacity (gal)', 1400, 1320, 'Over the threshold'],
      ['Completely buried capacity (gal)', 10000, 42000, 'Not over the threshold'],
      ['Largest aboveground container (gal)', 300, 5000, 'Within Tier I'],
    ]);
    const totals: unknown[][] = [];
    book.getWorksheet('SPCC containers')!.eachRow((row) => {
      totals.push([row.getCell(1).value, row.getCell(2).value]);
    });
    expect(totals).toContainEqual(['Aboveground capacity (gal)', 1400]);
    expect(totals).toContainEqual(['Completely buried capacity (gal)', 10000]);
    expect(totals).toContainEqual(['Largest aboveground container (gal)', 300]);
    const warnings: unknown[] = [];
    book.getWorksheet('Warnings')!.eachRow((row) => {
      warnings.push(row.getCell(2).value);
    });
    expect(warnings).toContain('capacity_estimated');
  });

  it("a container type's capacity changes the preview: the estimate gives way to the type's shell", async () => {
    const before = (await request('/report/preview')).json().resource as ReportDocument;
    expect(before.header).toContainEqual({
      label: 'Estimated inputs',
      value: expect.stringContaining(HYDRAULIC_ESTIMATE()),
    });
    const updated = await ctx.call('admin', {
      method: 'PATCH',
      url: `/containers/${ids.tank}/update`,
      payload: { name: 'Tank', shell_capacity_gal: '500', placement: 'aboveground' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().resource).toMatchObject({ shell_capacity_gal: 500, placement: 'aboveground' });
    const after = (await request('/report/preview')).json().resource as ReportDocument;
    // 1,100 + 500 × 1 = 1,600 gal; largest 500 gal; nothing estimated.
    expect(after.header).toContainEqual({ label: 'Estimated inputs', value: 'None' });
    const figures = after.tables[0]?.rows.map((row) => [row.cells.figure, row.cells.gallons]);
    expect(figures).toEqual([
      ['Aboveground capacity (gal)', 1600],
      ['Completely buried capacity (gal)', 10000],
      ['Largest aboveground container (gal)', 500],
    ]);
    expect(after.warnings.filter((warning) => warning.code === 'capacity_estimated')).toEqual([]);
  });

  it('refuses a placement or an exclusion outside the choices with the field message', async () => {
    const container = await ctx.call('admin', {
      method: 'POST',
      url: '/containers/create',
      payload: { name: 'Pit', placement: 'underwater', shell_capacity_gal: '-5' },
    });
    expect(container.statusCode).toBe(422);
    expect(container.json().errors).toEqual({
      placement: ['Aboveground or Buried must be aboveground or buried.'],
      shell_capacity_gal: ['Shell Capacity must be 0 or more.'],
    });
  });
});
