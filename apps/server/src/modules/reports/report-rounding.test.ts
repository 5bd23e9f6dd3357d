import { compliance, type ReportDocument, type ReportTable } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { toCsv } from '../../../test/reference-files.ts';
import { CHLORINE_CAS, chlorineTabletsYear, pdfOf, xlsxOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import { createListEntry } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';
import { total, withRoundingNote } from './documents/document.ts';

/**
 * Issue 31 point 14: a printed total equals the sum of its printed rows, or the report says in its
 * notes that totals are computed before rounding. Figures print with two decimals.
 *
 * By hand: Chlorine Tablets are 95% chlorine; three lines of one bag each, 0.35, 0.55 and 0.75 lb:
 * 0.35 × 95% = 0.3325 lb (prints 0.33), 0.55 × 95% = 0.5225 lb (0.52), 0.75 × 95% = 0.7125 lb (0.71).
 * Printed lines: 0.33 + 0.52 + 0.71 = 1.56; the total 0.3325 + 0.5225 + 0.7125 = 1.5675 lb prints
 * 1.57 ≠ 1.56 → the 302 and 304 reports carry the note.
 *
 * The inventory index prints each product's pounds (on each of its rows) over "Total product
 * pounds": besides the tablets (1.65 lb), three water samples of one 0.335-lb bag each print 0.34
 * (two decimals, half up): 1.65 + 3 × 0.34 = 2.67 printed, against 1.65 + 3 × 0.335 = 2.655 lb
 * printed 2.66 → the index carries the note too.
 */

const YEAR = 2025;
const NOTE =
  'Totals are computed before rounding: printed rows may differ from the printed total by rounding.';
let ctx: TestContext;
const ids = { customer: 0, facility: 0, inventory: 0, product: 0, bag: 0, pound: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  Object.assign(ids, await chlorineTabletsYear(ctx, YEAR));
  for (const [size, where] of [
    ['0.35', 'SHELF 1'],
    ['0.55', 'SHELF 2'],
    ['0.75', 'SHELF 3'],
  ] as const) {
    await create.inventoryProduct(ctx, ids.inventory, {
      product_id: ids.product,
      container_id: ids.bag,
      container_unit_id: ids.pound,
      container_size: size,
      container_quantity: '1',
      location_stored: where,
    });
  }
  for (const sample of [1, 2, 3]) {
    const product = await create.productWithComponents(
      ctx,
      `Water Sample ${sample}`,
      { physical_state: 'solid', pounds_per_gallon: '', specific_gravity: '' },
      [{ name: 'Water', number: '7732-18-5', percentage_weight: '100' }],
    );
    await create.inventoryProduct(ctx, ids.inventory, {
      product_id: product,
      container_id: ids.bag,
      container_unit_id: ids.pound,
      container_size: '0.335',
      container_quantity: '1',
      location_stored: 'LAB',
    });
  }
  const csv = toCsv([
    ['Chemical Name', 'CAS #', 'TPQ', 'RQ'],
    ['Chlorine', CHLORINE_CAS, '100', '10'],
  ]);
  expect((await createListEntry(ctx, 'ehs', 'ehs.csv', csv)).statusCode).toBe(201);
});

afterAll(() => ctx.close());

function request(type: string, extra: Record<string, unknown> = {}) {
  return { type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR, ...extra };
}

async function preview(type: string): Promise<ReportDocument> {
  return wholePreview((url, payload) => ctx.call('admin', { method: 'POST', url, payload }), request(type));
}

function generate(type: string, extra: Record<string, unknown> = {}) {
  return ctx.call('admin', { method: 'POST', url: '/report/generate', payload: request(type, extra) });
}

