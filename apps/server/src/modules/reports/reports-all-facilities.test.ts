import { REPORT_MSG } from '@chemtrack/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfTextOf, workbookOf } from '../../../test/report-files.ts';
import { auditLog } from '../../db/schema/index.ts';
import { inflateZipEntry, readZipEntries, XLSX_LIMITS } from '../../lib/zip-guard.ts';
import { create } from '../../seed/factories.ts';
import { generateAllFacilities } from './all-facilities.ts';
import { ReportWorkers } from './workers/index.ts';

/**
 * Issue 36 "All facilities at once": `POST /report/generate` with `all_facilities: true` answers
 * one ZIP of the customer's facility reports and a summary. The ZIP is opened with our own zip
 * reader (lib/zip-guard.ts, written from PKWARE's APPNOTE, not the writer's library), each PDF read
 * back as text and the summary as written.
 *
 * "Harbor Fuels & Co." has three active facilities and an archived one, each with a flammable
 * product (liquid, 10 lb/gal, no SDS components, so Tier II tests the product as a whole against
 * 10,000 lb: rules §3, 40 CFR 370.10(a)(1)), in totes of 300 gal:
 * - North Terminal, 2024: 4 totes = 1,200 gal × 10 lb/gal = 12,000 lb ≥ 10,000 → reported
 *   (maximum amount code 06: 10,000-24,999 lb) → covered.
 * - South Depot, 2024: 2 totes = 600 gal × 10 = 6,000 lb < 10,000 → below threshold → not covered.
 * - West Yard: an inventory for 2023 only → no report, named in the summary as without one.
 * - Old Pier, archived, with a 2024 inventory of 4 totes → left out of the ZIP and the summary.
 * Another customer's facility with a 2024 inventory is nowhere in the ZIP either.
 */

const YEAR = 2024;
const CUSTOMER = 'Harbor Fuels & Co.';
const FLAMMABLE = 'Flammable (gases, aerosols, liquids, or solids)';
const TIER2_PDF = (facility: string) =>
  `EPCRA_311_312_Tier_I_and_II_Harbor_Fuels_&_Co__${facility}_${YEAR}.pdf`;

