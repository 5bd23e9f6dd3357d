import { describe, expect, it } from 'vitest';
import { reportCoverage } from './coverage.ts';
import { type AvailableReportType, computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot, stored } from './test-fixtures.ts';
import type { ComplianceSnapshot, SnapshotLine } from './types.ts';

/**
 * The facility's verdict under a report (issue 36, the all-facilities summary), from the rows the
 * report itself computes. Hand computations from regulatory-rules.md beside each case.
 */

function coverage(
  type: AvailableReportType,
  lines: SnapshotLine[],
  facility: Partial<ComplianceSnapshot['facility']> = {},
) {
  const snap = snapshot(lines);
  return reportCoverage(
    type,
    computeReport(type, { ...snap, facility: { ...snap.facility, ...facility } }, LISTS),
  );
}

const flammable = {
  is_sara_f: true,
  hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
} as const;
const toluene = (pounds: number) =>
  stored(pounds, {
    product_name: 'Solvent T',
    ...flammable,
    components: [component(CAS.toluene, 'Toluene', 100)],
  });

describe('reportCoverage', () => {
  it('Tier II: covered at the threshold, not covered below it, undetermined with unknown pounds', () => {
    // Rules §3: a hazardous chemical at or over 10,000 lb is reported. 10,000 ≥ 10,000 → covered.
    expect(coverage('epcra_311_312_tier2', [toluene(10_000)])).toBe('covered');
    // 9,999 lb < 10,000 lb and every amount known → not covered.
    expect(coverage('epcra_311_312_tier2', [toluene(9_999)])).toBe('not covered');
    // Two 55-gal drums with no density: 110 gal of unknown weight could pass 10,000 lb (decision 030).
    const noDensity = line({
      product_name: 'Solvent T',
      container_size: 55,
      container_quantity: 2,
      pounds_per_gallon: null,
      ...flammable,
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    expect(coverage('epcra_311_312_tier2', [noDensity])).toBe('cannot be determined');
    // 15,000 lb known beside it: already over, so covered whatever the drums weigh.
    expect(coverage('epcra_311_312_tier2', [toluene(15_000), noDensity])).toBe('covered');
    // No line at all: nothing to report.
    expect(coverage('epcra_311_312_tier2', [])).toBe('not covered');
  });

  it('EPCRA 302: an EHS at or over its TPQ covers the facility', () => {
    // Chlorine, TPQ 100 lb (sample EHS list): 100 lb × 100% = 100 ≥ 100 → covered; 99 lb → not.
    const chlorine = (pounds: number) =>
      stored(pounds, { components: [component(CAS.chlorine, 'Chlorine', 100)] });
    expect(coverage('epcra_302', [chlorine(100)])).toBe('covered');
    expect(coverage('epcra_302', [chlorine(99)])).toBe('not covered');
  });

  it('SPCC: the plan decision, which the facility setting can overrule', () => {
    const oil = (gallons: number) =>
      line({
        product_name: 'Diesel fuel',
        is_spcc: true,
        container_name: 'Tank',
        container_size: gallons,
        container_quantity: 1,
        shell_capacity_gal: gallons,
        placement: 'aboveground',
      });
    // Rules §7: more than 1,320 gal aboveground needs a plan. 1,321 > 1,320 → covered; 1,320 → not.
    expect(coverage('spcc_plan', [oil(1_321)])).toBe('covered');
    expect(coverage('spcc_plan', [oil(1_320)])).toBe('not covered');
    // 2,000 gal, but the facility could not discharge to navigable waters: 112 does not apply.
    expect(coverage('spcc_plan', [oil(2_000)], { spcc_could_discharge: false })).toBe('not covered');
  });

  it('the listings test no threshold: no verdict', () => {
    expect(coverage('inventory_index_numeric', [toluene(50_000)])).toBeNull();
    expect(coverage('haz_mat_inventory', [toluene(50_000)])).toBeNull();
    expect(coverage('haz_mat_inventory_excel', [toluene(50_000)])).toBeNull();
  });
});
