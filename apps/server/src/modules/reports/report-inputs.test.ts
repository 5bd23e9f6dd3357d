import {
  COMPONENT_MSG,
  compliance,
  FACILITY_MSG,
  type FacilityResource,
  type InventoryProductResource,
  PRODUCT_MSG,
  type ProductResource,
  REPORT_MSG,
} from '@chemtrack/domain';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { labelledValues, pdfOf, xlsxOf } from '../../../test/report-files.ts';
import { wholePreview } from '../../../test/report-preview.ts';
import {
  auditLog,
  databaseEntries,
  facilities,
  productChemicalComponents,
  products,
  regulatoryEntries,
} from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * Issue 21 points 10-14 and the report settings through the API: the facility's emergency
 * coordinator and retail-station flags, the product's 370.13 exclusion and solid form (saved, read
 * back, refused with the field's message and the row unchanged, copied onto a line), and the
 * reports that read them, PDF text and XLSX cells read back, with figures computed by hand.
 */

const YEAR = 2024;
const CAS = { phenol: '108-95-2', sulfuric: '7664-93-9', gasoline: '86290-81-5', water: '7732-18-5' };
let ctx: TestContext;
const ids = { customer: 0, plant: 0, station: 0, drum: 0, tank: 0, bag: 0, gallon: 0, pound: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  ids.customer = (await create.customer(ctx, { name: 'Inputs Co' })).id;
  ids.plant = (await create.facility(ctx, { name: 'Inputs Plant', customer_id: ids.customer })).id;
  ids.station = (await create.facility(ctx, { name: 'Station 9', customer_id: ids.customer })).id;
  ids.drum = (await create.container(ctx, { name: 'Drum' })).id;
  ids.tank = (await create.container(ctx, { name: 'Below ground tank' })).id;
  ids.bag = (await create.container(ctx, { name: 'Bag' })).id;
  ids.gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  ids.pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const [upload] = await ctx.database.db
    .insert(databaseEntries)
    .values({ type: 'ehs', name: 'ehs.csv' })
    .returning({ id: databaseEntries.id });
  const [tri] = await ctx.database.db
    .insert(databaseEntries)
    .values({ type: '313', name: '313.csv' })
    .returning({ id: databaseEntries.id });
  await ctx.database.db.insert(regulatoryEntries).values([
    { listType: '313', databaseEntryId: tri!.id, chemicalName: 'Toluene', casNumber: '108-88-3' },
    {
      listType: 'ehs',
      databaseEntryId: upload!.id,
      chemicalName: 'Phenol',
      casNumber: CAS.phenol,
      thresholdQuantityLbs: '500',
      thresholdQuantityUpperLbs: '10000',
      tpqText: '500/10,000',
    },
    {
      listType: 'ehs',
      databaseEntryId: upload!.id,
      chemicalName: 'Sulfuric acid',
      casNumber: CAS.sulfuric,
      thresholdQuantityLbs: '1000',
      tpqText: '1000',
    },
  ]);
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return ctx.call('admin', payload ? { method, url, payload } : { method, url });
}

async function facilityRow(id: number) {
  const [row] = await ctx.database.db.select().from(facilities).where(eq(facilities.id, id));
  return row!;
}
async function productRow(id: number) {
  const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
  return row!;
}

async function facilityBody(id: number) {
  const got = (await call('GET', `/facilities/${id}/get`)).json().resource as FacilityResource;
  return { name: got.name, customer_id: got.customer_id, address: got.address };
}

async function productWith(
  overrides: Record<string, unknown>,
  component: { name: string; number: string; percentage_weight: string },
) {
  const product = await create.product(ctx, overrides);
  await create.component(ctx, { ...component, percentage_volume: '' }, product.id);
  return product.id;
}

async function pdfText(res: LightMyRequestResponse): Promise<string> {
  return (await pdfOf(res)).text;
}