let ctx: TestContext;
const ids = { customer: 0, north: 0, south: 0, west: 0, pier: 0, otherCustomer: 0, emptyCustomer: 0 };
const inventories = { north: 0, south: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  ids.customer = (await create.customer(ctx, { name: CUSTOMER })).id;
  const tote = (await create.container(ctx, { name: 'Tote' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const product = (
    await create.product(ctx, {
      name: 'Harbor Solvent',
      physical_state: 'liquid',
      specific_gravity: '',
      pounds_per_gallon: '10',
      is_sara_f: 1,
      tier2_hazard_categories: [FLAMMABLE],
    })
  ).id;
  const facility = (name: string, customerId = ids.customer) =>
    create.facility(ctx, { name, customer_id: customerId });
  const inventoryWithTotes = async (customerId: number, facilityId: number, year: number, totes: string) => {
    const inventory = (
      await create.inventory(ctx, { customer_id: customerId, facility_id: facilityId, year })
    ).id;
    await create.inventoryProduct(ctx, inventory, {
      product_id: product,
      container_id: tote,
      container_unit_id: gallon,
      container_size: '300',
      container_quantity: totes,
      location_stored: 'TANK FARM',
    });
    return inventory;
  };
  ids.north = (await facility('North Terminal')).id;
  ids.south = (await facility('South Depot')).id;
  ids.west = (await facility('West Yard')).id;
  ids.pier = (await facility('Old Pier')).id;
  inventories.north = await inventoryWithTotes(ids.customer, ids.north, YEAR, '4');
  inventories.south = await inventoryWithTotes(ids.customer, ids.south, YEAR, '2');
  await inventoryWithTotes(ids.customer, ids.west, YEAR - 1, '4');
  await inventoryWithTotes(ids.customer, ids.pier, YEAR, '4');
  const archived = await ctx.call('admin', { method: 'PATCH', url: `/facilities/${ids.pier}/activate` });
  expect(archived.statusCode, archived.body).toBe(200);
  const other = await create.facility(ctx, { name: 'Elsewhere Works' });
  ids.otherCustomer = other.customerId;
  await inventoryWithTotes(other.customerId, other.id, YEAR, '4');
  ids.emptyCustomer = (
    await facility('Quiet Plant', (await create.customer(ctx, { name: 'Quiet Co' })).id)
  ).customerId;
});
afterAll(() => ctx.close());

function generateAll(payload: Record<string, unknown>, role: 'admin' | 'staff' | 'technician' = 'staff') {
  return ctx.call(role, { method: 'POST', url: '/report/generate', payload });
}

/** The ZIP's entries in order, each inflated (within a generous cap). */
function zipEntries(res: LightMyRequestResponse): Map<string, Buffer> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  const zip = res.rawPayload;
  return new Map(
    readZipEntries(zip, XLSX_LIMITS).map((entry) => [
      entry.name,
      inflateZipEntry(zip, entry, 50 * 1024 * 1024),
    ]),
  );
}

async function generationsSince(auditId: number) {
  return ctx.database.db
    .select({ entityId: auditLog.entityId, details: auditLog.details })
    .from(auditLog)
    .where(and(gt(auditLog.id, auditId), eq(auditLog.entity, 'report'), eq(auditLog.action, 'generate')))
    .orderBy(auditLog.id);
}

async function lastAuditId(): Promise<number> {
  const rows = await ctx.database.db.select({ id: auditLog.id }).from(auditLog);
  return Math.max(0, ...rows.map((row) => row.id));
}

describe('POST /report/generate with all_facilities: true', () => {
  it('Tier II of a customer with three facilities: a ZIP of the two reports and a summary naming the third', async () => {
    const before = await lastAuditId();
    const res = await generateAll({
      type: 'epcra_311_312_tier2',
      customer_id: ids.customer,
      year: YEAR,
      all_facilities: true,
    });
    const entries = zipEntries(res);
    expect(res.headers['content-disposition']).toContain(
      `filename="EPCRA_311_312_Tier_I_and_II_Harbor_Fuels_&_Co__All_facilities_${YEAR}.zip"`,
    );
    // The summary first, then the facilities by name; the archived Old Pier and the other customer nowhere.
    expect([...entries.keys()]).toEqual([
      'summary.csv',
      TIER2_PDF('North_Terminal'),
      TIER2_PDF('South_Depot'),
    ]);

    // Every active facility, West Yard without an inventory in 2024.
    expect(entries.get('summary.csv')!.toString('utf8')).toBe(
      // The UTF-8 byte order mark first: Excel needs it to read the file as UTF-8.
      '\uFEFF' +
        [
          'Facility,Inventory 2024,Report file,Coverage under EPCRA 311/312 Tier I and II',
          `North Terminal,Yes,${TIER2_PDF('North_Terminal')},covered`,
          `South Depot,Yes,${TIER2_PDF('South_Depot')},not covered`,
          'West Yard,No,,no inventory',
          '',
        ].join('\r\n'),
    );

    // North Terminal: 300 gal × 4 = 1,200 gal × 10 lb/gal = 12,000 lb ≥ 10,000 lb → reported, code 06.
    const north = (await pdfTextOf(entries.get(TIER2_PDF('North_Terminal'))!)).text;
    expect(north).toContain(`Customer: ${CUSTOMER} Facility: North Terminal,`);
    expect(north).toContain(`Harbor Solvent Product N Y liquid ${FLAMMABLE} 12,000.00 06`);
    expect(north).toContain('12,000.00 lb ≥ threshold 10,000 lb');
    expect(north).not.toContain('South Depot');
    // South Depot: 300 gal × 2 = 600 gal × 10 = 6,000 lb < 10,000 lb → below the threshold, code 05.
    const south = (await pdfTextOf(entries.get(TIER2_PDF('South_Depot'))!)).text;
    expect(south).toContain(`Customer: ${CUSTOMER} Facility: South Depot,`);
    expect(south).toContain(`Harbor Solvent Product N Y liquid ${FLAMMABLE} 6,000.00 05`);
    expect(south).toContain('6,000.00 lb < threshold 10,000 lb');

    // Each report recorded as a generation of its inventory (the filings list reads these).
    const generations = await generationsSince(before);
    expect(generations.map((row) => row.entityId)).toEqual([inventories.north, inventories.south]);
    expect(generations.map((row) => row.details)).toEqual([
      expect.objectContaining({
        type: 'epcra_311_312_tier2',
        format: 'pdf',
        facility_id: ids.north,
        all_facilities: true,
      }),
      expect.objectContaining({
        type: 'epcra_311_312_tier2',
        format: 'pdf',
        facility_id: ids.south,
        all_facilities: true,
      }),
    ]);
  });

  it('a listing has no verdict; XLSX files come as XLSX; two facilities of one name get two entries', async () => {
    const customer = (await create.customer(ctx, { name: 'Twin Sites' })).id;
    for (const name of ['Plant', 'PLANT']) {
      const facility = (await create.facility(ctx, { name, customer_id: customer })).id;
      await create.inventory(ctx, { customer_id: customer, facility_id: facility, year: YEAR });
    }
    const res = await generateAll({
      type: 'inventory_index_numeric',
      customer_id: customer,
      year: YEAR,
      all_facilities: true,
    });
    const entries = zipEntries(res);
    // A case-insensitive disk would take the two names for one: the second gets "_2".
    const first = `inventory_index_by_CAS_number_Twin_Sites_Plant_${YEAR}.xlsx`;
    const second = `inventory_index_by_CAS_number_Twin_Sites_PLANT_${YEAR}_2.xlsx`;
    expect([...entries.keys()]).toEqual(['summary.csv', first, second]);
    expect(entries.get('summary.csv')!.toString('utf8')).toBe(
      // The UTF-8 byte order mark first: Excel needs it to read the file as UTF-8.
      '\uFEFF' +
        [
          'Facility,Inventory 2024,Report file,Coverage under inventory index by CAS number',
          `Plant,Yes,${first},not tested (a listing)`,
          `PLANT,Yes,${second},not tested (a listing)`,
          '',
        ].join('\r\n'),
    );
    const book = await workbookOf(entries.get(first)!);
    expect(book.worksheets.length).toBeGreaterThan(0);
  });

  it('refuses a facility beside all_facilities, a missing customer and a bad flag with 422 on the field', async () => {
    const base = { type: 'epcra_311_312_tier2', customer_id: ids.customer, year: YEAR };
    const before = await lastAuditId();
    const both = await generateAll({ ...base, all_facilities: true, facility_id: ids.north });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ facility_id: [REPORT_MSG.facilityWithAllFacilities] });
    const noCustomer = await generateAll({ type: 'epcra_311_312_tier2', year: YEAR, all_facilities: true });
    expect(noCustomer.statusCode).toBe(422);
    expect(noCustomer.json().errors).toEqual({ customer_id: ['Customer is required'] });
    const badFlag = await generateAll({ ...base, facility_id: ids.north, all_facilities: 'yes' });
    expect(badFlag.statusCode).toBe(422);
    expect(badFlag.json().errors).toEqual({ all_facilities: ['All facilities must be true or false'] });
    // Without the flag, the facility is required as ever.
    const single = await generateAll(base);
    expect(single.statusCode).toBe(422);
    expect(single.json().errors).toEqual({ facility_id: ['Facility is required'] });
    expect(await generationsSince(before)).toEqual([]);
  });

  it('404 for a customer that does not exist or has no facility with an inventory that year', async () => {
    const missing = await generateAll({
      type: 'epcra_311_312_tier2',
      customer_id: 2_000_000,
      year: YEAR,
      all_facilities: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Customer not found.');
    const empty = await generateAll({
      type: 'epcra_311_312_tier2',
      customer_id: ids.emptyCustomer,
      year: YEAR,
      all_facilities: true,
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(REPORT_MSG.noInventoryAnyFacility);
  });

  it('403 for a role without reports.generate, before anything is drawn', async () => {
    const before = await lastAuditId();
    const res = await generateAll(
      { type: 'epcra_311_312_tier2', customer_id: ids.customer, year: YEAR, all_facilities: true },
      'technician',
    );
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(await generationsSince(before)).toEqual([]);
  });
});

describe('cancelling the reports of every facility', () => {
  it('stops after the facility being drawn, records nothing, and leaves the worker free for the next report', async () => {
    const workers = new ReportWorkers({ size: 1 });
    try {
      const before = await lastAuditId();
      const controller = new AbortController();
      const done: number[] = [];
      const run = generateAllFacilities(
        ctx.database.db,
        { userId: ctx.users.staff.id, ip: '127.0.0.1', role: 'staff' },
        {
          type: 'epcra_311_312_tier2',
          customer_id: ids.customer,
          year: YEAR,
          all_facilities: true,
          percent_basis: 'upper',
          tier2_option: 'mixture',
        },
        workers,
        {
          signal: controller.signal,
          onProgress: (progress) => {
            done.push(progress.done);
            // The user cancels once the first of the two facilities is drawn.
            controller.abort(new Error('cancelled by the user'));
          },
        },
      );
      await expect(run).rejects.toThrow('cancelled by the user');
      // South Depot was never drawn, and no generation is recorded for a ZIP nobody received.
      expect(done).toEqual([1]);
      expect(await generationsSince(before)).toEqual([]);

      // The one worker takes the next report at once.
      const next = await generateAllFacilities(
        ctx.database.db,
        { userId: ctx.users.staff.id, ip: '127.0.0.1', role: 'staff' },
        {
          type: 'epcra_311_312_tier2',
          customer_id: ids.customer,
          year: YEAR,
          all_facilities: true,
          percent_basis: 'upper',
          tier2_option: 'mixture',
        },
        workers,
      );
      expect(next.fileName).toBe(`EPCRA_311_312_Tier_I_and_II_Harbor_Fuels_&_Co__All_facilities_${YEAR}.zip`);
      expect(readZipEntries(Buffer.from(next.bytes), XLSX_LIMITS).map((entry) => entry.name)).toEqual([
        'summary.csv',
        TIER2_PDF('North_Terminal'),
        TIER2_PDF('South_Depot'),
      ]);
      expect(workers.workerCount).toBe(1);
    } finally {
      await workers.close();
    }
  });
});
