import { describe, expect, it } from 'vitest';
import {
  defaultReportFormat,
  ReportGenerateRequestSchema,
  ReportRequestSchema,
  reportFileName,
  reportZipFileName,
} from './index.ts';

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

describe('ReportGenerateRequestSchema: one facility, or all of them (issue 36)', () => {
  const base = { type: 'epcra_311_312_tier2', customer_id: 4, year: 2025 };

  it('all_facilities: true takes no facility', () => {
    expect(ReportGenerateRequestSchema.parse({ ...base, all_facilities: true })).toEqual({
      ...base,
      all_facilities: true,
      percent_basis: 'upper',
      tier2_option: 'mixture',
    });
    expect(
      ReportGenerateRequestSchema.parse({ ...base, all_facilities: true, facility_id: null }),
    ).toMatchObject({
      all_facilities: true,
      facility_id: null,
    });
  });

  it('without all_facilities, or false, it is the one-facility request', () => {
    expect(ReportGenerateRequestSchema.parse({ ...base, facility_id: '7' })).toMatchObject({
      facility_id: 7,
    });
    expect(
      ReportGenerateRequestSchema.parse({ ...base, facility_id: 7, all_facilities: false }),
    ).toMatchObject({
      facility_id: 7,
      all_facilities: false,
    });
  });

  it.each([
    [
      { ...base, all_facilities: true, facility_id: 7 },
      { facility_id: 'Leave the facility empty to report on all facilities' },
    ],
    [{ ...base, all_facilities: false }, { facility_id: 'Facility is required' }],
    [{ ...base }, { facility_id: 'Facility is required' }],
    [{ type: 'epcra_302', year: 2025, all_facilities: true }, { customer_id: 'Customer is required' }],
    [{ ...base, all_facilities: 'yes' }, { all_facilities: 'All facilities must be true or false' }],
  ])('%j → the field messages', (body, messages) => {
    const result = ReportGenerateRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    const found = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(found).toEqual(messages);
  });

  it('names the ZIP as a report, with "All facilities" for the facility', () => {
    expect(reportZipFileName('epcra_311_312_tier2', 'Harbor Fuels Co.', 2025)).toBe(
      'EPCRA_311_312_Tier_I_and_II_Harbor_Fuels_Co__All_facilities_2025.zip',
    );
  });
});
