import { compliance, type ReportDocument } from '@chemtrack/domain';
import { CAS, component, LISTS, line } from '@chemtrack/domain/compliance/test-fixtures';
import { describe, expect, it } from 'vitest';
import { pdfTextOf, sheetRows, workbookOf } from '../../../../test/report-files.ts';
import { buildReportDocument } from './index.ts';
import { reportPdf } from './pdf.ts';
import { reportXlsx } from './xlsx.ts';

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Issue 33 point 2, as the files print it. 4,000 lb of chlorine (2 cylinders × 2,000 lb) with no
 * conversion factor: its cubic feet at NTP are unknown, and the toxic-gas permit is required at any
 * amount, so the permit "cannot be determined"; no 0.00 beside an N.
 */
function chlorineReport(type: 'hmpp' | 'hmpp_excel'): ReportDocument {
  const chlorine = line({
    inventory_product_id: 70,
    product_id: 700,
    product_name: 'Chlorine',
    physical_state: 'compressed gas',
    container_name: 'Cylinder',
    unit_name: 'lb',
    unit_type: 'lb',
    container_size: 2000,
    container_quantity: 2,
    pounds_per_gallon: null,
    conversion_factor: null,
    fire_code_hazard_classes: ['toxic'],
    components: [component(CAS.chlorine, 'Chlorine', 100)],
  });
  const context = compliance.createComplianceContext(
    {
      customer: { id: 1, name: 'Pool Supply' },
      facility: { id: 2, name: 'Plant' },
      year: 2025,
      lines: [chlorine],
    },
    LISTS,
  );
  return buildReportDocument(type, context, { inventoryId: 9, generatedAt: new Date() });
}

const UNDETERMINED = 'cannot be determined: Conversion Factor (cu ft per lb)';

describe('the fire-code permit report with an amount unknown (issue 33 point 2)', () => {
  it('the document: header verdict, the row in the main table, no 0 beside N', () => {
    const report = chlorineReport('hmpp');
    expect(report.header).toContainEqual({
      label: 'Hazardous materials permit required',
      value: 'cannot be determined',
    });
    const permits = report.tables.find((table) => table.key === 'hmpp_permits');
    expect(permits?.rows.map((row) => [row.cells.quantity, row.cells.permit_required])).toEqual([
      [UNDETERMINED, UNDETERMINED],
    ]);
    expect(permits?.totals).toContainEqual({
      label: 'Classes whose permit cannot be determined (amounts unknown)',
      value: 1,
      kind: 'count',
    });
    expect(report.tables.find((table) => table.key === 'hmpp_below_threshold')?.rows).toEqual([]);
    // The warning names the product to fix.
    expect(report.warnings).toContainEqual(
      expect.objectContaining({ code: 'missing_fire_code_amount', product_id: 700 }),
    );
  });

  it('the PDF prints the verdict and the row', async () => {
    const { text } = await pdfTextOf(new Uint8Array(await bytesOf(reportPdf(chlorineReport('hmpp')))));
    expect(text).toContain('Hazardous materials permit required: cannot be determined');
    expect(text).toContain(UNDETERMINED);
  });

  it('the workbook prints it in the class sheet', async () => {
    const book = await workbookOf(await bytesOf(reportXlsx(chlorineReport('hmpp_excel'))));
    const sheet = book.worksheets.find((item) => item.name === 'Plant');
    expect(sheet).toBeDefined();
    if (sheet === undefined) return;
    expect(sheetRows(sheet, ['Hazard class', 'Total quantity', 'Permit required'])).toEqual([
      ['Toxic', UNDETERMINED, UNDETERMINED],
    ]);
  });
});