async function summarySheet(res: LightMyRequestResponse): Promise<Map<string, unknown>> {
  const sheet = (await xlsxOf(res)).getWorksheet('Report');
  expect(sheet, 'the Report sheet').toBeDefined();
  return sheet ? labelledValues(sheet) : new Map();
}

function request(type: string, facilityId: number, extra: Record<string, unknown> = {}) {
  return { type, customer_id: ids.customer, facility_id: facilityId, year: YEAR, ...extra };
}

async function preview(type: string, facilityId: number, extra: Record<string, unknown> = {}) {
  return wholePreview((url, payload) => call('POST', url, payload), request(type, facilityId, extra));
}

describe('facility: emergency coordinator (355.20(b)) and retail gas station (370.10(a)(2))', () => {
  it('round-trip through update and get; omitted keeps them; a bad value is a 422 on its field, the row unchanged', async () => {
    const body = await facilityBody(ids.plant);
    const saved = await call('PATCH', `/facilities/${ids.plant}/update`, {
      ...body,
      emergency_coordinator_name: ' Dana Reyes ',
      emergency_coordinator_title: 'EHS Manager',
      emergency_coordinator_phone: '(713) 555-0100',
      is_retail_gas_station: false,
      is_ust_compliant: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().resource).toMatchObject({
      emergency_coordinator_name: 'Dana Reyes',
      emergency_coordinator_title: 'EHS Manager',
      emergency_coordinator_phone: '7135550100',
      is_retail_gas_station: false,
      is_ust_compliant: true,
    });
    // Omitted (a client that predates the fields): kept.
    const kept = await call('PATCH', `/facilities/${ids.plant}/update`, body);
    expect(kept.json().resource).toMatchObject({
      emergency_coordinator_name: 'Dana Reyes',
      is_ust_compliant: true,
    });

    const before = await facilityRow(ids.plant);
    const badPhone = await call('PATCH', `/facilities/${ids.plant}/update`, {
      ...body,
      emergency_coordinator_phone: '555-01',
    });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors).toEqual({ emergency_coordinator_phone: [FACILITY_MSG.coordinatorPhone] });
    const badFlag = await call('PATCH', `/facilities/${ids.plant}/update`, {
      ...body,
      is_retail_gas_station: 'maybe',
      emergency_coordinator_name: 'x'.repeat(151),
    });
    expect(badFlag.statusCode).toBe(422);
    expect(badFlag.json().errors).toEqual({
      is_retail_gas_station: [FACILITY_MSG.retailStation],
      emergency_coordinator_name: [FACILITY_MSG.coordinatorNameMax],
    });
    expect(await facilityRow(ids.plant)).toEqual(before);
  });
});

