import { describe, expect, it } from 'vitest';
import { isValidCasNumber } from '../shared/cas.ts';
import { parseListingCondition } from './process-safety.ts';
import { computeReport } from './registry.ts';
import { RMP_TABLE_1_TOXICS, RMP_TABLE_3_FLAMMABLES, rmpTableKind } from './rmp-substances.ts';
import { CAS, component, line as inventoryLine, LISTS, snapshot, stored } from './test-fixtures.ts';
import type { ComplianceOptions, ReferenceEntry, ReferenceLists, SnapshotLine } from './types.ts';

export const PROPANE = '74-98-6';
export const BUTANE = '106-97-8';

function rmp(
  chemical_name: string,
  cas_number: string,
  threshold: number,
  extra: Partial<ReferenceEntry> = {},
): ReferenceEntry {
  return {
    list_type: 'rmp',
    chemical_name,
    cas_number,
    threshold_quantity_lbs: threshold,
    final_reportable_quantity_lb: null,
    substance_kind: 'toxic',
    ...extra,
  };
}

/** 40 CFR 68.130 values as the shipped RMP list gives them, with the alias column of issue 23. */
export const RMP_LISTS: ReferenceLists = {
  entries: [
    ...LISTS.entries.filter((entry) => entry.list_type !== 'rmp'),
    rmp('Ammonia (anhydrous)', CAS.ammonia, 10_000, { condition: 'anhydrous' }),
    rmp('Ammonia (conc 20% or greater)', CAS.ammonia, 20_000, {
      condition: 'conc 20% or greater',
      alias_cas_numbers: CAS.ammoniumHydroxide,
    }),
    rmp('Chlorine', CAS.chlorine, 2_500),
    rmp('Propane', PROPANE, 10_000, { substance_kind: 'flammable' }),
    rmp('Butane', BUTANE, 10_000, { substance_kind: 'flammable' }),
  ],
  uploaded_at: { rmp: '2026-03-01' },
};

function runRmp(lines: SnapshotLine[], options: ComplianceOptions = {}) {
  return computeReport('caa_112r_rmp', snapshot(lines), RMP_LISTS, options);
}

function allRows(result: ReturnType<typeof runRmp>) {
  return [...result.rows, ...result.below_threshold];
}

function rowOf(result: ReturnType<typeof runRmp>, process: string, substance: string) {
  return allRows(result).find((row) => row.process === process && row.substance === substance);
}

