import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, sheetRows, uploadedList, xlsxOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import { regulatoryEntries } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 21 points 1, 2 and 3 read back from the files the server writes: a facility-year built
 * through the API, the lists inserted as an upload leaves them, each report generated as a PDF
 * (its text) and an XLSX (its cells). Figures computed by hand from regulatory-rules.md:
 *
 * - Chlorine, liquified: a liquified gas weighed in pounds, Cylinder 150 lb × 1 at GAS CAGE.
 *   The server stores no max pounds for it (spec 02 §9 names lb for solids); the reports count
 *   150 lb × 1 = 150 lb (rules §0.1). 302: 150 ≥ TPQ 100. 304: 150 ≥ RQ 10. Tier II: 150 ≥
 *   min(500, TPQ 100) = 100 → reported, code 02.
 * - Battery acid: liquid 10.5 lb/gal, sulfuric acid 35% and water 65%; Drum 55 gal × 4 = 220 gal
 *   × 10.5 = 2,310 lb. Its sulfuric acid 2,310 × 35% = 808.50 lb ≥ min(500, TPQ 1,000) = 500 →
 *   reported, code 03; the mixture 2,310 lb < 10,000 → "Below threshold (not reported)", code 04.
 * - Caustic flakes (sodium hydroxide, on no list): Bag 50 lb × 4 = 200 lb at WAREHOUSE, average
 *   100 lb for 365 days; Tote 2,000 lb × 6 = 12,000 lb at YARD, average 1,000 lb for 10 days. Max
 *   12,200 lb ≥ 10,000 → reported, code 06. Average (100 × 365 + 1,000 × 10) / 365 = 46,500 / 365
 *   = 127.3973 lb → 127.40, code 02 (never 1,100 lb, code 04); 365 days, recorded.
 */

const YEAR = 2024;
const CAS = { chlorine: '7782-50-5', sulfuricAcid: '7664-93-9', water: '7732-18-5', caustic: '1310-73-2' };