describe('facility: retail facility (PSM 1910.119(a)(2)(i), issue 31 point 10)', () => {
  it('round-trips the flag, refuses a bad value on its field, and the PSM report at a flagged facility covers nothing', async () => {
    // 2,000 lb of chlorine (Cylinder 2,000 lb × 1) ≥ PSM TQ 1,500: covered at an ordinary facility;
    // at a retail facility PSM does not apply, so the row moves below threshold with its figure.
    const farm = (await create.facility(ctx, { name: 'Farm Supply', customer_id: ids.customer })).id;
    const inventory = (
      await create.inventory(ctx, { customer_id: ids.customer, facility_id: farm, year: YEAR })
    ).id;
    const cylinder = (await create.container(ctx, { name: 'Cylinder' })).id;
    const chlorine = await productWith(
      { name: 'Chlorine', physical_state: 'solid' },
      { name: 'Chlorine', number: '7782-50-5', percentage_weight: '100' },
    );
    await create.inventoryProduct(ctx, inventory, {
      product_id: chlorine,
      container_id: cylinder,
      container_unit_id: ids.pound,
      container_size: '2000',
      container_quantity: '1',
      location_stored: 'GAS CAGE',
    });
    const [psm] = await ctx.database.db
      .insert(databaseEntries)
      .values({ type: 'psm', name: 'psm.csv' })
      .returning({ id: databaseEntries.id });
    await ctx.database.db.insert(regulatoryEntries).values({
      listType: 'psm',
      databaseEntryId: psm!.id,
      chemicalName: 'Chlorine',
      casNumber: '7782-50-5',
      thresholdQuantityLbs: '1500',
    });
    const plain = await preview('caa_304_psm', farm);
    expect(
      plain.tables[0]!.rows.map((row) => [row.cells.process, row.cells.quantity_lb, row.cells.covered]),
    ).toEqual([
      ['GAS CAGE', 2_000, true],
      ['Facility total (screen)', 2_000, true],
    ]);

    const body = await facilityBody(farm);
    const saved = await call('PATCH', `/facilities/${farm}/update`, { ...body, is_retail_facility: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().resource).toMatchObject({ is_retail_facility: true, is_retail_gas_station: false });
    const kept = await call('PATCH', `/facilities/${farm}/update`, body);
    expect(kept.json().resource).toMatchObject({ is_retail_facility: true });
    const before = await facilityRow(farm);
    const bad = await call('PATCH', `/facilities/${farm}/update`, { ...body, is_retail_facility: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ is_retail_facility: [FACILITY_MSG.retailFacility] });
    expect(await facilityRow(farm)).toEqual(before);

    const retail = await preview('caa_304_psm', farm);
    expect(retail.tables[0]!.rows).toEqual([]);
    // Every tested row is below threshold with the exemption; chlorine keeps its 2,000 lb.
    const retailRows = retail.tables[1]!.rows;
    expect(
      retailRows.every((row) => String(row.cells.exemptions).includes(compliance.PSM_RETAIL_EXEMPTION)),
    ).toBe(true);
    expect(
      retailRows
        .filter((row) => row.cells.substance === 'Chlorine')
        .map((row) => [row.cells.process, row.cells.quantity_lb, row.cells.exemptions]),
    ).toEqual([
      ['GAS CAGE', 2_000, 'Retail facility: PSM does not apply (29 CFR 1910.119(a)(2)(i))'],
      ['Facility total (screen)', 2_000, 'Retail facility: PSM does not apply (29 CFR 1910.119(a)(2)(i))'],
    ]);
    expect(retail.notes).toContain(compliance.PSM_RETAIL_NOTE);
    const text = await pdfText(await call('POST', '/report/generate', request('caa_304_psm', farm)));
    expect(text).toContain(
      'PSM does not apply: the facility is recorded as a retail facility (29 CFR 1910.119(a)(2)(i)).',
    );
  });
});

describe('product: 370.13 exclusion and solid form', () => {
  it('round-trip, are kept when omitted, cleared by "", refused with the field message, and copied onto a line', async () => {
    const created = await create.product(ctx, {
      tier2_exclusion: 'article',
      solid_form: 'powder',
      powder_fraction_pct: '12.5',
    });
    const url = `/products/${created.id}`;
    const got = (await call('GET', `${url}/get`)).json().resource as ProductResource;
    expect(got).toMatchObject({
      tier2_exclusion: 'article',
      solid_form: 'powder',
      powder_fraction_pct: 12.5,
    });

    const { id: _id, hazards, sds_file: _f, created_at: _c, updated_at: _u, ...rest } = got;
    const { tier2_exclusion: _e, solid_form: _s, powder_fraction_pct: _p, ...older } = rest;
    const body = { ...older, hazard_ids: hazards.map((hazard) => hazard.id) };
    const kept = await call('PATCH', `${url}/update`, body);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().resource).toMatchObject({ tier2_exclusion: 'article', solid_form: 'powder' });

    const before = await productRow(created.id);
    const bad = await call('PATCH', `${url}/update`, {
      ...body,
      tier2_exclusion: 'too_small_to_matter',
      solid_form: 'gel',
      powder_fraction_pct: '120',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      tier2_exclusion: [PRODUCT_MSG.tier2Exclusion],
      solid_form: [PRODUCT_MSG.solidForm],
      powder_fraction_pct: ['Share under 100 µm must be at most 100.'],
    });
    expect(await productRow(created.id)).toEqual(before);

    // A line of the catalogue product copies them, as it copies the SARA flags (decision 007).
    const inventory = await create.inventory(ctx, {
      customer_id: ids.customer,
      facility_id: ids.plant,
      year: 2019,
    });
    const line = (
      await call('POST', `/inventories/${inventory.id}/product/create`, {
        product_id: created.id,
        container_id: ids.bag,
        container_unit_id: ids.pound,
        container_size: '50',
        container_quantity: '2',
        location_stored: 'SHED',
      })
    ).json().resource as InventoryProductResource;
    expect(line).toMatchObject({
      tier2_exclusion: 'article',
      solid_form: 'powder',
      powder_fraction_pct: 12.5,
    });

    const cleared = await call('PATCH', `${url}/update`, { ...body, tier2_exclusion: '', solid_form: null });
    expect(cleared.json().resource).toMatchObject({ tier2_exclusion: null, solid_form: null });
  });
});

