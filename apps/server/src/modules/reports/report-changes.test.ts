import { buffer } from 'node:stream/consumers';
import { REPORT_MSG, type ReportChanges } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, pdfTextOf, sheetRows, xlsxOf } from '../../../test/report-files.ts';
import { create } from '../../seed/factories.ts';
import { reportsService } from './reports.service.ts';

/**
 * Issue 36 "What changed since last year": one facility, inventories of 2024 and 2025, every line
 * in pound bags (the container calculation: size × count = pounds), mixtures reported whole, no
 * reference list uploaded (so no chemical is an EHS and no programme covers any); each product a
 * fire hazard (the legacy flag), so each is a hazardous chemical Tier II lists.
 *
 * Hand computation (rules §3: Tier II range codes, 40 CFR 370.43(a); threshold 10,000 lb for a
 * chemical that is not an EHS, 370.10(a)(2)(ii)):
 * - Acetone: 2024 40 × 50 = 2,000 lb → code 04 (1,000-4,999); 2025 120 × 50 = 6,000 lb → code 05
 *   (5,000-9,999). Average 1,500 lb both years → 04 both; 365 days both; both under 10,000 lb, so
 *   not reported either year. One change: the maximum amount code, 04 → 05.
 * - Toluene: 2024 only, 12 × 50 = 600 lb → code 03 (500-999): removed.
 * - Xylene: 2025 only, 16 × 50 = 800 lb → code 03: added.
 * So exactly three changes: Xylene added, Toluene removed, Acetone's maximum code 04 → 05.
 */

const ACETONE = '67-64-1';
const TOLUENE = '108-88-3';
const XYLENE = '1330-20-7';

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Solvent Works' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const product = (name: string, cas: string) =>
    create.productWithComponents(
      ctx,
      name,
      { physical_state: 'liquid', specific_gravity: '', pounds_per_gallon: '', is_sara_f: 1 },
      [{ name, number: cas, percentage_weight: '100' }],
    );
  const acetone = await product('Acetone', ACETONE);
  const toluene = await product('Toluene', TOLUENE);
  const xylene = await product('Xylene', XYLENE);
  const inventoryOf = async (year: number, lines: [number, string][]) => {
    const inventory = (
      await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year })
    ).id;
    for (const [productId, bags] of lines) {
      await create.inventoryProduct(ctx, inventory, {
        product_id: productId,
        container_id: bag,
        container_unit_id: pound,
        container_size: '50',
        container_quantity: bags,
        location_stored: 'WAREHOUSE',
        average_pounds: productId === acetone ? '1500' : '300',
        days_on_site: 365,
      });
    }
  };
  await inventoryOf(2024, [
    [acetone, '40'],
    [toluene, '12'],
  ]);
  await inventoryOf(2025, [
    [acetone, '120'],
    [xylene, '16'],
  ]);
});
afterAll(() => ctx.close());

function changes(query: Record<string, string | number>, role: 'admin' | 'staff' | 'technician' = 'admin') {
  const search = new URLSearchParams(
    Object.entries({
      type: 'epcra_311_312_tier2',
      customer_id: ids.customer,
      facility_id: ids.facility,
      ...query,
    }).map(([key, value]): [string, string] => [key, String(value)]),
  );
  return ctx.call(role, { method: 'GET', url: `/report/changes?${search}` });
}

describe('GET /report/changes', () => {
  it('lists the chemical added, the one removed and the range code that moved, and nothing else', async () => {
    const res = await changes({ year: 2025 }, 'staff');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { resource: ReportChanges }).resource).toEqual({
      previous_year: 2024,
      added: [
        { cas_number: XYLENE, name: 'Xylene', max_amount_code: '03', reported_on_tier2: 'not covered' },
      ],
      removed: [
        { cas_number: TOLUENE, name: 'Toluene', max_amount_code: '03', reported_on_tier2: 'not covered' },
      ],
      changed: [
        {
          cas_number: ACETONE,
          name: 'Acetone',
          field: 'max_amount_code',
          label: 'Maximum amount code',
          before: '04',
          after: '05',
        },
      ],
    });
  });

  it('answers a first year with no previous year and nothing listed', async () => {
    const res = await changes({ year: 2024 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resource: { previous_year: null, added: [], removed: [], changed: [] } });
  });

  it('answers 404 for a year without an inventory, 422 for a bad type, 403 for a technician', async () => {
    const missing = await changes({ year: 2023 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: REPORT_MSG.noInventory });
    const badType = await changes({ year: 2025, type: 'tier3' });
    expect(badType.statusCode).toBe(422);
    expect(badType.json()).toMatchObject({ errors: { type: ['Type is required'] } });
    expect((await changes({ year: 2025 }, 'technician')).statusCode).toBe(403);
  });
});

