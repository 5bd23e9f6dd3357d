import type { ReportDocument } from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, sheetRows, xlsxOf } from '../../../test/report-files.ts';
import { create } from '../../seed/factories.ts';
import {
  TIER2_CERTIFICATION_STATEMENT,
  TIER2_CERTIFICATION_TITLE,
  TIER2_NOT_RECORDED,
} from './documents/tier2.ts';

/**
 * Issue 36: the Tier II report closes with the form's certification (40 CFR 370.42; regulatory-
 * rules.md §3 "certification (name, title, signature, date, page count)"): the statement, the
 * certifier's name, official title and date signed as the facility-year records them on its
 * inventory, and a line to sign on. A year that records none prints "Not recorded".
 */

const YEAR = 2024;
let ctx: TestContext;
const ids = { customer: 0, certified: 0, unsigned: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const certified = await create.facility(ctx, { name: 'Certified Plant' });
  ids.customer = certified.customerId;
  ids.certified = certified.id;
  ids.unsigned = (await create.facility(ctx, { name: 'Unsigned Plant', customer_id: ids.customer })).id;
  await create.inventory(ctx, {
    customer_id: ids.customer,
    facility_id: ids.certified,
    year: YEAR,
    certifier_name: 'Dana Reyes',
    certifier_title: 'Plant Manager',
    date_signed: '2025-02-20',
  });
  await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.unsigned, year: YEAR });
});
afterAll(() => ctx.close());

function request(facilityId: number, format?: 'pdf' | 'xlsx') {
  return {
    type: 'epcra_311_312_tier2',
    customer_id: ids.customer,
    facility_id: facilityId,
    year: YEAR,
    ...(format ? { format } : {}),
  };
}

describe('the Tier II certification block', () => {
  it('is the last table of the report, with the certifier of the facility-year', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/report/preview',
      payload: request(ids.certified),
    });
    expect(res.statusCode, res.body).toBe(200);
    const document = res.json().resource as ReportDocument;
    const last = document.tables.at(-1)!;
    expect([last.key, last.title]).toEqual(['tier2_certification', 'Certification (40 CFR 370.42)']);
    expect(last.rows.map((row) => [row.cells.certification_item, row.cells.certification_entry])).toEqual([
      ['Statement', TIER2_CERTIFICATION_STATEMENT],
      ['Name of owner/operator or authorized representative', 'Dana Reyes'],
      ['Official title', 'Plant Manager'],
      ['Date signed', '02/20/2025'],
      ['Signature', ''],
    ]);
  });

  it('prints on the PDF after every other table: the statement, name, title and date', async () => {
    const { text } = await pdfOf(
      await ctx.call('staff', {
        method: 'POST',
        url: '/report/generate',
        payload: request(ids.certified, 'pdf'),
      }),
    );
    const block = text.slice(text.indexOf(TIER2_CERTIFICATION_TITLE));
    expect(text.indexOf(TIER2_CERTIFICATION_TITLE)).toBeGreaterThan(
      text.indexOf('Tier I by hazard category'),
    );
    expect(block).toContain(
      'I certify under penalty of law that I have personally examined and am familiar with the information submitted in pages one through ____, and that based on my inquiry of those individuals responsible for obtaining the information, I believe that the submitted information is true, accurate, and complete.',
    );
    expect(block).toContain('Name of owner/operator or authorized representative Dana Reyes');
    expect(block).toContain('Official title Plant Manager');
    expect(block).toContain('Date signed 02/20/2025');
  });

  it('has its own sheet in the workbook, and says "Not recorded" for a year without a certifier', async () => {
    const book = await xlsxOf(
      await ctx.call('staff', {
        method: 'POST',
        url: '/report/generate',
        payload: request(ids.unsigned, 'xlsx'),
      }),
    );
    const sheet = book.getWorksheet(TIER2_CERTIFICATION_TITLE)!;
    expect(sheetRows(sheet, ['Item', 'Entry'])).toEqual([
      ['Statement', TIER2_CERTIFICATION_STATEMENT],
      ['Name of owner/operator or authorized representative', TIER2_NOT_RECORDED],
      ['Official title', 'Not recorded'],
      ['Date signed', 'Not recorded'],
      ['Signature', null],
    ]);
  });
});
