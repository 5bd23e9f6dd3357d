import { describe, expect, it } from 'vitest';
import { REPORT_TYPE_NAMES, REPORT_TYPES } from '../shared/enums.ts';
import { createComplianceContext } from './context.ts';
import { isReportAvailable, REPORT_RULES, runReport } from './registry.ts';
import { CAS, component, LISTS, snapshot, stored } from './test-fixtures.ts';

describe('report registry', () => {
  it('names the 14 report types of spec 02 §5', () => {
    expect(REPORT_TYPES).toHaveLength(14);
    expect(Object.keys(REPORT_TYPE_NAMES)).toEqual([...REPORT_TYPES]);
    // The three the spec names by slug only get names a client can read (issue 22).
    expect(REPORT_TYPE_NAMES.hmpp_excel).toBe('hazardous material permit program spreadsheet');
    expect(REPORT_TYPE_NAMES.haz_mat_inventory_excel).toBe('hazardous material inventory spreadsheet');
    expect(REPORT_TYPE_NAMES.inventory_index_numeric).toBe('inventory index by CAS number');
    expect(Object.values(REPORT_TYPE_NAMES).filter((name) => name.includes('_'))).toEqual([]);
  });

  it('has a rule for every report type: part 1, SPCC, RMP, PSM and the fire code (issue 23)', () => {
    expect(REPORT_TYPES.filter(isReportAvailable)).toEqual([
      'epcra_302',
      'epcra_304_cercla',
      'epcra_311_312_tier2',
      'epcra_313_manufactured',
      'epcra_313_processed',
      'epcra_313_otherwise_used',
      'spcc_plan',
      'caa_112r_rmp',
      'caa_304_psm',
      'hmpp',
      'haz_mat_inventory',
      'hmpp_excel',
      'haz_mat_inventory_excel',
      'inventory_index_numeric',
    ]);
    // The Excel forms are the same figures as their PDFs: one rule each.
    expect(REPORT_RULES.hmpp_excel).toBe(REPORT_RULES.hmpp);
    expect(REPORT_RULES.haz_mat_inventory_excel).toBe(REPORT_RULES.haz_mat_inventory);
  });

  it('computes several reports from one context, each with the same data warnings', () => {
    // 1,000 lb × 60% ammonia = 600 lb: ≥ TPQ 500 (302), ≥ RQ 100 (304), ≥ 500 (Tier II).
    const context = createComplianceContext(
      snapshot([
        stored(1000, { is_sara_a: true, components: [component(CAS.ammonia, 'Ammonia', 60)] }),
        stored(5, { inventory_product_id: 99 }),
      ]),
      LISTS,
    );
    const r302 = runReport('epcra_302', context);
    const r304 = runReport('epcra_304_cercla', context);
    const tier2 = runReport('epcra_311_312_tier2', context);
    expect([
      r302.rows[0]?.notification_required,
      r304.rows[0]?.release_could_reach_rq,
      tier2.rows[0]?.reportable,
    ]).toEqual([true, true, true]);
    for (const result of [r302, r304, tier2]) {
      expect(result.warnings).toContainEqual(
        expect.objectContaining({ code: 'no_components', inventory_product_id: 99 }),
      );
    }
    expect(Object.keys(REPORT_RULES)).toHaveLength(14);
  });
});