/** `POST /report/generate` (or `/report/preview`) for the fixture's facility in `year`. */
function report(
  url: '/report/generate' | '/report/preview',
  year: number,
  extra: Record<string, string> = {},
) {
  return ctx.call('admin', {
    method: 'POST',
    url,
    payload: {
      type: 'epcra_311_312_tier2',
      customer_id: ids.customer,
      facility_id: ids.facility,
      year,
      ...extra,
    },
  });
}

/**
 * The section as the PDF's text reads back (its lines joined by a space), from its heading to the
 * data warnings that follow it: the hand computation above, line by line.
 */
const SECTION_2025 = [
  'Changes since 2024',
  'Both years read at the default settings (upper bound of SDS percent ranges; each mixture as a whole).',
  'Added (1)',
  // Xylene 16 × 50 = 800 lb → 03; under 10,000 lb, no list uploaded: not reported, "not covered".
  'Xylene 1330-20-7: Maximum amount code: 03; Reported on Tier II: not covered',
  'Removed (1)',
  // Toluene 12 × 50 = 600 lb → 03 in 2024.
  'Toluene 108-88-3: Maximum amount code: 03; Reported on Tier II: not covered',
  'Changed (1)',
  // Acetone 40 × 50 = 2,000 lb → 04 in 2024; 120 × 50 = 6,000 lb → 05 in 2025.
  'Acetone 67-64-1: Maximum amount code: 04 → 05',
  'Data warnings (',
].join(' ');

describe('the Tier II file\'s "Changes since {year}" section', () => {
  it('prints the chemical added, the one removed and the code that moved, after the tables', async () => {
    const { text } = await pdfOf(await report('/report/generate', 2025));
    expect(text).toContain(SECTION_2025);
    // After the last table (Tier I) and once.
    expect(text.indexOf('Changes since 2024')).toBeGreaterThan(text.indexOf('Tier I by hazard category'));
    expect(text.split('Changes since').length).toBe(2);
  });

  it('prints it in a PDF drawn from the document its preview kept (decision 022)', async () => {
    // Report settings the first test did not use: a preview the worker keeps, then its file.
    const settings = { percent_basis: 'midpoint' };
    const preview = await report('/report/preview', 2025, settings);
    expect(preview.statusCode).toBe(200);
    // The preview carries no changes: the screen asks GET /report/changes itself.
    expect(preview.json().resource).not.toHaveProperty('changes');
    const { text } = await pdfOf(await report('/report/generate', 2025, settings));
    // Acetone's and the others' amounts are whole (100%): the midpoint reads them the same.
    expect(text).toContain(SECTION_2025);
  });

  it('prints it when the report is drawn in process, without the workers (a script)', async () => {
    const file = await reportsService.generate(
      ctx.database.db,
      { userId: undefined, ip: undefined },
      {
        type: 'epcra_311_312_tier2',
        customer_id: ids.customer,
        facility_id: ids.facility,
        year: 2025,
        format: 'pdf',
        percent_basis: 'upper',
        tier2_option: 'mixture',
      },
    );
    const { text } = await pdfTextOf(new Uint8Array(await buffer(file.stream)));
    expect(text).toContain(SECTION_2025);
  });

  it('says a first year has no earlier inventory to compare with', async () => {
    const { text } = await pdfOf(await report('/report/generate', 2024));
    expect(text).toContain('Changes since last year No earlier inventory to compare with. Data warnings (');
    expect(text).not.toContain('Added (');
  });

  it('adds the same as a sheet of the XLSX', async () => {
    const book = await xlsxOf(await report('/report/generate', 2025, { format: 'xlsx' }));
    const sheet = book.getWorksheet('Changes since 2024');
    expect(sheet).toBeDefined();
    expect(sheetRows(sheet!, ['Change', 'Chemical or product', 'CAS', 'Field', 'Before', 'After'])).toEqual([
      ['Added', 'Xylene', XYLENE, 'Maximum amount code', null, '03'],
      ['Added', 'Xylene', XYLENE, 'Reported on Tier II', null, 'not covered'],
      ['Removed', 'Toluene', TOLUENE, 'Maximum amount code', '03', null],
      ['Removed', 'Toluene', TOLUENE, 'Reported on Tier II', 'not covered', null],
      ['Changed', 'Acetone', ACETONE, 'Maximum amount code', '04', '05'],
    ]);
    // Under an empty row, the reading both years share.
    expect(sheet!.getRow(8).getCell(1).value).toBe(
      'Both years read at the default settings (upper bound of SDS percent ranges; each mixture as a whole).',
    );
    const first = await xlsxOf(await report('/report/generate', 2024, { format: 'xlsx' }));
    expect(first.getWorksheet('Changes since last year')?.getRow(2).getCell(1).value).toBe(
      'No earlier inventory to compare with.',
    );
  });

  it('is no part of another report type', async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/report/generate',
      payload: { type: 'epcra_302', customer_id: ids.customer, facility_id: ids.facility, year: 2025 },
    });
    const { text } = await pdfOf(res);
    expect(text).not.toContain('Changes since');
  });
});
