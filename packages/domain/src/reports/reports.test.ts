import { describe, expect, it } from 'vitest';
import { defaultReportFormat, ReportRequestSchema, reportFileName } from './index.ts';

describe('report file names (spec 02 §4)', () => {
  it('changes each space and dot to an underscore, and a slash too', () => {
    expect(reportFileName('epcra_302', 'Acme Corp.', 'Plant 1', 2025, 'pdf')).toBe(
      'EPCRA_302_extremely_hazardous_substances_Acme_Corp__Plant_1_2025.pdf',
    );
    expect(reportFileName('epcra_311_312_tier2', 'A.B. Smith & Sons', 'St. Paul', 2024, 'xlsx')).toBe(
      'EPCRA_311_312_Tier_I_and_II_A_B__Smith_&_Sons_St__Paul_2024.xlsx',
    );
    expect(reportFileName('inventory_index_numeric', 'x:y*z?"<>|\\', 'f/g', 2024, 'xlsx')).toBe(
      'inventory_index_by_CAS_number_x_y_z_______f_g_2024.xlsx',
    );
  });

  it('names the facility, so two facilities of one customer never download under one name (issue 33)', () => {
    expect(reportFileName('epcra_302', 'Acme', 'North Plant', 2025, 'pdf')).not.toBe(
      reportFileName('epcra_302', 'Acme', 'South Plant', 2025, 'pdf'),
    );
  });

  it('answers the _excel types and the inventory index as XLSX, the others as PDF', () => {
    expect(defaultReportFormat('hmpp_excel')).toBe('xlsx');
    expect(defaultReportFormat('haz_mat_inventory_excel')).toBe('xlsx');
    expect(defaultReportFormat('inventory_index_numeric')).toBe('xlsx');
    expect(defaultReportFormat('hmpp')).toBe('pdf');
    expect(defaultReportFormat('epcra_311_312_tier2')).toBe('pdf');
  });
});

describe('ReportRequestSchema (spec 02 §5)', () => {
  it('reads ids and the year from numbers or their digits', () => {
    expect(
      ReportRequestSchema.parse({ type: 'epcra_302', customer_id: '4', facility_id: 7, year: '2024' }),
    ).toMatchObject({ type: 'epcra_302', customer_id: 4, facility_id: 7, year: 2024 });
  });

  it.each([
    [
      {},
      {
        type: 'Type is required',
        customer_id: 'Customer is required',
        facility_id: 'Facility is required',
        year: 'Year is required',
      },
    ],
    [
      { type: 'spcc', customer_id: 0, facility_id: -1, year: 20.5 },
      {
        type: 'Type is required',
        customer_id: 'Customer is required',
        facility_id: 'Facility is required',
        year: 'Year is required',
      },
    ],
    [
      { type: 'epcra_302', customer_id: 1, facility_id: 1, year: 2024, format: 'csv' },
      { format: "Format must be 'pdf' or 'xlsx'" },
    ],
  ])('%j → the field messages', (body, messages) => {
    const result = ReportRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    const found = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(found).toEqual(messages);
  });
});
