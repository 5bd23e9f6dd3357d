import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import { create } from '../../seed/factories.ts';

/**
 * A solid measured in a volume unit (the exploratory test's Portland cement in 55-gal drums),
 * built through the API. Hand computation (rules §0.1; spec 02 §9):
 *
 * - Portland cement: solid, 92% Portland cement 65997-15-1 (on no EHS list). Drum (gal) 55 × 200 =
 *   11,000 gal at YARD. A volume weighs only a liquid or a gas (rules §0.1: lb = gal × SG × 8.34 for
 *   liquids; 40 CFR 370.43 note: "gas or liquid volume"), and a solid product keeps no specific
 *   gravity or pounds per gallon (spec 02 §9), so the line's pounds are unknown: Max Pounds null,
 *   not 0.
 * - Tier II, mixture option: the cement as a whole, 0 lb known + 1 line unknown, against the
 *   10,000-lb threshold of a non-EHS hazardous chemical (370.10(a)): 0 < 10,000 and the unknown
 *   line could take it over, so its reporting cannot be determined; the row stays in the main
 *   table (issue 33), with no range code.
 * - What is missing is a unit in pounds, not the container size, quantity or unit (all three
 *   are there): the warning and the amount note must say so, naming the unit.
 *
 * Before the fix: the warning read "no container size, quantity or unit that gives pounds for
 * solid", the note "Container Size, Quantity and Unit missing", the PDF "0.00 lb < threshold
 * 10,000 lb", and the "cannot be determined …" cells ran on one line over the next columns and
 * past the right margin.
 */

const YEAR = 2024;
const UNIT = 'Drum (gal)';
const MISSING = `Container Unit in lb (a solid in ${UNIT}, a volume unit, gives no pounds)`;
const UNDETERMINED = `cannot be determined: ${MISSING}`;
const WARNING =
  'solid of 11,000.00 gal in Drum (gal), a volume unit: a volume gives no pounds for a solid (specific gravity, density and pounds per gallon are kept for liquids only, so the product holds none; rules §0.1 convert only liquid and gas volumes); record the line in a unit in lb; its pounds are unknown and left out of every total';

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };
let createdLine: { statusCode: number; maxPounds: unknown };

beforeAll(async () => {
  ctx = await createTestContext();
  const facility = await create.facility(ctx, { name: 'Ready-Mix Plant' });
  ids.customer = facility.customerId;
  ids.facility = facility.id;
  const inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const drum = (await create.container(ctx, { name: 'Drum' })).id;
  const gallons = (await create.containerUnit(ctx, { name: 'Drum', unit_type: 'gal' })).id;
  const cement = await create.productWithComponents(
    ctx,
    'Portland Cement, Type I/II',
    {
      physical_state: 'solid',
      specific_gravity: '',
      pounds_per_gallon: '',
      is_sara_a: 1,
      tier2_hazard_categories: ['Skin corrosion or irritation'],
    },
    [{ name: 'Portland cement', number: '65997-15-1', percentage_weight: '92' }],
  );
  const res = await ctx.call('admin', {
    method: 'POST',
    url: `/inventories/${inventory}/product/create`,
    payload: {
      product_id: cement,
      container_id: drum,
      container_unit_id: gallons,
      container_size: 55,
      container_quantity: 200,
      location_stored: 'YARD',
    },
  });
  createdLine = { statusCode: res.statusCode, maxPounds: res.json().resource?.max_pounds };
});
afterAll(() => ctx.close());

const request = () => ({
  type: 'epcra_311_312_tier2',
  customer_id: ids.customer,
  facility_id: ids.facility,
  year: YEAR,
  tier2_option: 'mixture',
});

/** Each run of text drawn on the PDF's pages, with where it starts and ends (pdf.js). */
async function textRuns(bytes: Uint8Array) {
  const task = getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  const document = await task.promise;
  try {
    const runs: { page: number; width: number; text: string; x: number; right: number; y: number }[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, , width] = page.view as [number, number, number, number];
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const x = item.transform[4] as number;
        runs.push({
          page: number,
          width,
          text: item.str,
          x,
          right: x + item.width,
          y: item.transform[5] as number,
        });
      }
    }
    return runs;
  } finally {
    await task.destroy();
  }
}

describe('Tier II: a solid in a volume unit, its pounds unknown (exploratory test)', () => {
  it('the line is saved with no Max Pounds (unknown, not 0)', () => {
    expect(createdLine).toEqual({ statusCode: 201, maxPounds: null });
  });

  it('the preview says what is missing: a unit in lb, naming the volume unit', async () => {
    const document = await wholePreview(
      (url, payload) => ctx.call('admin', { method: 'POST', url, payload }),
      request(),
    );
    const warnings = document.warnings.filter((warning) => warning.code === 'missing_quantity');
    expect(warnings.map((warning) => warning.message)).toEqual([
      `Portland Cement, Type I/II at YARD (line 1): ${WARNING}`,
    ]);
    const main = document.tables.find((table) => table.key === 'tier2');
    const row = main?.rows.find((item) => item.cells.name === 'Portland Cement, Type I/II');
    expect(row?.cells).toMatchObject({
      max_amount_lb: UNDETERMINED,
      max_amount_code: '',
      reportable: UNDETERMINED,
      locations: 'YARD',
    });
    expect(row?.explanation?.rule_text).toBe(
      'at least 0.00 lb against threshold 10,000 lb: cannot be determined',
    );
    expect(row?.explanation?.notes).toContain(
      `1 line(s) of unknown amount (${MISSING} missing): the total is at least 0.00 lb, so the verdict cannot be determined.`,
    );
  });

  it('the PDF prints the undetermined row readably: no 0.00 lb < threshold, every cell inside its column and the page', async () => {
    const res = await ctx.call('admin', {
      method: 'POST',
      url: '/report/generate',
      payload: { ...request(), format: 'pdf' },
    });
    const { text } = await pdfOf(res);
    expect(text).not.toContain('0.00 lb < threshold 10,000 lb');
    expect(text).toContain('at least 0.00 lb against threshold 10,000 lb: cannot be determined');
    expect(text).not.toContain('no container size, quantity or unit');
    expect(text).toContain(WARNING);

    const runs = await textRuns(new Uint8Array(res.rawPayload));
    // Nothing runs past the right margin (36 pt) of any page.
    const past = runs.filter((run) => run.right > run.width - 36 + 0.5);
    expect(past.map((run) => run.text)).toEqual([]);
    // The row's storage location is drawn in its own cell, and no two runs of one line overlap.
    const yard = runs.find((run) => run.text === 'YARD');
    expect(yard).toBeDefined();
    const sameLine = runs.filter((run) => run.page === yard?.page && Math.abs(run.y - (yard?.y ?? 0)) < 12);
    const byLine = new Map<number, typeof runs>();
    for (const run of sameLine)
      byLine.set(Math.round(run.y * 10), [...(byLine.get(Math.round(run.y * 10)) ?? []), run]);
    const overlaps: string[] = [];
    for (const line of byLine.values()) {
      const sorted = [...line].sort((a, b) => a.x - b.x);
      for (let i = 1; i < sorted.length; i++) {
        const before = sorted[i - 1];
        const run = sorted[i];
        if (before && run && run.x < before.right - 0.5) overlaps.push(`${before.text} | ${run.text}`);
      }
    }
    expect(overlaps).toEqual([]);
  });
});