describe('CAA 112(r) RMP', () => {
  it('reads the listing conditions: "conc 20% or greater", "anhydrous", "(solution)"', () => {
    const entry = (condition: string, chemical_name = 'X') => rmp(chemical_name, '1-1-1', 1, { condition });
    expect(parseListingCondition(entry('conc 20% or greater'))).toMatchObject({
      kind: 'min_percent',
      min_percent: 20,
      strict: false,
    });
    expect(parseListingCondition(entry('anhydrous')).kind).toBe('anhydrous');
    expect(parseListingCondition(entry('', 'Formaldehyde (solution)')).kind).toBe('solution');
    expect(parseListingCondition(entry('', 'Chlorine')).kind).toBe('none');
  });

  it('"conc 20% or greater": a 19% solution is not counted, a 20% one counts 20% of its weight', () => {
    // TANK A: 110,000 lb × 19% = 20,900 lb of ammonia, but 19% < 20%: not counted, q = 0.
    // TANK B: 110,000 lb × 20% = 22,000 lb > TQ 20,000 → covered, q/TQ = 1.1.
    const result = runRmp([
      stored(110_000, { location_stored: 'TANK A', components: [component(CAS.ammonia, 'Ammonia', 19)] }),
      stored(110_000, { location_stored: 'TANK B', components: [component(CAS.ammonia, 'Ammonia', 20)] }),
    ]);
    const a = rowOf(result, 'TANK A', 'Ammonia (conc 20% or greater)');
    expect(a).toMatchObject({ quantity_lb: 0, covered: false, threshold_lb: 20_000 });
    expect(a?.explanation.excluded[0]?.reason).toBe('19% < listed concentration 20%');
    const b = rowOf(result, 'TANK B', 'Ammonia (conc 20% or greater)');
    expect(b).toMatchObject({
      quantity_lb: 22_000,
      covered: true,
      kind: 'toxic',
      condition: 'conc 20% or greater',
    });
    expect(b?.test.ratio).toBe(1.1);
    expect(b?.test.rule_text).toBe('22,000.00 lb > TQ 20,000 lb');
    expect(b?.explanation.contributions[0]).toMatchObject({
      line_pounds: 110_000,
      percent_weight: 20,
      pounds_contributed: 22_000,
    });
    // The facility screen: 0 + 22,000 = 22,000 lb; the 19% line is still left out.
    expect(rowOf(result, 'Facility total (screen)', 'Ammonia (conc 20% or greater)')).toMatchObject({
      quantity_lb: 22_000,
      covered: true,
      scope: 'facility',
    });
    // Covered rows in the table, the TANK A row in "Below threshold".
    expect(result.below_threshold.map((row) => row.process)).toEqual(['TANK A']);
  });

  it('counts anhydrous ammonia under the anhydrous listing only, never again as a 20% solution', () => {
    // 12,000 lb × 100% = 12,000 lb > TQ 10,000 (anhydrous) → covered; no row for the 20% listing.
    const result = runRmp([
      stored(12_000, { location_stored: 'YARD', components: [component(CAS.ammonia, 'Ammonia', 100)] }),
    ]);
    expect(result.rows.map((row) => [row.process, row.substance, row.quantity_lb])).toEqual([
      ['YARD', 'Ammonia (anhydrous)', 12_000],
      ['Facility total (screen)', 'Ammonia (anhydrous)', 12_000],
    ]);
    expect(result.below_threshold).toEqual([]);
  });

  it('counts ammonium hydroxide at 29% under ammonia (conc 20% or greater) through the alias column, and not for Tier II', () => {
    // 100,000 lb × 29% = 29,000 lb > TQ 20,000 → covered under ammonia 7664-41-7.
    const aqua = stored(100_000, {
      location_stored: 'TANK C',
      product_name: 'Aqua ammonia 29%',
      is_sara_a: true,
      hazard_categories: ['Acute toxicity (any route of exposure)'],
      components: [
        component(CAS.ammoniumHydroxide, 'Ammonium hydroxide', 29),
        component(CAS.water, 'Water', 71),
      ],
    });
    const result = runRmp([aqua]);
    const row = rowOf(result, 'TANK C', 'Ammonia (conc 20% or greater)');
    expect(row).toMatchObject({ cas_number: CAS.ammonia, quantity_lb: 29_000, covered: true });
    expect(row?.explanation.contributions[0]?.pounds_basis).toContain(
      'Ammonium hydroxide 1336-21-6 counted under Ammonia (conc 20% or greater) (alias column of the RMP list)',
    );
    // Tier II keeps the two CAS numbers apart: no ammonia EHS row (TPQ 500) from ammonium hydroxide.
    const tier2 = computeReport('epcra_311_312_tier2', snapshot([aqua]), RMP_LISTS);
    const tier2Cas = [...tier2.rows, ...tier2.below_threshold].map((r) => r.cas_number);
    expect(tier2Cas).not.toContain(CAS.ammonia);
    expect(tier2.rows.map((r) => [r.kind, r.name, r.max_amount_lb])).toEqual([
      ['product', 'Aqua ammonia 29%', 100_000],
    ]);
  });

  it('counts a pure listed flammable whole even when rated NFPA 3 by mistake, and leaves out propane used as fuel', () => {
    // 12,000 lb of propane 100% rated "1-3-0": a pure listed flammable, 12,000 lb > 10,000 → covered.
    // The same propane flagged "used or sold as fuel" in SHED 2: left out (68.126), q = 0.
    const result = runRmp([
      stored(12_000, {
        location_stored: 'SHED 1',
        nfpa: '1-3-0',
        components: [component(PROPANE, 'Propane', 100)],
      }),
      stored(12_000, {
        location_stored: 'SHED 2',
        product_name: 'Forklift propane',
        is_used_as_fuel: true,
        components: [component(PROPANE, 'Propane', 100)],
      }),
    ]);
    const shed1 = rowOf(result, 'SHED 1', 'Propane');
    expect(shed1).toMatchObject({ kind: 'flammable', quantity_lb: 12_000, covered: true });
    expect(shed1?.explanation.contributions[0]?.pounds_basis).toContain(
      'a pure listed flammable: whole weight, whatever its NFPA rating (F3 recorded)',
    );
    const shed2 = rowOf(result, 'SHED 2', 'Propane');
    expect(shed2).toMatchObject({ quantity_lb: 0, covered: false });
    expect(shed2?.exemptions).toEqual([
      'Forklift propane: used as fuel or held for sale as fuel (40 CFR 68.126)',
    ]);
    // The facility screen counts SHED 1 only: 12,000 lb.
    expect(rowOf(result, 'Facility total (screen)', 'Propane')?.quantity_lb).toBe(12_000);
  });

  it('counts a flammable mixture whole only at NFPA 4 with at least 1% of the flammable', () => {
    // MIX 4: 11,000 lb, propane 5%, NFPA 1-4-0 → whole 11,000 lb > 10,000 → covered.
    // MIX 3: 11,000 lb, propane 5%, NFPA 1-3-0 → not counted, q = 0.
    // MIX LOW: 11,000 lb, propane 0.5%, NFPA 4 → below 1%, q = 0.
    const result = runRmp([
      stored(11_000, {
        location_stored: 'MIX 4',
        nfpa: '1-4-0',
        components: [component(PROPANE, 'Propane', 5)],
      }),
      stored(11_000, {
        location_stored: 'MIX 3',
        nfpa: '1-3-0',
        components: [component(PROPANE, 'Propane', 5)],
      }),
      stored(11_000, {
        location_stored: 'MIX LOW',
        nfpa: '1-4-0',
        components: [component(PROPANE, 'Propane', 0.5)],
      }),
    ]);
    expect(rowOf(result, 'MIX 4', 'Propane')).toMatchObject({ quantity_lb: 11_000, covered: true });
    expect(rowOf(result, 'MIX 4', 'Propane')?.explanation.contributions[0]).toMatchObject({
      line_pounds: 11_000,
      percent_weight: 100,
      pounds_contributed: 11_000,
    });
    const mix3 = rowOf(result, 'MIX 3', 'Propane');
    expect(mix3).toMatchObject({ quantity_lb: 0, covered: false });
    expect(mix3?.explanation.excluded[0]?.reason).toBe(
      'a mixture at NFPA flammability 3, not 4: not counted (68.115(b)(2)(i))',
    );
    expect(rowOf(result, 'MIX LOW', 'Propane')?.explanation.excluded[0]?.reason).toBe(
      '0.5% < 1% of a listed flammable',
    );
  });

  it('warns about a mixture holding a listed flammable without an NFPA rating and counts it whole as an estimate', () => {
    // 8,000 lb, butane 10%, no NFPA: counted whole (est.), 8,000 lb ≤ 10,000 → below threshold.
    const result = runRmp([
      stored(8_000, {
        inventory_product_id: 77,
        location_stored: 'CAGE',
        components: [component(BUTANE, 'Butane', 10)],
      }),
    ]);
    const row = rowOf(result, 'CAGE', 'Butane');
    expect(row).toMatchObject({ quantity_lb: 8_000, covered: false, is_estimate: true });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: 'missing_nfpa', inventory_product_id: 77 }),
    );
    expect(result.estimated).toEqual([
      'NFPA flammability of a mixture holding a listed flammable (counted whole while not recorded)',
    ]);
  });

  it('takes a component given as 30–60% at its upper bound (60%)', () => {
    // 5,000 lb × 60% = 3,000 lb chlorine > TQ 2,500 → covered (at the midpoint, 45%, it would be 2,250).
    const line = stored(5_000, {
      location_stored: 'ROOM 1',
      components: [
        component(CAS.chlorine, 'Chlorine', null, { percentage_weight_low: 30, percentage_weight_high: 60 }),
      ],
    });
    const row = rowOf(runRmp([line]), 'ROOM 1', 'Chlorine');
    expect(row).toMatchObject({ quantity_lb: 3_000, covered: true });
    expect(row?.explanation.contributions[0]?.percent_range).toBe('30–60%: upper bound');
    expect(rowOf(runRmp([line], { percent_basis: 'midpoint' }), 'ROOM 1', 'Chlorine')?.quantity_lb).toBe(
      2_250,
    );
  });

  it('is not covered at exactly the TQ (68.115(a) "exceeds")', () => {
    // 2,500 lb × 100% chlorine = 2,500 lb, not > TQ 2,500 → not covered.
    const result = runRmp([
      stored(2_500, { location_stored: 'ROOM 2', components: [component(CAS.chlorine, 'Chlorine', 100)] }),
    ]);
    const row = rowOf(result, 'ROOM 2', 'Chlorine');
    expect(row).toMatchObject({ quantity_lb: 2_500, covered: false });
    expect(row?.test.rule_text).toBe('2,500.00 lb ≤ TQ 2,500 lb');
    expect(result.rows).toEqual([]);
  });

  it('never adds different substances together, and screens the facility total of one', () => {
    // ROOM A 1,500 lb chlorine, ROOM B 1,500 lb chlorine + 9,000 lb propane (pure): chlorine per room
    // 1,500 ≤ 2,500, the facility screen 3,000 > 2,500 → covered; propane 9,000 ≤ 10,000 on its own.
    const result = runRmp([
      stored(1_500, { location_stored: 'ROOM A', components: [component(CAS.chlorine, 'Chlorine', 100)] }),
      stored(1_500, { location_stored: 'ROOM B', components: [component(CAS.chlorine, 'Chlorine', 100)] }),
      stored(9_000, { location_stored: 'ROOM B', components: [component(PROPANE, 'Propane', 100)] }),
    ]);
    expect(result.rows.map((row) => [row.process, row.substance, row.quantity_lb])).toEqual([
      ['Facility total (screen)', 'Chlorine', 3_000],
    ]);
    expect(rowOf(result, 'ROOM B', 'Propane')).toMatchObject({ quantity_lb: 9_000, covered: false });
  });

  it('leaves out a toxic with the partial-pressure override and prints its note', () => {
    const result = runRmp([
      stored(30_000, {
        location_stored: 'PIT',
        product_name: 'Dilute chlorine bleach',
        is_partial_pressure_exempt: true,
        partial_pressure_note: 'vendor letter 2025-04: 2 mmHg at 20 °C',
        components: [component(CAS.chlorine, 'Chlorine', 12)],
      }),
    ]);
    const row = rowOf(result, 'PIT', 'Chlorine');
    expect(row).toMatchObject({ quantity_lb: 0, covered: false });
    expect(row?.exemptions).toEqual([
      'Dilute chlorine bleach: partial pressure below 10 mmHg (override: vendor letter 2025-04: 2 mmHg at 20 °C)',
    ]);
  });

  it('refuses the partial-pressure override for oleum and the toluene diisocyanates (68.115(b)(1)), with a warning and a note', () => {
    // 68.115(b)(1) excepts oleum, toluene 2,4-/2,6-diisocyanate and TDI (unspecified isomer) from
    // the < 10 mmHg exemption, so the override is not applied:
    // PREPOLYMER: 30,000 lb × 40% TDI 2,4 = 12,000 lb > TQ 10,000 → covered (with the override: 0).
    // ACID: 15,000 lb × 100% oleum = 15,000 lb > TQ 10,000 → covered.
    const TDI_24 = '584-84-9';
    const OLEUM = '8014-95-7';
    const lists: ReferenceLists = {
      ...RMP_LISTS,
      entries: [
        ...RMP_LISTS.entries,
        rmp('Toluene 2,4-diisocyanate [Benzene, 2,4-diisocyanato-1-methyl-]', TDI_24, 10_000),
        rmp('Oleum (Fuming Sulfuric acid)', OLEUM, 10_000),
      ],
    };
    const override = { is_partial_pressure_exempt: true, partial_pressure_note: 'vendor estimate 0.01 mmHg' };
    const result = computeReport(
      'caa_112r_rmp',
      snapshot([
        stored(30_000, {
          inventory_product_id: 501,
          location_stored: 'PREPOLYMER',
          product_name: 'TDI prepolymer',
          ...override,
          components: [component(TDI_24, 'Toluene 2,4-diisocyanate', 40)],
        }),
        stored(15_000, {
          inventory_product_id: 502,
          location_stored: 'ACID',
          product_name: 'Oleum 20%',
          ...override,
          components: [component(OLEUM, 'Oleum', 100)],
        }),
      ]),
      lists,
    );
    const tdi = rowOf(result, 'PREPOLYMER', 'Toluene 2,4-diisocyanate [Benzene, 2,4-diisocyanato-1-methyl-]');
    expect(tdi).toMatchObject({ quantity_lb: 12_000, covered: true, exemptions: [] });
    const refused =
      'TDI prepolymer: partial-pressure override not applied: 40 CFR 68.115(b)(1) excepts Toluene 2,4-diisocyanate from the below-10-mmHg exemption';
    expect(tdi?.explanation.notes).toContain(refused);
    const oleum = rowOf(result, 'ACID', 'Oleum (Fuming Sulfuric acid)');
    expect(oleum).toMatchObject({ quantity_lb: 15_000, covered: true, exemptions: [] });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        code: 'override_not_applied',
        inventory_product_id: 501,
        message: expect.stringContaining(
          'partial-pressure override not applied: 40 CFR 68.115(b)(1) excepts Toluene 2,4-diisocyanate from the below-10-mmHg exemption; counted in full',
        ),
      }),
    );
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: 'override_not_applied', inventory_product_id: 502 }),
    );
  });

  it('carries 68.130 as data: 77 toxic listings (75 CAS), 63 flammables, every CAS valid and of one kind', () => {
    expect(RMP_TABLE_1_TOXICS).toHaveLength(77);
    expect(new Set(RMP_TABLE_1_TOXICS.map((s) => s.cas_number)).size).toBe(75);
    expect(RMP_TABLE_3_FLAMMABLES).toHaveLength(63);
    expect(new Set(RMP_TABLE_3_FLAMMABLES.map((s) => s.cas_number)).size).toBe(63);
    for (const s of [...RMP_TABLE_1_TOXICS, ...RMP_TABLE_3_FLAMMABLES])
      expect(isValidCasNumber(s.cas_number)).toBe(true);
    expect(RMP_TABLE_1_TOXICS.filter((s) => rmpTableKind(s.cas_number) !== 'toxic')).toEqual([]);
    expect(RMP_TABLE_3_FLAMMABLES.filter((s) => rmpTableKind(s.cas_number) !== 'flammable')).toEqual([]);
    expect(rmpTableKind(CAS.water)).toBeNull();
  });

  describe("a list in EPA's List of Lists layout (a TQ column only: no toxic/flammable, no alias)", () => {
    /** As the Consolidated List of Lists gives RMP rows: name, CAS, TQ; nothing else. */
    const LIST_OF_LISTS: ReferenceLists = {
      entries: [
        ...LISTS.entries.filter((entry) => entry.list_type !== 'rmp'),
        rmp('Ammonia (anhydrous)', CAS.ammonia, 10_000, { substance_kind: '' }),
        rmp('Ammonia (conc 20% or greater)', CAS.ammonia, 20_000, { substance_kind: '' }),
        rmp('Propane', PROPANE, 10_000, { substance_kind: '' }),
        rmp('Chlorine', CAS.chlorine, 2_500, { substance_kind: null }),
      ],
      uploaded_at: { rmp: '2026-03-01' },
    };
    const runLoL = (lines: SnapshotLine[]) => computeReport('caa_112r_rmp', snapshot(lines), LIST_OF_LISTS);

    it('tests propane as a 68.130 Table 3 flammable: a 12,000-lb NFPA-4 mixture with 50% propane counts whole', () => {
      // 68.115(b)(2)(i): a mixture with >= 1% of a listed flammable at NFPA flammability 4 counts
      // its WHOLE weight: 12,000 lb (not 50% × 12,000 = 6,000 lb as a toxic) > TQ 10,000 → covered.
      const result = runLoL([
        stored(12_000, {
          location_stored: 'MIX',
          nfpa: '1-4-0',
          components: [component(PROPANE, 'Propane', 50), component('64742-95-6', 'Solvent naphtha', 50)],
        }),
      ]);
      const row = rowOf(result, 'MIX', 'Propane');
      expect(row).toMatchObject({ kind: 'flammable', quantity_lb: 12_000, covered: true });
      expect(row?.test.rule_text).toBe('12,000.00 lb > TQ 10,000 lb');
      // Chlorine (no kind on the list either) stays a toxic, by 68.130 Table 1.
      const chlorine = runLoL([
        stored(3_000, { location_stored: 'ROOM', components: [component(CAS.chlorine, 'Chlorine', 100)] }),
      ]);
      expect(rowOf(chlorine, 'ROOM', 'Chlorine')).toMatchObject({
        kind: 'toxic',
        quantity_lb: 3_000,
        covered: true,
      });
      // The list-level warning says which source decided.
      expect(result.warnings).toContainEqual(
        expect.objectContaining({
          code: 'list_filled_from_regulation',
          inventory_product_id: null,
          message: expect.stringContaining(
            'RMP list: 4 listings have no toxic/flammable column; 40 CFR 68.130 (Tables 1-4, data in the app) decided: 3 toxic, 1 flammable (Propane)',
          ),
        }),
      );
    });

    it('counts ammonium hydroxide 1336-21-6 under Ammonia (conc 20% or greater) without an alias column', () => {
      // 100,000 lb × 29% = 29,000 lb > TQ 20,000 → covered under ammonia 7664-41-7.
      const result = runLoL([
        stored(100_000, {
          location_stored: 'TANK C',
          components: [
            component(CAS.ammoniumHydroxide, 'Ammonium hydroxide', 29),
            component(CAS.water, 'Water', 71),
          ],
        }),
      ]);
      const row = rowOf(result, 'TANK C', 'Ammonia (conc 20% or greater)');
      expect(row).toMatchObject({ cas_number: CAS.ammonia, quantity_lb: 29_000, covered: true });
      expect(row?.explanation.contributions[0]?.pounds_basis).toContain(
        'Ammonium hydroxide 1336-21-6 counted under Ammonia (conc 20% or greater) (40 CFR 68.130 data in the app; the RMP list has no alias column)',
      );
      expect(result.warnings).toContainEqual(
        expect.objectContaining({
          code: 'list_filled_from_regulation',
          message: expect.stringContaining(
            'ammonium hydroxide 1336-21-6 is counted under Ammonia (conc 20% or greater) 7664-41-7 by 40 CFR 68.130 data in the app',
          ),
        }),
      );
    });

    it('applies the fuel exemption to propane used as fuel (68.126)', () => {
      // 12,000 lb of propane 100% flagged "used or sold as fuel": left out, q = 0 (as a toxic it
      // read 12,000 lb > 10,000 covered).
      const result = runLoL([
        stored(12_000, {
          location_stored: 'YARD',
          product_name: 'Forklift propane',
          is_used_as_fuel: true,
          components: [component(PROPANE, 'Propane', 100)],
        }),
      ]);
      const row = rowOf(result, 'YARD', 'Propane');
      expect(row).toMatchObject({ quantity_lb: 0, covered: false });
      expect(row?.exemptions).toEqual([
        'Forklift propane: used as fuel or held for sale as fuel (40 CFR 68.126)',
      ]);
      expect(result.rows).toEqual([]);
    });

    it("lets the list's own columns win, and says nothing when they are all there", () => {
      // RMP_LISTS marks every listing toxic or flammable and carries the alias: no warning.
      const result = runRmp([
        stored(100, { location_stored: 'ROOM', components: [component(CAS.chlorine, 'Chlorine', 100)] }),
      ]);
      expect(result.warnings.filter((w) => w.code === 'list_filled_from_regulation')).toEqual([]);
      // A list that marks propane toxic (wrongly) is obeyed: 50% of 12,000 = 6,000 lb.
      const marked: ReferenceLists = {
        ...LIST_OF_LISTS,
        entries: LIST_OF_LISTS.entries.map((entry) =>
          entry.list_type === 'rmp' && entry.cas_number === PROPANE
            ? { ...entry, substance_kind: 'toxic' }
            : entry,
        ),
      };
      const obeyed = computeReport(
        'caa_112r_rmp',
        snapshot([
          stored(12_000, {
            location_stored: 'MIX',
            nfpa: '1-4-0',
            components: [component(PROPANE, 'Propane', 50)],
          }),
        ]),
        marked,
      );
      expect(rowOf(obeyed, 'MIX', 'Propane')).toMatchObject({ kind: 'toxic', quantity_lb: 6_000 });
    });
  });
});

