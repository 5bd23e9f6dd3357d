import type { InventoryProductResource } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { labelledValues, pdfOf, sheetRows, uploadedList, xlsxOf } from '../../../test/report-files.ts';
import { inventoryProducts, products, regulatoryEntries } from '../../db/schema/index.ts';
import { create, productBody } from '../../seed/factories.ts';

/**
 * Issue 31 point 2: a liquified gas measured in gallons, built through the API, saved, read back
 * and reported. Hand computation (rules §0.1: lb/gal = specific gravity × 8.34; §8 RMP; §10 the
 * fire code's gases in cubic feet at NTP = pounds × the conversion factor in cu ft per lb):
 *
 * - Propane (liquified gas, SG 0.51, 8.74 cu ft/lb, flammable gas), Tank 30,000 gal × 1 at TANK
 *   FARM, outside: 0.51 × 8.34 = 4.2534 lb/gal; 30,000 × 4.2534 = 127,602 lb (the line's Max Pounds).
 *   RMP: 127,602 × 100% > TQ 10,000 → covered, q/TQ 12.7602 (12.76).
 *   Fire code: 127,602 × 8.74 = 1,115,241.48 cu ft > 200 cu ft (flammable gas, outside) → permit.
 * - Anhydrous ammonia (liquified gas, SG 0.62), Nurse tank 500 gal × 1 at FIELD: 0.62 × 8.34 =
 *   5.1708 lb/gal; 500 × 5.1708 = 2,585.40 lb. RMP: ≤ TQ 10,000 → below threshold, q/TQ 0.25854 (0.26).
 * Before the fix the save dropped the specific gravity of a liquified gas and the container
 * calculation gave no pounds for its gallons: both lines read N/A and every report 0.
 */

const YEAR = 2025;
const PROPANE = '74-98-6';
const AMMONIA = '7664-41-7';

let ctx: TestContext;
const ids = { customer: 0, facility: 0, inventory: 0, propane: 0, propaneLine: 0, ammoniaLine: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Gas Depot' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  ids.inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const tank = (await create.container(ctx, { name: 'Tank' })).id;
  const nurse = (await create.container(ctx, { name: 'Nurse tank' })).id;
  ids.propane = await create.productWithComponents(
    ctx,
    'Propane',
    {
      physical_state: 'liquified gas',
      specific_gravity: '0.51',
      pounds_per_gallon: '',
      conversion_factor: '8.74',
      flash_points: '-156',
      nfpa: '1-4-0',
      fire_code_hazard_classes: ['flammable_gas'],
    },
    [{ name: 'Propane', number: PROPANE, percentage_weight: '100' }],
  );
  const ammonia = await create.productWithComponents(
    ctx,
    'Anhydrous ammonia',
    {
      physical_state: 'liquified gas',
      specific_gravity: '0.62',
      pounds_per_gallon: '',
      conversion_factor: '22.6',
      flash_points: '',
      nfpa: '3-1-0',
      is_sara_f: 0,
    },
    [{ name: 'Ammonia', number: AMMONIA, percentage_weight: '100' }],
  );
  const line = async (
    productId: number,
    containerId: number,
    size: string,
    where: string,
    outdoor: boolean,
  ) =>
    (
      await create.inventoryProduct(ctx, ids.inventory, {
        product_id: productId,
        container_id: containerId,
        container_unit_id: gallon,
        container_size: size,
        container_quantity: '1',
        location_stored: where,
        is_outdoor: outdoor,
      })
    ).id;
  ids.propaneLine = await line(ids.propane, tank, '30000', 'TANK FARM', true);
  ids.ammoniaLine = await line(ammonia, nurse, '500', 'FIELD', false);

  const rmp = await uploadedList(ctx, 'rmp', '2026-03-01T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values([
    {
      listType: 'rmp',
      databaseEntryId: rmp,
      chemicalName: 'Propane',
      casNumber: PROPANE,
      thresholdQuantityLbs: '10000',
      substanceKind: 'flammable',
    },
    {
      listType: 'rmp',
      databaseEntryId: rmp,
      chemicalName: 'Ammonia (anhydrous)',
      casNumber: AMMONIA,
      condition: 'anhydrous',
      thresholdQuantityLbs: '10000',
      substanceKind: 'toxic',
    },
  ]);
});
afterAll(() => ctx.close());

