import { describe, expect, it } from 'vitest';
import { PSM_FLAMMABLE_SUBSTANCE } from './psm.ts';
import { computeReport } from './registry.ts';
import { CAS, component, LISTS, snapshot, stored } from './test-fixtures.ts';
import type { ComplianceOptions, ReferenceEntry, ReferenceLists, SnapshotLine } from './types.ts';

const HYDROGEN_PEROXIDE = '7722-84-1';

function psm(
  chemical_name: string,
  cas_number: string,
  threshold: number,
  extra: Partial<ReferenceEntry> = {},
): ReferenceEntry {
  return {
    list_type: 'psm',
    chemical_name,
    cas_number,
    threshold_quantity_lbs: threshold,
    final_reportable_quantity_lb: null,
    ...extra,
  };
}

/** 1910.119 Appendix A values as the shipped PSM list gives them. */
const PSM_LISTS: ReferenceLists = {
  entries: [
    ...LISTS.entries.filter((entry) => entry.list_type !== 'psm'),
    psm('Ammonia, Anhydrous', CAS.ammonia, 10_000),
    psm('Ammonia solutions (greater than 44% ammonia by weight)', CAS.ammonia, 15_000, {
      min_concentration_pct: 44,
    }),
    psm('Chlorine', CAS.chlorine, 1_500),
    psm('Hydrogen Peroxide (52% by weight or greater)', HYDROGEN_PEROXIDE, 7_500, {
      min_concentration_pct: 52,
    }),
  ],
  uploaded_at: { psm: '2026-03-01' },
};

function runPsm(lines: SnapshotLine[], options: ComplianceOptions = {}) {
  return computeReport('caa_304_psm', snapshot(lines), PSM_LISTS, options);
}

function rowOf(result: ReturnType<typeof runPsm>, process: string, substance: string) {
  return [...result.rows, ...result.below_threshold].find(
    (row) => row.process === process && row.substance === substance,
  );
}