describe('Tier II with a liquid of no density (issue 33 point 2)', () => {
  // 2 drums × 55 gal of a flammable solvent, no specific gravity or pounds per gallon: pounds unknown.
  function tier2Report(): ReportDocument {
    const solvent = line({
      inventory_product_id: 90,
      product_id: 9,
      product_name: 'Solvent T',
      container_size: 55,
      container_quantity: 2,
      pounds_per_gallon: null,
      is_sara_f: true,
      hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const context = compliance.createComplianceContext(
      {
        customer: { id: 1, name: 'Paints' },
        facility: { id: 2, name: 'Plant' },
        year: 2025,
        lines: [solvent],
      },
      LISTS,
    );
    return buildReportDocument('epcra_311_312_tier2', context, { inventoryId: 9, generatedAt: new Date() });
  }
  const WHY = 'cannot be determined: Specific Gravity or Pounds per Gallon';

  it('the main table says why, the header names the row, and nothing is below threshold', async () => {
    const report = tier2Report();
    const main = report.tables.find((table) => table.key === 'tier2');
    expect(
      main?.rows.map((row) => [
        row.cells.name,
        row.cells.max_amount_lb,
        row.cells.max_amount_code,
        row.cells.reportable,
      ]),
    ).toEqual([['Solvent T', WHY, '', WHY]]);
    expect(main?.totals[0]).toEqual({ label: 'Reported chemicals and products', value: 0, kind: 'count' });
    expect(report.tables.find((table) => table.key === 'tier2_below_threshold')?.rows).toEqual([]);
    expect(report.header).toContainEqual({
      label: 'Chemicals whose reporting cannot be determined',
      value: `Solvent T: ${WHY}`,
    });
    const { text } = await pdfTextOf(new Uint8Array(await bytesOf(reportPdf(report))));
    expect(text).toContain(`Chemicals whose reporting cannot be determined: Solvent T: ${WHY}`);
  });
});

describe('the SPCC plan with a container of unknown capacity (issue 33 point 2)', () => {
  it('prints the plan as undetermined, the container in the main table with what it lacks, and no 0 plan flag', async () => {
    // 20 drums × 55 gal = 1,100 gal aboveground ≤ 1,320, and a tank (line 9) with no shell
    // capacity, no size and so no gallons: it could take the total over 1,320 gal.
    const oil = (id: number, size: number | null, count: number, capacity: number | null) =>
      line({
        inventory_product_id: id,
        product_name: 'Diesel fuel',
        is_spcc: true,
        container_name: 'Tank',
        container_size: size,
        container_quantity: count,
        shell_capacity_gal: capacity,
        placement: 'aboveground',
      });
    const context = compliance.createComplianceContext(
      {
        customer: { id: 1, name: 'Fleet Co' },
        facility: { id: 2, name: 'Yard' },
        year: 2025,
        lines: [oil(8, 55, 20, 55), oil(9, null, 1, null)],
      },
      LISTS,
    );
    const report = buildReportDocument('spcc_plan', context, { inventoryId: 9, generatedAt: new Date() });
    const missing =
      'cannot be determined: Shell Capacity (line or container type), or Container Size, Quantity and Unit';
    expect(report.header).toContainEqual({ label: 'SPCC plan required', value: missing });
    const capacity = report.tables.find((table) => table.key === 'spcc_capacity');
    expect(capacity?.rows[0]?.cells.result).toBe(`not over on the known capacities; ${missing}`);
    expect(capacity?.totals.map((row) => row.label)).not.toContain('SPCC plan required (1 = yes)');
    const containers = report.tables.find((table) => table.key === 'spcc_containers');
    expect(
      containers?.rows.map((row) => [row.cells.inventory_product_id, row.cells.capacity_source]),
    ).toEqual([
      [8, 'line'],
      [9, missing],
    ]);
    expect(containers?.totals.map((row) => [row.label, row.value])).toContainEqual([
      'Containers of unknown capacity (lines)',
      1,
    ]);
    const { text } = await pdfTextOf(new Uint8Array(await bytesOf(reportPdf(report))));
    expect(text.replace(/\s+/g, ' ')).toContain('Containers of unknown capacity');
  });
});