function generate(type: string, format: 'pdf' | 'xlsx') {
  return ctx.call('admin', {
    method: 'POST',
    url: '/report/generate',
    payload: { type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR, format },
  });
}

async function getLine(lineId: number): Promise<InventoryProductResource> {
  const res = await ctx.call('staff', {
    method: 'GET',
    url: `/inventories/${ids.inventory}/product/${lineId}/get`,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { resource: InventoryProductResource }).resource;
}

const RMP_COLUMNS = ['Process (storage location)', 'Listed substance', 'Quantity in process (lb)', 'q / TQ'];

describe('a liquified gas saved in gallons', () => {
  it('keeps its specific gravity and conversion factor, and the line stores its Max Pounds', async () => {
    const product = await ctx.call('staff', { method: 'GET', url: `/products/${ids.propane}/get` });
    // 0.51 × 8.34 = 4.2534 → density 4.25 (two decimals, as the form shows it).
    expect(product.json().resource).toMatchObject({
      physical_state: 'liquified gas',
      specific_gravity: 0.51,
      density: 4.25,
      conversion_factor: 8.74,
    });
    // 30,000 gal × 4.2534 lb/gal = 127,602 lb; 500 gal × 5.1708 lb/gal = 2,585.40 lb.
    expect(await getLine(ids.propaneLine)).toMatchObject({ max_gallons: 30_000, max_pounds: 127_602 });
    expect(await getLine(ids.ammoniaLine)).toMatchObject({ max_gallons: 500, max_pounds: 2585.4 });
  });
});

describe('RMP, read back', () => {
  it('the PDF: propane 127,602 lb covered, the nurse tank 2,585.40 lb below the threshold', async () => {
    const { text } = await pdfOf(await generate('caa_112r_rmp', 'pdf'));
    const covered = text.indexOf('Covered processes (CAA 112(r))');
    const below = text.indexOf('Below threshold');
    expect(covered).toBeGreaterThan(-1);
    expect(below).toBeGreaterThan(covered);
    const propane = text.indexOf('TANK FARM Propane 74-98-6 Flammable 10,000 127,602.00 12.76 Y');
    expect(propane).toBeGreaterThan(covered);
    expect(propane).toBeLessThan(below);
    expect(text).toContain('127,602.00 lb > TQ 10,000 lb');
    expect(text).toContain(
      '30,000 gal × 1 = 30,000 gal × 4.2534 lb/gal (specific gravity 0.51 × 8.34) = 127,602.00 lb',
    );
    expect(
      text.indexOf('FIELD Ammonia (anhydrous) 7664-41-7 anhydrous Toxic 10,000 2,585.40 0.26'),
    ).toBeGreaterThan(below);
    expect(text).toContain('2,585.40 lb ≤ TQ 10,000 lb');
  });

  it('the XLSX: the same figures as plain numbers', async () => {
    const book = await xlsxOf(await generate('caa_112r_rmp', 'xlsx'));
    expect(
      sheetRows(book.getWorksheet('Covered processes (CAA 112(r))')!, [...RMP_COLUMNS, 'Covered']),
    ).toEqual([
      ['TANK FARM', 'Propane', 127_602, 12.7602, 'Y'],
      ['Facility total (screen)', 'Propane', 127_602, 12.7602, 'Y'],
    ]);
    expect(sheetRows(book.getWorksheet('Below threshold')!, RMP_COLUMNS)).toEqual([
      ['FIELD', 'Ammonia (anhydrous)', 2585.4, 0.2585],
      ['Facility total (screen)', 'Ammonia (anhydrous)', 2585.4, 0.2585],
    ]);
  });
});

// Propane is LP-gas (issue 31 point 4): its own permit row in gallons of water capacity, the
// 30,000-gal tank as recorded, over the seeded amount of 0 (any amount); the product list still
// gives its gas at NTP: 127,602 lb × 8.74 cu ft/lb = 1,115,241.48 cu ft (issue 31 point 2).
describe('Hazardous materials permit, read back', () => {
  it('the PDF: LP-gas 30,000 gal of water capacity outside, the tank as 1,115,241.48 cu ft at NTP', async () => {
    const { text } = await pdfOf(await generate('hmpp', 'pdf'));
    expect(text).toContain('Hazardous materials permit required: Yes');
    expect(text).toContain('LP-gas (gas, outside): 30,000.00 gal water capacity');
    expect(text).toContain('30,000.00 gal water capacity > permit amount (any amount)');
    expect(text).toContain(
      'Propane Acme Chemical Co Propane 74-98-6 (100%) LP-gas 1-4-0 1,115,241.48 cu ft TANK FARM',
    );
  });

  it('hmpp_excel: the LP-gas row in gallons of water capacity', async () => {
    const book = await xlsxOf(await generate('hmpp_excel', 'xlsx'));
    const sheet = book.getWorksheet('Gas Depot')!;
    expect(
      sheetRows(sheet, [
        'Hazard class',
        'Inside or outside',
        'Total quantity',
        'Unit',
        'Permit amount',
        'Permit required',
      ]),
    ).toEqual([['LP-gas', 'Outside', 30_000, 'gal water capacity', 0, 'Y']]);
    expect(labelledValues(sheet).get('Hazardous materials permit required (1 = yes)')).toBe(1);
  });
});

describe('a line saved before the fix', () => {
  it('is weighed once its product takes a specific gravity, and by the engine while it has no Max Pounds', async () => {
    // As the old save left it: the product without its specific gravity, the line without figures.
    await ctx.database.db
      .update(products)
      .set({ specificGravity: null, density: null })
      .where(eq(products.id, ids.propane));
    await ctx.database.db
      .update(inventoryProducts)
      .set({ specificGravity: null, density: null, maxPounds: null, maxGallons: null })
      .where(eq(inventoryProducts.id, ids.propaneLine));
    const before = await xlsxOf(await generate('caa_112r_rmp', 'xlsx'));
    // No density anywhere: not 0 lb but "cannot be determined" in the main table (issue 33 point 2),
    // with a warning naming the missing specific gravity, not the factor.
    const undetermined = 'cannot be determined: Specific Gravity or Pounds per Gallon';
    expect(
      sheetRows(before.getWorksheet('Covered processes (CAA 112(r))')!, [...RMP_COLUMNS, 'Covered']),
    ).toContainEqual(['TANK FARM', 'Propane', undetermined, null, undetermined]);
    expect(sheetRows(before.getWorksheet('Below threshold')!, RMP_COLUMNS)).not.toContainEqual(
      expect.arrayContaining(['TANK FARM', 'Propane']),
    );
    const warnings = before.getWorksheet('Warnings')!;
    const texts: string[] = [];
    warnings.eachRow((row) => texts.push(row.values?.toString() ?? ''));
    expect(texts.join('\n')).toContain(
      'liquefied gas of 30,000.00 gal with no pounds per gallon or specific gravity',
    );

    // The product is saved again with its specific gravity: the open line takes it and its figures.
    const saved = await ctx.call('admin', {
      method: 'PATCH',
      url: `/products/${ids.propane}/update`,
      payload: productBody({
        name: 'Propane',
        physical_state: 'liquified gas',
        specific_gravity: '0.51',
        pounds_per_gallon: '',
        conversion_factor: '8.74',
        flash_points: '-156',
        nfpa: '1-4-0',
        fire_code_hazard_classes: ['flammable_gas'],
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await getLine(ids.propaneLine)).toMatchObject({ specific_gravity: 0.51, max_pounds: 127_602 });

    // A line with the density but no stored figures is weighed by the engine: still 127,602 lb.
    await ctx.database.db
      .update(inventoryProducts)
      .set({ maxPounds: null, maxGallons: null })
      .where(eq(inventoryProducts.id, ids.propaneLine));
    const after = await xlsxOf(await generate('caa_112r_rmp', 'xlsx'));
    expect(sheetRows(after.getWorksheet('Covered processes (CAA 112(r))')!, RMP_COLUMNS)).toContainEqual([
      'TANK FARM',
      'Propane',
      127_602,
      12.7602,
    ]);
  });
});