// Issue 33 point 2: chlorine in ROOM 9 recorded as 2 × 20 gal of liquified gas with no specific
// gravity or pounds per gallon: pounds unknown; known 0 lb ≤ TQ 2,500, so coverage cannot be
// determined (per process and in the facility screen). 3,000 lb known beside it: covered.
describe('RMP with pounds unknown (issue 33 point 2)', () => {
  const cylinders = inventoryLine({
    inventory_product_id: 101,
    product_name: 'Chlorine liquid',
    physical_state: 'liquified gas',
    location_stored: 'ROOM 9',
    container_size: 20,
    container_quantity: 2,
    pounds_per_gallon: null,
    components: [component(CAS.chlorine, 'Chlorine', 100)],
  });

  it('the process row is in the main table, undetermined', () => {
    const result = runRmp([cylinders]);
    expect(rowOf(result, 'ROOM 9', 'Chlorine')).toMatchObject({
      covered: false,
      cannot_be_determined: 'cannot be determined: Specific Gravity or Pounds per Gallon',
    });
    expect(result.rows.map((row) => row.process)).toContain('ROOM 9');
    expect(result.header_facts?.[0]?.label).toBe('Processes whose coverage cannot be determined');
  });

  it('3,000 lb known in the same room is covered whatever the cylinders weigh', () => {
    const known = stored(3_000, {
      location_stored: 'ROOM 9',
      components: [component(CAS.chlorine, 'Chlorine', 100)],
    });
    expect(rowOf(runRmp([known, cylinders]), 'ROOM 9', 'Chlorine')).toMatchObject({
      covered: true,
      cannot_be_determined: null,
    });
  });
});
