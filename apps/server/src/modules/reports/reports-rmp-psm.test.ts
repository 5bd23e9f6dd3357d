import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { labelledValues, pdfOf, sheetRows, uploadedList, xlsxOf } from '../../../test/report-files.ts';
import { regulatoryEntries } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 23: the CAA 112(r) RMP and OSHA PSM reports of a facility-year built through the API,
 * generated as PDF and XLSX and read back. Figures computed by hand (rules §8, §9):
 *
 * - Aqua ammonia 29% (ammonium hydroxide 1336-21-6 29%, water 71%), 7.5 lb/gal: Tote 330 gal × 40
 *   = 13,200 gal × 7.5 = 99,000 lb at TANK FARM. RMP: 99,000 × 29% = 28,710 lb under "Ammonia
 *   (conc 20% or greater)" through the alias column, > TQ 20,000 → covered, q/TQ 1.4355 (1.44).
 *   PSM: not listed (Appendix A has no alias) → no row.
 * - Chlorine, Cylinder 2,000 lb × 1 at GAS CAGE: RMP 2,000 ≤ TQ 2,500 → Below threshold;
 *   PSM 2,000 ≥ TQ 1,500 → covered, q/TQ 1.3333 (1.33).
 * - Propane (process), NFPA 1-4-0, flash point -156 °F, Cylinder 1,000 lb × 12 = 12,000 lb at
 *   PROPANE YARD: RMP pure flammable 12,000 > 10,000 → covered; PSM flammable screen 12,000 ≥
 *   10,000 → covered.
 * - Forklift propane, "used or sold as fuel", Cylinder 33 lb × 20 = 660 lb at DOCK, line marked
 *   "fuel use only": RMP left out (68.126), PSM left out ((a)(1)(ii)(A)); both rows below threshold at 0.
 * - Toluene, flash point 40 °F, 7.26 lb/gal: Drum 55 gal × 30 = 1,650 gal × 7.26 = 11,979 lb at
 *   SOLVENT ROOM: PSM flammable screen 11,979 ≥ 10,000 → covered.
 */

