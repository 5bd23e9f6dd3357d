import {
  compliance,
  DEFAULT_REPORT_SETTINGS,
  PREVIEW_PAGE_SIZE,
  previewWarnings,
  REPORT_MSG,
  REPORT_TYPES,
  type ReportDocument,
  ReportPreviewExplanationResponseSchema,
  ReportPreviewResponseSchema,
  ReportPreviewRowsResponseSchema,
  type ReportRequestValues,
  type ReportRow,
  toPreviewRow,
} from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataSet, type RawClient } from '../../../../../bench/data.ts';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { drawReportDocument } from './documents/draw.ts';
import { loadReportInputs } from './report-job.ts';

/**
 * Issue 37: the preview pages its tables. On the bench's report facility (2,000 lines, the
 * largest any test draws: bench/data.ts), every type's first answer stays within 200 KB, page N
 * of a table is rows N of the whole report drawn in process, sorted and searched pages are the
 * whole table sorted and filtered here by hand, a row's explanation is the whole report's, and a
 * part asked after the lines changed is a 409.
 */

/** Issue 37: "≤ 200 KB for any type on the bench facility". */
const FIRST_ANSWER_LIMIT = 200 * 1024;

let ctx: TestContext;
let report: { customerId: number; facilityId: number; year: number };
const available = REPORT_TYPES.filter(compliance.isReportAvailable);

beforeAll(async () => {
  ctx = await createTestContext();
  const client = (ctx.database.db as unknown as { $client: RawClient }).$client;
  report = (await loadDataSet(client, 0.0001)).report;
}, 180_000);
afterAll(() => ctx.close());

const request = (type: string) => ({
  type,
  customer_id: report.customerId,
  facility_id: report.facilityId,
  year: report.year,
});

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.call('staff', { method: 'POST', url, payload });

async function first(type: string) {
  const res = await post('/report/preview', request(type));
  expect(res.statusCode, res.body).toBe(200);
  return { bytes: res.rawPayload.length, report: ReportPreviewResponseSchema.parse(res.json()).resource };
}

/** The whole report, drawn here from everything read again: what the pages must add up to. */
async function whole(type: string): Promise<ReportDocument> {
  return drawReportDocument(
    await loadReportInputs(ctx.database.db, {
      ...request(type),
      ...DEFAULT_REPORT_SETTINGS,
    } as ReportRequestValues),
  );
}

