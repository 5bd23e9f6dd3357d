import {
  type DbEntryRow,
  decodeExportWarnings,
  type ReportPreviewDocument,
  TIER2_EXPORT_WARNINGS_HEADER,
} from '@chemtrack/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { toCsv } from '../../../test/reference-files.ts';
import { labelledValues, pdfOf, sheetRows, xlsxOf } from '../../../test/report-files.ts';
import { createListEntry } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';
import { seedReferenceLists } from '../../seed/reference-lists/load.ts';
import { createLocalFileStore } from '../../storage/file-store.ts';

/**
 * Issue 33 point 1 (decision 029): a fresh install's lists are the seed's partial samples. The 304
 * of a facility with 5,108 lb of hydrochloric acid listed only chlorine, its header saying "CERCLA
 * list uploaded …" as if the five-row sample were EPA's list. Every report built on a sample says
 * so in its header and as a warning, in the preview, the PDF and the XLSX, until an admin uploads
 * the list.
 */

const YEAR = 2025;
const HCL_CAS = '7647-01-0';
const CHLORINE_CAS = '7782-50-5';
const CERCLA_SAMPLE = "CERCLA list: partial sample list, 5 rows: upload EPA's current list before filing";
const EHS_SAMPLE = "EHS list: partial sample list, 3 rows: upload EPA's current list before filing";

let ctx: TestContext;
const ids = { customer: 0, facility: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  // What a fresh install does on its first start.
  await seedReferenceLists(ctx.database.db, createLocalFileStore(ctx.dataDir));
  const inventory = await create.inventory(ctx, { year: YEAR });
  ids.customer = inventory.customerId;
  ids.facility = inventory.facilityId;
  const bag = (await create.container(ctx, { name: 'Drum' })).id;
  const pound = (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id;
  const weighed = async (name: string, cas: string, pounds: string) => {
    const product = await create.productWithComponents(
      ctx,
      name,
      { physical_state: 'solid', pounds_per_gallon: '', specific_gravity: '' },
      [{ name, number: cas, percentage_weight: '100' }],
    );
    await create.inventoryProduct(ctx, inventory.id, {
      product_id: product,
      container_id: bag,
      container_unit_id: pound,
      container_size: pounds,
      container_quantity: '1',
      location_stored: 'ACID ROOM',
    });
  };
  await weighed('Hydrochloric Acid', HCL_CAS, '5108');
  await weighed('Chlorine', CHLORINE_CAS, '20');
});
afterAll(() => ctx.close());

function request(type: string, format?: 'pdf' | 'xlsx') {
  return {
    type,
    customer_id: ids.customer,
    facility_id: ids.facility,
    year: YEAR,
    ...(format ? { format } : {}),
  };
}

async function preview(type: string, role: 'staff' | 'admin' = 'staff'): Promise<ReportPreviewDocument> {
  const res = await ctx.call(role, { method: 'POST', url: '/report/preview', payload: request(type) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().resource;
}

const sampleWarnings = (report: ReportPreviewDocument) =>
  report.warnings
    .filter((warning) => warning.code === 'sample_list')
    .map(({ severity, message, inventory_product_id }) => ({ severity, message, inventory_product_id }));

describe('a report built on the shipped sample lists', () => {
  it('says so in the 304 header and as one warning per sample list, with its row count', async () => {
    const report = await preview('epcra_304_cercla');
    // The five-row sample has no hydrochloric acid: the 5,108 lb are on no list the report reads.
    expect(JSON.stringify(report.tables)).not.toContain(HCL_CAS);
    expect(report.header).toContainEqual({
      label: 'Sample reference lists',
      value: `${CERCLA_SAMPLE}; ${EHS_SAMPLE}`,
    });
    expect(sampleWarnings(report)).toEqual([
      { severity: 'warning', message: CERCLA_SAMPLE, inventory_product_id: null },
      { severity: 'warning', message: EHS_SAMPLE, inventory_product_id: null },
    ]);
  });

  it('names only the lists the report relies on (Tier II: EHS; PSM: OSHA’s list)', async () => {
    expect(sampleWarnings(await preview('epcra_311_312_tier2')).map((w) => w.message)).toEqual([EHS_SAMPLE]);
    expect(sampleWarnings(await preview('caa_304_psm')).map((w) => w.message)).toEqual([
      "PSM list: partial sample list, 27 rows: upload OSHA's current list before filing",
    ]);
    // SPCC reads no list: nothing to say.
    const spcc = await preview('spcc_plan');
    expect(sampleWarnings(spcc)).toEqual([]);
    expect(spcc.header.map((item) => item.label)).not.toContain('Sample reference lists');
  });

  it('prints the header line and the warning in the PDF', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/report/generate',
      payload: request('epcra_304_cercla', 'pdf'),
    });
    const { text } = await pdfOf(res);
    expect(text).toContain(`Sample reference lists: ${CERCLA_SAMPLE}; ${EHS_SAMPLE}`);
    expect(text).toContain(`Warning: ${CERCLA_SAMPLE}`);
  });

  it('writes the header line and the warning in the XLSX', async () => {
    const res = await ctx.call('staff', {
      method: 'POST',
      url: '/report/generate',
      payload: request('epcra_304_cercla', 'xlsx'),
    });
    const book = await xlsxOf(res);
    const header = labelledValues(book.getWorksheet('Report')!);
    expect(header.get('Sample reference lists')).toBe(`${CERCLA_SAMPLE}; ${EHS_SAMPLE}`);
    const warnings = book.worksheets.find((sheet) => sheet.name.endsWith('Warnings'))!;
    expect(sheetRows(warnings, ['Severity', 'Code', 'Message'])).toContainEqual([
      'warning',
      'sample_list',
      CERCLA_SAMPLE,
    ]);
  });

  it('answers the .t2s export with the sample list it rests on, among the export’s warnings', async () => {
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/tier2/export?customer_id=${ids.customer}&facility_id=${ids.facility}&year=${YEAR}`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    // With the export's other warnings, in the one header the Reports screen lists under the button.
    const warnings = decodeExportWarnings(
      String(res.headers[TIER2_EXPORT_WARNINGS_HEADER.toLowerCase()] ?? ''),
    );
    expect(warnings).toContain(EHS_SAMPLE);
    expect(warnings.filter((message) => message.includes('sample list'))).toEqual([EHS_SAMPLE]);
  });

  it('shows the admin which lists are still samples on the Database Entry list', async () => {
    const res = await ctx.call('admin', { method: 'GET', url: '/db-entry/list' });
    expect(res.statusCode, res.body).toBe(200);
    const samples = res.json().resource.items.map((row: DbEntryRow) => [row.type, row.current?.is_sample]);
    expect(samples).toEqual([
      ['313', true],
      ['cercla', true],
      ['rmp', true],
      ['psm', true],
      ['ehs', true],
    ]);
  });

  it('says nothing once an admin uploads the list: the warning and header line go', async () => {
    const created = await createListEntry(
      ctx,
      'cercla',
      'cercla-2026.csv',
      toCsv([
        ['chemical_name', 'cas_number', 'final_reportable_quantity_lb'],
        ['Chlorine', CHLORINE_CAS, '10'],
        ['Hydrochloric acid', HCL_CAS, '5,000'],
      ]),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().resource.entry.current.is_sample).toBe(false);
    const report = await preview('epcra_304_cercla');
    expect(sampleWarnings(report).map((w) => w.message)).toEqual([EHS_SAMPLE]);
    expect(JSON.stringify(report.tables)).toContain(HCL_CAS);
    expect(report.header).toContainEqual({ label: 'Sample reference lists', value: EHS_SAMPLE });
  });
});
