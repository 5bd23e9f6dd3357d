import type { ReportDocument } from '@chemtrack/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase, type TestContext } from '../../../test/helper.ts';
import { toCsv } from '../../../test/reference-files.ts';
import { CHLORINE_CAS, chlorineTabletsYear } from '../../../test/report-files.ts';
import { createListEntry } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';

/**
 * What a report reads (issue 24): the reference lists are kept in memory per process, and any
 * change to them (an upload, or a write from elsewhere: another process, psql) shows in the very
 * next report; a report reads the database in a fixed number of statements, whatever the number
 * of lines (no N+1), and reads the lists' rows, and the facility-year's lines, only when they
 * changed (the lines are kept in the report worker, decision 022; report-kept-lines.test.ts). Statements are heard at the
 * driver (openDatabase's `onQuery`), as in test/list-statements.test.ts.
 */

const YEAR = 2025;
let ctx: TestContext;
let heard: string[] | undefined;
const ids = { customer: 0, facility: 0, inventory: 0, product: 0, bag: 0, pound: 0 };

beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: (query) => heard?.push(query) });
  // One report worker: the same worker draws every report here, so a new list upload shows in the
  // next report only if that worker's own copy of the lists (kept between reports) is replaced.
  ctx = await createTestContext({ reportWorkers: 1 }, database);
  Object.assign(ids, await chlorineTabletsYear(ctx, YEAR));
  await addLines(2);
});

afterAll(() => ctx.close());

let linesAdded = 0;

/**
 * Lines of 10 bags of the tablets, each line its own bag size (a line per container, unit and
 * size): the first two 40 and 60 lb, so (400 + 600) lb × 95% = 950 lb of chlorine.
 */
async function addLines(count: number) {
  for (let i = 0; i < count; i++) {
    linesAdded++;
    await create.inventoryProduct(ctx, ids.inventory, {
      product_id: ids.product,
      container_id: ids.bag,
      container_unit_id: ids.pound,
      container_size: String(20 + 20 * linesAdded),
      container_quantity: '10',
      location_stored: `SHED ${linesAdded}`,
    });
  }
}

async function uploadEhs(tpq: string) {
  const csv = toCsv([
    ['Chemical Name', 'CAS #', 'TPQ', 'RQ'],
    ['Chlorine', CHLORINE_CAS, tpq, '10'],
  ]);
  const res = await createListEntry(ctx, 'ehs', 'ehs.csv', csv);
  expect(res.statusCode, res.body).toBe(201);
}

async function preview(type = 'epcra_302'): Promise<ReportDocument> {
  const res = await ctx.call('admin', {
    method: 'POST',
    url: '/report/preview',
    payload: { type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource as ReportDocument;
}

function chlorineRow(report: ReportDocument) {
  const row = report.tables[0]?.rows.find((candidate) => candidate.cells.cas_number === CHLORINE_CAS);
  expect(row, JSON.stringify(report.tables[0]?.rows.map((r) => r.cells))).toBeDefined();
  return row!;
}

/** The statements a preview sends, but the session check every request makes. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  heard = [];
  await work();
  const statements = heard.filter((query) => !/^\s*(select|update)\b[^;]*"sessions"/i.test(query));
  heard = undefined;
  return statements;
}

describe('the reference lists a report reads', () => {
  it('a new upload changes the next report, and so does a write from outside the app', async () => {
    await uploadEhs('100');
    // 950 lb ≥ TPQ 100.
    expect(chlorineRow(await preview())).toMatchObject({
      cells: { quantity_lb: 950, tpq_applied_lb: 100 },
      reported: true,
    });
    // Read again with the lists unchanged: the same figure.
    expect(chlorineRow(await preview()).cells.tpq_applied_lb).toBe(100);

    await uploadEhs('10,000');
    expect(chlorineRow(await preview())).toMatchObject({
      cells: { quantity_lb: 950, tpq_applied_lb: 10_000 },
      reported: false,
    });

    // Another process, or an admin in psql, changes a row in place: the next report has it.
    await ctx.database.db.execute(
      sql`UPDATE regulatory_entries SET threshold_quantity_lbs = 900 WHERE cas_number = ${CHLORINE_CAS}`,
    );
    expect(chlorineRow(await preview())).toMatchObject({
      cells: { quantity_lb: 950, tpq_applied_lb: 900 },
      reported: true,
    });
  });

  it("reads the lists' rows only after they changed", async () => {
    const entriesRead = (statements: string[]) =>
      statements.filter((query) => /from "regulatory_entries"/i.test(query)).length;
    await preview();
    expect(entriesRead(await statementsOf(() => preview()))).toBe(0);
    await uploadEhs('500');
    expect(entriesRead(await statementsOf(() => preview()))).toBe(1);
    expect(entriesRead(await statementsOf(() => preview()))).toBe(0);
  });
});

describe('the statements of a report', () => {
  const linesRead = (statements: string[]) =>
    statements.filter((query) => /where "inventory_products"."inventory_id" = \$1/.test(query)).length;

  it.each(['epcra_302', 'epcra_311_312_tier2', 'caa_112r_rmp', 'hmpp', 'inventory_index_numeric'])(
    '%s reads the same few statements before and after 10 more lines, and the lines only after they changed',
    async (type) => {
      await preview(type);
      // The lines unchanged: the worker keeps them (decision 022), and the three statements
      // reading them (lines, components, hazard classes) are not sent.
      const kept = await statementsOf(() => preview(type));
      expect(linesRead(kept), kept.join('\n')).toBe(0);
      await addLines(10);
      const few = await statementsOf(() => preview(type));
      expect(linesRead(few), few.join('\n')).toBe(3);
      expect(few.length, few.join('\n')).toBe(kept.length + 3);
      expect(few.length, few.join('\n')).toBeLessThanOrEqual(10);
      await addLines(10);
      const many = await statementsOf(() => preview(type));
      expect(many.length, many.join('\n')).toBe(few.length);
      expect((await statementsOf(() => preview(type))).length).toBe(kept.length);
    },
  );
});
