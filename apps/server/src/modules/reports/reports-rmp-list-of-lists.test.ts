import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { toCsv } from '../../../test/reference-files.ts';
import { labelledValues, pdfOf, sheetRows, xlsxOf } from '../../../test/report-files.ts';
import { createListEntry } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 31 point 7: an RMP list uploaded in EPA's Consolidated List of Lists layout (name, CAS and
 * a "CAA 112(r) RMP TQ" column only: no toxic/flammable, no alias), read back from the PDF and
 * XLSX. Which substance is toxic and which flammable comes from 40 CFR 68.130 as the app carries it.
 * Figures computed by hand (rules §8):
 *
 * - Propane/naphtha blend, NFPA 1-4-0, propane 50%: Cylinder 1,000 lb × 12 = 12,000 lb at BLEND
 *   TANK. Propane is a 68.130 Table 3 flammable; a mixture with >= 1% of it at NFPA 4 counts whole
 *   (68.115(b)(2)(i)): 12,000 lb > TQ 10,000 → covered, q/TQ 1.20. (Tested as a toxic, as before
 *   the fix: 50% × 12,000 = 6,000 lb, not covered.)
 * - Aqua ammonia 29% (ammonium hydroxide 1336-21-6 29%), 7.5 lb/gal: Tote 330 gal × 40 = 13,200
 *   gal × 7.5 = 99,000 lb at TANK FARM; × 29% = 28,710 lb under "Ammonia (conc 20% or greater)"
 *   > TQ 20,000 → covered, q/TQ 1.4355. (Before: no row, the list has no alias column.)
 * - Forklift propane, "used or sold as fuel": Cylinder 1,000 lb × 12 = 12,000 lb at DOCK: left out
 *   (68.126), 0 lb, below threshold. (Before: a "toxic" 12,000 lb > 10,000, covered.)
 */

const YEAR = 2025;
const CAS = {
  ammonia: '7664-41-7',
  ammoniumHydroxide: '1336-21-6',
  water: '7732-18-5',
  propane: '74-98-6',
  naphtha: '8030-30-6',
};

/** The List of Lists columns and rows as EPA prints them (RMP TQs of 68.130). */
const LIST_OF_LISTS = [
  [
    'Chemical Name',
    'CAS/313 Category Codes',
    'Section 302 (EHS) TPQ',
    'Section 304 EHS RQ',
    'CERCLA RQ',
    'Section 313',
    'RCRA Code',
    'CAA 112(r) RMP TQ',
  ],
  ['Ammonia', CAS.ammonia, '500', '100', '100', '313', '', '10,000'],
  ['Ammonia (conc 20% or greater)', CAS.ammonia, '', '', '', '', '', '20,000'],
  ['Ammonium hydroxide', CAS.ammoniumHydroxide, '', '', '1,000', '', '', ''],
  ['Propane', CAS.propane, '', '', '', '', '', '10,000'],
];

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Blending Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const cylinder = (await create.container(ctx, { name: 'Cylinder' })).id;
  const tote = (await create.container(ctx, { name: 'Tote' })).id;
  const gas = {
    physical_state: 'liquified gas',
    specific_gravity: '',
    pounds_per_gallon: '',
    conversion_factor: '8.7',
  };
  const blend = await create.productWithComponents(
    ctx,
    'Propane/naphtha blend',
    { ...gas, nfpa: '1-4-0', flash_points: '-156' },
    [
      { name: 'Propane', number: CAS.propane, percentage_weight: '50' },
      { name: 'Naphtha', number: CAS.naphtha, percentage_weight: '50' },
    ],
  );
  const aqua = await create.productWithComponents(
    ctx,
    'Aqua ammonia 29%',
    {
      physical_state: 'liquid',
      specific_gravity: '',
      pounds_per_gallon: '7.5',
      flash_points: '',
      nfpa: '3-1-0',
    },
    [
      { name: 'Ammonium hydroxide', number: CAS.ammoniumHydroxide, percentage_weight: '29' },
      { name: 'Water', number: CAS.water, percentage_weight: '71' },
    ],
  );
  const forklift = await create.productWithComponents(
    ctx,
    'Forklift propane',
    { ...gas, nfpa: '1-4-0', flash_points: '-156', is_used_as_fuel: true },
    [{ name: 'Propane', number: CAS.propane, percentage_weight: '100' }],
  );
  const line = (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    count: string,
    where: string,
  ) =>
    create.inventoryProduct(ctx, inventory, {
      product_id: productId,
      container_id: containerId,
      container_unit_id: unitId,
      container_size: size,
      container_quantity: count,
      location_stored: where,
    });
  await line(blend, cylinder, pound, '1000', '12', 'BLEND TANK');
  await line(aqua, tote, gallon, '330', '40', 'TANK FARM');
  await line(forklift, cylinder, pound, '1000', '12', 'DOCK');
  const res = await createListEntry(ctx, 'rmp', 'list-of-lists.csv', toCsv(LIST_OF_LISTS));
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => ctx.close());

