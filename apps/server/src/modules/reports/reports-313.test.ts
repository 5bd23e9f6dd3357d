import type { ReportDocument, ReportTable } from '@chemtrack/domain';
import type ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { type Cell, toCsv } from '../../../test/reference-files.ts';
import { pdfOf, xlsxOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import { createListEntry } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';
import { readSeedList } from '../../seed/reference-lists/load.ts';

/**
 * EPCRA 313 (issue 21 points 4, 5, 15, 16) through the whole server: a 313 list uploaded as an
 * admin does, its markers read back through the data API, then the report's preview, PDF and XLSX.
 */

const YEAR = 2025;
const CAS = {
  ammonia: '7664-41-7',
  hydroxide: '1336-21-6',
  pfoa: '335-67-1',
  lead: '7439-92-1',
  sulfuric: '7664-93-9',
  mercury: '7439-97-6',
};
const SULFURIC_NAME =
  'Sulfuric acid (acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size)';
const SULFURIC_QUALIFIER =
  'acid aerosols including mists, vapors, gas, fog, and other airborne forms of any particle size';

let ctx: TestContext;
const ids = { customer: 0, facility: 0, inventory: 0, markedAcid: 0, unmarkedAcid: 0 };

async function line(
  name: string,
  physical_state: 'liquid' | 'solid' | 'liquified gas',
  component: { name: string; number: string; percentage_weight: string },
  figures: object,
): Promise<number> {
  const product = await create.product(ctx, { name, physical_state });
  await create.component(ctx, { ...component, percentage_volume: '' }, product.id);
  const created = await create.inventoryProduct(ctx, ids.inventory, {
    product_id: product.id,
    is_otherwise_used: 0,
    ...figures,
  });
  return created.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const customer = await create.customer(ctx, { name: 'Delta Fluoro Works' });
  ids.customer = customer.id;
  ids.facility = (await create.facility(ctx, { name: 'River Plant', customer_id: customer.id })).id;
  ids.inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  // Annual amounts on every line, so no 313 figure is a screening.
  const used = (pounds: string) => ({ is_otherwise_used: 1, annual_pounds_otherwise_used: pounds });
  const processed = (pounds: string) => ({ is_processed: 1, annual_pounds_processed: pounds });
  const lines: [string, 'liquid' | 'solid' | 'liquified gas', string, string, string, object][] = [
    ['Anhydrous Ammonia', 'liquified gas', 'Ammonia', CAS.ammonia, '100', used('9500')],
    ['Ammonium Hydroxide 29.4%', 'liquid', 'Ammonium hydroxide', CAS.hydroxide, '29.4', used('20000')],
    [
      'Sulfuric Acid 98% (spray line)',
      'liquid',
      'Sulfuric acid',
      CAS.sulfuric,
      '98',
      { ...used('8000'), meets_313_qualifier: 1 },
    ],
    ['Sulfuric Acid 98% (tank)', 'liquid', 'Sulfuric acid', CAS.sulfuric, '98', used('5000')],
    ['Fluorosurfactant FS-8', 'liquid', 'PFOA', CAS.pfoa, '0.5', processed('30000')],
    ['Solder Alloy', 'solid', 'Lead', CAS.lead, '0.5', processed('30000')],
  ];
  const created: number[] = [];
  for (const [name, state, chemical, number, percentage_weight, figures] of lines) {
    created.push(await line(name, state, { name: chemical, number, percentage_weight }, figures));
  }
  ids.markedAcid = created[2]!;
  ids.unmarkedAcid = created[3]!;
});
afterAll(() => ctx.close());

async function upload313(rows: Cell[][]) {
  const res = await createListEntry(ctx, '313', 'tri.csv', toCsv(rows));
  expect(res.statusCode, res.body).toBe(201);
}

