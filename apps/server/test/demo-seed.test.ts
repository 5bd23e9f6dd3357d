import {
  compliance,
  DEFAULT_REPORT_SETTINGS,
  REPORT_TYPES,
  type ReportDocument,
  type ReportRow,
} from '@chemtrack/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, facilities, inventoryProducts, users } from '../src/db/schema/index.ts';
import { drawReportDocument } from '../src/modules/reports/documents/draw.ts';
import { loadReportInputs } from '../src/modules/reports/report-job.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { seedReferenceLists } from '../src/seed/reference-lists/load.ts';
import { createTestContext, type TestContext } from './helper.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A fresh install: the demo data, then the shipped reference lists (main.ts does both).
  await seedDemoData(ctx.database.db, ctx.app.files);
  await seedReferenceLists(ctx.database.db, ctx.app.files);
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('gives a newcomer customers with facilities in several states, one without any', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/customers/list?ipp=100' });
    const rows = res.json().resource.items as { name: string; facility: { full_address: string } | null }[];
    expect(rows.length).toBeGreaterThanOrEqual(9);
    expect(rows.find((r) => r.name === 'Harbor Marine Services')?.facility).toBeNull();
    const states = new Set(
      rows.flatMap((r) => (r.facility ? [r.facility.full_address.split(', ').at(-1)?.split(' ')[0]] : [])),
    );
    expect(states.size).toBeGreaterThanOrEqual(5);
  });

  it('gives each demo facility a NAICS code, coordinates and two contacts, the emergency one with a 24-hour phone', async () => {
    const list = await ctx.call('staff', { method: 'GET', url: '/facilities/list?ipp=100' });
    const ids = (list.json().resource.items as { id: number }[]).map((f) => f.id);
    expect(ids.length).toBeGreaterThanOrEqual(8);
    for (const id of ids) {
      const facility = (await ctx.call('staff', { method: 'GET', url: `/facilities/${id}/get` })).json()
        .resource;
      expect(facility.naics_code, facility.name).toMatch(/^\d{6}$/);
      expect(facility.latitude, facility.name).toBeTypeOf('number');
      expect(facility.longitude, facility.name).toBeTypeOf('number');
      expect(facility.contacts.map((c: { contact_types: string[] }) => c.contact_types)).toEqual([
        ['Owner / Operator', 'Tier II Information Contact'],
        ['Emergency Contact', 'Fac. Emergency Coordinator'],
      ]);
      expect(facility.contacts[1].phone_24_hour, facility.name).not.toBe('');
    }
    const refinery = (list.json().resource.items as { id: number; name: string }[]).find(
      (f) => f.name === 'Pasadena Refinery',
    );
    const detail = (
      await ctx.call('staff', { method: 'GET', url: `/facilities/${refinery!.id}/get` })
    ).json();
    expect(detail.resource).toMatchObject({ naics_code: '324110', latitude: 29.6911, longitude: -95.2091 });
    expect(detail.resource.contacts[1]).toMatchObject({ name: 'Dana Reyes', phone_24_hour: '7135550188' });
  });

  it('has the usual hazard classes, container types and units with their unit types', async () => {
    const hazards = (await ctx.call('staff', { method: 'GET', url: '/hazards/list?ipp=100' })).json().resource
      .items;
    expect(hazards.map((h: { name: string }) => h.name)).toEqual(
      expect.arrayContaining(['Flammable', 'Corrosive', 'Compressed Gas']),
    );
    const units = (
      await ctx.call('staff', { method: 'GET', url: '/container-units/list?ipp=100&order_by=name' })
    ).json().resource.items;
    expect(units).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Drum (gal)', unit_type: 'gal' })]),
    );
    const [technicians] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, 'technician'));
    expect(technicians?.n).toBeGreaterThanOrEqual(4);
  });

  it('has about 30 products with hazard classes, components and a real SDS PDF each but the pending ones', async () => {
    const list = (await ctx.call('staff', { method: 'GET', url: '/products/list?ipp=100' })).json().resource;
    expect(list.meta.total).toBeGreaterThanOrEqual(28);
    const items = list.items as {
      id: number;
      name: string;
      sds_status: string;
      has_sds_file: boolean;
      hazards: unknown[];
    }[];
    expect(items.filter((p) => p.sds_status === 'pending').every((p) => !p.has_sds_file)).toBe(true);
    expect(items.filter((p) => p.sds_status !== 'pending').every((p) => p.has_sds_file)).toBe(true);
    expect(items.filter((p) => p.hazards.length > 0).length).toBeGreaterThan(20);

    const acid = items.find((p) => p.name.includes('Sulfuric'));
    expect(acid).toBeDefined();
    const components = (
      await ctx.call('staff', { method: 'GET', url: `/products/${acid?.id}/chemical-components/list` })
    ).json().resource.items as { number: string }[];
    expect(components.map((c) => c.number)).toContain('7664-93-9');
    const sds = await ctx.call('staff', { method: 'GET', url: `/products/${acid?.id}/sds-download` });
    expect(sds.statusCode).toBe(200);
    expect(sds.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has two years of inventories for two facilities, the later copied from the earlier and walked through', async () => {
    const list = (
      await ctx.call('staff', { method: 'GET', url: '/inventories/list?status=all&ipp=100&order_by=year' })
    ).json().resource.items as { id: number; year: number; facility__name: string; is_completed: boolean }[];
    const year = new Date().getFullYear();
    const refinery = list.filter((row) => row.facility__name === 'Pasadena Refinery');
    expect(refinery.map((row) => row.year)).toEqual([year - 2, year - 1]);
    expect(list.filter((row) => row.is_completed).map((row) => [row.facility__name, row.year])).toEqual([
      ['Chicago Plating Works', year - 2],
    ]);

    const [earlier, later] = refinery;
    const detail = (await ctx.call('staff', { method: 'GET', url: `/inventories/${later?.id}/get` })).json()
      .resource;
    expect(detail.duplicates.map((d: { id: number }) => d.id)).toEqual([earlier?.id]);
    expect(detail.technicians.map((t: { profile: { full_name: string } }) => t.profile.full_name)).toEqual([
      'James Chen',
      'Maria Lopez',
    ]);

    const lines = await ctx.database.db
      .select()
      .from(inventoryProducts)
      .where(sql`${inventoryProducts.inventoryId} IN (${earlier?.id}, ${later?.id})`);
    const of = (id: number | undefined) => lines.filter((line) => line.inventoryId === id);
    expect(of(earlier?.id)).toHaveLength(12);
    // One line gone, four new (the anhydrous ammonia and the bulk propane of the reports' demo among
    // them), the rest copied with the line they came from.
    expect(of(later?.id)).toHaveLength(15);
    expect(of(later?.id).filter((line) => line.sourceLineId !== null)).toHaveLength(11);
    // The worklist: copied lines nobody has looked at this year.
    expect(of(later?.id).filter((line) => line.checkedAt === null).length).toBeGreaterThan(5);
    expect(of(later?.id).filter((line) => !line.isResolveQuestion)).toHaveLength(1);
    const gasoline = of(later?.id).find((line) => line.name === 'Unleaded Gasoline (E10)');
    // 10,000 gal × 3 tanks, pounds by the product's pounds per gallon (spec 02 §9).
    expect(Number(gasoline?.maxGallons)).toBe(30000);
    expect(Number(gasoline?.maxPounds)).toBeCloseTo(30000 * Number(gasoline?.poundsPerGallon), 4);
    const cement = of(earlier?.id).find((line) => line.name.startsWith('Portland Cement'));
    expect([cement?.maxGallons, Number(cement?.maxPounds), cement?.locationStored]).toEqual([
      null,
      3760,
      'WAREHOUSE',
    ]);
  });
});

