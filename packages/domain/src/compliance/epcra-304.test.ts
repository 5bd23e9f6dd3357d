import { describe, expect, it } from 'vitest';
import { computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot, stored } from './test-fixtures.ts';
import type { ReferenceLists } from './types.ts';

function run304(lines: Parameters<typeof snapshot>[0], lists: ReferenceLists = LISTS) {
  return computeReport('epcra_304_cercla', snapshot(lines), lists);
}

describe('EPCRA 304 / CERCLA spill-reporting exposure', () => {
  it('applies the mixture rule with no de minimis: 0.5% of 40,000 lb = 200 lb ≥ RQ 100', () => {
    const row = run304([stored(40_000, { components: [component(CAS.acrylonitrile, 'Acrylonitrile', 0.5)] })])
      .rows[0];
    expect(row).toMatchObject({
      cas_number: CAS.acrylonitrile,
      rq_lb: 100,
      rq_list: 'cercla',
      quantity_lb: 200,
      release_could_reach_rq: true,
    });
    expect(row?.test.rule_text).toBe('200.00 lb ≥ RQ 100 lb');
  });

  it('is ≥ at the RQ: 100 lb of a 40% mixture = 40 lb < RQ 100 (EPA example); 250 lb × 40% = 100 lb ≥ RQ 100', () => {
    const below = run304([stored(100, { components: [component(CAS.acrylonitrile, 'Acrylonitrile', 40)] })])
      .rows[0];
    expect(below).toMatchObject({ quantity_lb: 40, release_could_reach_rq: false, near_threshold: false });
    expect(below?.test.rule_text).toBe('40.00 lb < RQ 100 lb');
    const at = run304([stored(250, { components: [component(CAS.acrylonitrile, 'Acrylonitrile', 40)] })])
      .rows[0];
    expect(at).toMatchObject({ quantity_lb: 100, release_could_reach_rq: true });
  });

  it('gives, per line, the release of product that holds the RQ, in pounds and gallons', () => {
    // 2 pails × 5 gal = 10 gal × 10 lb/gal = 100 lb; chloroform 9.5% → 9.5 lb < RQ 10, ≥ 9 → near threshold.
    // Release to reach the RQ: 10 / 0.095 = 105.2632 lb; / 10 lb/gal = 10.5263 gal.
    // One pail: 100 / 2 = 50 lb × 9.5% = 4.75 lb < RQ 10 → no single-container exposure.
    const pails = line({
      inventory_product_id: 3,
      container_name: 'Pail',
      container_size: 5,
      container_quantity: 2,
      pounds_per_gallon: 10,
      components: [component(CAS.chloroform, 'Chloroform', 9.5)],
    });
    const row = run304([pails]).rows[0];
    expect(row).toMatchObject({
      quantity_lb: 9.5,
      release_could_reach_rq: false,
      near_threshold: true,
      largest_container_lb: 4.75,
      single_container_exposure: false,
    });
    expect(row?.releases).toEqual([
      {
        inventory_product_id: 3,
        product_name: 'Product 3',
        location_stored: 'WAREHOUSE',
        container: 'Pail 5 gal × 2',
        percent_weight: 9.5,
        percent_unknown: false,
        whole_solution: false,
        release_lb_to_rq: 105.2632,
        release_gal_to_rq: 10.5263,
        container_component_lb: 4.75,
      },
    ]);
  });

  it('flags a single container that holds the RQ: 2 cylinders × 2,025 ft³ / 13.5 = 300 lb, 150 lb each ≥ RQ 10', () => {
    const cylinders = line({
      physical_state: 'compressed gas',
      container_name: 'Cylinder',
      unit_type: 'cu',
      unit_name: 'cu ft',
      container_size: 2025,
      container_quantity: 2,
      conversion_factor: 13.5,
      pounds_per_gallon: null,
      components: [component(CAS.chlorine, 'Chlorine', 100)],
    });
    const row = run304([cylinders]).rows[0];
    expect(row).toMatchObject({
      quantity_lb: 300,
      rq_lb: 10,
      largest_container_lb: 150,
      single_container_exposure: true,
      lists: ['cercla', 'ehs'],
    });
    expect(row?.releases[0]?.release_gal_to_rq).toBeNull();
  });

  it('tests ammonia and ammonium hydroxide separately, each against its own RQ', () => {
    // NH4OH 1336-21-6, a 30% solution: the solution's whole weight counts (rules §2, EPA FAQ: no
    // mixture rule for ammonium hydroxide solution), 1,000 lb ≥ RQ 1,000 (was 1,000 × 30% = 300 lb,
    // the false negative of issue 31 point 8). Ammonia 7664-41-7: 200 lb × 60% = 120 lb ≥ RQ 100.
    const rows = run304([
      stored(1000, { components: [component(CAS.ammoniumHydroxide, 'Ammonium hydroxide', 30)] }),
      stored(200, { components: [component(CAS.ammonia, 'Ammonia', 60)] }),
    ]).rows;
    expect(
      rows.map((row) => [row.cas_number, row.rq_lb, row.quantity_lb, row.release_could_reach_rq]),
    ).toEqual([
      [CAS.ammonia, 100, 120, true],
      [CAS.ammoniumHydroxide, 1000, 1000, true],
    ]);
  });

  describe('ammonium hydroxide solution: its whole weight against its own RQ (issue 31 point 8, rules §2)', () => {
    // EPA, "Determining the amount released for ammonia and ammonium hydroxide": a release of
    // ammonium hydroxide solution is compared with the RQ of ammonium hydroxide (1,000 lb) without
    // the CERCLA mixture rule; ammonia (RQ 100 lb) is considered individually.
    const hydroxide = (pounds: number, extra: Parameters<typeof component>[] = []) =>
      stored(pounds, {
        inventory_product_id: 71,
        product_name: 'Ammonium Hydroxide 29%',
        physical_state: 'liquid',
        components: [
          component(CAS.ammoniumHydroxide, 'Ammonium hydroxide', 29),
          ...extra.map((args) => component(...args)),
        ],
      });

    it('1,200 lb of a 29% solution (SDS: 1336-21-6 at 29%, water 71%) is 1,200 lb ≥ RQ 1,000: reportable', () => {
      // Hand: the solution is the listed substance → 1,200 lb ≥ 1,000 → a release could reach the RQ.
      // Before the fix: 1,200 × 29% = 348 lb < 1,000 → "not reportable".
      // Release holding the RQ: 1,000 lb of solution (the whole weight counts, so RQ / 100%).
      const row = run304([hydroxide(1200, [[CAS.water, 'Water', 71]])]).rows[0];
      expect(row).toMatchObject({
        cas_number: CAS.ammoniumHydroxide,
        rq_lb: 1000,
        quantity_lb: 1200,
        release_could_reach_rq: true,
        largest_container_lb: 1200,
        single_container_exposure: true,
      });
      expect(row?.test.rule_text).toBe('1,200.00 lb ≥ RQ 1,000 lb');
      expect(row?.releases[0]).toMatchObject({
        percent_weight: 100,
        whole_solution: true,
        release_lb_to_rq: 1000,
      });
      expect(row?.explanation.contributions[0]).toMatchObject({
        line_pounds: 1200,
        percent_weight: 100,
        pounds_contributed: 1200,
      });
      expect(row?.explanation.notes).toContain(
        'Ammonium Hydroxide 29% (line 71): an ammonium hydroxide solution (SDS 29%); EPA does not apply the CERCLA mixture rule to it for its own listing, so the whole solution, 1,200.00 lb, counts against the RQ of ammonium hydroxide.',
      );
    });

    it('the same when the SDS lists 1336-21-6 at 29% and nothing else (water not listed)', () => {
      // 1,200 lb ≥ 1,000 (before: 348 lb).
      expect(run304([hydroxide(1200)]).rows[0]).toMatchObject({
        quantity_lb: 1200,
        release_could_reach_rq: true,
      });
    });

    it('ammonia keeps its own row, RQ and percentage: the hydroxide is never added to it', () => {
      // Aqueous ammonia listed as 7664-41-7 at 29% (300 lb): 300 × 29% = 87 lb < RQ 100, ≥ 90? no → not near.
      // The 1,200-lb hydroxide line adds nothing to ammonia (different CAS, rules §0.2).
      const aqua = stored(300, {
        inventory_product_id: 72,
        components: [component(CAS.ammonia, 'Ammonia', 29), component(CAS.water, 'Water', 71)],
      });
      const rows = run304([hydroxide(1200, [[CAS.water, 'Water', 71]]), aqua]).rows;
      expect(
        rows.map((row) => [row.cas_number, row.rq_lb, row.quantity_lb, row.release_could_reach_rq]),
      ).toEqual([
        [CAS.ammoniumHydroxide, 1000, 1200, true],
        [CAS.ammonia, 100, 87, false],
      ]);
      expect(rows[1]?.explanation.contributions.map((c) => c.inventory_product_id)).toEqual([72]);
    });

    it('a product holding ammonium hydroxide among other constituents keeps the mixture rule at its percentage', () => {
      // Glass cleaner 2,000 lb: ammonium hydroxide 5% with 2-butoxyethanol 10% and water: not an
      // ammonium hydroxide solution but a mixture holding one → 2,000 × 5% = 100 lb < RQ 1,000.
      const cleaner = stored(2000, {
        inventory_product_id: 73,
        product_name: 'Glass Cleaner',
        components: [
          component(CAS.ammoniumHydroxide, 'Ammonium hydroxide', 5),
          component('111-76-2', '2-Butoxyethanol', 10),
          component(CAS.water, 'Water', 85),
        ],
      });
      const row = run304([cleaner]).rows[0];
      expect(row).toMatchObject({ quantity_lb: 100, release_could_reach_rq: false });
      expect(row?.releases[0]).toMatchObject({ whole_solution: false, release_lb_to_rq: 20_000 });
    });
  });

  it('uses the lower of the CERCLA RQ and the EHS list RQ', () => {
    // Test list: EHS chlorine carries a 304 RQ of 5 lb, below CERCLA's 10 lb. 6 lb ≥ 5 → reportable under the EHS RQ.
    const lists: ReferenceLists = {
      entries: LISTS.entries.map((entry) =>
        entry.list_type === 'ehs' && entry.cas_number === CAS.chlorine
          ? { ...entry, final_reportable_quantity_lb: 5 }
          : entry,
      ),
    };
    const row = run304([stored(6, { components: [component(CAS.chlorine, 'Chlorine', 100)] })], lists)
      .rows[0];
    expect(row).toMatchObject({ rq_lb: 5, rq_list: 'ehs', release_could_reach_rq: true });
  });

  it('marks a solid 302.6(c) metal "form unknown"', () => {
    // Lead on a test CERCLA list at RQ 10: 100 lb × 100% = 100 lb ≥ 10.
    const lists: ReferenceLists = {
      entries: [
        ...LISTS.entries,
        {
          list_type: 'cercla',
          chemical_name: 'Lead',
          cas_number: CAS.lead,
          threshold_quantity_lbs: null,
          final_reportable_quantity_lb: 10,
        },
      ],
    };
    const row = run304([stored(100, { components: [component(CAS.lead, 'Lead', 100)] })], lists).rows[0];
    expect(row).toMatchObject({ form_unknown: true, release_could_reach_rq: true });
  });

  it('mixture rule 302.6(b): a listed chemical with no percentage on the SDS is screened on the whole mixture (issue 21, point 7)', () => {
    // Resin 2,000 lb holds acrylonitrile (CERCLA RQ 100 lb) at a percentage the SDS does not give.
    // 302.6(b)(1)(ii): with a constituent's quantity unknown, the mixture released counts against
    // the lowest RQ of its constituents; here acrylonitrile's own, 100 lb. The whole mixture,
    // 2,000 lb ≥ 100 lb → a release could reach the RQ. (Before: the chemical vanished from 304.)
    const resin = stored(2000, {
      inventory_product_id: 61,
      product_name: 'Resin',
      components: [component(CAS.acrylonitrile, 'Acrylonitrile', null)],
    });
    const row = run304([resin]).rows[0];
    expect(row).toMatchObject({
      cas_number: CAS.acrylonitrile,
      rq_lb: 100,
      quantity_lb: 2000,
      release_could_reach_rq: true,
    });
    expect(row?.test.rule_text).toBe('2,000.00 lb ≥ RQ 100 lb');
    expect(row?.explanation.notes).toContain(
      'Resin (line 61): the SDS gives no percentage of Acrylonitrile; under the mixture rule (40 CFR 302.6(b)) the whole mixture, 2,000.00 lb, is compared with 100 lb, the lowest RQ of its listed constituents (Acrylonitrile).',
    );
    // Release to reach it: the mixture itself, 100 lb.
    expect(row?.releases[0]).toMatchObject({
      percent_weight: 100,
      percent_unknown: true,
      release_lb_to_rq: 100,
    });
  });

  it('mixture rule 302.6(b): the whole mixture against the lowest RQ of its constituents', () => {
    // 50 lb of a mixture: acrylonitrile (RQ 100) at an unknown percentage, chloroform (RQ 10) at 10%.
    // Chloroform: 50 × 10% = 5 lb < RQ 10. Acrylonitrile: the whole 50 lb < its RQ 100, but the
    // mixture's quantity is not fully known, so a release of 50 lb ≥ 10 lb (chloroform, the lowest
    // constituent RQ) must be reported → acrylonitrile's row: a release could reach the RQ.
    const mixture = stored(50, {
      inventory_product_id: 62,
      product_name: 'Mixture',
      components: [
        component(CAS.acrylonitrile, 'Acrylonitrile', null),
        component(CAS.chloroform, 'Chloroform', 10),
      ],
    });
    const rows = run304([mixture]).rows;
    expect(
      rows.map((row) => [row.cas_number, row.quantity_lb, row.rq_lb, row.release_could_reach_rq]),
    ).toEqual([
      [CAS.acrylonitrile, 50, 100, true],
      [CAS.chloroform, 5, 10, false],
    ]);
    expect(rows[0]?.explanation.notes).toContain(
      'Mixture (line 62): the SDS gives no percentage of Acrylonitrile; under the mixture rule (40 CFR 302.6(b)) the whole mixture, 50.00 lb, is compared with 10 lb, the lowest RQ of its listed constituents (Chloroform): a release of 10 lb of the mixture is reportable.',
    );
    expect(rows[0]?.releases[0]).toMatchObject({ release_lb_to_rq: 10 });
  });

  it('names the percent basis it used in its rule text (issue 31 point 13)', () => {
    // Acrylonitrile 30-60% of 1,000 lb: midpoint 45% → 450 lb; upper bound 60% → 600 lb. The rule
    // paragraph printed under the header names the point actually read (before: always "upper bound").
    const lines = [
      stored(1000, {
        components: [
          component(CAS.acrylonitrile, 'Acrylonitrile', null, {
            percentage_weight_low: 30,
            percentage_weight_high: 60,
          }),
        ],
      }),
    ];
    const midpoint = computeReport('epcra_304_cercla', snapshot(lines), LISTS, { percent_basis: 'midpoint' });
    expect(midpoint.rows[0]?.quantity_lb).toBe(450);
    expect(midpoint.rule).toContain(
      'Percent ranges on the SDSs are read at their midpoint (the report setting).',
    );
    expect(midpoint.rule).not.toContain('upper bound');
    const upper = run304(lines);
    expect(upper.rows[0]?.quantity_lb).toBe(600);
    expect(upper.rule).toContain(
      'Percent ranges on the SDSs are read at their upper bound (the report setting).',
    );
  });

  it('says totals are computed before rounding when the printed lines do not add up (issue 31 point 14)', () => {
    // Chloroform 33.33% of 1 lb on three lines: 0.3333 lb each, printed 0.33 (0.99 together);
    // the row's 0.9999 lb prints 1.00 → the note.
    const lines = [1, 2, 3].map((i) =>
      stored(1, {
        inventory_product_id: 90 + i,
        components: [component(CAS.chloroform, 'Chloroform', 33.33)],
      }),
    );
    const result = run304(lines);
    expect(result.rows[0]?.quantity_lb).toBe(0.9999);
    expect(result.notes).toContain(
      'Totals are computed before rounding: printed rows may differ from the printed total by rounding.',
    );
    // 3 × 1 lb × 30% = 0.30 each, 0.90 in all: they add up, no note.
    const even = run304(
      [1, 2, 3].map((i) =>
        stored(1, {
          inventory_product_id: 95 + i,
          components: [component(CAS.chloroform, 'Chloroform', 30)],
        }),
      ),
    );
    expect(even.notes.some((note) => note.startsWith('Totals are computed before rounding'))).toBe(false);
  });

  it('is labelled a screening of what is stored', () => {
    expect(run304([]).is_screening).toBe(true);
  });
});

