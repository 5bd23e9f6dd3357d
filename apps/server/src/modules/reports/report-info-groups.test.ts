import { ReportPreviewResponseSchema } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, uploadedList } from '../../../test/report-files.ts';
import { regulatoryEntries } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 24: the preview says each information warning (a CAS on none of the lists) once per code
 * and CAS, with its count and first lines, while the warnings to fix stay one per line; the PDF
 * prints the same groups as text.
 *
 * The inventory (year 2025), with ammonia alone on a list (EHS):
 * - Cleaner A: liquid, 8.34 lb/gal, ammonia 7664-41-7 at 40%, water 7732-18-5 at 60%; 1 gal at BAY 1, 2 gal at BAY 2 … 6 gal at BAY 6 (one size per location: a product's container, unit and size are recorded once).
 * - Rinse: liquid, 8.34 lb/gal, water at 90%, glycerin 56-81-5 at 10%; 5 gal × 1 at WASH.
 * - Mystery Liquid: liquid with no pounds per gallon, methanol 67-56-1 at 10%; 10 gal × 1 at LAB.
 * Information: water on 7 lines, glycerin on 1, methanol on 1 (9 warnings, 3 groups); one warning
 * to fix: Mystery Liquid's missing density.
 */

const YEAR = 2025;
const CAS = { ammonia: '7664-41-7', water: '7732-18-5', glycerin: '56-81-5', methanol: '67-56-1' };
const NOT_LISTED = 'CAS is on none of the reference lists';

interface Line {
  inventory_product_id: number;
  product_name: string;
  location_stored: string;
}

let ctx: TestContext;
const ids = { customer: 0, facility: 0, inventory: 0, drum: 0, gallon: 0, rinse: 0 };
const cleanerLines: Line[] = [];
let rinseLine: Line;
let mysteryLine: Line;

async function product(
  name: string,
  poundsPerGallon: string,
  components: { name: string; number: string; percentage_weight: string }[],
) {
  const created = await create.product(ctx, {
    name,
    physical_state: 'liquid',
    pounds_per_gallon: poundsPerGallon,
    specific_gravity: '',
  });
  for (const component of components) {
    await create.component(ctx, { ...component, percentage_volume: '' }, created.id);
  }
  return created.id;
}

async function line(productId: number, productName: string, size: string, where: string): Promise<Line> {
  const created = await create.inventoryProduct(ctx, ids.inventory, {
    product_id: productId,
    container_id: ids.drum,
    container_unit_id: ids.gallon,
    container_size: size,
    container_quantity: '1',
    location_stored: where,
  });
  return { inventory_product_id: created.id, product_name: productName, location_stored: where };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const customer = await create.customer(ctx, { name: 'Info Groups Co.' });
  ids.customer = customer.id;
  ids.facility = (await create.facility(ctx, { name: 'Groups Plant', customer_id: customer.id })).id;
  ids.inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  ids.drum = (await create.container(ctx, { name: 'Drum' })).id;
  ids.gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const cleaner = await product('Cleaner A', '8.34', [
    { name: 'Ammonia', number: CAS.ammonia, percentage_weight: '40' },
    { name: 'Water', number: CAS.water, percentage_weight: '60' },
  ]);
  ids.rinse = await product('Rinse', '8.34', [
    { name: 'Water', number: CAS.water, percentage_weight: '90' },
    { name: 'Glycerin', number: CAS.glycerin, percentage_weight: '10' },
  ]);
  const mystery = await product('Mystery Liquid', '', [
    { name: 'Methanol', number: CAS.methanol, percentage_weight: '10' },
  ]);
  for (let bay = 1; bay <= 6; bay++)
    cleanerLines.push(await line(cleaner, 'Cleaner A', String(bay), `BAY ${bay}`));
  rinseLine = await line(ids.rinse, 'Rinse', '5', 'WASH');
  mysteryLine = await line(mystery, 'Mystery Liquid', '10', 'LAB');
  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values({
    listType: 'ehs',
    databaseEntryId: ehs,
    chemicalName: 'Ammonia',
    casNumber: CAS.ammonia,
    thresholdQuantityLbs: '500',
    finalReportableQuantityLb: '100',
    tpqText: '500',
  });
});
afterAll(() => ctx.close());

