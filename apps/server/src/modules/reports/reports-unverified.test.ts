import type { InventoryProductListResponse, ReportDocument } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { labelledValues, pdfOf, xlsxOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import { create, inventoryProductBody } from '../../seed/factories.ts';

/**
 * Issue 22 §5: a year started from last year's lines carries figures no one has confirmed. Every
 * report counts and names the lines not yet checked and the open questions, in the preview, the
 * PDF and the XLSX; and the inventory's "products inventoried" counts checked lines only.
 *
 * Last year's inventory holds four products; this year's is copied from it, then one line is saved
 * with a question (which checks it and opens the question). Three lines stay unchecked.
 */

const THIS_YEAR = new Date().getUTCFullYear();
const LAST_YEAR = THIS_YEAR - 1;
const NAMES = ['Acetone Wash', 'Bleach Tablets', 'Caustic Soda', 'Diesel Fuel'] as const;
const SUMMARY = `3 lines carried over from ${LAST_YEAR} not yet checked; 1 open question`;

let ctx: TestContext;
const ids = { customer: 0, facility: 0, copy: 0, questionLine: 0, products: [] as number[] };
const lineIds = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Riverbend North Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const earlier = await create.inventory(ctx, {
    customer_id: ids.customer,
    facility_id: ids.facility,
    year: LAST_YEAR,
  });
  for (const name of NAMES) {
    const product = await create.product(ctx, { name, physical_state: 'solid' });
    ids.products.push(product.id);
    await create.inventoryProduct(ctx, earlier.id, { product_id: product.id, location_stored: 'SHED' });
  }
  ids.copy = (
    await create.inventory(ctx, {
      customer_id: ids.customer,
      facility_id: ids.facility,
      year: THIS_YEAR,
      inventory_ids: [earlier.id],
    })
  ).id;
  for (const item of (await lineList()).items) lineIds.set(item.name, item.id);
  // Diesel Fuel is checked by saving it, with a question in its notes.
  ids.questionLine = lineIds.get('Diesel Fuel') ?? 0;
  const saved = await ctx.call('staff', {
    method: 'PATCH',
    url: `/inventories/${ids.copy}/product/${ids.questionLine}/update`,
    payload: inventoryProductBody({
      product_id: ids.products[3],
      location_stored: 'SHED',
      notes: 'Is the second tank still in use?',
    }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

async function lineList(query = ''): Promise<InventoryProductListResponse['resource']> {
  const res = await ctx.call('staff', { method: 'GET', url: `/inventories/${ids.copy}/products${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource;
}

function request(type: string, format?: 'pdf' | 'xlsx') {
  return {
    type,
    customer_id: ids.customer,
    facility_id: ids.facility,
    year: THIS_YEAR,
    ...(format ? { format } : {}),
  };
}

async function preview(type: string): Promise<ReportDocument> {
  return wholePreview((url, payload) => ctx.call('staff', { method: 'POST', url, payload }), request(type));
}

function generate(type: string, format: 'pdf' | 'xlsx') {
  return ctx.call('staff', { method: 'POST', url: '/report/generate', payload: request(type, format) });
}

const named = (name: string) => `${name} at SHED (line ${lineIds.get(name)})`;
const uncheckedNames = () => `${named('Acetone Wash')}; ${named('Bleach Tablets')}; ${named('Caustic Soda')}`;

describe('a report on a year copied from last year', () => {
  it.each([
    'epcra_302',
    'epcra_304_cercla',
    'epcra_311_312_tier2',
    'epcra_313_otherwise_used',
    'inventory_index_numeric',
  ])(
    '%s: the preview counts the unchecked lines and open questions in its header and warnings',
    async (type) => {
      const document = await preview(type);
      expect(document.header[0]).toEqual({ label: 'Not yet verified', value: SUMMARY });
      expect(document.unverified).toEqual([
        {
          code: 'unchecked_carry_over',
          worklist: 'unchecked',
          count: 3,
          text: `3 lines carried over from ${LAST_YEAR} not yet checked`,
          lines: ['Acetone Wash', 'Bleach Tablets', 'Caustic Soda'].map((name) => ({
            inventory_product_id: lineIds.get(name),
            product_name: name,
            location_stored: 'SHED',
          })),
        },
        {
          code: 'open_question',
          worklist: 'question',
          count: 1,
          text: '1 open question',
          lines: [
            { inventory_product_id: ids.questionLine, product_name: 'Diesel Fuel', location_stored: 'SHED' },
          ],
        },
      ]);
      const unverified = document.warnings.filter(
        (warning) => warning.code === 'unchecked_carry_over' || warning.code === 'open_question',
      );
      expect(unverified.map((warning) => [warning.severity, warning.message])).toEqual([
        [
          'warning',
          `3 lines carried over from ${LAST_YEAR} not yet checked (copied figures, not yet confirmed this year): ${uncheckedNames()}`,
        ],
        ['warning', `1 open question (figures may change once answered): ${named('Diesel Fuel')}`],
      ]);
    },
  );

  it('the PDF names the unchecked lines and the open question', async () => {
    const { text } = await pdfOf(await generate('epcra_311_312_tier2', 'pdf'));
    expect(text).toContain(`Not yet verified: ${SUMMARY}`);
    expect(text).toContain(
      `Warning: 3 lines carried over from ${LAST_YEAR} not yet checked (copied figures, not yet confirmed this year): ${uncheckedNames()}`,
    );
    expect(text).toContain(
      `Warning: 1 open question (figures may change once answered): ${named('Diesel Fuel')}`,
    );
  });

  it('the XLSX prints the count on its Report sheet and names the lines on its Warnings sheet', async () => {
    const book = await xlsxOf(await generate('inventory_index_numeric', 'xlsx'));
    const summary = book.getWorksheet('Report');
    expect(summary, 'the Report sheet').toBeDefined();
    expect(summary && labelledValues(summary).get('Not yet verified')).toBe(SUMMARY);
    const warnings: unknown[][] = [];
    book.getWorksheet('Warnings')?.eachRow((row) => {
      warnings.push([row.getCell(2).value, row.getCell(3).value]);
    });
    expect(warnings).toContainEqual([
      'unchecked_carry_over',
      `3 lines carried over from ${LAST_YEAR} not yet checked (copied figures, not yet confirmed this year): ${uncheckedNames()}`,
    ]);
    expect(warnings).toContainEqual([
      'open_question',
      `1 open question (figures may change once answered): ${named('Diesel Fuel')}`,
    ]);
  });
});

describe("the inventory's products inventoried", () => {
  it('counts the products of checked lines only', async () => {
    // Only Diesel Fuel's line has been checked this year; all four are on the inventory.
    expect(await lineList()).toMatchObject({
      lines: 4,
      unchecked_lines: 3,
      open_questions: 1,
      products_inventoried: 1,
    });
    const worklist = await lineList('?worklist=unchecked');
    expect(worklist.items.map((item) => item.name).sort()).toEqual([
      'Acetone Wash',
      'Bleach Tablets',
      'Caustic Soda',
    ]);
  });
});