/**
 * Each report of issue 11 part 1 on the demo refinery's last year (the year walked through), run
 * through the reports service on the shipped reference lists, has a reported row, and the chemical
 * the demo put there for it. The figures are computed by hand from regulatory-rules.md and the
 * demo data (demo-products-data.ts, demo-inventories.ts):
 * - lb per gallon = specific gravity × 8.34 to 2 decimals (§0.1): gasoline 0.74 → 6.17, sulfuric
 *   acid 93% 1.8347 → 15.30, methanol 0.7918 → 6.60;
 * - a gas in cubic feet: size × quantity ÷ ft³ per lb (spec 02 §9): chlorine 150 ft³ × 4 ÷ 5.4 =
 *   111.1111 lb (stored to 4 decimals), anhydrous ammonia 1,130 ft³ × 10 ÷ 22.6 = 500 lb.
 */
describe('the reports of part 1 on the demo refinery, last year', () => {
  const available = REPORT_TYPES.filter((type): type is compliance.AvailableReportType =>
    compliance.isReportAvailable(type),
  );
  const documents = new Map<string, ReportDocument>();

  beforeAll(async () => {
    const [place] = await ctx.database.db
      .select({ customerId: customers.id, facilityId: facilities.id })
      .from(facilities)
      .innerJoin(customers, eq(customers.id, facilities.customerId))
      .where(and(eq(customers.name, 'Gulf Coast Refining Co.'), eq(facilities.name, 'Pasadena Refinery')));
    const year = new Date().getFullYear() - 1;
    for (const type of available) {
      const inputs = await loadReportInputs(ctx.database.db, {
        type,
        customer_id: place!.customerId,
        facility_id: place!.facilityId,
        year,
        ...DEFAULT_REPORT_SETTINGS,
      });
      documents.set(type, drawReportDocument(inputs));
    }
  });

  function row(type: string, cas: string, table = 0): ReportRow {
    const found = documents
      .get(type)
      ?.tables[table]?.rows.find((candidate) => candidate.cells.cas_number === cas);
    expect(found, `${type}: ${cas}`).toBeDefined();
    return found!;
  }

  it('covers every report type (part 1, SPCC, RMP, PSM and the fire code), each with at least one reported row', () => {
    expect(available).toHaveLength(14);
    // The header names the facility's county (rules §0.6).
    expect(JSON.stringify(documents.get('epcra_302'))).toContain('Harris County');
    // The 302 header names the demo facility's emergency coordinator (40 CFR 355.20(b)).
    expect(documents.get('epcra_302')?.header).toContainEqual({
      label: 'Facility emergency coordinator (40 CFR 355.20(b))',
      value: 'Dana Reyes, EHS Manager, 24-hour phone (713) 555-0188',
    });
    for (const type of available) {
      const rows = documents.get(type)?.tables.flatMap((table) => table.rows) ?? [];
      // The index and the inventory statement list rather than test: every row is their content.
      const listing =
        type === 'inventory_index_numeric' ||
        type === 'haz_mat_inventory' ||
        type === 'haz_mat_inventory_excel';
      const reported = listing ? rows : rows.filter((candidate) => candidate.reported);
      expect(reported.length, type).toBeGreaterThan(0);
    }
  });

  it('SPCC: the refinery needs a PE-certified plan; the 5-gal pails fall under Below threshold', () => {
    // Oil containers by shell capacity: gasoline 3 tanks (a third this year) × 12,000 = 36,000;
    // diesel tank 6,000; diesel drums 6 × 55 = 330; hydraulic oil drums 4 × 55 = 220 → 42,550 gal aboveground
    // > 1,320 (plan) and > 10,000 (not a qualified facility: PE). Hydraulic oil pails 5 gal < 55.
    const spcc = documents.get('spcc_plan');
    expect(spcc?.header).toContainEqual({ label: 'SPCC plan required', value: 'Yes' });
    expect(spcc?.header).toContainEqual({
      label: 'Plan type',
      value: 'PE-certified plan: 42,550.00 gal aboveground > 10,000 gal',
    });
    expect(spcc?.tables[1]?.rows.map((r) => [r.cells.product_name, r.cells.total_capacity_gal])).toEqual([
      ['Unleaded Gasoline (E10)', 36_000],
      ['Ultra Low Sulfur Diesel No. 2 (B5)', 6_000],
      ['Ultra Low Sulfur Diesel No. 2 (B5)', 330],
      ['AW 46 Hydraulic Oil', 220],
    ]);
    expect(spcc?.tables[2]?.title).toBe('Below threshold');
    expect(spcc?.tables[2]?.rows.map((r) => [r.cells.product_name, r.cells.shell_capacity_gal])).toEqual([
      ['AW 46 Hydraulic Oil', 5],
    ]);
  });

  it('302: sulfuric acid and chlorine meet their TPQ, ammonia is just under', () => {
    // Sulfuric acid 7664-93-9: 2 totes × 330 gal = 660 gal × 15.30 lb/gal = 10,098 lb × 93.2% =
    // 9,411.336 lb ≥ TPQ 1,000 lb → notification required.
    expect(row('epcra_302', '7664-93-9')).toMatchObject({
      reported: true,
      cells: { quantity_lb: 9411.336, tpq_applied_lb: 1000 },
    });
    // Chlorine 7782-50-5: 111.1111 lb × 99.5% = 110.5555 lb ≥ TPQ 100 lb.
    expect(row('epcra_302', '7782-50-5')).toMatchObject({ reported: true, cells: { quantity_lb: 110.5555 } });
    // Ammonia 7664-41-7: 500 lb × 99.5% = 497.5 lb < TPQ 500 lb (≥ is the operator), within 10%: near.
    expect(row('epcra_302', '7664-41-7')).toMatchObject({
      reported: false,
      near_threshold: true,
      cells: { quantity_lb: 497.5 },
    });
  });

  it('304/CERCLA: what is on hand of chlorine and ammonia could reach their RQ', () => {
    // Chlorine 110.5555 lb ≥ RQ 10 lb; ammonia 497.5 lb ≥ RQ 100 lb (CERCLA list).
    expect(row('epcra_304_cercla', '7782-50-5')).toMatchObject({
      reported: true,
      cells: { quantity_lb: 110.5555, rq_lb: 10 },
    });
    expect(row('epcra_304_cercla', '7664-41-7')).toMatchObject({
      reported: true,
      cells: { quantity_lb: 497.5, rq_lb: 100 },
    });
  });

  it('Tier II: sulfuric acid reported with its recorded average, ammonia near 500 lb', () => {
    // Sulfuric acid (EHS): 9,411.336 lb ≥ min(500, TPQ 1,000) = 500 lb. Average recorded: 8,000 lb
    // of product × 93.2% = 7,456 lb → range code 05 (5,000-9,999), not an estimate; 365 days.
    expect(row('epcra_311_312_tier2', '7664-93-9')).toMatchObject({
      reported: true,
      cells: {
        max_amount_lb: 9411.336,
        max_amount_code: '05',
        average_amount_lb: 7456,
        average_amount_code: '05',
        days_on_site: 365,
        threshold_lb: 500,
      },
    });
    // Ammonia (EHS): 497.5 lb < min(500, TPQ 500) = 500 lb: near, not reported, so it stands in the
    // second table, "Below threshold (not reported)", not among the reported rows (issue 21 point 2);
    // average 300 lb × 99.5% × 250 days / 250 days = 298.5 lb, 250 days, as recorded on the new line.
    expect(documents.get('epcra_311_312_tier2')?.tables[1]?.title).toBe('Below threshold (not reported)');
    expect(row('epcra_311_312_tier2', '7664-41-7', 1)).toMatchObject({
      reported: false,
      near_threshold: true,
      cells: { max_amount_lb: 497.5, average_amount_lb: 298.5, days_on_site: 250 },
    });
    // Gasoline, a non-EHS product as a whole: 3 tanks × 10,000 gal × 6.17 lb/gal = 185,100 lb ≥ 10,000 lb.
    const gasoline = documents
      .get('epcra_311_312_tier2')
      ?.tables[0]?.rows.find((candidate) => candidate.cells.name === 'Unleaded Gasoline (E10)');
    expect(gasoline).toMatchObject({
      reported: true,
      cells: { max_amount_lb: 185100, average_amount_code: '10' },
    });
    expect(gasoline?.details.join('\n')).toContain(
      '(Above ground tank, Ambient pressure, Ambient temperature)',
    );
  });

  it('313 manufactured: toluene and xylene from the gasoline made, benzene near (no screening)', () => {
    const document = documents.get('epcra_313_manufactured');
    expect(document?.is_screening).toBe(false);
    // Gasoline manufactured 2,300,000 lb/yr: toluene 5% = 115,000 lb > 25,000 lb; xylene 3% = 69,000 lb.
    expect(row('epcra_313_manufactured', '108-88-3')).toMatchObject({
      reported: true,
      cells: { annual_lb: 115000 },
    });
    expect(row('epcra_313_manufactured', '1330-20-7')).toMatchObject({
      reported: true,
      cells: { annual_lb: 69000 },
    });
    // Benzene 1% = 23,000 lb ≤ 25,000 lb (> is the operator), within 10%: near.
    expect(row('epcra_313_manufactured', '71-43-2')).toMatchObject({
      reported: false,
      near_threshold: true,
      cells: { annual_lb: 23000 },
    });
  });

  it('313 processed: methanol over, toluene exactly at 25,000 lb and so not over (no screening)', () => {
    expect(documents.get('epcra_313_processed')?.is_screening).toBe(false);
    // Methanol processed 30,000 lb/yr × 99.9% = 29,970 lb > 25,000 lb.
    expect(row('epcra_313_processed', '67-56-1')).toMatchObject({
      reported: true,
      cells: { annual_lb: 29970 },
    });
    // Gasoline processed 500,000 lb/yr × toluene 5% = 25,000 lb, not > 25,000 lb: near.
    expect(row('epcra_313_processed', '108-88-3')).toMatchObject({
      reported: false,
      near_threshold: true,
      cells: { annual_lb: 25000 },
    });
  });

  it('313 otherwise used: ammonia over, sulfuric acid (acid aerosols only) apart; a screening while copied lines are unchecked', () => {
    // Unchecked lines carried over from the year before have no annual amount this year, so their
    // maximum on hand stands in and the report says screening (rules §4-6).
    expect(documents.get('epcra_313_otherwise_used')?.is_screening).toBe(true);
    // Anhydrous ammonia otherwise used 12,000 lb/yr × 99.5% = 11,940 lb > 10,000 lb: a liquified gas, so
    // anhydrous and counted 100% (the 10% share is for aqueous ammonia only, issue 21 point 4).
    expect(row('epcra_313_otherwise_used', '7664-41-7')).toMatchObject({
      reported: true,
      cells: { annual_lb: 11940, is_screening: false },
    });
    // Sulfuric acid is listed as acid aerosols only (372.65) and the alkylation catalyst is not
    // marked as meeting that qualifier (a bulk liquid): its 10,500 lb/yr × 93.2% = 9,786 lb are not
    // counted and appear only in the "Qualified listings: check the form" block (issue 21 point 16).
    const used = documents.get('epcra_313_otherwise_used');
    expect(used?.tables[0]?.rows.some((candidate) => candidate.cells.cas_number === '7664-93-9')).toBe(false);
    expect(used?.tables[1]?.title).toBe('Qualified listings: check the form');
    expect(
      used?.tables[1]?.rows.find((candidate) => candidate.cells.cas_number === '7664-93-9')?.cells,
    ).toMatchObject({
      unmarked_lb: 9786,
      counted_lb: 0,
      threshold_lb: 10000,
    });
  });

  it('RMP and PSM: the bulk propane yard is a covered process (issue 23)', () => {
    const covered = (type: string, substance: string) =>
      documents
        .get(type)
        ?.tables[0]?.rows.find(
          (candidate) =>
            candidate.cells.process === 'PROPANE TANK YARD' && candidate.cells.substance === substance,
        );
    // 107,100 ft³ ÷ 8.5 ft³/lb = 12,600 lb of HD-5 (95% propane, NFPA 2-4-0): an NFPA 4 mixture with
    // ≥ 1% of a listed flammable counts whole, 12,600 lb > TQ 10,000 lb → covered, q/TQ 1.26.
    expect(covered('caa_112r_rmp', 'Propane')).toMatchObject({
      reported: true,
      cells: { quantity_lb: 12600, threshold_lb: 10000, ratio: 1.26, covered: true, kind: 'Flammable' },
    });
    // PSM flammable screen: flash point -156 °F < 100 °F, 12,600 lb ≥ 10,000 lb in one location.
    expect(
      covered('caa_304_psm', 'Flammable liquids (flash point below 100 °F) and flammable gases'),
    ).toMatchObject({ reported: true, cells: { quantity_lb: 12600, covered: true } });
    expect(documents.get('caa_112r_rmp')?.tables[1]?.title).toBe('Below threshold');
  });

  it('fire code: the refinery needs a hazardous materials permit; gases in cubic feet per control area', () => {
    const hmpp = documents.get('hmpp');
    expect(hmpp?.header).toContainEqual({ label: 'Hazardous materials permit required', value: 'Yes' });
    const permits = hmpp?.tables[0]?.rows.map((r) => [r.cells.class_label, r.cells.form, r.cells.quantity]);
    // Propane HD-5 (95% propane + 3% propylene + 1.5% butane: LP-gas, issue 31 point 4) follows the
    // LP-gas row, in gallons of water capacity, not flammable gas. Recorded in cubic feet: yard
    // 35,700 × 3 = 107,100 cu ft ÷ 8.5 = 12,600 lb ÷ (0.42 × 8.34 = 3.5028) = 3,597.1223 gal; forklift cage
    // 33.5 × 8 = 268 cu ft ÷ 8.5 = 31.5294 lb ÷ 3.5028 = 9.0012 gal → 3,606.1235 gal > 0 (any amount).
    expect(permits).toContainEqual(['LP-gas', 'Gas', 3_606.1235]);
    // Class I is one aggregate (issue 31 point 3): gasoline (IB) 3 × 10,000 = 30,000 gal + isopropyl
    // alcohol (IA by its flash point 53 °F) 32 oz × 24 = 6 gal + methanol (IA, 52 °F) 55 × 2 = 110 gal
    // = 30,116 gal (IA 116 + IB 30,000) > 5 gal.
    expect(permits).toContainEqual(['Flammable liquid Class I (IA, IB, IC)', 'Liquid', 30_116]);
    // Hydraulic oil has no class chosen; its flash point (≥ 200 °F) makes it IIIB, which has no amount.
    expect(hmpp?.tables[1]?.title).toBe('Below threshold');
    expect(hmpp?.tables[1]?.rows.map((r) => [r.cells.class_label, r.cells.quantity])).toEqual([
      ['Combustible liquid Class IIIB', 320],
    ]);
    const yard = documents
      .get('haz_mat_inventory')
      ?.tables.find((t) => t.title === 'Control area: PROPANE TANK YARD');
    expect(yard?.totals).toContainEqual({
      label: 'LP-gas (cu ft): total',
      value: 107_100,
      kind: 'amount',
      // Issue 31 point 14: storage, closed and open use print as they add up.
      rows_add_up: true,
    });
  });

  it('inventory index: every component by numeric CAS, sulfuric acid on the EHS and 313 lists', () => {
    // 660 gal × 15.30 lb/gal = 10,098 lb of product holding sulfuric acid at 93.2%.
    expect(row('inventory_index_numeric', '7664-93-9').cells).toMatchObject({
      max_pounds: 10098,
      max_gallons: 660,
      percent_weight: 93.2,
      is_ehs: true,
      is_313: true,
      is_cercla: false,
    });
    const benzene = documents
      .get('inventory_index_numeric')
      ?.tables[0]?.rows.find((candidate) => candidate.cells.cas_number === '71-43-2');
    expect(benzene?.cells.is_carcinogen).toBe(true);
  });
});