const YEAR = 2025;
const CAS = {
  ammonia: '7664-41-7',
  ammoniumHydroxide: '1336-21-6',
  water: '7732-18-5',
  chlorine: '7782-50-5',
  propane: '74-98-6',
  toluene: '108-88-3',
};

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Process Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const cylinder = (await create.container(ctx, { name: 'Cylinder' })).id;
  const tote = (await create.container(ctx, { name: 'Tote' })).id;
  const drum = (await create.container(ctx, { name: 'Drum' })).id;
  const product = (
    name: string,
    data: Parameters<typeof create.product>[1],
    components: Parameters<typeof create.productWithComponents>[3],
  ) => create.productWithComponents(ctx, name, data ?? {}, components);
  const aqua = await product(
    'Aqua ammonia 29%',
    {
      physical_state: 'liquid',
      specific_gravity: '',
      pounds_per_gallon: '7.5',
      flash_points: '',
      nfpa: '3-1-0',
      is_sara_f: 0,
    },
    [
      { name: 'Ammonium hydroxide', number: CAS.ammoniumHydroxide, percentage_weight: '29' },
      { name: 'Water', number: CAS.water, percentage_weight: '71' },
    ],
  );
  const chlorine = await product(
    'Chlorine',
    {
      physical_state: 'liquified gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: '5.4',
      flash_points: '',
      nfpa: '4-0-0',
      is_sara_f: 0,
    },
    [{ name: 'Chlorine', number: CAS.chlorine, percentage_weight: '100' }],
  );
  const propane = await product(
    'Propane (process)',
    {
      physical_state: 'liquified gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: '8.7',
      nfpa: '1-4-0',
      flash_points: '-156',
    },
    [{ name: 'Propane', number: CAS.propane, percentage_weight: '100' }],
  );
  const forklift = await product(
    'Forklift propane',
    {
      physical_state: 'liquified gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: '8.7',
      nfpa: '1-4-0',
      flash_points: '-156',
      is_used_as_fuel: true,
    },
    [{ name: 'Propane', number: CAS.propane, percentage_weight: '100' }],
  );
  const toluene = await product(
    'Toluene',
    { physical_state: 'liquid', specific_gravity: '', pounds_per_gallon: '7.26', flash_points: '40' },
    [{ name: 'Toluene', number: CAS.toluene, percentage_weight: '100' }],
  );
  const line = (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    count: string,
    where: string,
    extra: Record<string, string | number | boolean> = {},
  ) =>
    create.inventoryProduct(ctx, inventory, {
      product_id: productId,
      container_id: containerId,
      container_unit_id: unitId,
      container_size: size,
      container_quantity: count,
      location_stored: where,
      ...extra,
    });
  await line(aqua, tote, gallon, '330', '40', 'TANK FARM');
  await line(chlorine, cylinder, pound, '2000', '1', 'GAS CAGE');
  await line(propane, cylinder, pound, '1000', '12', 'PROPANE YARD');
  await line(forklift, cylinder, pound, '33', '20', 'DOCK', { is_fuel_use_only: true });
  await line(toluene, drum, gallon, '55', '30', 'SOLVENT ROOM');

  const rmp = await uploadedList(ctx, 'rmp', '2026-03-01T10:00:00Z');
  const psm = await uploadedList(ctx, 'psm', '2026-03-02T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values([
    {
      listType: 'rmp',
      databaseEntryId: rmp,
      chemicalName: 'Ammonia (anhydrous)',
      casNumber: CAS.ammonia,
      condition: 'anhydrous',
      thresholdQuantityLbs: '10000',
      substanceKind: 'toxic',
    },
    {
      listType: 'rmp',
      databaseEntryId: rmp,
      chemicalName: 'Ammonia (conc 20% or greater)',
      casNumber: CAS.ammonia,
      condition: 'conc 20% or greater',
      thresholdQuantityLbs: '20000',
      minConcentrationPct: '20',
      substanceKind: 'toxic',
      aliasCasNumbers: CAS.ammoniumHydroxide,
    },
    {
      listType: 'rmp',
      databaseEntryId: rmp,
      chemicalName: 'Chlorine',
      casNumber: CAS.chlorine,
      thresholdQuantityLbs: '2500',
      substanceKind: 'toxic',
    },
    {
      listType: 'rmp',
      databaseEntryId: rmp,
      chemicalName: 'Propane',
      casNumber: CAS.propane,
      thresholdQuantityLbs: '10000',
      substanceKind: 'flammable',
    },
    {
      listType: 'psm',
      databaseEntryId: psm,
      chemicalName: 'Chlorine',
      casNumber: CAS.chlorine,
      thresholdQuantityLbs: '1500',
    },
    {
      listType: 'psm',
      databaseEntryId: psm,
      chemicalName: 'Ammonia, Anhydrous',
      casNumber: CAS.ammonia,
      thresholdQuantityLbs: '10000',
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

const COLUMNS = ['Process (storage location)', 'Listed substance', 'Quantity in process (lb)', 'q / TQ'];

describe('GET /report/list', () => {
  it('answers RMP and PSM as available', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/report/list' });
    expect(res.statusCode).toBe(200);
    const items = res.json().resource as { type: string; available: boolean }[];
    expect(items.filter((item) => item.type === 'caa_112r_rmp' || item.type === 'caa_304_psm')).toEqual([
      expect.objectContaining({ type: 'caa_112r_rmp', available: true }),
      expect.objectContaining({ type: 'caa_304_psm', available: true }),
    ]);
  });
});

describe('CAA 112(r) RMP, read back', () => {
  it('the PDF has the header, the covered processes, then "Below threshold"', async () => {
    const { text } = await pdfOf(await generate('caa_112r_rmp', 'pdf'));
    expect(text).toContain('CAA 112 risk management report');
    expect(text).toContain('Process Plant');
    expect(text).toContain(`${YEAR}`);
    expect(text).toContain('SDS percent ranges: Upper bound of SDS percent ranges');
    expect(text).toContain('Estimated inputs: None');
    expect(text).toContain('RMP list (CAA 112(r))');
    const covered = text.indexOf('Covered processes (CAA 112(r))');
    const below = text.indexOf('Below threshold');
    expect(covered).toBeGreaterThan(-1);
    expect(below).toBeGreaterThan(covered);
    // 99,000 lb × 29% = 28,710 lb > TQ 20,000 (q/TQ 1.44): ammonium hydroxide under ammonia.
    const ammonia = text.indexOf(
      'TANK FARM Ammonia (conc 20% or greater) 7664-41-7 conc 20% or greater Toxic 20,000 28,710.00 1.44 Y',
    );
    expect(ammonia).toBeGreaterThan(covered);
    expect(ammonia).toBeLessThan(below);
    expect(text).toContain('28,710.00 lb > TQ 20,000 lb');
    expect(text).toContain('Ammonium hydroxide 1336-21-6 counted under Ammonia (conc 20% or greater)');
    // 12,000 lb of propane > 10,000: covered.
    expect(text).toContain('PROPANE YARD Propane 74-98-6 Flammable 10,000 12,000.00 1.20 Y');
    // Below: chlorine 2,000 ≤ 2,500; the forklift propane left out as fuel.
    expect(text.indexOf('GAS CAGE Chlorine 7782-50-5 Toxic 2,500 2,000.00 0.80')).toBeGreaterThan(below);
    expect(text).toContain('2,000.00 lb ≤ TQ 2,500 lb');
    expect(text).toContain('Forklift propane: used as fuel or held for sale as fuel (40 CFR 68.126)');
  });

  it('the XLSX has the covered sheet, the "Below threshold" sheet and their totals', async () => {
    const book = await xlsxOf(await generate('caa_112r_rmp', 'xlsx'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Covered processes (CAA 112(r))',
      'Below threshold',
      'Contributions',
      'Warnings',
    ]);
    const report = labelledValues(book.getWorksheet('Report')!);
    expect(report.get('Estimated inputs')).toBe('None');
    const covered = book.getWorksheet('Covered processes (CAA 112(r))')!;
    expect(sheetRows(covered, [...COLUMNS, 'Covered'])).toEqual([
      ['PROPANE YARD', 'Propane', 12_000, 1.2, 'Y'],
      ['TANK FARM', 'Ammonia (conc 20% or greater)', 28_710, 1.4355, 'Y'],
      ['Facility total (screen)', 'Ammonia (conc 20% or greater)', 28_710, 1.4355, 'Y'],
      ['Facility total (screen)', 'Propane', 12_000, 1.2, 'Y'],
    ]);
    expect(labelledValues(covered).get('Covered processes and listings')).toBe(2);
    const below = book.getWorksheet('Below threshold')!;
    expect(sheetRows(below, [...COLUMNS, 'Exemptions and overrides'])).toEqual([
      ['DOCK', 'Propane', 0, 0, 'Forklift propane: used as fuel or held for sale as fuel (40 CFR 68.126)'],
      ['GAS CAGE', 'Chlorine', 2_000, 0.8, null],
      ['Facility total (screen)', 'Chlorine', 2_000, 0.8, null],
    ]);
    expect(labelledValues(below).get('Tested and below the threshold')).toBe(3);
  });
});

describe('OSHA PSM, read back', () => {
  it('the PDF has the header, the Appendix A and flammable rows, then "Below threshold"', async () => {
    const { text } = await pdfOf(await generate('caa_304_psm', 'pdf'));
    expect(text).toContain('CAA 304 process safety management report');
    expect(text).toContain('Process Plant');
    expect(text).toContain('PSM list (OSHA 1910.119)');
    const covered = text.indexOf('Covered processes (OSHA PSM)');
    const below = text.indexOf('Below threshold');
    expect(below).toBeGreaterThan(covered);
    // Chlorine 2,000 ≥ TQ 1,500 (q/TQ 1.33); toluene 11,979 ≥ 10,000; propane 12,000 ≥ 10,000.
    expect(text).toContain(
      'GAS CAGE Chlorine 7782-50-5 none listed: 1% or more (OSHA 2016 policy) (a)(1)(i) Appendix A 1,500 2,000.00 1.33 Y',
    );
    expect(text).toContain('2,000.00 lb ≥ TQ 1,500 lb');
    expect(text).toContain('11,979.00 lb ≥ TQ 10,000 lb');
    expect(text).toContain('12,000.00 lb ≥ TQ 10,000 lb');
    expect(text).not.toContain('Aqua ammonia 29%: ');
    expect(
      text.indexOf('Forklift propane: hydrocarbon fuel used only as workplace fuel (1910.119(a)(1)(ii)(A))'),
    ).toBeGreaterThan(below);
  });

  it('the XLSX has the covered rows, the flammable screen per location and "Below threshold"', async () => {
    const book = await xlsxOf(await generate('caa_304_psm', 'xlsx'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Covered processes (OSHA PSM)',
      'Below threshold',
      'Contributions',
      'Warnings',
    ]);
    const flammable = 'Flammable liquids (flash point below 100 °F) and flammable gases';
    expect(sheetRows(book.getWorksheet('Covered processes (OSHA PSM)')!, [...COLUMNS, 'Basis'])).toEqual([
      ['GAS CAGE', 'Chlorine', 2_000, 1.3333, '(a)(1)(i) Appendix A'],
      ['PROPANE YARD', flammable, 12_000, 1.2, '(a)(1)(ii) Flammable 10,000 lb'],
      ['SOLVENT ROOM', flammable, 11_979, 1.1979, '(a)(1)(ii) Flammable 10,000 lb'],
      ['Facility total (screen)', 'Chlorine', 2_000, 1.3333, '(a)(1)(i) Appendix A'],
    ]);
    expect(
      sheetRows(book.getWorksheet('Below threshold')!, [...COLUMNS, 'Exemptions and overrides']),
    ).toEqual([
      [
        'DOCK',
        flammable,
        0,
        0,
        'Forklift propane: hydrocarbon fuel used only as workplace fuel (1910.119(a)(1)(ii)(A))',
      ],
    ]);
  });
});