// Issue 33 point 2: the same chlorine cylinders in gallons with no specific gravity or pounds per
// gallon: pounds unknown, chlorine's CERCLA RQ 10 lb; known 0 lb, so whether a release could reach
// the RQ cannot be determined. 12 lb known beside them: ≥ 10 → Yes.
describe('EPCRA 304 with pounds unknown (issue 33 point 2)', () => {
  const cylinders = line({
    inventory_product_id: 97,
    product_id: 21,
    product_name: 'Chlorine liquid',
    physical_state: 'liquified gas',
    container_size: 20,
    container_quantity: 2,
    pounds_per_gallon: null,
    components: [component(CAS.chlorine, 'Chlorine', 100)],
  });

  it('the row cannot be determined', () => {
    const result = computeReport('epcra_304_cercla', snapshot([cylinders]), LISTS);
    const row = result.rows.find((item) => item.cas_number === CAS.chlorine);
    expect(row).toMatchObject({
      release_could_reach_rq: false,
      cannot_be_determined: 'cannot be determined: Specific Gravity or Pounds per Gallon',
    });
    expect(result.header_facts?.[0]?.label).toBe('Chemicals whose release exposure cannot be determined');
  });

  it('12 lb known beside them reaches the RQ', () => {
    const known = stored(12, {
      inventory_product_id: 98,
      components: [component(CAS.chlorine, 'Chlorine', 100)],
    });
    const result = computeReport('epcra_304_cercla', snapshot([known, cylinders]), LISTS);
    expect(result.rows.find((item) => item.cas_number === CAS.chlorine)).toMatchObject({
      release_could_reach_rq: true,
      cannot_be_determined: null,
    });
  });
});