function generate(format: 'pdf' | 'xlsx') {
  return ctx.call('admin', {
    method: 'POST',
    url: '/report/generate',
    payload: {
      type: 'caa_112r_rmp',
      customer_id: ids.customer,
      facility_id: ids.facility,
      year: YEAR,
      format,
    },
  });
}

const COLUMNS = [
  'Process (storage location)',
  'Listed substance',
  'Toxic / flammable',
  'Quantity in process (lb)',
  'q / TQ',
];
const KIND_WARNING =
  'RMP list: 3 listings have no toxic/flammable column; 40 CFR 68.130 (Tables 1-4, data in the app) decided: 2 toxic, 1 flammable (Propane).';

describe('an RMP list in the List of Lists layout, read back', () => {
  it('the PDF shows the 50% propane NFPA-4 blend covered at 12,000 lb, ammonium hydroxide under ammonia, the fuel left out', async () => {
    const { text } = await pdfOf(await generate('pdf'));
    const covered = text.indexOf('Covered processes (CAA 112(r))');
    const below = text.indexOf('Below threshold');
    expect(below).toBeGreaterThan(covered);
    const blend = text.indexOf('BLEND TANK Propane 74-98-6 Flammable 10,000 12,000.00 1.20 Y');
    expect(blend).toBeGreaterThan(covered);
    expect(blend).toBeLessThan(below);
    expect(text).toContain('12,000.00 lb > TQ 10,000 lb');
    expect(text).toContain(
      'TANK FARM Ammonia (conc 20% or greater) 7664-41-7 Ammonia (conc 20% or greater) Toxic 20,000 28,710.00 1.44 Y',
    );
    expect(text.indexOf('DOCK Propane 74-98-6 Flammable 10,000 0.00 0.00')).toBeGreaterThan(below);
    expect(text).toContain('Forklift propane: used as fuel or held for sale as fuel (40 CFR 68.126)');
    expect(text.replace(/\s+/g, ' ')).toContain(KIND_WARNING);
  });

  it('the XLSX cells hold the same figures and the warning names 68.130 as the source', async () => {
    const book = await xlsxOf(await generate('xlsx'));
    expect(sheetRows(book.getWorksheet('Covered processes (CAA 112(r))')!, [...COLUMNS, 'Covered'])).toEqual([
      ['BLEND TANK', 'Propane', 'Flammable', 12_000, 1.2, 'Y'],
      ['TANK FARM', 'Ammonia (conc 20% or greater)', 'Toxic', 28_710, 1.4355, 'Y'],
      ['Facility total (screen)', 'Ammonia (conc 20% or greater)', 'Toxic', 28_710, 1.4355, 'Y'],
      ['Facility total (screen)', 'Propane', 'Flammable', 12_000, 1.2, 'Y'],
    ]);
    const below = book.getWorksheet('Below threshold')!;
    expect(sheetRows(below, [...COLUMNS, 'Exemptions and overrides'])).toEqual([
      [
        'DOCK',
        'Propane',
        'Flammable',
        0,
        0,
        'Forklift propane: used as fuel or held for sale as fuel (40 CFR 68.126)',
      ],
    ]);
    expect(labelledValues(below).get('Tested and below the threshold')).toBe(1);
    const warnings: string[] = [];
    book.getWorksheet('Warnings')!.eachRow((row) => {
      warnings.push((row.values as unknown[]).map((value) => String(value ?? '')).join(' | '));
    });
    expect(warnings.some((row) => row.includes(KIND_WARNING))).toBe(true);
  });
});
