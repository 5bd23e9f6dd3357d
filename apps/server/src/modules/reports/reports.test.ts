import { REPORT_TYPE_NAMES, type ReportDocument, type ReportRow } from '@chemtrack/domain';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { pdfOf, uploadedList, xlsxOf } from '../../../test/report-files.ts';
import { type PostJson, wholePreview } from '../../../test/report-preview.ts';
import { auditLog, regulatoryEntries } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';

/**
 * The reports read back: a facility-year built through the API and reference lists inserted as
 * an upload leaves them, then each report generated and its PDF text or XLSX cells checked
 * against figures computed by hand from ../shared/docs/regulatory-rules.md.
 *
 * The inventory (year 2024, Baytown Plant of "Gulf Coast Chemicals, Inc."):
 * - Ammonia Cleaner A: liquid, 8.34 lb/gal, ammonia 7664-41-7 at 40%, water 7732-18-5 at 60%; Drum 55 gal × 3 at TANK FARM.
 * - Chlorine Tablets: solid, chlorine 7782-50-5 at 95%; 50 lb × 2 in SHED.
 * - Ammonium Hydroxide 29%: liquid, 7.5 lb/gal, ammonium hydroxide 1336-21-6 at 29%; 5 gal × 4.
 * - "=cmd|' /C calc'!A0": liquid, 7.25 lb/gal, toluene 108-88-3 at 100%; Drum 55 gal × 40.
 * - Mystery Liquid: liquid with no pounds per gallon or specific gravity, methanol 67-56-1 at 10%; 10 gal × 1.
 * - "@SUM(1+1)": solid with no components, 10 lb × 1 at "+1-2".
 * Every line is flagged "otherwise used" (the factory's default) and carries SARA F and A.
 */

const YEAR = 2024;
const CUSTOMER = 'Gulf Coast Chemicals, Inc.';
const FORMULA_NAME = "=cmd|' /C calc'!A0";
const AT_NAME = '@SUM(1+1)';
const CAS = {
  ammonia: '7664-41-7',
  chlorine: '7782-50-5',
  ammoniumHydroxide: '1336-21-6',
  toluene: '108-88-3',
  methanol: '67-56-1',
  water: '7732-18-5',
};

let ctx: TestContext;
const ids = {
  customer: 0,
  facility: 0,
  inventory: 0,
  otherCustomer: 0,
  otherFacility: 0,
  cleanerLine: 0,
  hydroxideLine: 0,
};