let ctx: TestContext;
const ids = { customer: 0, facility: 0, cylinder: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Figures Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const container = async (name: string) => (await create.container(ctx, { name })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const product = (
    name: string,
    data: Parameters<typeof create.product>[1],
    components: Parameters<typeof create.productWithComponents>[3],
  ) => create.productWithComponents(ctx, name, data ?? {}, components);
  const chlorine = await product(
    'Chlorine, liquified',
    {
      physical_state: 'liquified gas',
      specific_gravity: '',
      pounds_per_gallon: '',
      conversion_factor: '5.4',
    },
    [{ name: 'Chlorine', number: CAS.chlorine, percentage_weight: '100' }],
  );
  const acid = await product(
    'Battery acid',
    { physical_state: 'liquid', specific_gravity: '', pounds_per_gallon: '10.5' },
    [
      { name: 'Sulfuric acid', number: CAS.sulfuricAcid, percentage_weight: '35' },
      { name: 'Water', number: CAS.water, percentage_weight: '65' },
    ],
  );
  const caustic = await product(
    'Caustic flakes',
    { physical_state: 'solid', specific_gravity: '', pounds_per_gallon: '' },
    [{ name: 'Sodium hydroxide', number: CAS.caustic, percentage_weight: '100' }],
  );
  const line = async (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    count: string,
    where: string,
    extra: Record<string, string | number> = {},
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
  ids.cylinder = await line(chlorine, await container('Cylinder'), pound, '150', '1', 'GAS CAGE');
  await line(acid, await container('Drum'), gallon, '55', '4', 'BATTERY ROOM');
  await line(caustic, await container('Bag'), pound, '50', '4', 'WAREHOUSE', {
    average_pounds: '100',
    days_on_site: 365,
  });
  await line(caustic, await container('Tote'), pound, '2000', '6', 'YARD', {
    average_pounds: '1000',
    days_on_site: 10,
  });

  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  const cercla = await uploadedList(ctx, 'cercla', '2026-02-01T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values([
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Chlorine',
      casNumber: CAS.chlorine,
      thresholdQuantityLbs: '100',
      finalReportableQuantityLb: '10',
      tpqText: '100',
    },
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Sulfuric acid',
      casNumber: CAS.sulfuricAcid,
      thresholdQuantityLbs: '1000',
      finalReportableQuantityLb: '1000',
      tpqText: '1000',
    },
    {
      listType: 'cercla',
      databaseEntryId: cercla,
      chemicalName: 'Chlorine',
      casNumber: CAS.chlorine,
      finalReportableQuantityLb: '10',
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

async function pdfText(res: LightMyRequestResponse): Promise<string> {
  return (await pdfOf(res)).text;
}

const workbook = xlsxOf;

describe('a line weighed in pounds, read back (issue 21, point 1)', () => {
  it('302, 304 and Tier II count the 150-lb liquified-gas cylinder as 150 lb, with no missing-factor warning', async () => {
    const r302 = await pdfText(await generate('epcra_302', 'pdf'));
    expect(r302).toContain('150.00 lb ≥ TPQ 100 lb');
    expect(r302).toContain(
      `Chlorine, liquified (line ${ids.cylinder}) at GAS CAGE, liquified gas, Cylinder 150 Pound (lb) × 1: 150.00 lb × 100% = 150.00 lb [150 lb × 1 = 150.00 lb]`,
    );
    expect(r302).not.toContain('conversion factor');
    const r304 = await pdfText(await generate('epcra_304_cercla', 'pdf'));
    expect(r304).toContain('150.00 lb ≥ RQ 10 lb');

    const book = await workbook(await generate('epcra_311_312_tier2', 'xlsx'));
    const table = book.getWorksheet('Tier II chemicals')!;
    expect(
      sheetRows(table, ['Chemical or product', 'Max amount (lb)', 'Max code', 'Threshold (lb)']),
    ).toContainEqual(['Chlorine', 150, '02', 100]);
    const warnings = book.getWorksheet('Warnings')!;
    const codes: unknown[] = [];
    warnings.eachRow((row, number) => {
      if (number > 1) codes.push(row.getCell(2).value);
    });
    expect(codes).not.toContain('missing_conversion_factor');
    expect(codes).not.toContain('missing_quantity');
  });
});

describe('Tier II: the reported table, then what is below threshold (issue 21, point 2)', () => {
  it('the XLSX has the reported rows on one sheet and the tested-below rows on another', async () => {
    const book = await workbook(await generate('epcra_311_312_tier2', 'xlsx'));
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Tier II chemicals',
      'Below threshold (not reported)',
      'Tier I by hazard category',
      // Issue 36: the form's certification closes the report.
      'Certification (40 CFR 370.42)',
      'Contributions',
      // Issue 36: the facility's only inventory, so nothing to compare (report-changes.test.ts).
      'Changes since last year',
      'Warnings',
    ]);
    const columns = ['Chemical or product', 'Tested as', 'Max amount (lb)', 'Max code'];
    // Reported: caustic 12,200 lb (06), chlorine 150 lb (02), sulfuric acid 808.50 lb (03), by name.
    expect(sheetRows(book.getWorksheet('Tier II chemicals')!, [...columns, 'Reportable'])).toEqual([
      ['Caustic flakes', 'Product', 12_200, '06', 'Y'],
      ['Chlorine', 'EHS', 150, '02', 'Y'],
      ['Sulfuric acid', 'EHS', 808.5, '03', 'Y'],
    ]);
    // Below: the battery acid mixture, 2,310 lb < 10,000 (code 04), not within 10% (≥ 9,000).
    expect(
      sheetRows(book.getWorksheet('Below threshold (not reported)')!, [...columns, 'Near threshold']),
    ).toEqual([['Battery acid', 'Product', 2310, '04', 'N']]);
  });

  it('the PDF prints the battery acid under "Below threshold (not reported)", after the table, with its EHS named', async () => {
    const text = await pdfText(await generate('epcra_311_312_tier2', 'pdf'));
    const table = text.indexOf('Tier II chemicals');
    const below = text.indexOf('Below threshold (not reported)');
    const acidRow = text.indexOf('Sulfuric acid 7664-93-9 EHS Y N liquid');
    const mixtureRow = text.indexOf('Battery acid Product Y Y liquid');
    expect(table).toBeGreaterThan(-1);
    expect(acidRow).toBeGreaterThan(table);
    expect(below).toBeGreaterThan(acidRow);
    expect(mixtureRow).toBeGreaterThan(below);
    // The battery acid appears once, and only below the threshold.
    expect(text.split('Battery acid Product').length).toBe(2);
    expect(text).toContain('2,310.00 lb < threshold 10,000 lb');
  });

  it('the preview carries the same two tables', async () => {
    const document = await wholePreview(
      (url, payload) => ctx.call('admin', { method: 'POST', url, payload }),
      {
        type: 'epcra_311_312_tier2',
        customer_id: ids.customer,
        facility_id: ids.facility,
        year: YEAR,
      },
    );
    expect(document.tables.map((table) => [table.title, table.rows.map((row) => row.cells.name)])).toEqual([
      ['Tier II chemicals', ['Caustic flakes', 'Chlorine', 'Sulfuric acid']],
      ['Below threshold (not reported)', ['Battery acid']],
      ['Tier I by hazard category', [undefined, undefined]],
      ['Certification (40 CFR 370.42)', [undefined, undefined, undefined, undefined, undefined]],
    ]);
    const mixture = document.tables[1]?.rows[0];
    expect(mixture?.details[0]).toBe('Components: Sulfuric acid 7664-93-9 35% (EHS); Water 7732-18-5 65%');
  });
});

describe('Tier II average daily amount, read back (issue 21, point 3)', () => {
  it('caustic flakes average 127.40 lb (code 02) over 365 days, in the PDF and the XLSX', async () => {
    const text = await pdfText(await generate('epcra_311_312_tier2', 'pdf'));
    expect(text).toContain('12,200.00 06 127.40 02 365 10,000 Y');
    expect(text).not.toContain('1,100.00 04');
    const book = await workbook(await generate('epcra_311_312_tier2', 'xlsx'));
    expect(
      sheetRows(book.getWorksheet('Tier II chemicals')!, [
        'Chemical or product',
        'Average amount (lb)',
        'Average code',
        'Days on site',
      ]),
    ).toContainEqual(['Caustic flakes', 127.3973, '02', 365]);
  });
});
