import { DEFAULT_REPORT_SETTINGS, type ReportDocument, type ReportRequestValues } from '@chemtrack/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, openTestDatabase, type TestContext } from '../../../test/helper.ts';
import { toCsv } from '../../../test/reference-files.ts';
import { CHLORINE_CAS, chlorineTabletsYear, pdfOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import { createListEntry } from '../../../test/uploads.ts';
import { hazards, inventoryReportVersions, reportCatalogVersion } from '../../db/schema/index.ts';
import { create, inventoryProductBody } from '../../seed/factories.ts';
import { drawReportDocument } from './documents/draw.ts';
import { loadReportInputs } from './report-job.ts';

/**
 * The facility-year's lines kept in the report worker between reports (issue 24, decision 022):
 * kept under the versions the triggers of migration 0022 move, so whatever changes what a report
 * reads (a line saved in the app, a write from psql or another process to a line, a component or
 * a catalog row, a line deleted, a list uploaded) shows in the very next preview and file. One
 * report worker, so every report here is drawn by the worker that keeps the lines.
 *
 * By hand (rules §0.1, §EHS table): Chlorine Tablets are 95% chlorine (7782-50-5); lines of Bag ×
 * Pound, 40 lb × 10 and 60 lb × 10: (400 + 600) × 95% = 950 lb against a TPQ of 100 lb.
 */

const YEAR = 2025;
let ctx: TestContext;
let heard: string[] | undefined;
const ids = { customer: 0, facility: 0, inventory: 0, product: 0, bag: 0, pound: 0 };
const lines: number[] = [];

beforeAll(async () => {
  const database = await openTestDatabase({ onQuery: (query) => heard?.push(query) });
  ctx = await createTestContext({ reportWorkers: 1 }, database);
  Object.assign(ids, await chlorineTabletsYear(ctx, YEAR));
  for (const [size, where] of [
    ['40', 'SHED 1'],
    ['60', 'SHED 2'],
  ] as const)
    lines.push((await create.inventoryProduct(ctx, ids.inventory, lineBody(size, '10', where))).id);
  const csv = toCsv([
    ['Chemical Name', 'CAS #', 'TPQ', 'RQ'],
    ['Chlorine', CHLORINE_CAS, '100', '10'],
  ]);
  expect((await createListEntry(ctx, 'ehs', 'ehs.csv', csv)).statusCode).toBe(201);
});

afterAll(() => ctx.close());

function lineBody(size: string, quantity: string, where: string) {
  return inventoryProductBody({
    product_id: ids.product,
    container_id: ids.bag,
    container_unit_id: ids.pound,
    container_size: size,
    container_quantity: quantity,
    location_stored: where,
  });
}

const request = (format?: 'pdf') => ({
  type: 'epcra_302',
  customer_id: ids.customer,
  facility_id: ids.facility,
  year: YEAR,
  ...(format ? { format } : {}),
});

async function preview(): Promise<ReportDocument> {
  return wholePreview((url, payload) => ctx.call('admin', { method: 'POST', url, payload }), request());
}

function chlorineOf(report: ReportDocument): [unknown, unknown] {
  const row = report.tables[0]?.rows.find((r) => r.cells.cas_number === CHLORINE_CAS);
  return [row?.cells.quantity_lb, row?.reported];
}

/**
 * The chlorine row's figure and whether it is reported, in the preview, checked against the same
 * report drawn on this thread from everything read again (nothing kept): the preview is not stale.
 */
async function chlorine(): Promise<[unknown, unknown]> {
  const kept = await preview();
  const fresh = drawReportDocument(
    await loadReportInputs(ctx.database.db, {
      ...request(),
      ...DEFAULT_REPORT_SETTINGS,
    } as ReportRequestValues),
  );
  expect(kept.tables.map((table) => table.rows)).toEqual(fresh.tables.map((table) => table.rows));
  expect([kept.header, kept.notes]).toEqual([fresh.header, fresh.notes]);
  return chlorineOf(kept);
}

async function pdfText(): Promise<string> {
  const res = await ctx.call('admin', { method: 'POST', url: '/report/generate', payload: request('pdf') });
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfOf(res)).text;
}