const body = (type: string) => ({ type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR });

async function preview(type: string) {
  const res = await ctx.call('admin', { method: 'POST', url: '/report/preview', payload: body(type) });
  expect(res.statusCode, res.body).toBe(200);
  return { text: res.body, report: ReportPreviewResponseSchema.parse(res.json()).resource };
}

describe('information warnings in the preview (issue 24)', () => {
  it('groups them by code and CAS with their counts and first 5 lines; the warnings to fix stay one per line', async () => {
    const { report } = await preview('epcra_302');
    expect(report.info_groups).toEqual([
      {
        code: 'cas_not_listed',
        cas_number: CAS.water,
        component_name: 'Water',
        message: NOT_LISTED,
        // 6 Cleaner A lines + 1 Rinse line.
        count: 7,
        lines: cleanerLines.slice(0, 5),
      },
      {
        code: 'cas_not_listed',
        cas_number: CAS.glycerin,
        component_name: 'Glycerin',
        message: NOT_LISTED,
        count: 1,
        lines: [rinseLine],
      },
      {
        code: 'cas_not_listed',
        cas_number: CAS.methanol,
        component_name: 'Methanol',
        message: NOT_LISTED,
        count: 1,
        lines: [mysteryLine],
      },
    ]);
    expect(report.warnings).toEqual([
      expect.objectContaining({
        code: 'missing_density',
        severity: 'warning',
        inventory_product_id: mysteryLine.inventory_product_id,
        product_name: 'Mystery Liquid',
        location_stored: 'LAB',
      }),
    ]);
  });

  it('the PDF still prints each group once, its first lines named and the rest counted', async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/report/generate',
      payload: { ...body('epcra_302'), format: 'pdf' },
    });
    expect(res.statusCode).toBe(200);
    const { text } = await pdfOf(res);
    const bays = cleanerLines
      .slice(0, 5)
      .map((bay) => `Cleaner A at ${bay.location_stored} (line ${bay.inventory_product_id})`)
      .join('; ');
    expect(text).toContain(`Info: Water 7732-18-5: ${NOT_LISTED} (7 line(s): ${bays}; and 2 more)`);
    expect(text).toContain(
      `Info: Glycerin 56-81-5: ${NOT_LISTED} (1 line(s): Rinse at WASH (line ${rinseLine.inventory_product_id}))`,
    );
  });

  it('grows by a few characters, not by a warning per line, as lines of unlisted chemicals are added', async () => {
    const before = await preview('epcra_302');
    // Rinse holds nothing listed: in 302 its lines are information warnings only (water and glycerin).
    const racks: Line[] = [];
    for (let i = 0; i < 40; i++) racks.push(await line(ids.rinse, 'Rinse', String(6 + i), `RACK ${i}`));
    const after = await preview('epcra_302');
    expect(after.report.info_groups.map((group) => [group.cas_number, group.count])).toEqual([
      [CAS.water, 47],
      [CAS.glycerin, 41],
      [CAS.methanol, 1],
    ]);
    expect(after.report.info_groups[1]?.lines).toEqual([rinseLine, ...racks.slice(0, 4)]);
    // 80 more warnings one by one would have added some 20 KB. Grouped: water's count gains a
    // digit (7 → 47), glycerin's too (1 → 41), their sum too (info_warning_count 9 → 89) and
    // glycerin names 4 more lines (its first 5); generated_at keeps its length.
    const named = racks.slice(0, 4).reduce((sum, rack) => sum + JSON.stringify(rack).length + 1, 0);
    expect(after.text.length - before.text.length).toBe(3 + named);
  });
});