describe('printed totals against their printed rows (issue 31 point 14), read back', () => {
  it('302: 1.5675 lb prints 1.57 over lines printing 0.33 + 0.52 + 0.71 = 1.56; the notes say so, once', async () => {
    const report = await preview('epcra_302');
    const row = report.tables[0]?.rows[0];
    expect(row?.cells.quantity_lb).toBe(1.5675);
    expect(row?.explanation?.contributions.map((c) => c.pounds_contributed)).toEqual([
      0.3325, 0.5225, 0.7125,
    ]);
    expect(row?.explanation?.rows_add_up).toBe(false);
    expect(report.notes.filter((note) => note === NOTE)).toHaveLength(1);

    const { text } = await pdfOf(await generate('epcra_302', { format: 'pdf' }));
    expect(text).toContain('7782-50-5 Chlorine 100 100 1.57 0.02 N 10');
    expect(text).toContain(`• ${NOTE}`);
    const book = await xlsxOf(await generate('epcra_302', { format: 'xlsx' }));
    const cells: string[] = [];
    book.getWorksheet('Report')?.eachRow((sheetRow) => {
      sheetRow.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells).toContain(NOTE);
  });

  it('304: the same lines under RQ 10 lb carry the note', async () => {
    const { text } = await pdfOf(await generate('epcra_304_cercla', { format: 'pdf' }));
    expect(text).toContain('1.57 lb < RQ 10 lb');
    expect(text).toContain(`• ${NOTE}`);
  });

  // Tier II: chlorine (an EHS) prints the three shelves' amounts under its maximum, and its
  // contributing lines under the row: 0.33 + 0.52 + 0.71 = 1.56 under 1.57 either way.
  it('Tier II: the chlorine row over its three shelves carries the note, once', async () => {
    const report = await preview('epcra_311_312_tier2');
    const rows = report.tables.flatMap((table) => table.rows);
    const chlorine = rows.find((row) => row.cells.cas_number === CHLORINE_CAS);
    expect(chlorine?.cells.max_amount_lb).toBe(1.5675);
    expect(chlorine?.explanation?.rows_add_up).toBe(false);
    expect(report.notes.filter((note) => note === NOTE)).toHaveLength(1);
  });

  // The same three lines under PSM (chlorine, TQ 1,500 lb): each location's row is one line, but
  // the facility screen row adds all three, 1.5675 lb printed 1.57 over 0.33 + 0.52 + 0.71 = 1.56.
  it('PSM: the facility screen of the three shelves carries the note', async () => {
    const csv = toCsv([
      ['Chemical Name', 'CAS #', 'TQ'],
      ['Chlorine', CHLORINE_CAS, '1500'],
    ]);
    expect((await createListEntry(ctx, 'psm', 'psm.csv', csv)).statusCode).toBe(201);
    const report = await preview('caa_304_psm');
    const rows = report.tables.flatMap((table) => table.rows);
    const screen = rows.find((row) => row.explanation?.contributions.length === 3);
    expect(screen?.explanation?.rows_add_up).toBe(false);
    // A shelf's own row is its one line: it adds up as printed.
    const single = rows.filter((row) => row.explanation?.contributions.length === 1);
    expect(single.length).toBeGreaterThanOrEqual(3);
    expect(single.every((row) => row.explanation?.rows_add_up === true)).toBe(true);
    expect(report.notes.filter((note) => note === NOTE)).toHaveLength(1);
  });

  it('inventory index: product pounds printing 1.65 + 0.34 × 3 = 2.67 under a total of 2.655 lb printed 2.66 carry the note', async () => {
    const report = await preview('inventory_index_numeric');
    expect(report.tables[0]?.totals).toContainEqual({
      label: 'Total product pounds',
      value: 2.655,
      kind: 'pounds',
      rows_add_up: false,
    });
    expect(report.notes).toEqual([NOTE]);
    const { text } = await pdfOf(await generate('inventory_index_numeric', { format: 'pdf' }));
    expect(text).toContain('Total product pounds: 2.66 lb');
    expect(text).toContain(`• ${NOTE}`);
  });
});

describe('the shared document layer: a total over its printed rows (issue 31 point 14)', () => {
  const table = (totals: ReportTable['totals']): ReportTable => ({
    key: 'sums',
    title: 'Sums',
    columns: [],
    rows: [],
    totals,
  });

  it('a sum of three rows of 0.3333 (printed 0.33 each, 0.99) totalling 0.9999 (printed 1.00) adds the note', () => {
    const sum = total('Sum (lb)', 0.9999, 'pounds', [0.3333, 0.3333, 0.3333]);
    expect(sum).toEqual({ label: 'Sum (lb)', value: 0.9999, kind: 'pounds', rows_add_up: false });
    expect(withRoundingNote(['A note.'], [table([sum])])).toEqual(['A note.', NOTE]);
  });

  it('rows that add up as printed (0.30 × 3 = 0.90), a count and a total without addends add nothing', () => {
    const sums = [
      total('Sum (lb)', 0.9, 'pounds', [0.3, 0.3, 0.3]),
      total('Lines', 3),
      total('Largest (gal)', 0.9999, 'gallons'),
    ];
    expect(sums.map((item) => item.rows_add_up)).toEqual([true, undefined, undefined]);
    expect(withRoundingNote(['A note.'], [table(sums)])).toEqual(['A note.']);
  });

  it('never prints the note twice when the engine already gave it', () => {
    const sum = total('Sum (lb)', 0.9999, 'pounds', [0.3333, 0.3333, 0.3333]);
    expect(withRoundingNote([compliance.TOTALS_BEFORE_ROUNDING_NOTE], [table([sum])])).toEqual([NOTE]);
  });
});