async function product(
  name: string,
  state: 'liquid' | 'solid',
  measure: { pounds_per_gallon: string; specific_gravity: string },
  component: { name: string; number: string; percentage_weight: string },
) {
  const created = await create.product(ctx, { name, physical_state: state, ...measure });
  await create.component(ctx, { ...component, percentage_volume: '' }, created.id);
  return created.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const customer = await create.customer(ctx, { name: CUSTOMER });
  ids.customer = customer.id;
  ids.facility = (
    await create.facility(ctx, {
      name: 'Baytown Plant',
      customer_id: customer.id,
      address: { address: '5000 Bayway Dr', city: 'Baytown', state: 'TX', zip: '77520', phone: '' },
    })
  ).id;
  const other = await create.facility(ctx, { name: 'Elsewhere Works' });
  ids.otherCustomer = other.customerId;
  ids.otherFacility = other.id;
  ids.inventory = (
    await create.inventory(ctx, { customer_id: ids.customer, facility_id: ids.facility, year: YEAR })
  ).id;
  const drum = (await create.container(ctx, { name: 'Drum' })).id;
  const bag = (await create.container(ctx, { name: 'Bag' })).id;
  const gallon = (await create.containerUnit(ctx, { name: 'Gallon', unit_type: 'gal' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;

  const liquid = (ppg: string) => ({ pounds_per_gallon: ppg, specific_gravity: '' });
  const cleaner = await product('Ammonia Cleaner A', 'liquid', liquid('8.34'), {
    name: 'Ammonia',
    number: CAS.ammonia,
    percentage_weight: '40',
  });
  // Water, on no list: an information line of the warnings, never a figure.
  await create.component(
    ctx,
    { name: 'Water', number: CAS.water, percentage_weight: '60', percentage_volume: '' },
    cleaner,
  );
  const tablets = await product(
    'Chlorine Tablets',
    'solid',
    { pounds_per_gallon: '', specific_gravity: '' },
    { name: 'Chlorine', number: CAS.chlorine, percentage_weight: '95' },
  );
  const hydroxide = await product('Ammonium Hydroxide 29%', 'liquid', liquid('7.5'), {
    name: 'Ammonium hydroxide',
    number: CAS.ammoniumHydroxide,
    percentage_weight: '29',
  });
  const toluene = await product(FORMULA_NAME, 'liquid', liquid('7.25'), {
    name: 'Toluene',
    number: CAS.toluene,
    percentage_weight: '100',
  });
  const mystery = await product('Mystery Liquid', 'liquid', liquid(''), {
    name: 'Methanol',
    number: CAS.methanol,
    percentage_weight: '10',
  });
  const line = (
    productId: number,
    containerId: number,
    unitId: number,
    size: string,
    count: string,
    where: string,
  ) =>
    create.inventoryProduct(ctx, ids.inventory, {
      product_id: productId,
      container_id: containerId,
      container_unit_id: unitId,
      container_size: size,
      container_quantity: count,
      location_stored: where,
    });
  ids.cleanerLine = (await line(cleaner, drum, gallon, '55', '3', 'TANK FARM')).id;
  await line(tablets, bag, pound, '50', '2', 'SHED');
  ids.hydroxideLine = (await line(hydroxide, drum, gallon, '5', '4', 'TANK FARM')).id;
  await line(toluene, drum, gallon, '55', '40', 'TANK FARM');
  await line(mystery, drum, gallon, '10', '1', 'LAB');
  // A spreadsheet-formula name and location with no components: 10 lb × 1 = 10 lb, on no list.
  const formulaLike = (
    await create.product(ctx, {
      name: AT_NAME,
      physical_state: 'solid',
      pounds_per_gallon: '',
      specific_gravity: '',
    })
  ).id;
  await line(formulaLike, bag, pound, '10', '1', '+1-2');

  // The lists as an upload leaves them (database.service replaces a type's rows under its upload).
  const ehs = await uploadedList(ctx, 'ehs', '2026-01-15T10:00:00Z');
  const cercla = await uploadedList(ctx, 'cercla', '2026-02-01T10:00:00Z');
  const tri = await uploadedList(ctx, '313', '2026-03-10T10:00:00Z');
  await ctx.database.db.insert(regulatoryEntries).values([
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Ammonia',
      casNumber: CAS.ammonia,
      thresholdQuantityLbs: '500',
      finalReportableQuantityLb: '100',
      tpqText: '500',
    },
    {
      listType: 'ehs',
      databaseEntryId: ehs,
      chemicalName: 'Chlorine',
      casNumber: CAS.chlorine,
      thresholdQuantityLbs: '100',
      finalReportableQuantityLb: '10',
      tpqText: '100',
    },
    {
      listType: 'cercla',
      databaseEntryId: cercla,
      chemicalName: 'Ammonia',
      casNumber: CAS.ammonia,
      finalReportableQuantityLb: '100',
    },
    {
      listType: 'cercla',
      databaseEntryId: cercla,
      chemicalName: 'Ammonium hydroxide',
      casNumber: CAS.ammoniumHydroxide,
      finalReportableQuantityLb: '1000',
    },
    {
      listType: 'cercla',
      databaseEntryId: cercla,
      chemicalName: 'Toluene',
      casNumber: CAS.toluene,
      finalReportableQuantityLb: '1000',
    },
    { listType: '313', databaseEntryId: tri, chemicalName: 'Ammonia', casNumber: CAS.ammonia },
    { listType: '313', databaseEntryId: tri, chemicalName: 'Toluene', casNumber: CAS.toluene },
    { listType: '313', databaseEntryId: tri, chemicalName: 'Methanol', casNumber: CAS.methanol },
  ]);
});
afterAll(() => ctx.close());

function body(type: string, extra: Record<string, unknown> = {}) {
  return { type, customer_id: ids.customer, facility_id: ids.facility, year: YEAR, ...extra };
}

function generate(payload: Record<string, unknown>, role: 'admin' | 'staff' | 'technician' = 'admin') {
  return ctx.call(role, { method: 'POST', url: '/report/generate', payload });
}

const post: PostJson = (url, payload) => ctx.call('admin', { method: 'POST', url, payload });

function preview(type: string): Promise<ReportDocument> {
  return wholePreview(post, body(type));
}

const pdfText = pdfOf;
const workbook = xlsxOf;

function rowOf(document: ReportDocument, table: number, key: string, value: string): ReportRow {
  const row = document.tables[table]?.rows.find((candidate) => candidate.cells[key] === value);
  expect(row, `${key} = ${value}`).toBeDefined();
  return row!;
}

function figures(row: ReportRow) {
  return row.explanation?.contributions.map((c) => [
    c.inventory_product_id,
    c.line_pounds,
    c.percent_weight,
    c.pounds_contributed,
  ]);
}

async function auditCount(): Promise<number> {
  return ctx.database.db.$count(auditLog, eq(auditLog.entity, 'report'));
}

describe('GET /report/list', () => {
  it('answers the 14 types by their spec names, in order, all available', async () => {
    const res = await ctx.call('staff', { method: 'GET', url: '/report/list' });
    expect(res.statusCode, res.body).toBe(200);
    const { resource } = res.json() as { resource: { type: string; name: string; available: boolean }[] };
    expect(resource).toHaveLength(14);
    expect(resource[0]).toEqual({
      type: 'epcra_302',
      name: 'EPCRA 302 extremely hazardous substances',
      available: true,
    });
    expect(resource.map((item) => item.name)).toEqual([
      'EPCRA 302 extremely hazardous substances',
      'EPCRA 304 CERCLA spill reporting',
      'EPCRA 311/312 Tier I and II',
      'EPCRA 313 threshold from R manufactured',
      'EPCRA 313 threshold from R processed',
      'EPCRA 313 threshold from R otherwise used',
      'SPCC plan',
      'CAA 112 risk management report',
      'CAA 304 process safety management report',
      'hazardous material permit program report',
      'hazardous material inventory worksheet',
      'hazardous material permit program spreadsheet',
      'hazardous material inventory spreadsheet',
      'inventory index by CAS number',
    ]);
    expect(resource.find((item) => item.type === 'spcc_plan')).toEqual({
      type: 'spcc_plan',
      name: 'SPCC plan',
      available: true,
    });
    // Issue 23: the fire-code reports complete the list; none answers "not available" any more.
    expect(resource.filter((item) => !item.available)).toEqual([]);
    expect(resource.find((item) => item.type === 'hmpp_excel')).toEqual({
      type: 'hmpp_excel',
      name: 'hazardous material permit program spreadsheet',
      available: true,
    });
  });
});

describe('POST /report/generate and /report/preview refuse what they cannot answer', () => {
  it.each(['/report/generate', '/report/preview'])(
    '%s: every field message of spec 02 §5, and no audit row',
    async (url) => {
      const before = await auditCount();
      const empty = await ctx.call('admin', { method: 'POST', url, payload: {} });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors).toEqual({
        type: ['Type is required'],
        customer_id: ['Customer is required'],
        facility_id: ['Facility is required'],
        year: ['Year is required'],
      });
      const wrong = await ctx.call('admin', {
        method: 'POST',
        url,
        payload: { type: 'epcra_999', customer_id: '', facility_id: null, year: 'last year', format: 'docx' },
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({
        type: ['Type is required'],
        customer_id: ['Customer is required'],
        facility_id: ['Facility is required'],
        year: ['Year is required'],
        format: ["Format must be 'pdf' or 'xlsx'"],
      });
      expect(wrong.headers['content-type']).toMatch(/^application\/json/);
      expect(await auditCount()).toBe(before);
    },
  );

  it('404 for a missing customer, a facility of another customer, and a year with no inventory', async () => {
    const before = await auditCount();
    const noCustomer = await generate(body('epcra_302', { customer_id: 999_999 }));
    expect(noCustomer.statusCode).toBe(404);
    expect(noCustomer.json()).toEqual({ message: 'Customer not found.' });
    const otherFacility = await generate(body('epcra_302', { facility_id: ids.otherFacility }));
    expect(otherFacility.statusCode).toBe(404);
    expect(otherFacility.json()).toEqual({ message: 'Facility not found.' });
    const noYear = await generate(body('epcra_302', { year: YEAR - 1 }));
    expect(noYear.statusCode).toBe(404);
    expect(noYear.json()).toEqual({ message: 'No inventory for this facility and year' });
    const previewed = await ctx.call('admin', {
      method: 'POST',
      url: '/report/preview',
      payload: body('epcra_302', { year: YEAR + 1 }),
    });
    expect(previewed.statusCode).toBe(404);
    expect(previewed.json()).toEqual({ message: 'No inventory for this facility and year' });
    expect(await auditCount()).toBe(before);
  });

  it('staff may generate and preview; a technician is refused', async () => {
    expect((await generate(body('epcra_302'), 'staff')).statusCode).toBe(200);
    const refused = await generate(body('epcra_302'), 'technician');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You do not have permission to perform this action.' });
    const preview403 = await ctx.call('technician', {
      method: 'POST',
      url: '/report/preview',
      payload: body('epcra_302'),
    });
    expect(preview403.statusCode).toBe(403);
  });
});

describe('POST /report/preview', () => {
  it('EPCRA 302: each figure with its contributing lines, the near-threshold mark and the warnings naming the line', async () => {
    const report = await preview('epcra_302');
    expect(report).toMatchObject({
      type: 'epcra_302',
      name: 'EPCRA 302 extremely hazardous substances',
      customer: { id: ids.customer, name: CUSTOMER },
      facility: { id: ids.facility, name: 'Baytown Plant', address: '5000 Bayway Dr, Baytown, TX 77520' },
      year: YEAR,
      inventory_id: ids.inventory,
      is_screening: false,
      lists_used: [
        { list_type: 'ehs', label: 'EHS list (EPCRA 302)', uploaded_at: '2026-01-15T10:00:00.000Z' },
        { list_type: 'cercla', label: 'CERCLA list', uploaded_at: '2026-02-01T10:00:00.000Z' },
      ],
    });
    // Ammonia: Drum 55 gal × 3 = 165 gal × 8.34 lb/gal = 1,376.10 lb × 40% = 550.44 lb ≥ TPQ 500 → reported.
    const ammonia = rowOf(report, 0, 'cas_number', CAS.ammonia);
    expect(ammonia).toMatchObject({
      cells: {
        chemical_name: 'Ammonia',
        quantity_lb: 550.44,
        tpq_applied_lb: 500,
        notification_required: true,
        rq_lb: 100,
      },
      reported: true,
      near_threshold: false,
    });
    expect(ammonia.explanation?.rule_text).toBe('550.44 lb ≥ TPQ 500 lb');
    expect(figures(ammonia)).toEqual([[ids.cleanerLine, 1376.1, 40, 550.44]]);
    expect(ammonia.explanation?.contributions[0]).toMatchObject({
      product_name: 'Ammonia Cleaner A',
      location_stored: 'TANK FARM',
      container: 'Drum 55 Gallon (gal) × 3',
    });
    // Chlorine: 50 lb × 2 = 100 lb × 95% = 95 lb < TPQ 100 → not reported; 95 ≥ 90 (10% below) → near threshold.
    const chlorine = rowOf(report, 0, 'cas_number', CAS.chlorine);
    expect(chlorine).toMatchObject({ cells: { quantity_lb: 95 }, reported: false, near_threshold: true });
    // Ammonium hydroxide 1336-21-6 (43.5 lb) is not the EHS ammonia: no row, nothing added to ammonia.
    expect(report.tables[0]?.rows.map((row) => row.cells.cas_number)).toEqual([CAS.ammonia, CAS.chlorine]);
    expect(report.tables[0]?.totals).toEqual([
      { label: 'EHS found at the facility', value: 2, kind: 'count' },
      { label: 'EHS at or above the TPQ (notification required)', value: 1, kind: 'count' },
      { label: 'EHS near the TPQ (within 10% below)', value: 1, kind: 'count' },
    ]);
    // Mystery Liquid: 10 gal with no pounds per gallon or specific gravity → warned, never dropped silently.
    expect(report.warnings).toContainEqual(
      expect.objectContaining({
        code: 'missing_density',
        product_name: 'Mystery Liquid',
        location_stored: 'LAB',
        severity: 'warning',
      }),
    );
  });

  it('the preview answers the domain contract', async () => {
    const { ReportPreviewDocumentSchema } = await import('@chemtrack/domain');
    for (const type of [
      'epcra_304_cercla',
      'epcra_311_312_tier2',
      'epcra_313_processed',
      'inventory_index_numeric',
    ]) {
      const res = await post('/report/preview', body(type));
      expect(ReportPreviewDocumentSchema.safeParse(res.json().resource).success, type).toBe(true);
    }
  });
});

describe('the files, read back', () => {
  it('EPCRA 302 as a PDF: header, rule, table, contributing products, totals, page numbers, file name, audit row', async () => {
    const before = await auditCount();
    const res = await generate(body('epcra_302'));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="EPCRA_302_extremely_hazardous_substances_Gulf_Coast_Chemicals,_Inc__Baytown_Plant_${YEAR}.pdf"; ` +
        `filename*=UTF-8''EPCRA_302_extremely_hazardous_substances_Gulf_Coast_Chemicals%2C_Inc__Baytown_Plant_${YEAR}.pdf`,
    );
    const { text, pages } = await pdfText(res);
    expect(text).toContain('EPCRA 302 Extremely Hazardous Substances');
    expect(text).toContain(`Customer: ${CUSTOMER}`);
    expect(text).toContain('Facility: Baytown Plant, 5000 Bayway Dr, Baytown, TX 77520');
    expect(text).toContain(`Reporting year: ${YEAR}`);
    expect(text).toMatch(/Generated: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('EHS list (EPCRA 302) uploaded 01-15-2026; CERCLA list uploaded 02-01-2026');
    expect(text).toContain('Rule applied EPCRA section 302 (40 CFR 355.12)');
    // 165 gal × 8.34 lb/gal = 1,376.10 lb × 40% = 550.44 lb ≥ TPQ 500 → Y; q/TPQ = 550.44 / 500 = 1.10.
    expect(text).toContain('7664-41-7 Ammonia 500 500 550.44 1.10 Y 100');
    expect(text).toContain('550.44 lb ≥ TPQ 500 lb');
    expect(text).toContain(
      `Ammonia Cleaner A (line ${ids.cleanerLine}) at TANK FARM, liquid, Drum 55 Gallon (gal) × 3: 1,376.10 lb × 40% = 550.44 lb`,
    );
    // 100 lb × 95% = 95.00 lb < TPQ 100 → N, near threshold; q/TPQ = 0.95.
    expect(text).toContain('7782-50-5 Chlorine 100 100 95.00 0.95 N 10');
    expect(text).toContain('95.00 lb < TPQ 100 lb (near threshold: within 10% below)');
    expect(text).toContain('EHS at or above the TPQ (notification required): 1');
    expect(text).toContain('Warning: Mystery Liquid at LAB');
    // Information warnings, one line per CAS.
    expect(text).toContain(
      `Info: Water 7732-18-5: CAS is on none of the reference lists (1 line(s): Ammonia Cleaner A at TANK FARM (line ${ids.cleanerLine}))`,
    );
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).not.toContain('1336-21-6');

    expect(await auditCount()).toBe(before + 1);
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'report'), eq(auditLog.action, 'generate')))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(before);
    expect(audit).toMatchObject({
      userId: ctx.users.admin.id,
      entityId: ids.inventory,
      details: {
        type: 'epcra_302',
        format: 'pdf',
        customer_id: ids.customer,
        facility_id: ids.facility,
        year: YEAR,
      },
    });
  });

  it('EPCRA 304 as a PDF: RQ screening, release amounts and single-container exposure', async () => {
    const { text } = await pdfText(await generate(body('epcra_304_cercla')));
    expect(text).toContain('SCREENING');
    // Ammonia 550.44 lb ≥ RQ 100 (CERCLA) → Y; one drum: 55 gal × 8.34 × 40% = 183.48 lb ≥ 100 → Y.
    expect(text).toContain(
      '7664-41-7 Ammonia CERCLA, EHS 100 CERCLA 550.44 5.50 Y 183.48 Y NRC 1-800-424-8802',
    );
    // Release holding the RQ: 100 lb / 40% = 250 lb of product = 250 / 8.34 = 29.98 gal.
    expect(text).toContain('a release of 250.00 lb (29.98 gal) of product carries the RQ');
    // Toluene: 55 gal × 40 × 7.25 lb/gal = 15,950 lb ≥ RQ 1,000 → Y; one drum 55 × 7.25 = 398.75 lb < 1,000 → N.
    expect(text).toContain('108-88-3 Toluene CERCLA 1,000 CERCLA 15,950.00 15.95 Y 398.75 N');
    // Ammonium hydroxide 29%, an ammonium hydroxide solution: its whole weight counts under its own
    // CAS and RQ (rules §2, issue 31 point 8; was 150 × 29% = 43.50 lb): 20 gal × 7.5 = 150.00 lb
    // < RQ 1,000 → N; 150 / 1,000 = 0.15; one 5-gal drum 5 × 7.5 = 37.50 lb < 1,000 → N.
    expect(text).toContain('1336-21-6 Ammonium hydroxide CERCLA 1,000 CERCLA 150.00 0.15 N 37.50 N');
    expect(text).toContain(
      `Ammonium Hydroxide 29% (line ${ids.hydroxideLine}): an ammonium hydroxide solution (SDS 29%); EPA does not apply the CERCLA mixture rule to it for its own listing, so the whole solution, 150.00 lb, counts against the RQ of ammonium hydroxide.`,
    );
    // The release holding the RQ is 1,000 lb of the solution itself: 1,000 / 7.5 = 133.33 gal
    // (the PDF prints a row's release lines only when it is reportable; the preview has them all).
    const hydroxide = rowOf(await preview('epcra_304_cercla'), 0, 'cas_number', CAS.ammoniumHydroxide);
    expect(hydroxide.details).toEqual([
      'Ammonium Hydroxide 29% at TANK FARM, Drum 5 Gallon (gal) × 4, ammonium hydroxide solution, its whole weight (no mixture rule): a release of 1,000.00 lb (133.33 gal) of product carries the RQ; one container holds 37.50 lb of the chemical',
    ]);
    expect(text).toContain('Chemicals whose release could reach the RQ: 3');
  });

  it('302 and 304 name the percent basis used, and 302 cites 355.16(a)-(c) as the CFR letters them (issue 31 point 13)', async () => {
    const midpoint304 = await pdfText(
      await generate(body('epcra_304_cercla', { percent_basis: 'midpoint' })),
    );
    expect(midpoint304.text).toContain('SDS percent ranges: Midpoint of SDS percent ranges');
    expect(midpoint304.text).toContain(
      'Percent ranges on the SDSs are read at their midpoint (the report setting).',
    );
    expect(midpoint304.text).not.toContain('read at their upper bound');
    const upper302 = await pdfText(await generate(body('epcra_302')));
    expect(upper302.text).toContain(
      'Percent ranges on the SDSs are read at their upper bound (the report setting).',
    );
    // eCFR 355.16: (a) powder, (b) solid in solution × 0.2, (c) molten × 0.3.
    expect(upper302.text).toContain(
      // (The PDF's text layer gives "µ" back as the Greek "μ": the assertions start after it.)
      '(355.16(a)), a solid in solution × 0.2 (355.16(b)), a molten solid × 0.3 (355.16(c)).',
    );
    expect(upper302.text).toContain(
      '355.16(a); solution: × 0.2, 355.16(b); molten: × 0.3, 355.16(c)), the 10,000 lb TPQ with the whole weight. The reductions are for 302 only (notes to 355.16(b) and (c)).',
    );
    const book = await workbook(
      await generate(body('epcra_302', { percent_basis: 'midpoint', format: 'xlsx' })),
    );
    const cells: string[] = [];
    book.getWorksheet('Report')?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value));
      });
    });
    expect(cells.some((cell) => cell.includes('read at their midpoint (the report setting)'))).toBe(true);
  });

  it('Tier II as a PDF: 500 lb or TPQ for an EHS, 10,000 lb for a product, range codes and Tier I', async () => {
    const { text } = await pdfText(await generate(body('epcra_311_312_tier2')));
    // Ammonia (EHS): 550.44 lb ≥ min(500, TPQ 500) = 500 → Y; 550.44 lies in 500-999 → code 03.
    expect(text).toContain(
      'Ammonia 7664-41-7 EHS Y N liquid Fire; Immediate (acute) health 550.44 03 550.44 03 (est.) 365 500 Y TANK FARM',
    );
    // Toluene product: 15,950 lb ≥ 10,000 → Y; code 06 (10,000-24,999).
    expect(text).toContain(
      `${FORMULA_NAME} 108-88-3 Product N N liquid Fire; Immediate (acute) health 15,950.00 06`,
    );
    // Chlorine (EHS): 95 lb < min(500, TPQ 100) = 100 → N.
    expect(text).toContain('Chlorine 7782-50-5 EHS Y N solid Fire; Immediate (acute) health 95.00 01');
    // Tier I, Fire: 15,950 + 550.44 = 16,500.44 lb → code 06.
    expect(text).toContain('Fire 16,500.44 06');
    expect(text).toContain('Sum of the reportable maximum amounts (lb): 16,500.44 lb');
  });

  it('EPCRA 313 as PDFs: otherwise used exceeds with >, the other activities are empty screenings', async () => {
    const used = await pdfText(await generate(body('epcra_313_otherwise_used')));
    expect(used.text).toContain('EPCRA 313 Threshold: Otherwise used (screening)');
    // Toluene: 15,950 lb (max on hand standing in for the annual amount) > 10,000 → exceeded.
    // Columns: CAS, chemical, qualifier, how counted, PBT, PFAS, activity, amount, threshold, exceeded, Form A, screening.
    expect(used.text).toContain(
      '108-88-3 Toluene N N Otherwise used 15,950.00 10,000 Y Possible if the annual reportable amount is ≤ 500 lb (confirm) Y',
    );
    // Ammonia (issue 21 point 4): both lines are solutions, so aqueous ammonia counted at 10%:
    // cleaner 1,376.10 lb × 40% = 550.44 lb + ammonium hydroxide 150 lb × 29% = 43.50 lb (under the
    // ammonia listing) = 593.94 lb × 10% = 59.39 lb ≤ 10,000 → not exceeded (was 550.44 lb, the
    // hydroxide dropped and the solution counted in full).
    expect(used.text).toContain('Ammonia listing: aqueous 593.94 lb × 10%');
    expect(used.text).toContain('59.39 lb ≤ threshold 10,000 lb');
    // The list inserted here has no PBT, PFAS or threshold column: the first data warning says the
    // built-in tables (40 CFR 372.28, NDAA section 7321) decided them (issue 31 point 6).
    expect(used.text).toContain(
      'Data warnings (4) Warning: EPCRA 313 list markers: PBT from 40 CFR 372.28 (built in), the uploaded list has no PBT column;',
    );
    expect(used.text).toContain('EPCRA 313 list uploaded 03-10-2026');
    // No line is flagged manufactured: no rows, and the report says it is a screening.
    const made = await pdfText(await generate(body('epcra_313_manufactured')));
    expect(made.text).toContain('EPCRA 313 Threshold: Manufactured (screening)');
    expect(made.text).toContain('None.');
  });

  it('the inventory index is an XLSX by default: frozen header, numbers as numbers, a formula-like name as text', async () => {
    const res = await generate(body('inventory_index_numeric'));
    expect(res.headers['content-disposition']).toContain(
      `filename="inventory_index_by_CAS_number_Gulf_Coast_Chemicals,_Inc__Baytown_Plant_${YEAR}.xlsx"`,
    );
    const book = await workbook(res);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Inventory index by CAS',
      'Warnings',
    ]);
    const summary = book.getWorksheet('Report')!;
    expect(summary.getCell('B3').value).toBe(CUSTOMER);
    expect(summary.getCell('B6').value).toBe(YEAR);
    expect(summary.getCell('B7').value).toBeInstanceOf(Date);
    const sheet = book.getWorksheet('Inventory index by CAS')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'CAS',
      'Component',
      'Product',
      'wt %',
      'Locations',
      'Product max (lb)',
      'Product max (gal)',
      'EHS',
      'CERCLA',
      '313',
      'RMP',
      'PSM',
      'SPCC oil',
      'Carcinogen',
    ]);
    // Numeric CAS order: 67561 < 108883 < 1336216 < 7664417 < 7732185 < 7782505.
    expect([2, 3, 4, 5, 6, 7].map((row) => sheet.getCell(row, 1).value)).toEqual([
      CAS.methanol,
      CAS.toluene,
      CAS.ammoniumHydroxide,
      CAS.ammonia,
      CAS.water,
      CAS.chlorine,
    ]);
    const name = sheet.getCell(3, 3);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe(FORMULA_NAME);
    expect(name.formula).toBeUndefined();
    // 55 gal × 40 = 2,200 gal; × 7.25 lb/gal = 15,950 lb.
    const pounds = sheet.getCell(3, 6);
    expect(pounds.type).toBe(ExcelJS.ValueType.Number);
    expect(pounds.value).toBe(15950);
    expect(pounds.numFmt).toBe('#,##0.00');
    expect(sheet.getCell(3, 7).value).toBe(2200);
    expect(sheet.getCell(3, 4).value).toBe(100);
    // Mystery Liquid: pounds unknown → an empty cell, not 0.
    expect(sheet.getCell(2, 6).value).toBeNull();
    expect([sheet.getCell(5, 8).value, sheet.getCell(5, 9).value, sheet.getCell(5, 10).value]).toEqual([
      'Y',
      'Y',
      'Y',
    ]);
    // No CAS sorts last (an empty cell): the product with no components, its name and location starting with @ and +.
    expect(sheet.getCell(8, 1).value).toBeNull();
    expect([sheet.getCell(8, 3).value, sheet.getCell(8, 5).value]).toEqual([AT_NAME, '+1-2']);
    expect([sheet.getCell(8, 3).type, sheet.getCell(8, 5).type]).toEqual([
      ExcelJS.ValueType.String,
      ExcelJS.ValueType.String,
    ]);
    // No cell of any sheet is a formula.
    const formulas: string[] = [];
    for (const each of book.worksheets) {
      each.eachRow((row) =>
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula || cell.formula !== undefined)
            formulas.push(`${each.name}!${cell.address}`);
        }),
      );
    }
    expect(formulas).toEqual([]);
    // Totals: 1,376.10 + 100 + 150 + 15,950 + 10 = 17,586.10 lb (the Mystery Liquid's pounds are unknown).
    const labels = new Map<string, unknown>();
    sheet.eachRow((row) => labels.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(labels.get('Total product pounds')).toBe(17586.1);
    expect(labels.get('Inventory lines')).toBe(6);
    const warnings = book.getWorksheet('Warnings')!;
    expect(warnings.getCell('B2').value).toBe('missing_density');
  });

  it('format asks for the other kind: EPCRA 302 as an XLSX with its contributions sheet', async () => {
    const res = await generate(body('epcra_302', { format: 'xlsx' }));
    expect(res.headers['content-disposition']).toContain(
      `filename="EPCRA_302_extremely_hazardous_substances_Gulf_Coast_Chemicals,_Inc__Baytown_Plant_${YEAR}.xlsx"`,
    );
    const book = await workbook(res);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Report',
      'Extremely hazardous substances',
      'Contributions',
      'Warnings',
    ]);
    const sheet = book.getWorksheet('Extremely hazardous substances')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('A2').value).toBe(CAS.ammonia);
    expect(sheet.getCell('E2').value).toBe(550.44);
    expect(sheet.getCell('E2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D2').value).toBe(500);
    expect(sheet.getCell('G2').value).toBe('Y');
    const contributions = book.getWorksheet('Contributions')!;
    // 1,376.10 lb × 40% = 550.44 lb.
    expect(contributions.getRow(2).values).toEqual(
      expect.arrayContaining([
        CAS.ammonia,
        'Ammonia',
        'Ammonia Cleaner A',
        ids.cleanerLine,
        1376.1,
        40,
        550.44,
      ]),
    );
  });

  it('the inventory index as a PDF (format pdf)', async () => {
    const res = await generate(body('inventory_index_numeric', { format: 'pdf' }));
    expect(res.headers['content-disposition']).toContain(`_${YEAR}.pdf"`);
    const { text } = await pdfText(res);
    expect(text).toContain(`108-88-3 Toluene ${FORMULA_NAME} 100 TANK FARM 15,950.00 2,200.00 N Y Y N N Y N`);
    expect(text).toContain('Total product pounds: 17,586.10 lb');
  });

  it.each([
    'epcra_302',
    'epcra_304_cercla',
    'epcra_311_312_tier2',
    'epcra_313_manufactured',
    'epcra_313_processed',
    'epcra_313_otherwise_used',
    'inventory_index_numeric',
  ] as const)('%s as PDF and XLSX: both carry the header and the report name', async (type) => {
    const { text } = await pdfText(await generate(body(type, { format: 'pdf' })));
    expect(text).toContain(`Report: ${REPORT_TYPE_NAMES[type]}`);
    expect(text).toContain(`Customer: ${CUSTOMER}`);
    expect(text).toMatch(/Page 1 of \d+/);
    const book = await workbook(await generate(body(type, { format: 'xlsx' })));
    const summary = book.getWorksheet('Report')!;
    expect(summary.getCell('B2').value).toBe(REPORT_TYPE_NAMES[type]);
    expect(summary.getCell('B4').value).toBe('Baytown Plant');
    const table = book.worksheets[1]!;
    expect(table.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});
