import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, sheetRows, uploadedList, xlsxOf } from '../../../test/report-files.ts';
import { regulatoryEntries } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 31 point 1 read back from the files the server writes: mixtures whose SDS lists only an
 * EHS, built through the API. Hand computation (rules §3, mixture option, the default):
 *
 * - Flammable coating: liquid, 10 lb/gal, its SDS lists only phenol 108-95-2 (EHS, TPQ
 *   500/10,000) at 0.3%; Tote 300 gal × 4 = 1,200 gal × 10 = 12,000 lb at PAINT STORE.
 *   The coating as a whole: 12,000 ≥ 10,000 → reported, code 06, phenol named under it.
 *   Phenol on its own: 12,000 × 0.3% = 36 lb, but 0.3% ≤ 1% (370.14(c)) → not counted: 0 lb <
 *   min(500, 500) = 500 → "Below threshold (not reported)", code 01.
 * - Battery acid: liquid, 10 lb/gal, its SDS lists only sulfuric acid 7664-93-9 (EHS, TPQ 1,000)
 *   at 35%; Tote 300 gal × 10 = 3,000 gal × 10 = 30,000 lb at BATTERY ROOM.
 *   The acid as a whole: 30,000 ≥ 10,000 → reported, code 07. Sulfuric acid: 30,000 × 35% =
 *   10,500 lb ≥ min(500, 1,000) = 500 → reported, code 06.
 * - Tier I: Flammable 12,000 lb (06); Corrosive to metal and Skin corrosion 30,000 lb (07) each:
 *   the 10,500 lb of sulfuric acid are inside the reported battery acid and counted once.
 * Before the fix both products were skipped (one component, an EHS): the coating was on neither
 * table, and Tier I read Corrosive to metal 10,500 lb and no Flammable row at all.
 * Component option: the coating's one component is not counted (de minimis), so the coating is
 * tested as a whole: 12,000 lb, reported.
 */

const YEAR = 2024;
const CAS = { phenol: '108-95-2', sulfuricAcid: '7664-93-9' };
const FLAMMABLE = 'Flammable (gases, aerosols, liquids, or solids)';

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Coatings Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const tote = (await create.container(ctx, { name: 'Tote' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const liquid = { physical_state: 'liquid', specific_gravity: '', pounds_per_gallon: '10' } as const;
  const coating = await create.productWithComponents(
    ctx,
    'Flammable coating',
    { ...liquid, is_sara_f: 1, is_sara_a: 0, tier2_hazard_categories: [FLAMMABLE] },
    [{ name: 'Phenol', number: CAS.phenol, percentage_weight: '0.3' }],
  );
  const acid = await create.productWithComponents(
    ctx,
    'Battery acid',
    {
      ...liquid,
      is_sara_f: 0,
      is_sara_a: 1,
      tier2_hazard_categories: ['Corrosive to metal', 'Skin corrosion or irritation'],
    },
    [{ name: 'Sulfuric acid', number: CAS.sulfuricAcid, percentage_weight: '35' }],
  );
  const line = (productId: number, count: string, where: string) =>
    create.inventoryProduct(ctx, inventory, {
      product_id: productId,
      container_id: tote,
      container_unit_id: gallon,
      container_size: '300',
      container_quantity: count,
      location_stored: where,
    });
  await line(coating, '4', 'PAINT STORE');
  await line(acid, '10', 'BATTERY ROOM');

  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values([
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Phenol',
      casNumber: CAS.phenol,
      thresholdQuantityLbs: '500',
      thresholdQuantityUpperLbs: '10000',
      tpqText: '500/10,000',
    },
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Sulfuric acid',
      casNumber: CAS.sulfuricAcid,
      thresholdQuantityLbs: '1000',
      tpqText: '1000',
    },
  ]);
});
afterAll(() => ctx.close());

function generate(format: 'pdf' | 'xlsx', option: 'mixture' | 'component' = 'mixture') {
  return ctx.call('admin', {
    method: 'POST',
    url: '/report/generate',
    payload: {
      type: 'epcra_311_312_tier2',
      customer_id: ids.customer,
      facility_id: ids.facility,
      year: YEAR,
      format,
      tier2_option: option,
    },
  });
}

async function pdfText(res: LightMyRequestResponse): Promise<string> {
  return (await pdfOf(res)).text;
}