/** The statements of a preview that read the lines (lines, components, hazard classes). */
async function linesReadBy(work: () => Promise<unknown>): Promise<number> {
  heard = [];
  await work();
  const read = heard.filter((query) => /where "inventory_products"."inventory_id" = \$1/.test(query)).length;
  heard = undefined;
  return read;
}

describe('lines kept between reports', () => {
  it('are read once, and a repeat preview writes a new generation time', async () => {
    await preview();
    expect(await linesReadBy(preview)).toBe(0);
    const first = await preview();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await preview();
    expect(second.generated_at > first.generated_at).toBe(true);
    expect({ ...second, generated_at: '' }).toEqual({ ...first, generated_at: '' });
  });

  it('a line saved in the app shows in the next preview and PDF', async () => {
    expect(await chlorine()).toEqual([950, true]);
    expect(await pdfText()).toContain('950.00 lb ≥ TPQ 100 lb');
    const saved = await ctx.call('admin', {
      method: 'PATCH',
      url: `/inventories/${ids.inventory}/product/${lines[0]}/update`,
      payload: lineBody('40', '20', 'SHED 1'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // (40 × 20 + 60 × 10) × 95% = 1,400 × 95% = 1,330 lb.
    expect(await chlorine()).toEqual([1330, true]);
    expect(await pdfText()).toContain('1,330.00 lb ≥ TPQ 100 lb');
    expect(await linesReadBy(preview)).toBe(0);
  });

  it('writes from outside the app to a line, a component and a catalog row show in the next preview', async () => {
    const { db } = ctx.database;
    // The line's stored max pounds count (rules §0.1), as the form would have saved them.
    await db.execute(
      sql`UPDATE inventory_products SET container_quantity = 5, max_pounds = 300 WHERE id = ${lines[1]}`,
    );
    // (800 + 60 × 5) × 95% = 1,100 × 95% = 1,045 lb.
    expect(await chlorine()).toEqual([1045, true]);
    await db.execute(
      sql`UPDATE inventory_product_chemical_components SET percentage_weight = 50, percentage_weight_low = 50
          WHERE chemical_component_id = (SELECT id FROM chemical_components WHERE number = ${CHLORINE_CAS})`,
    );
    // 1,100 × 50% = 550 lb.
    expect(await chlorine()).toEqual([550, true]);
    // The container type's name, read through every line: the PDF's working names the new one.
    await db.execute(sql`UPDATE containers SET name = 'Sack' WHERE id = ${ids.bag}`);
    const text = await pdfText();
    expect(text).toContain('Sack 40 Pound (lb) × 20');
    expect(text).not.toContain('Bag 40 Pound');
    // The component's CAS number in the catalog: no longer the listed chemical.
    await db.execute(sql`UPDATE chemical_components SET number = '7782-50-6' WHERE number = ${CHLORINE_CAS}`);
    expect(await chlorine()).toEqual([undefined, undefined]);
    await db.execute(sql`UPDATE chemical_components SET number = ${CHLORINE_CAS} WHERE number = '7782-50-6'`);
    expect(await chlorine()).toEqual([550, true]);
  });

  it('a line deleted or added shows in the next preview', async () => {
    await ctx.database.db.execute(sql`DELETE FROM inventory_products WHERE id = ${lines[1]}`);
    // 800 × 50% = 400 lb.
    expect(await chlorine()).toEqual([400, true]);
    await create.inventoryProduct(ctx, ids.inventory, lineBody('60', '10', 'SHED 3'));
    // The new line copies the product's 95%: 400 + 600 × 95% = 970 lb.
    expect(await chlorine()).toEqual([970, true]);
  });

  it('a list uploaded shows in the next preview, the lines still kept', async () => {
    expect(await chlorine()).toEqual([970, true]);
    const csv = toCsv([
      ['Chemical Name', 'CAS #', 'TPQ', 'RQ'],
      ['Chlorine', CHLORINE_CAS, '1,000', '10'],
    ]);
    expect((await createListEntry(ctx, 'ehs', 'ehs.csv', csv)).statusCode).toBe(201);
    expect(await chlorine()).toEqual([970, false]);
    expect(await pdfText()).toContain('970.00 lb < TPQ 1,000 lb');
    expect(await linesReadBy(preview)).toBe(0);
  });
});

describe('the versions the lines are kept under', () => {
  const linesVersion = async () => {
    const [row] = await ctx.database.db
      .select({ version: inventoryReportVersions.version })
      .from(inventoryReportVersions)
      .where(eq(inventoryReportVersions.inventoryId, ids.inventory));
    return row?.version ?? 0;
  };
  const catalogVersion = async () => {
    const [row] = await ctx.database.db
      .select({ version: reportCatalogVersion.version })
      .from(reportCatalogVersion);
    return row?.version;
  };

  it('move with every statement that writes what the lines read, and only then', async () => {
    const { db } = ctx.database;
    const line = lines[0]!;
    const moves: [string, number, number][] = [];
    const check = async (what: string, write: () => Promise<unknown>) => {
      const before = [await linesVersion(), await catalogVersion()] as const;
      await write();
      moves.push([
        what,
        (await linesVersion()) - before[0],
        Number(await catalogVersion()) - Number(before[1]),
      ]);
    };
    const [hazard] = await db.insert(hazards).values({ name: 'Oxidizer' }).returning({ id: hazards.id });
    await check('a line updated', () =>
      db.execute(sql`UPDATE inventory_products SET notes = 'x' WHERE id = ${line}`),
    );
    await check('no line updated', () =>
      db.execute(sql`UPDATE inventory_products SET notes = 'x' WHERE false`),
    );
    await check('another inventory', () => create.inventory(ctx, { year: YEAR + 1 }));
    await check('a hazard class added', () =>
      db.execute(sql`INSERT INTO inventory_product_hazards VALUES (${line}, ${hazard!.id})`),
    );
    await check('a hazard class removed', () =>
      db.execute(sql`DELETE FROM inventory_product_hazards WHERE inventory_product_id = ${line}`),
    );
    await check('a component updated', () =>
      db.execute(sql`UPDATE inventory_product_chemical_components SET is_carcinogen = true
                     WHERE inventory_product_id = ${line}`),
    );
    await check('a component removed', () =>
      db.execute(sql`DELETE FROM inventory_product_chemical_components
                     WHERE inventory_product_id = ${line} AND chemical_component_id =
                       (SELECT id FROM chemical_components WHERE number = '7732-18-5')`),
    );
    await check('a hazard renamed', () =>
      db.execute(sql`UPDATE hazards SET name = 'Oxidiser' WHERE id = ${hazard!.id}`),
    );
    await check('a unit renamed', () =>
      db.execute(sql`UPDATE container_units SET name = 'Lb' WHERE id = ${ids.pound}`),
    );
    await check('a container added', () => create.container(ctx, { name: 'Crate' }));
    await check("the inventory's year", () =>
      db.execute(sql`UPDATE inventories SET year = year WHERE id = ${ids.inventory}`),
    );
    await check("the inventory's notes", () =>
      db.execute(sql`UPDATE inventories SET updated_at = now() WHERE id = ${ids.inventory}`),
    );
    expect(moves).toEqual([
      ['a line updated', 1, 0],
      ['no line updated', 0, 0],
      ['another inventory', 0, 0],
      ['a hazard class added', 1, 0],
      ['a hazard class removed', 1, 0],
      ['a component updated', 1, 0],
      ['a component removed', 1, 0],
      ['a hazard renamed', 0, 1],
      ['a unit renamed', 0, 1],
      ['a container added', 0, 0],
      ["the inventory's year", 0, 1],
      ["the inventory's notes", 0, 0],
    ]);
  });
});