async function page(type: string, version: string, query: Record<string, unknown>) {
  const res = await post('/report/preview/rows', { ...request(type), version, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return ReportPreviewRowsResponseSchema.parse(res.json()).resource;
}

describe('the first answer (issue 37)', () => {
  it.each(available)('%s: within 200 KB, each table its first 50 rows and its count', async (type) => {
    const { bytes, report: preview } = await first(type);
    expect(bytes).toBeLessThanOrEqual(FIRST_ANSWER_LIMIT);
    const document = await whole(type);
    expect(preview.tables.map((table) => [table.key, table.row_count])).toEqual(
      document.tables.map((table) => [table.key, table.rows.length]),
    );
    preview.tables.forEach((table, t) => {
      const rows = document.tables[t]!.rows;
      expect(table.rows).toEqual(rows.slice(0, PREVIEW_PAGE_SIZE).map(toPreviewRow));
    });
    // The first 50 warnings to fix and information groups, with their counts.
    const { warnings, info_groups } = previewWarnings(document);
    expect([preview.warnings, preview.warning_count]).toEqual([
      warnings.slice(0, PREVIEW_PAGE_SIZE),
      warnings.length,
    ]);
    expect([preview.info_groups, preview.info_group_count]).toEqual([
      info_groups.slice(0, PREVIEW_PAGE_SIZE),
      info_groups.length,
    ]);
  });
});

describe('pages, sorts, searches and explanations (issue 37)', () => {
  it('the inventory index: page N of 50 is rows 50(N-1)+1 to 50N of the whole report, to the last page', async () => {
    const { report: preview } = await first('inventory_index_numeric');
    const rows = (await whole('inventory_index_numeric')).tables[0]!.rows;
    const table = preview.tables[0]!;
    // 2,000 lines × their components: thousands of rows, so a last page far from the first.
    expect(rows.length).toBeGreaterThan(2_000);
    const lastPage = Math.ceil(rows.length / PREVIEW_PAGE_SIZE);
    for (const n of [1, 2, 17, lastPage - 1, lastPage]) {
      const answer = await page('inventory_index_numeric', preview.version, { table: table.key, page: n });
      expect(answer.items, `page ${n}`).toEqual(
        rows
          .slice((n - 1) * PREVIEW_PAGE_SIZE, n * PREVIEW_PAGE_SIZE)
          .map((row, i) => toPreviewRow(row, (n - 1) * PREVIEW_PAGE_SIZE + i)),
      );
      expect(answer.meta).toEqual({
        current_page: n,
        last_page: lastPage,
        per_page: PREVIEW_PAGE_SIZE,
        total: rows.length,
      });
    }
    // Past the last page: no rows, the same count.
    const past = await page('inventory_index_numeric', preview.version, {
      table: table.key,
      page: lastPage + 1,
    });
    expect([past.items, past.meta.total]).toEqual([[], rows.length]);
  });

  it('every table of every type, paged by 100, adds up to the whole report in its order', async () => {
    for (const type of available) {
      const { report: preview } = await first(type);
      const document = await whole(type);
      for (const [t, table] of preview.tables.entries()) {
        const rows = document.tables[t]!.rows;
        const read = [];
        for (let n = 1; read.length < table.row_count; n++) {
          const answer = await page(type, preview.version, { table: table.key, page: n, ipp: 100 });
          expect(answer.items.length, `${type} ${table.key} page ${n}`).toBeGreaterThan(0);
          read.push(...answer.items);
        }
        expect(read, `${type} ${table.key}`).toEqual(rows.map(toPreviewRow));
      }
    }
  }, 180_000);

  it('sorted by a figure, largest first, empty figures last, ties in the report order; then searched', async () => {
    const type = 'epcra_311_312_tier2';
    const { report: preview } = await first(type);
    const table = preview.tables[0]!;
    const rows = (await whole(type)).tables[0]!.rows;
    const figure = table.columns.find((column) => column.kind === 'pounds')!;
    // By hand: indexes of the rows with a figure, largest first (ties by index), then those without.
    const indexes = rows.map((_, i) => i);
    const value = (i: number) => rows[i]!.cells[figure.key];
    const withFigure = indexes
      .filter((i) => typeof value(i) === 'number')
      .sort((a, b) => (value(b) as number) - (value(a) as number) || a - b);
    const expected = [...withFigure, ...indexes.filter((i) => typeof value(i) !== 'number')];
    const sorted = await page(type, preview.version, {
      table: table.key,
      order_by: figure.key,
      order_dir: 'desc',
      ipp: 100,
    });
    expect(sorted.items.map((row) => row.index)).toEqual(expected.slice(0, 100));
    expect(sorted.meta.total).toBe(rows.length);

    // A chemical's name, any case, found on whatever page it is: every row whose name holds it.
    const name = String(rows.at(-1)!.cells.name);
    const term = name.slice(0, Math.min(6, name.length)).toUpperCase();
    const holding = indexes.filter((i) =>
      Object.values(rows[i]!.cells).some((cell) =>
        String(cell ?? '')
          .toUpperCase()
          .includes(term),
      ),
    );
    expect(holding).toContain(rows.length - 1);
    const searched = await page(type, preview.version, { table: table.key, search: term, ipp: 100 });
    expect(searched.meta.total).toBe(holding.length);
    expect(searched.items.map((row) => row.index)).toEqual(holding.slice(0, 100));
  });

  it("the warnings' and information groups' pages add up to the whole report's", async () => {
    // RMP on the bench facility: 700 lines' "no NFPA rating" warnings (340 KB whole).
    const type = 'caa_112r_rmp';
    const { report: preview } = await first(type);
    const { warnings, info_groups } = previewWarnings(await whole(type));
    expect(warnings.length).toBeGreaterThan(PREVIEW_PAGE_SIZE * 2);
    for (const [url, all] of [
      ['/report/preview/warnings', warnings],
      ['/report/preview/info-groups', info_groups],
    ] as const) {
      const read: unknown[] = [];
      for (let n = 1; read.length < all.length; n++) {
        const res = await post(url, { ...request(type), version: preview.version, page: n, ipp: 100 });
        expect(res.statusCode, res.body).toBe(200);
        const { items, meta } = res.json().resource as { items: unknown[]; meta: { total: number } };
        expect([items.length > 0, meta.total]).toEqual([true, all.length]);
        read.push(...items);
      }
      expect(read, url).toEqual(all);
    }
  });

  it("a row's explanation and details are the whole report's, on any page", async () => {
    const type = 'epcra_304_cercla';
    const { report: preview } = await first(type);
    const rows: ReportRow[] = (await whole(type)).tables[0]!.rows;
    for (const index of [0, Math.floor(rows.length / 2), rows.length - 1]) {
      const res = await post('/report/preview/explanation', {
        ...request(type),
        version: preview.version,
        table: preview.tables[0]!.key,
        row: index,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(ReportPreviewExplanationResponseSchema.parse(res.json()).resource).toEqual({
        explanation: rows[index]!.explanation,
        details: rows[index]!.details,
      });
    }
  });

  it('refuses an unknown table, column or row, a missing version, and a version the lines moved past', async () => {
    const type = 'epcra_302';
    const { report: preview } = await first(type);
    const table = preview.tables[0]!;
    const part = { ...request(type), version: preview.version, table: table.key };
    const unknownTable = await post('/report/preview/rows', { ...part, table: 'nope' });
    expect([unknownTable.statusCode, unknownTable.json()]).toEqual([
      422,
      { message: REPORT_MSG.previewTableUnknown, errors: { table: [REPORT_MSG.previewTableUnknown] } },
    ]);
    const unknownColumn = await post('/report/preview/rows', { ...part, order_by: 'nope' });
    const columns = `The order by must be one of: ${table.columns.map((column) => column.key).join(', ')}`;
    expect([unknownColumn.statusCode, unknownColumn.json()]).toEqual([
      422,
      { message: columns, errors: { order_by: [columns] } },
    ]);
    const noRow = await post('/report/preview/explanation', { ...part, row: table.row_count });
    expect([noRow.statusCode, noRow.json()]).toEqual([404, { message: 'Row not found.' }]);
    const noVersion = await post('/report/preview/rows', { ...part, version: undefined });
    expect([noVersion.statusCode, noVersion.json().errors]).toEqual([
      422,
      { version: [REPORT_MSG.previewVersionRequired] },
    ]);

    // A line's quantity changes: the preview's pages and explanations are now of another report.
    await ctx.database.db.execute(
      sql`UPDATE inventory_products SET container_quantity = container_quantity + 1
          WHERE id = (SELECT min(id) FROM inventory_products WHERE inventory_id =
            (SELECT id FROM inventories WHERE facility_id = ${report.facilityId} AND year = ${report.year}))`,
    );
    for (const [url, extra] of [
      ['/report/preview/rows', { page: 2 }],
      ['/report/preview/explanation', { row: 0 }],
    ] as const) {
      const stale = await post(url, { ...part, ...extra });
      expect([stale.statusCode, stale.json()]).toEqual([
        409,
        { message: REPORT_MSG.previewChanged, errors: { version: [REPORT_MSG.previewChanged] } },
      ]);
    }
    // Drawn again, it names another version, whose pages answer.
    const again = await first(type);
    expect(again.report.version).not.toBe(preview.version);
    await page(type, again.report.version, { table: table.key, page: 1 });
  });
});