describe('OSHA PSM (1910.119)', () => {
  it('counts a chemical Appendix A lists without a concentration from 1%: 0.9% is not counted, 1% is', () => {
    // BAY 1: 200,000 lb × 0.9% = 1,800 lb chlorine, but 0.9% < 1%: not counted, q = 0.
    // BAY 2: 200,000 lb × 1% = 2,000 lb ≥ TQ 1,500 → covered.
    const result = runPsm([
      stored(200_000, { location_stored: 'BAY 1', components: [component(CAS.chlorine, 'Chlorine', 0.9)] }),
      stored(200_000, { location_stored: 'BAY 2', components: [component(CAS.chlorine, 'Chlorine', 1)] }),
    ]);
    const bay1 = rowOf(result, 'BAY 1', 'Chlorine');
    expect(bay1).toMatchObject({ quantity_lb: 0, covered: false, basis: 'appendix_a' });
    expect(bay1?.explanation.excluded[0]?.reason).toBe(
      '0.9% < 1% (no concentration listed: OSHA 2016 policy)',
    );
    const bay2 = rowOf(result, 'BAY 2', 'Chlorine');
    expect(bay2).toMatchObject({ quantity_lb: 2_000, covered: true });
    expect(bay2?.condition).toBe('none listed: 1% or more (OSHA 2016 policy)');
    expect(bay2?.test.rule_text).toBe('2,000.00 lb ≥ TQ 1,500 lb');
  });

  it("counts a listed concentration only at or above it, the chemical's own weight", () => {
    // 20,000 lb × 50% H2O2 = 10,000 lb but 50% < 52%: not counted. 20,000 × 52% = 10,400 ≥ 7,500 → covered.
    const result = runPsm([
      stored(20_000, {
        location_stored: 'P1',
        components: [component(HYDROGEN_PEROXIDE, 'Hydrogen peroxide', 50)],
      }),
      stored(20_000, {
        location_stored: 'P2',
        components: [component(HYDROGEN_PEROXIDE, 'Hydrogen peroxide', 52)],
      }),
    ]);
    const name = 'Hydrogen Peroxide (52% by weight or greater)';
    expect(rowOf(result, 'P1', name)).toMatchObject({ quantity_lb: 0, covered: false });
    expect(rowOf(result, 'P2', name)).toMatchObject({ quantity_lb: 10_400, covered: true });
  });

  it('takes "30–60%" at its upper bound, and is covered at exactly the TQ ("at or above")', () => {
    // 2,500 lb × 60% = 1,500 lb chlorine = TQ 1,500 → covered (≥); at the midpoint 45%: 1,125 lb.
    const line = stored(2_500, {
      location_stored: 'ROOM 1',
      components: [
        component(CAS.chlorine, 'Chlorine', null, { percentage_weight_low: 30, percentage_weight_high: 60 }),
      ],
    });
    const row = rowOf(runPsm([line]), 'ROOM 1', 'Chlorine');
    expect(row).toMatchObject({ quantity_lb: 1_500, covered: true });
    expect(row?.test.rule_text).toBe('1,500.00 lb ≥ TQ 1,500 lb');
    expect(rowOf(runPsm([line], { percent_basis: 'midpoint' }), 'ROOM 1', 'Chlorine')?.quantity_lb).toBe(
      1_125,
    );
  });

  it('does not count ammonium hydroxide under ammonia: Appendix A has no alias', () => {
    const result = runPsm([
      stored(100_000, {
        location_stored: 'TANK',
        components: [component(CAS.ammoniumHydroxide, 'Ammonium hydroxide', 29)],
      }),
    ]);
    expect([...result.rows, ...result.below_threshold]).toEqual([]);
  });

  it('screens 10,000 lb of flammables per location, with the fuel-use and atmospheric-storage flags', () => {
    // SOLVENTS: 6,000 lb at 50 °F + 4,000 lb at 70 °F = 10,000 lb ≥ 10,000 → covered.
    // FUEL: 12,000 lb at -100 °F marked "fuel use only" → exempt, q = 0.
    // TANKS: 15,000 lb at 40 °F in atmospheric storage → exempt, q = 0.
    // OIL: 20,000 lb at 300 °F → not a flammable liquid, no row.
    const result = runPsm([
      stored(6_000, { location_stored: 'SOLVENTS', flash_point_f: 50 }),
      stored(4_000, { location_stored: 'SOLVENTS', flash_point_f: 70 }),
      stored(12_000, {
        location_stored: 'FUEL',
        product_name: 'Propane',
        flash_point_f: -100,
        is_fuel_use_only: true,
      }),
      stored(15_000, {
        location_stored: 'TANKS',
        product_name: 'Toluene',
        flash_point_f: 40,
        is_atmospheric_storage: true,
      }),
      stored(20_000, { location_stored: 'OIL', flash_point_f: 300 }),
    ]);
    expect(result.rows.map((row) => [row.process, row.substance, row.quantity_lb, row.basis])).toEqual([
      ['SOLVENTS', PSM_FLAMMABLE_SUBSTANCE, 10_000, 'flammable'],
    ]);
    expect(rowOf(result, 'FUEL', PSM_FLAMMABLE_SUBSTANCE)?.exemptions).toEqual([
      'Propane: hydrocarbon fuel used only as workplace fuel (1910.119(a)(1)(ii)(A))',
    ]);
    expect(rowOf(result, 'TANKS', PSM_FLAMMABLE_SUBSTANCE)?.exemptions).toEqual([
      'Toluene: atmospheric storage below the normal boiling point, no chilling (1910.119(a)(1)(ii)(B))',
    ]);
    expect(rowOf(result, 'OIL', PSM_FLAMMABLE_SUBSTANCE)).toBeUndefined();
    expect(rowOf(result, 'Facility total (screen)', PSM_FLAMMABLE_SUBSTANCE)).toBeUndefined();
  });

  it('warns about a product marked flammable with no flash point and counts it as an estimate', () => {
    // 3,000 lb, SARA fire flag, no flash point: counted (est.), 3,000 < 10,000.
    const result = runPsm([
      stored(3_000, { inventory_product_id: 55, location_stored: 'CAGE', is_sara_f: true }),
    ]);
    expect(rowOf(result, 'CAGE', PSM_FLAMMABLE_SUBSTANCE)).toMatchObject({
      quantity_lb: 3_000,
      covered: false,
      is_estimate: true,
    });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: 'missing_flash_point', inventory_product_id: 55 }),
    );
    expect(result.estimated).toHaveLength(1);
  });

  it('leaves out an Appendix A chemical with the partial-pressure override', () => {
    const result = runPsm([
      stored(50_000, {
        location_stored: 'PIT',
        is_partial_pressure_exempt: true,
        partial_pressure_note: 'measured 3 mmHg',
        components: [component(CAS.chlorine, 'Chlorine', 5)],
      }),
    ]);
    expect(rowOf(result, 'PIT', 'Chlorine')).toMatchObject({ quantity_lb: 0, covered: false });
  });

  describe('at a retail facility (1910.119(a)(2)(i))', () => {
    // BAY: 2,000 lb × 100% chlorine = 2,000 lb ≥ TQ 1,500 would be covered; SOLVENT ROOM:
    // 11,979 lb of toluene (flash point 40 °F < 100 °F) ≥ 10,000 would be covered. PSM does not
    // apply to retail facilities, so no row reads covered: both are listed below threshold with
    // their would-be figures and the exemption.
    const lines = () => [
      stored(2_000, { location_stored: 'BAY', components: [component(CAS.chlorine, 'Chlorine', 100)] }),
      stored(11_979, {
        location_stored: 'SOLVENT ROOM',
        flash_point_f: 40,
        components: [component(CAS.toluene, 'Toluene', 100)],
      }),
    ];
    const RETAIL =
      'PSM does not apply: the facility is recorded as a retail facility (29 CFR 1910.119(a)(2)(i)). The figures below are what would otherwise be tested; none is covered.';
    const EXEMPTION = 'Retail facility: PSM does not apply (29 CFR 1910.119(a)(2)(i))';

    it.each([
      ['a retail facility', { is_retail_facility: true }],
      ['a retail gas station', { is_retail_gas_station: true }],
    ])('%s: nothing reads covered, the would-be figures are below threshold', (_, flags) => {
      const result = computeReport(
        'caa_304_psm',
        { ...snapshot(lines()), facility: { id: 2, name: 'Farm Supply', ...flags } },
        PSM_LISTS,
      );
      expect(result.rows).toEqual([]);
      expect(
        result.below_threshold.map((row) => [
          row.process,
          row.substance,
          row.quantity_lb,
          row.covered,
          row.exemptions,
        ]),
      ).toEqual([
        ['BAY', 'Chlorine', 2_000, false, [EXEMPTION]],
        ['SOLVENT ROOM', PSM_FLAMMABLE_SUBSTANCE, 11_979, false, [EXEMPTION]],
        ['Facility total (screen)', 'Chlorine', 2_000, false, [EXEMPTION]],
      ]);
      expect(result.below_threshold[0]?.test.rule_text).toBe('2,000.00 lb ≥ TQ 1,500 lb');
      expect(result.notes[0]).toBe(RETAIL);
      expect(result.rule).toContain('does not apply to retail facilities');
    });

    it('elsewhere the same figures are covered', () => {
      const result = runPsm(lines());
      expect(result.rows.map((row) => [row.process, row.quantity_lb])).toEqual([
        ['BAY', 2_000],
        ['SOLVENT ROOM', 11_979],
        ['Facility total (screen)', 2_000],
      ]);
      expect(result.notes).not.toContain(RETAIL);
    });
  });
});