describe('the reports read them', () => {
  beforeAll(async () => {
    const inventory = await create.inventory(ctx, {
      customer_id: ids.customer,
      facility_id: ids.plant,
      year: YEAR,
    });
    // Phenol solution: 55 gal × 10 × 8.34 lb/gal = 4,587 lb, phenol 50%, recorded "in solution".
    const solution = await productWith(
      {
        name: 'Phenol Solution',
        physical_state: 'liquid',
        pounds_per_gallon: '8.34',
        solid_form: 'solution',
      },
      { name: 'Phenol', number: CAS.phenol, percentage_weight: '50' },
    );
    // Lab acid: 50 lb × 20 = 1,000 lb, sulfuric acid 60%, laboratory exclusion (370.13).
    const labAcid = await productWith(
      {
        name: 'Lab Acid',
        physical_state: 'solid',
        pounds_per_gallon: '',
        specific_gravity: '',
        tier2_exclusion: 'laboratory',
      },
      { name: 'Sulfuric acid', number: CAS.sulfuric, percentage_weight: '60' },
    );
    await create.inventoryProduct(ctx, inventory.id, {
      product_id: solution,
      container_id: ids.drum,
      container_unit_id: ids.gallon,
      container_size: '55',
      container_quantity: '10',
      location_stored: 'TANK FARM',
    });
    await create.inventoryProduct(ctx, inventory.id, {
      product_id: labAcid,
      container_id: ids.bag,
      container_unit_id: ids.pound,
      container_size: '50',
      container_quantity: '20',
      location_stored: 'LAB',
    });
    const station = await create.inventory(ctx, {
      customer_id: ids.customer,
      facility_id: ids.station,
      year: YEAR,
    });
    // Gasoline: 20,000 gal × 4 = 80,000 gal at 6.2 lb/gal = 496,000 lb.
    const gasoline = await productWith(
      { name: 'Unleaded 87', physical_state: 'liquid', pounds_per_gallon: '6.2' },
      { name: 'Gasoline', number: CAS.gasoline, percentage_weight: '100' },
    );
    await create.inventoryProduct(ctx, station.id, {
      product_id: gasoline,
      container_id: ids.tank,
      container_unit_id: ids.gallon,
      container_size: '20000',
      container_quantity: '4',
      location_stored: 'FORECOURT',
    });
  });

  it('302: the solution counts 4,587 × 50% × 0.2 = 458.70 lb < TPQ 500, and the coordinator is in the PDF and XLSX header', async () => {
    const document = await preview('epcra_302', ids.plant);
    const phenol = document.tables[0]!.rows.find((row) => row.cells.cas_number === CAS.phenol)!;
    expect(phenol.cells).toMatchObject({
      quantity_lb: 458.7,
      tpq_applied_lb: 500,
      notification_required: false,
    });
    expect(phenol.explanation?.rule_text).toBe('458.70 lb < TPQ 500 lb');
    expect(document.header).toEqual([
      { label: 'SDS percent ranges', value: 'Upper bound of SDS percent ranges' },
      {
        label: 'Facility emergency coordinator (40 CFR 355.20(b))',
        value: 'Dana Reyes, EHS Manager, 24-hour phone (713) 555-0100',
      },
    ]);
    const text = await pdfText(await call('POST', '/report/generate', request('epcra_302', ids.plant)));
    expect(text).toContain(
      'Facility emergency coordinator (40 CFR 355.20(b)): Dana Reyes, EHS Manager, 24-hour phone (713) 555-0100',
    );
    const cells = await summarySheet(
      await call('POST', '/report/generate', request('epcra_302', ids.plant, { format: 'xlsx' })),
    );
    expect(cells.get('Facility emergency coordinator (40 CFR 355.20(b))')).toBe(
      'Dana Reyes, EHS Manager, 24-hour phone (713) 555-0100',
    );
  });

  it('Tier II: the whole 2,293.50 lb phenol (no 302 reduction), the lab acid left out and named, the option in the header', async () => {
    const document = await preview('epcra_311_312_tier2', ids.plant, { tier2_option: 'component' });
    const phenol = document.tables[0]!.rows.find((row) => row.cells.cas_number === CAS.phenol)!;
    // 4,587 lb × 50% = 2,293.50 lb ≥ min(500, 500) → reportable.
    expect(phenol.cells).toMatchObject({ max_amount_lb: 2293.5, reportable: true });
    expect(document.tables[0]!.rows.some((row) => row.cells.cas_number === CAS.sulfuric)).toBe(false);
    expect(document.notes).toContainEqual(
      expect.stringMatching(
        /^Lab Acid \(line \d+\) is not a hazardous chemical under 40 CFR 370\.13: Laboratory under a technically qualified person\. Left out of Tier II\.$/,
      ),
    );
    expect(document.header).toContainEqual({
      label: 'Tier II option (40 CFR 370.14)',
      value: "Each mixture's hazardous components",
    });
    const cells = await summarySheet(
      await call(
        'POST',
        '/report/generate',
        request('epcra_311_312_tier2', ids.plant, {
          format: 'xlsx',
          tier2_option: 'component',
          percent_basis: 'midpoint',
        }),
      ),
    );
    expect(cells.get('Tier II option (40 CFR 370.14)')).toBe("Each mixture's hazardous components");
    expect(cells.get('SDS percent ranges')).toBe('Midpoint of SDS percent ranges');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'report'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    // The filed report's provenance names the settings it was computed with.
    expect(audit?.details).toMatchObject({
      format: 'xlsx',
      percent_basis: 'midpoint',
      tier2_option: 'component',
    });
  });

  it('Tier II at a retail station with compliant tanks: 80,000 gal of gasoline ≥ 75,000 gal; without the flags, the product against 10,000 lb', async () => {
    const plain = await preview('epcra_311_312_tier2', ids.station);
    expect(plain.tables[0]!.rows.map((row) => [row.cells.name, row.cells.threshold_lb])).toEqual([
      ['Unleaded 87', 10_000],
    ]);
    const body = await facilityBody(ids.station);
    const flagged = await call('PATCH', `/facilities/${ids.station}/update`, {
      ...body,
      is_retail_gas_station: true,
      is_ust_compliant: true,
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const document = await preview('epcra_311_312_tier2', ids.station);
    const [row] = document.tables[0]!.rows;
    expect(row!.cells).toMatchObject({
      name: 'Gasoline (all grades)',
      kind: 'Retail fuel (gallons)',
      max_amount_lb: 496_000,
      threshold_lb: '75,000 gal',
      reportable: true,
    });
    expect(row!.explanation?.rule_text).toBe('80,000.00 gal ≥ retail fuel threshold 75,000 gal');
    const text = await pdfText(
      await call('POST', '/report/generate', request('epcra_311_312_tier2', ids.station)),
    );
    expect(text).toContain('80,000.00 gal ≥ retail fuel threshold 75,000 gal');
  });

  it('refuses a setting outside its choices with a 422 on its field', async () => {
    const res = await call(
      'POST',
      '/report/preview',
      request('epcra_302', ids.plant, { percent_basis: 'lower', tier2_option: 'both' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      percent_basis: [REPORT_MSG.percentBasisInvalid],
      tier2_option: [REPORT_MSG.tier2OptionInvalid],
    });
  });
});

describe('component percent by weight as a range (point 9)', () => {
  it('a range comes back as low and high, percentage_weight alone as low = high; low above high is a 422, the row unchanged; a line copies the range', async () => {
    const product = await create.product(ctx, {
      name: 'Range Solvent',
      physical_state: 'liquid',
      pounds_per_gallon: '8',
    });
    const base = `/products/${product.id}/chemical-components`;
    const range = await call('POST', `${base}/create`, {
      name: 'Toluene',
      number: '108-88-3',
      percentage_weight_low: '30',
      percentage_weight_high: '60',
    });
    expect(range.statusCode, range.body).toBe(201);
    expect(range.json().resource).toMatchObject({
      percentage_weight: 60,
      percentage_weight_low: 30,
      percentage_weight_high: 60,
    });
    const single = await call('POST', `${base}/create`, {
      name: 'Water',
      number: CAS.water,
      percentage_weight: '40',
    });
    expect(single.json().resource).toMatchObject({
      percentage_weight: 40,
      percentage_weight_low: 40,
      percentage_weight_high: 40,
    });
    const id = range.json().resource.id as number;
    const [before] = await ctx.database.db
      .select()
      .from(productChemicalComponents)
      .where(eq(productChemicalComponents.id, id));
    const reversed = await call('PATCH', `${base}/${id}/update`, {
      name: 'Toluene',
      number: '108-88-3',
      percentage_weight_low: '70',
      percentage_weight_high: '60',
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ percentage_weight_low: [COMPONENT_MSG.percentageRangeOrder] });
    const [after] = await ctx.database.db
      .select()
      .from(productChemicalComponents)
      .where(eq(productChemicalComponents.id, id));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ percentageWeight: '60.0000', percentageWeightLow: '30.0000' });

    // A line of the product copies the range; the 313 and Tier II previews each take their point.
    const inventory = await create.inventory(ctx, {
      customer_id: ids.customer,
      facility_id: ids.plant,
      year: 2021,
    });
    const line = (
      await call('POST', `/inventories/${inventory.id}/product/create`, {
        product_id: product.id,
        container_id: ids.drum,
        container_unit_id: ids.gallon,
        container_size: '55',
        container_quantity: '100',
        location_stored: 'TANK FARM',
        is_otherwise_used: 1,
      })
    ).json().resource as InventoryProductResource;
    const lineComponents = (
      await call('GET', `/inventories/${inventory.id}/product/${line.id}/chemical-components/list`)
    ).json().resource.items as {
      number: string;
      percentage_weight_low: number;
      percentage_weight_high: number;
    }[];
    expect(lineComponents.find((c) => c.number === '108-88-3')).toMatchObject({
      percentage_weight_low: 30,
      percentage_weight_high: 60,
    });
    // 55 gal × 100 × 8 lb/gal = 44,000 lb. 313 midpoint 45%: 19,800 lb; Tier II upper 60%: 26,400 lb.
    const tri = await wholePreview((url, payload) => call('POST', url, payload), {
      ...request('epcra_313_otherwise_used', ids.plant),
      year: 2021,
    });
    const triRow = tri.tables[0]!.rows.find((row) => row.cells.cas_number === '108-88-3');
    expect(triRow?.explanation?.contributions[0]).toMatchObject({
      percent_weight: 45,
      percent_range: '30–60%: midpoint',
      pounds_contributed: 19_800,
    });
    const tier2 = await call('POST', '/report/generate', {
      ...request('epcra_311_312_tier2', ids.plant, { tier2_option: 'component' }),
      year: 2021,
    });
    expect(await pdfText(tier2)).toContain('× 60% (SDS 30–60%: upper bound) = 26,400.00 lb');
  });
});