async function listed(cas: string) {
  const res = await ctx.call('admin', {
    method: 'GET',
    url: `/db-entry-data/313/list?ipp=100&search=${cas}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource.items[0];
}

function body(type: string, extra: Record<string, unknown> = {}) {
  return { type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR, ...extra };
}

async function preview(type: string): Promise<ReportDocument> {
  return wholePreview((url, payload) => ctx.call('admin', { method: 'POST', url, payload }), body(type));
}

function generate(type: string, format: 'pdf' | 'xlsx') {
  return ctx.call('admin', { method: 'POST', url: '/report/generate', payload: body(type, { format }) });
}

async function pdfText(res: LightMyRequestResponse): Promise<string> {
  return (await pdfOf(res)).text;
}

/** A sheet's rows as header label → cell value, by the value of its first column (CAS). */
function sheetRow(book: ExcelJS.Workbook, sheetName: string, cas: string): Record<string, unknown> {
  const sheet = book.getWorksheet(sheetName);
  expect(sheet, `${sheetName} of ${book.worksheets.map((s) => s.name).join(', ')}`).toBeDefined();
  const header = (sheet!.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  let found: Record<string, unknown> | undefined;
  sheet!.eachRow((row) => {
    if (row.getCell(1).value !== cas) return;
    const values = row.values as unknown[];
    found = Object.fromEntries(
      header.map((label, i) => [label, values[i] ?? null]).filter(([label]) => label),
    );
  });
  expect(found, `${sheetName}: ${cas}`).toBeDefined();
  return found!;
}

function tableRow(table: ReportTable | undefined, cas: string) {
  const row = table?.rows.find((candidate) => candidate.cells.cas_number === cas);
  expect(row, cas).toBeDefined();
  return row!;
}

const PFAS_LIST: Cell[][] = [
  ['Chemical Name', 'CAS #', 'PFAS'],
  ['Ammonia', CAS.ammonia, ''],
  ['Perfluorooctanoic acid', CAS.pfoa, 'Y'],
  [SULFURIC_NAME, CAS.sulfuric, ''],
  ['Lead', CAS.lead, ''],
];

const PBT_LIST: Cell[][] = [
  ['Chemical Name', 'CAS #', 'PBT', 'Reporting threshold (lb)'],
  ['Ammonia', CAS.ammonia, '', ''],
  ['Perfluorooctanoic acid', CAS.pfoa, '', ''],
  [SULFURIC_NAME, CAS.sulfuric, '', ''],
  ['Lead', CAS.lead, 'X', '100'],
  ['Mercury', CAS.mercury, 'yes', '10'],
];

describe('a 313 list with a PFAS column (issue 21 point 5)', () => {
  it('round-trips the marker: upload, the data API, then the processed report (preview, PDF, XLSX)', async () => {
    await upload313(PFAS_LIST);
    expect(await listed(CAS.pfoa)).toMatchObject({
      chemical_name: 'Perfluorooctanoic acid',
      is_pfas: true,
      is_pbt: false,
    });
    expect(await listed(CAS.lead)).toMatchObject({ is_pfas: false, is_pbt: false });

    // PFOA: 30,000 lb processed × 0.5% = 150 lb > 100 lb (PFAS: no de minimis) → reported, no Form A.
    // Lead: this list has no PBT column, so 40 CFR 372.28 (built in) decides: PBT, 100 lb, no de minimis:
    // 30,000 × 0.5% = 150 lb > 100 lb → reported (issue 31 point 6; was 0 lb, de minimis, not reported).
    const document = await preview('epcra_313_processed');
    const pfoa = tableRow(document.tables[0], CAS.pfoa);
    expect(pfoa.cells).toMatchObject({
      is_pfas: true,
      annual_lb: 150,
      threshold_lb: 100,
      exceeds: true,
      form_a: 'No: PFAS',
    });
    expect(pfoa.explanation?.excluded).toEqual([]);
    expect(tableRow(document.tables[0], CAS.lead).cells).toMatchObject({
      is_pbt: true,
      annual_lb: 150,
      threshold_lb: 100,
      exceeds: true,
      form_a: 'No: PBT chemical',
    });
    expect(document.warnings[0]).toMatchObject({ code: 'list_without_markers', inventory_product_id: null });
    expect(document.warnings[0]?.message).toMatch(
      /^EPCRA 313 list markers: PBT from 40 CFR 372\.28 \(built in\), the uploaded list has no PBT column; PFAS from the uploaded list's PFAS column\. /,
    );

    const text = await pdfText(await generate('epcra_313_processed', 'pdf'));
    expect(text).toContain('150.00 lb > threshold 100 lb');
    expect(text).toContain('PFAS (chemical of special concern): threshold 100 lb, no de minimis, no Form A.');
    expect(text).toContain('Perfluorooctanoic acid');
    expect(text).toContain('No: PFAS');

    const book = await xlsxOf(await generate('epcra_313_processed', 'xlsx'));
    expect(sheetRow(book, 'Listed chemicals processed', CAS.pfoa)).toMatchObject({
      Chemical: 'Perfluorooctanoic acid',
      PBT: 'N',
      PFAS: 'Y',
      'Annual amount (lb)': 150,
      'Threshold (lb)': 100,
      'Threshold exceeded': 'Y',
      'Form A': 'No: PFAS',
    });
  });
});

describe('a 313 list with a PBT and a Reporting threshold (lb) column (issue 21 point 5)', () => {
  it('round-trips the markers: upload, the data API, then the processed report', async () => {
    await upload313(PBT_LIST);
    expect(await listed(CAS.lead)).toMatchObject({
      is_pbt: true,
      is_pfas: false,
      threshold_quantity_lbs: 100,
    });
    expect(await listed(CAS.mercury)).toMatchObject({ is_pbt: true, threshold_quantity_lbs: 10 });
    expect(await listed(CAS.pfoa)).toMatchObject({ is_pbt: false, is_pfas: false });

    // Lead: 30,000 lb × 0.5% = 150 lb > 100 lb (PBT: no de minimis) → reported, Form R only.
    const document = await preview('epcra_313_processed');
    expect(tableRow(document.tables[0], CAS.lead).cells).toMatchObject({
      is_pbt: true,
      annual_lb: 150,
      threshold_lb: 100,
      exceeds: true,
      form_a: 'No: PBT chemical',
    });
    const book = await xlsxOf(await generate('epcra_313_processed', 'xlsx'));
    expect(sheetRow(book, 'Listed chemicals processed', CAS.lead)).toMatchObject({
      PBT: 'Y',
      'Annual amount (lb)': 150,
      'Threshold (lb)': 100,
      'Threshold exceeded': 'Y',
      'Form A': 'No: PBT chemical',
    });
  });
});

describe('a 313 list with no marker column', () => {
  it('the warning says the built-in tables decided, in the preview and the PDF', async () => {
    await upload313([
      ['Chemical Name', 'CAS #'],
      ['Ammonia', CAS.ammonia],
      ['Perfluorooctanoic acid', CAS.pfoa],
    ]);
    const document = await preview('epcra_313_processed');
    expect(document.warnings[0]).toMatchObject({
      code: 'list_without_markers',
      severity: 'warning',
      inventory_product_id: null,
    });
    // Without a PFAS column the NDAA table (built in) knows PFOA 335-67-1: 30,000 × 0.5% = 150 lb > 100 lb,
    // no de minimis → reported (issue 31 point 6; was 0 lb under the 1% de minimis).
    expect(tableRow(document.tables[0], CAS.pfoa).cells).toMatchObject({
      is_pfas: true,
      annual_lb: 150,
      threshold_lb: 100,
      exceeds: true,
    });
    const text = await pdfText(await generate('epcra_313_processed', 'pdf'));
    expect(text).toContain(
      "Warning: EPCRA 313 list markers: PBT from 40 CFR 372.28 (built in), the uploaded list has no PBT column; PFAS from NDAA FY2020 section 7321 and EPA's later additions (built in, 33 CAS numbers), the uploaded list has no PFAS column.",
    );
  });
});

describe('otherwise used: ammonia (point 4), qualified listings (point 16) and Form A (point 15)', () => {
  beforeAll(() => upload313(PFAS_LIST));

  it('the list keeps the qualifier from the name and the report counts ammonia by product', async () => {
    expect(await listed(CAS.sulfuric)).toMatchObject({
      chemical_name: SULFURIC_NAME,
      condition: SULFURIC_QUALIFIER,
    });
    // Ammonia: anhydrous 9,500 lb × 100% + ammonium hydroxide 20,000 lb × 29.4% = 5,880 lb aqueous × 10% = 588 lb
    // → 10,088 lb > 10,000 lb, reported. Sulfuric acid: only the marked line, 8,000 × 98% = 7,840 lb ≤ 10,000.
    const document = await preview('epcra_313_otherwise_used');
    const [listedTable, checkTable] = document.tables;
    const ammonia = tableRow(listedTable, CAS.ammonia);
    expect(ammonia.cells).toMatchObject({
      annual_lb: 10_088,
      exceeds: true,
      count_basis: 'Ammonia listing: anhydrous 9,500.00 lb × 100% + aqueous 5,880.00 lb × 10%',
      form_a: 'Possible if the annual reportable amount is ≤ 500 lb (confirm)',
    });
    expect(tableRow(listedTable, CAS.sulfuric).cells).toMatchObject({
      qualifier: SULFURIC_QUALIFIER,
      count_basis: 'Only lines marked as meeting the qualifier',
      annual_lb: 7_840,
      exceeds: false,
      form_a: '',
    });
    expect(listedTable?.rows.some((row) => row.cells.cas_number === CAS.hydroxide)).toBe(false);
    // The unmarked tank: 5,000 × 98% = 4,900 lb, in its own block only.
    expect(checkTable?.title).toBe('Qualified listings: check the form');
    expect(tableRow(checkTable, CAS.sulfuric).cells).toMatchObject({ unmarked_lb: 4_900, counted_lb: 7_840 });
    expect(
      tableRow(checkTable, CAS.sulfuric).explanation?.contributions.map((c) => c.inventory_product_id),
    ).toEqual([ids.unmarkedAcid]);

    const text = await pdfText(await generate('epcra_313_otherwise_used', 'pdf'));
    expect(text).toContain('10,088.00 lb > threshold 10,000 lb');
    expect(text).toContain('Anhydrous: 9,500.00 lb × 100% = 9,500.00 lb counted.');
    expect(text).toContain(
      'Aqueous (ammonium hydroxide 1336-21-6 included as aqueous ammonia, GuideME Q550): 5,880.00 lb × 10% = 588.00 lb counted.',
    );
    expect(text).toContain('Qualified listings: check the form');
    expect(text).toContain('Pounds not marked as meeting the qualifier: 4,900.00 lb');
    expect(text).toContain('which the inventory does not record: the user confirms it.');

    const book = await xlsxOf(await generate('epcra_313_otherwise_used', 'xlsx'));
    expect(sheetRow(book, 'Listed chemicals otherwise used', CAS.ammonia)).toMatchObject({
      'How counted': 'Ammonia listing: anhydrous 9,500.00 lb × 100% + aqueous 5,880.00 lb × 10%',
      'Annual amount (lb)': 10_088,
      'Threshold exceeded': 'Y',
      'Form A': 'Possible if the annual reportable amount is ≤ 500 lb (confirm)',
    });
    expect(sheetRow(book, 'Listed chemicals otherwise used', CAS.sulfuric)).toMatchObject({
      'Annual amount (lb)': 7_840,
      'Threshold exceeded': 'N',
    });
    expect(sheetRow(book, 'Qualified listings - check form', CAS.sulfuric)).toMatchObject({
      Qualifier: SULFURIC_QUALIFIER,
      'Not marked, not counted (lb)': 4_900,
      'Marked and counted (lb)': 7_840,
    });
  });

  it('the mark round-trips through the line API: saved ticked on one line, unticked (the default) on the other', async () => {
    const mark = async (lineId: number) => {
      const res = await ctx.call('admin', {
        method: 'GET',
        url: `/inventories/${ids.inventory}/product/${lineId}/get`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().resource.meets_313_qualifier;
    };
    expect(await mark(ids.markedAcid)).toBe(true);
    expect(await mark(ids.unmarkedAcid)).toBe(false);
  });
});

describe("point 5 (issue 31): ammonia is read from each line's record", () => {
  const ids5 = { refrigerated: 0, solution: 0 };
  beforeAll(async () => {
    await upload313(PFAS_LIST);
    // 100% ammonia held as a refrigerated liquid: anhydrous ammonia, whatever "liquid" says.
    ids5.refrigerated = await line(
      'Anhydrous Ammonia (refrigerated tank)',
      'liquid',
      { name: 'Ammonia', number: CAS.ammonia, percentage_weight: '100' },
      {
        is_processed: 1,
        annual_pounds_processed: '30000',
        storage_temperature: 'Less than ambient temperature but not cryogenic',
      },
    );
    // A water solution as its SDS lists it: ammonia 19% and water 81%.
    const product = await create.product(ctx, { name: 'Scrubber Feed 19%', physical_state: 'liquid' });
    for (const [name, number, percentage_weight] of [
      ['Ammonia', CAS.ammonia, '19'],
      ['Water', '7732-18-5', '81'],
    ] as const) {
      await create.component(ctx, { name, number, percentage_weight, percentage_volume: '' }, product.id);
    }
    ids5.solution = (
      await create.inventoryProduct(ctx, ids.inventory, {
        product_id: product.id,
        is_otherwise_used: 0,
        is_processed: 1,
        annual_pounds_processed: '20000',
      })
    ).id;
  });

  it('processed: the refrigerated liquid counts whole, the water solution 10%: preview, PDF and XLSX', async () => {
    // Refrigerated tank: 30,000 lb × 100% = 30,000 lb anhydrous × 100% = 30,000 lb.
    // Scrubber feed: 20,000 lb × 19% = 3,800 lb aqueous × 10% = 380 lb.
    // Counted 30,000 + 380 = 30,380 lb > 25,000 → reported.
    // Before: "liquid" read as a solution, (30,000 + 3,800) × 10% = 3,380 lb ≤ 25,000, not reported.
    const document = await preview('epcra_313_processed');
    const ammonia = tableRow(document.tables[0], CAS.ammonia);
    const basis = 'Ammonia listing: anhydrous 30,000.00 lb × 100% + aqueous 3,800.00 lb × 10%';
    expect(ammonia.cells).toMatchObject({
      annual_lb: 30_380,
      threshold_lb: 25_000,
      exceeds: true,
      count_basis: basis,
    });

    const text = await pdfText(await generate('epcra_313_processed', 'pdf'));
    expect(text).toContain('30,380.00 lb > threshold 25,000 lb');
    expect(text).toContain(
      `Anhydrous Ammonia (refrigerated tank) (line ${ids5.refrigerated}) at STORE ROOM: 30,000.00 lb; 100% ammonia recorded as liquid (Less than ambient temperature but not cryogenic): ammonia of 99% or more is anhydrous ammonia whatever state is recorded → anhydrous, 100% counted.`,
    );
    expect(text).toContain(
      `Scrubber Feed 19% (line ${ids5.solution}) at STORE ROOM: 3,800.00 lb; 19% ammonia with water 7732-18-5 (81%) as a component: a water solution → aqueous, 10% counted.`,
    );
    expect(text).toContain('Counted in all: 30,380.00 lb.');

    const book = await xlsxOf(await generate('epcra_313_processed', 'xlsx'));
    expect(sheetRow(book, 'Listed chemicals processed', CAS.ammonia)).toMatchObject({
      'How counted': basis,
      'Annual amount (lb)': 30_380,
      'Threshold (lb)': 25_000,
      'Threshold exceeded': 'Y',
    });
  });
});

describe("point 6 (issue 31): EPA's own list layout (no PBT or PFAS column), PBT and PFAS known by CAS", () => {
  const PFOS = '1763-23-1';
  const ids6 = { pfos: 0, mercury: 0 };
  beforeAll(async () => {
    // ../shared/data/list-313.csv: chemical_name, cas_number, category, as EPA's lists come.
    const res = await createListEntry(ctx, '313', 'list-313.csv', readSeedList('313'));
    expect(res.statusCode, res.body).toBe(201);
    ids6.pfos = await line(
      'Mist Suppressant FS-10',
      'liquid',
      { name: 'Perfluorooctane sulfonic acid', number: PFOS, percentage_weight: '0.8' },
      { is_otherwise_used: 1, annual_pounds_otherwise_used: '20000' },
    );
    ids6.mercury = await line(
      'Dental Amalgam Alloy',
      'solid',
      { name: 'Mercury', number: CAS.mercury, percentage_weight: '0.5' },
      { is_otherwise_used: 1, annual_pounds_otherwise_used: '3000' },
    );
  });

  it('otherwise used: PFOS 160 lb > 100 lb and mercury 15 lb > 10 lb, with the source in the warning: preview, PDF, XLSX', async () => {
    expect(await listed(PFOS)).toMatchObject({ is_pfas: false, is_pbt: false });
    // PFOS: 20,000 lb × 0.8% = 160 lb > 100 lb (NDAA PFAS, no de minimis) → reported, no Form A.
    //   Before: 10,000 lb threshold with de minimis: 0.8% < 1% → 0 lb, not reported.
    // Mercury: 3,000 lb × 0.5% = 15 lb > 10 lb (40 CFR 372.28) → reported, Form R only.
    //   Before: 0.5% < 1% → 0 lb ≤ 10,000, not reported.
    const document = await preview('epcra_313_otherwise_used');
    expect(tableRow(document.tables[0], PFOS).cells).toMatchObject({
      chemical_name: 'Perfluorooctane sulfonic acid',
      is_pfas: true,
      annual_lb: 160,
      threshold_lb: 100,
      exceeds: true,
      form_a: 'No: PFAS',
    });
    expect(tableRow(document.tables[0], CAS.mercury).cells).toMatchObject({
      is_pbt: true,
      annual_lb: 15,
      threshold_lb: 10,
      exceeds: true,
      form_a: 'No: PBT chemical',
    });
    expect(document.warnings[0]).toMatchObject({ code: 'list_without_markers', inventory_product_id: null });

    const text = await pdfText(await generate('epcra_313_otherwise_used', 'pdf'));
    expect(text).toContain('160.00 lb > threshold 100 lb');
    expect(text).toContain('15.00 lb > threshold 10 lb');
    expect(text).toContain(
      'PFAS (chemical of special concern): threshold 100 lb, no de minimis, no Form A. PFAS by CAS from NDAA FY2020 section 7321 (built in): the uploaded list has no PFAS column.',
    );
    expect(text).toContain(
      'PBT chemical: threshold 10 lb from 40 CFR 372.28 (built in: the uploaded list has no PBT column), no de minimis.',
    );
    expect(text).toContain(
      'Warning: EPCRA 313 list markers: PBT from 40 CFR 372.28 (built in), the uploaded list has no PBT column;',
    );
    expect(text).toContain('N458 Mercury compounds (PBT, 40 CFR 372.28: 10 lb)');

    const book = await xlsxOf(await generate('epcra_313_otherwise_used', 'xlsx'));
    expect(sheetRow(book, 'Listed chemicals otherwise used', PFOS)).toMatchObject({
      Chemical: 'Perfluorooctane sulfonic acid',
      PBT: 'N',
      PFAS: 'Y',
      'Annual amount (lb)': 160,
      'Threshold (lb)': 100,
      'Threshold exceeded': 'Y',
      'Form A': 'No: PFAS',
    });
    expect(sheetRow(book, 'Listed chemicals otherwise used', CAS.mercury)).toMatchObject({
      PBT: 'Y',
      'Annual amount (lb)': 15,
      'Threshold (lb)': 10,
      'Threshold exceeded': 'Y',
      'Form A': 'No: PBT chemical',
    });
  });
});

describe("the facility's NAICS code in the coverage note (40 CFR 372.22, 372.23)", () => {
  it('names the code the facility form records, in the preview and the PDF; says none is recorded where none is', async () => {
    const facility = await create.facility(ctx, {
      name: 'Coating Works',
      customer_id: ids.customer,
      naics_code: '325510',
    });
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: facility.id, year: YEAR });
    const request = {
      type: 'epcra_313_processed',
      customer_id: ids.customer,
      facility_id: facility.id,
      year: YEAR,
    };
    const document = await wholePreview(
      (url, payload) => ctx.call('admin', { method: 'POST', url, payload }),
      request,
    );
    expect(document.notes).toContain(
      'Facility coverage also needs 10 or more full-time employees and a covered NAICS code (40 CFR 372.23): the facility records NAICS 325510, to be checked against that list; the employees are not recorded.',
    );
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/report/generate',
      payload: { ...request, format: 'pdf' },
    });
    expect((await pdfText(res)).replace(/\s+/g, ' ')).toContain('the facility records NAICS 325510');

    // River Plant was made without a NAICS code.
    expect((await preview('epcra_313_processed')).notes).toContain(
      'Facility coverage also needs 10 or more full-time employees and a covered NAICS code (40 CFR 372.23), neither of which the facility records.',
    );
  });
});
