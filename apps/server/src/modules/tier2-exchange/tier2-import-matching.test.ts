import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_REPORT_SETTINGS, TIER2_IMPORT_MSG, type Tier2ImportPlan } from '@chemtrack/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/uploads.ts';
import { facilities, products } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';
import { reportsService } from '../reports/reports.service.ts';
import { IMPORTED_MFG_NAME } from './tier2-import.service.ts';

/**
 * Issue 33 point 7, import without bending: the shared sample with its chlorine at 4,000 lb
 * (average 3,000). A pure chemical is never matched to a 99.5% product (4,000 lb would count as
 * 3,980), nor to a product with other hazard categories than the file's; the preview says per
 * chemical which product and why, "create a new product" can be chosen, and the facility's
 * emergency coordinator is the file's "Fac. Emergency Coordinator" (Mike Ward, 24-hour 802-444-4444).
 */
const SAMPLE_TEXT = fs
  .readFileSync(path.join(import.meta.dirname, '../../../test/fixtures/tier2/epcra_tier2_data.xml'))
  .toString('utf8');
const FILE = Buffer.from(
  SAMPLE_TEXT.replace('<aveAmount>15000</aveAmount>', '<aveAmount>3000</aveAmount>')
    .replace('<maxAmount>20000</maxAmount>', '<maxAmount>4000</maxAmount>')
    .replace('<amount unit="pounds">20000</amount>', '<amount unit="pounds">4000</amount>'),
);
const CHLORINE = '7782-50-5';
const FILE_HAZARDS = ['Oxidizer (liquid, solid or gas)', 'Serious eye damage or eye irritation'];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function importFile(fields: Record<string, string> = {}, query = '') {
  const { payload, contentType } = multipartBody([
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
    { filename: 'tier2.xml', contentType: 'application/octet-stream', content: FILE },
  ]);
  return ctx.call('staff', {
    method: 'POST',
    url: `/tier2/import${query}`,
    headers: { 'content-type': contentType },
    payload,
  });
}

async function dryRun(fields: Record<string, string> = {}) {
  const res = await importFile(fields, '?dry_run=1');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource.plan as Tier2ImportPlan;
}

const chlorineOf = (plan: Tier2ImportPlan) =>
  plan.chemicals.find((chemical) => chemical.name === 'Chlorine')!;

describe('POST /tier2/import without bending (issue 33 point 7)', () => {
  let importedChlorine = 0;

  it('a pure chemical is not matched to a 99.5% product; the preview says why and what a .t2s does not carry', async () => {
    await create.productWithComponents(
      ctx,
      'Chlorine 99.5% solution',
      { tier2_hazard_categories: FILE_HAZARDS },
      [{ name: 'Chlorine', number: CHLORINE, percentage_weight: '99.5' }],
    );
    const plan = await dryRun();
    expect(chlorineOf(plan)).toMatchObject({
      key: '1-1',
      status: 'new',
      product_id: null,
      product_name: null,
      product_mfg_name: null,
      product_cas_numbers: [],
      reason: `Chlorine 99.5% solution holds ${CHLORINE} at 99.5%, not 100%: the file's pounds of the pure chemical would shrink, so a new product is created`,
      hazard_categories: FILE_HAZARDS,
      max_amount_lb: 4000,
    });
    expect(plan.notes).toEqual([
      'A .t2s carries no containers, container sizes or storage capacities: none come in; add them on the lines after the import.',
      "Each chemical comes in as one line per storage location, with that location's amount in pounds (kilograms converted, gallons kept as gallons), the chemical's average split across its locations by their share of the amount, and its days on site.",
      "Hazard categories come from the file: a catalogue product is used only when its Tier II hazard categories are the file's, and a new product takes the file's.",
      "The file's Fac. Emergency Coordinator contact becomes the facility's emergency coordinator (name, title and 24-hour phone).",
    ]);
  });

  it('a 100% product with other hazard categories is not used either', async () => {
    await create.productWithComponents(
      ctx,
      'Chlorine',
      { tier2_hazard_categories: ['Acute toxicity (any route of exposure)'] },
      [{ name: 'Chlorine', number: CHLORINE, percentage_weight: '100' }],
    );
    expect(chlorineOf(await dryRun())).toMatchObject({
      status: 'new',
      product_id: null,
      reason: "Chlorine has other hazard categories than the file: the file's categories go on a new product",
    });
  });

  it("imports 4,000 lb as 4,000 lb on a new product with the file's hazards; Mike Ward becomes the emergency coordinator", async () => {
    const res = await importFile();
    expect(res.statusCode, res.body).toBe(201);
    const { written } = res.json().resource;
    const [created] = await ctx.database.db
      .select()
      .from(products)
      .where(eq(products.id, written.product_ids[0]));
    expect(created).toMatchObject({ name: 'Chlorine', tier2HazardCategories: FILE_HAZARDS });
    importedChlorine = created!.id;

    const { result } = await reportsService.tier2Figures(ctx.database.db, {
      customer_id: written.customer_id,
      facility_id: written.facility_ids[0],
      year: 2025,
      ...DEFAULT_REPORT_SETTINGS,
    });
    const chlorine = [...result.rows, ...result.below_threshold].find(
      (row) => row.product_id === importedChlorine,
    );
    expect(chlorine?.max_amount_lb).toBe(4000);
    expect(chlorine?.hazard_categories).toEqual(FILE_HAZARDS);

    const [facility] = await ctx.database.db
      .select()
      .from(facilities)
      .where(eq(facilities.id, written.facility_ids[0]));
    expect([
      facility!.emergencyCoordinatorName,
      facility!.emergencyCoordinatorTitle,
      facility!.emergencyCoordinatorPhone,
    ]).toEqual(['Mike Ward', 'Safety Coordinator', '8024444444']);
  });

  it('the preview names the product it will use (name, manufacturer, CAS) and why', async () => {
    expect(chlorineOf(await dryRun())).toMatchObject({
      status: 'matched',
      product_id: importedChlorine,
      product_name: 'Chlorine',
      product_mfg_name: IMPORTED_MFG_NAME,
      product_cas_numbers: [CHLORINE],
      reason: `Same CAS ${CHLORINE} at 100%, same hazard categories as the file`,
    });
  });

  it('"create a new product" chosen for a chemical wins over the match, in the preview and the import', async () => {
    expect(chlorineOf(await dryRun({ new_products: '1-1' }))).toMatchObject({
      status: 'new',
      product_id: null,
      reason: TIER2_IMPORT_MSG.chosenNew,
    });
    const res = await importFile({ new_products: '1-1' });
    expect(res.statusCode, res.body).toBe(201);
    const { written, plan } = res.json().resource;
    // Only the chlorine is new: the acid uses the product the first import made.
    expect(written.product_ids).toHaveLength(1);
    expect(written.product_ids[0]).not.toBe(importedChlorine);
    expect(plan.chemicals.map((c: { status: string }) => c.status)).toEqual(['new', 'matched']);
  });

  it('new_products naming no chemical of the file is a 422', async () => {
    for (const value of ['abc', '9-9']) {
      const res = await importFile({ new_products: value }, '?dry_run=1');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.new_products).toEqual(['new_products must list chemical keys of the file']);
    }
  });
});