describe('Tier II: a mixture whose only listed ingredient is an EHS, read back (issue 31, point 1)', () => {
  it('the PDF reports the 12,000-lb coating with its phenol named under it, and Tier I follows the rows', async () => {
    const text = await pdfText(await generate('pdf'));
    const table = text.indexOf('Tier II chemicals');
    const below = text.indexOf('Below threshold (not reported)');
    expect(table).toBeGreaterThan(-1);
    expect(below).toBeGreaterThan(table);
    // Reported (name, CAS, tested as, EHS, mixture, state, categories, max, code …): the coating
    // has no CAS of its own, holds an EHS and is a mixture.
    const coatingRow = text.indexOf(`Flammable coating Product Y Y liquid ${FLAMMABLE} 12,000.00 06`);
    expect(coatingRow).toBeGreaterThan(table);
    expect(coatingRow).toBeLessThan(below);
    expect(text).toContain('12,000.00 lb ≥ threshold 10,000 lb');
    expect(text).toContain('Components: Phenol 108-95-2 0.3% (EHS)');
    expect(text.indexOf('Components: Phenol 108-95-2 0.3% (EHS)')).toBeLessThan(below);
    expect(text).toContain(
      'Battery acid Product Y Y liquid Corrosive to metal; Skin corrosion or irritation 30,000.00 07',
    );
    expect(text).toContain('Components: Sulfuric acid 7664-93-9 35% (EHS)');
    expect(text).toContain('Sulfuric acid 7664-93-9 EHS Y N liquid');
    expect(text).toContain('10,500.00 lb ≥ threshold 500 lb');
    // Phenol on its own: de minimis, 0 lb (code 01), only below the threshold. No line counts
    // toward it, so it shows no physical state or hazard category.
    expect(text.indexOf('Phenol 108-95-2 EHS Y N 0.00 01')).toBeGreaterThan(below);
    expect(text).toContain('0.00 lb < threshold 500 lb');
    // Tier I: Flammable 12,000 lb (06); corrosive 30,000 lb (07), the acid counted once.
    expect(text).toContain(`${FLAMMABLE} 12,000.00 06`);
    expect(text).toContain('Corrosive to metal 30,000.00 07');
    expect(text).toContain('Skin corrosion or irritation 30,000.00 07');
    expect(text).toContain('Sum of the reportable maximum amounts (lb): 52,500.00 lb');
  });

  it('the XLSX has the coating and the battery acid as reported rows, phenol below, and the Tier I figures', async () => {
    const book = await xlsxOf(await generate('xlsx'));
    const columns = [
      'Chemical or product',
      'CAS',
      'Tested as',
      'EHS',
      'Mixture',
      'Max amount (lb)',
      'Max code',
    ];
    expect(sheetRows(book.getWorksheet('Tier II chemicals')!, [...columns, 'Reportable'])).toEqual([
      ['Battery acid', null, 'Product', 'Y', 'Y', 30_000, '07', 'Y'],
      ['Flammable coating', null, 'Product', 'Y', 'Y', 12_000, '06', 'Y'],
      ['Sulfuric acid', CAS.sulfuricAcid, 'EHS', 'Y', 'N', 10_500, '06', 'Y'],
    ]);
    expect(sheetRows(book.getWorksheet('Below threshold (not reported)')!, columns)).toEqual([
      ['Phenol', CAS.phenol, 'EHS', 'Y', 'N', 0, '01'],
    ]);
    // The coating's phenol, named on the Contributions sheet under the phenol figure: not counted, de minimis.
    const contributions = sheetRows(book.getWorksheet('Contributions')!, [
      'Chemical or product',
      'Product',
      'wt %',
      'Not counted because',
    ]);
    expect(contributions).toContainEqual(['Phenol', 'Flammable coating', 0.3, '0.3% ≤ de minimis 1%']);
    expect(
      sheetRows(book.getWorksheet('Tier I by hazard category')!, [
        'Hazard category',
        'Max amount (lb)',
        'Max code',
        'Chemicals',
      ]),
    ).toEqual([
      [FLAMMABLE, 12_000, '06', 'Flammable coating'],
      ['Corrosive to metal', 30_000, '07', 'Battery acid; Sulfuric acid'],
      ['Skin corrosion or irritation', 30_000, '07', 'Battery acid; Sulfuric acid'],
    ]);
  });

  it('component option: the coating, none of whose components is counted, is tested as a whole', async () => {
    const text = await pdfText(await generate('pdf', 'component'));
    expect(text).toContain(`Flammable coating Product Y Y liquid ${FLAMMABLE} 12,000.00 06`);
    expect(text).toContain(
      'No component of it is counted on its own (component option): the product as a whole against 10,000 lb (370.14(a)(2)).',
    );
    expect(text).toContain('Components: Phenol 108-95-2 0.3% (EHS)');
    // The battery acid is its sulfuric acid row (10,500 lb); no product row for it.
    expect(text).not.toContain('Battery acid Product');
    expect(text).toContain(`${FLAMMABLE} 12,000.00 06`);
    expect(text).toContain('Corrosive to metal 10,500.00 06');
  });
});
