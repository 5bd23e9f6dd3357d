import { describe, expect, it } from 'vitest';
import { computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot, solid, stored } from './test-fixtures.ts';

function run302(...lines: Parameters<typeof snapshot>[0]) {
  return computeReport('epcra_302', snapshot(lines), LISTS);
}

describe('EPCRA 302 extremely hazardous substances', () => {
  it('reports a mixture component that meets its TPQ only when added up across two products', () => {
    // A: 55 gal × 8.34 lb/gal = 458.70 lb; 458.70 × 30% = 137.61 lb ammonia.
    // B: 110 gal × (SG 0.9 × 8.34 = 7.506 lb/gal) = 825.66 lb; 825.66 × 45% = 371.547 lb ammonia.
    // Facility: 137.61 + 371.547 = 509.157 lb ≥ TPQ 500 → notification required; each alone < 500.
    const a = line({
      inventory_product_id: 1,
      product_name: 'Cleaner A',
      max_gallons: 55,
      max_pounds: 458.7,
      components: [component(CAS.ammonia, 'Ammonia', 30)],
    });
    const b = line({
      inventory_product_id: 2,
      product_name: 'Cleaner B',
      max_gallons: 110,
      pounds_per_gallon: null,
      specific_gravity: 0.9,
      components: [component(CAS.ammonia, 'Ammonia, anhydrous', 45)],
    });
    const result = run302(a, b);
    expect(result.rows).toHaveLength(1);
    const [row] = result.rows;
    expect(row).toMatchObject({
      cas_number: CAS.ammonia,
      chemical_name: 'Ammonia',
      component_names: ['Ammonia', 'Ammonia, anhydrous'],
      tpq_applied_lb: 500,
      quantity_lb: 509.157,
      notification_required: true,
      rq_lb: 100,
    });
    expect(row?.test.rule_text).toBe('509.16 lb ≥ TPQ 500 lb');
    expect(row?.explanation.contributions).toEqual([
      expect.objectContaining({
        inventory_product_id: 1,
        product_name: 'Cleaner A',
        container: 'Drum 55 gal × 1',
        line_pounds: 458.7,
        percent_weight: 30,
        pounds_contributed: 137.61,
      }),
      expect.objectContaining({
        inventory_product_id: 2,
        product_name: 'Cleaner B',
        line_pounds: 825.66,
        percent_weight: 45,
        pounds_contributed: 371.547,
      }),
    ]);
    // Alone, A (137.61 lb) and B (371.547 lb) are each below TPQ 500.
    expect(run302(a).rows[0]?.notification_required).toBe(false);
    expect(run302(b).rows[0]?.notification_required).toBe(false);
  });

  it('includes a gas at exactly the TPQ and marks 99.99 lb near threshold', () => {
    // 1 cylinder × 1,350 ft³ / 13.5 ft³ per lb = 100 lb chlorine (100%) ≥ TPQ 100 → reported.
    const cylinder = line({
      physical_state: 'liquified gas',
      container_name: 'Cylinder',
      unit_type: 'cu',
      unit_name: 'cu ft',
      container_size: 1350,
      container_quantity: 1,
      conversion_factor: 13.5,
      pounds_per_gallon: null,
      components: [component(CAS.chlorine, 'Chlorine', 100)],
    });
    const atTpq = run302(cylinder).rows[0];
    expect(atTpq).toMatchObject({ quantity_lb: 100, notification_required: true, near_threshold: false });
    expect(atTpq?.test.rule_text).toBe('100.00 lb ≥ TPQ 100 lb');
    // 99.99 lb × 100% = 99.99 lb < 100 → not reported; ≥ 90 lb → near threshold.
    const below = run302(stored(99.99, { components: [component(CAS.chlorine, 'Chlorine', 100)] })).rows[0];
    expect(below).toMatchObject({ quantity_lb: 99.99, notification_required: false, near_threshold: true });
    expect(below?.test.rule_text).toBe('99.99 lb < TPQ 100 lb');
  });

  it('does not count a component at 1% (de minimis ≤ 1%) but counts 1.01%', () => {
    // 60,000 lb × 1% = 600 lb would exceed TPQ 500, but 1% ≤ 1% → not counted: 0 lb, not reported.
    const atOne = run302(
      stored(60_000, { inventory_product_id: 5, components: [component(CAS.ammonia, 'Ammonia', 1)] }),
    ).rows[0];
    expect(atOne).toMatchObject({ quantity_lb: 0, notification_required: false });
    expect(atOne?.explanation.excluded).toEqual([
      expect.objectContaining({ inventory_product_id: 5, percent_weight: 1, reason: '1% ≤ de minimis 1%' }),
    ]);
    // 50,000 lb × 1.01% = 505 lb ≥ 500 → reported.
    const above = run302(stored(50_000, { components: [component(CAS.ammonia, 'Ammonia', 1.01)] })).rows[0];
    expect(above).toMatchObject({ quantity_lb: 505, notification_required: true });
  });

  it('keeps ammonium hydroxide apart from ammonia by CAS, whatever the component is called', () => {
    // 1,000 lb × 60% = 600 lb of CAS 1336-21-6 (named "Ammonia solution" on the SDS): not the EHS ammonia.
    // Ammonia 7664-41-7: 800 lb × 50% = 400 lb < TPQ 500 → not reported.
    const result = run302(
      stored(1000, { components: [component(CAS.ammoniumHydroxide, 'Ammonia solution', 60)] }),
      stored(800, { components: [component(CAS.ammonia, 'Ammonia', 50)] }),
    );
    expect(result.rows.map((row) => [row.cas_number, row.quantity_lb, row.notification_required])).toEqual([
      [CAS.ammonia, 400, false],
    ]);
  });

  it('takes the lower of two TPQs for a solid unless it is recorded as not powder, solution or molten', () => {
    // Phenol "500/10,000": 2,000 lb × 100% = 2,000 lb.
    const phenol = (form: 'powder' | 'other' | null) =>
      solid(2000, 1, { solid_form: form, components: [component(CAS.phenol, 'Phenol', 100)] });
    // Form unknown → lower TPQ 500 (conservative): 2,000 ≥ 500 → reported.
    expect(run302(phenol(null)).rows[0]).toMatchObject({
      tpq_lower_lb: 500,
      tpq_upper_lb: 10_000,
      tpq_applied_lb: 500,
      notification_required: true,
    });
    // Powder → 500.
    expect(run302(phenol('powder')).rows[0]?.tpq_applied_lb).toBe(500);
    // A solid in none of those forms → 10,000: 2,000 < 10,000 → not reported.
    const bulk = run302(phenol('other')).rows[0];
    expect(bulk).toMatchObject({ tpq_applied_lb: 10_000, notification_required: false });
    expect(bulk?.test.rule_text).toBe('2,000.00 lb < TPQ 10,000 lb');
  });

  it('warns about a liquid with no density and shows it as an uncounted line of the chemical', () => {
    // Line 9: 55 gal, no pounds per gallon / SG / density → pounds unknown; line 10: 300 lb × 50% = 150 lb.
    const result = run302(
      line({
        inventory_product_id: 9,
        product_name: 'Mystery Liquid',
        max_gallons: 55,
        pounds_per_gallon: null,
        components: [component(CAS.chlorine, 'Chlorine', 10)],
      }),
      stored(300, { inventory_product_id: 10, components: [component(CAS.chlorine, 'Chlorine', 50)] }),
    );
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        code: 'missing_density',
        inventory_product_id: 9,
        product_name: 'Mystery Liquid',
      }),
    );
    const [row] = result.rows;
    expect(row).toMatchObject({ quantity_lb: 150, notification_required: true });
    expect(row?.explanation.excluded).toEqual([
      expect.objectContaining({ inventory_product_id: 9, reason: 'pounds unknown (see warnings)' }),
    ]);
  });

  it('warns about components without a percent or CAS and about a CAS on no list', () => {
    const result = run302(
      stored(100, {
        inventory_product_id: 12,
        components: [
          component(CAS.chlorine, 'Chlorine', null),
          component('', 'Fragrance', 5),
          component(CAS.water, 'Water', 90),
          component(CAS.xylene, 'Xylene', null, { percentage_volume: 5 }),
        ],
      }),
      stored(50, { inventory_product_id: 13 }),
    );
    expect(result.warnings.map((w) => [w.code, w.inventory_product_id, w.cas_number ?? null])).toEqual([
      ['missing_percent', 12, CAS.chlorine],
      ['missing_cas', 12, ''],
      ['percent_by_volume_only', 12, CAS.xylene],
      ['no_components', 13, null],
      ['cas_not_listed', 12, CAS.water],
    ]);
    expect(result.warnings.find((w) => w.code === 'cas_not_listed')?.severity).toBe('info');
    expect(result.rows).toEqual([]);
  });

  it('reads a percent range at its upper bound', () => {
    // Chlorine 5-10%: 1,000 lb × 10% = 100 lb ≥ TPQ 100 → reported (the midpoint would give 75 lb).
    const row = run302(
      stored(1000, {
        components: [
          component(CAS.chlorine, 'Chlorine', null, { percentage_weight_low: 5, percentage_weight_high: 10 }),
        ],
      }),
    ).rows[0];
    expect(row).toMatchObject({ quantity_lb: 100, notification_required: true });
  });

  it('says which lists it used and when they were uploaded', () => {
    expect(run302().lists_used).toEqual([
      { list_type: 'ehs', uploaded_at: '2026-01-15' },
      { list_type: 'cercla', uploaded_at: '2026-01-15' },
    ]);
  });

  it('reads a dual TPQ from the stored columns and never gives a reactive solid (note "a") the 10,000 lb TPQ', () => {
    // Test list: sodium cyanide 143-33-9, TPQ 100/10,000 with footnote "a". 2,000 lb of a bulk solid:
    // without the note → 10,000 lb applies, 2,000 < 10,000; with "a" → 100 lb applies, 2,000 ≥ 100 → reported.
    const entry = {
      list_type: 'ehs' as const,
      chemical_name: 'Sodium cyanide (Na(CN))',
      cas_number: '143-33-9',
      threshold_quantity_lbs: 100,
      threshold_quantity_upper_lbs: 10_000,
      final_reportable_quantity_lb: null,
      tpq_text: '100/10,000',
    };
    const bulk = solid(2000, 1, {
      solid_form: 'other',
      components: [component('143-33-9', 'Sodium cyanide', 100)],
    });
    const plain = computeReport('epcra_302', snapshot([bulk]), { entries: [entry] }).rows[0];
    expect(plain).toMatchObject({
      tpq_upper_lb: 10_000,
      tpq_applied_lb: 10_000,
      notification_required: false,
    });
    const reactive = computeReport('epcra_302', snapshot([bulk]), { entries: [{ ...entry, note: 'a' }] })
      .rows[0];
    expect(reactive).toMatchObject({ tpq_upper_lb: null, tpq_applied_lb: 100, notification_required: true });
    expect(reactive?.test.rule_text).toBe('2,000.00 lb ≥ TPQ 100 lb');
  });
});

describe('EPCRA 302: printed contributions against the printed total (issue 31 point 14)', () => {
  const chlorineLines = (percent: number) =>
    [1, 2, 3].map((i) =>
      stored(1, { inventory_product_id: 80 + i, components: [component(CAS.chlorine, 'Chlorine', percent)] }),
    );

  it('three lines of 0.3333 lb print 0.33 each, 0.99, under a total of 1.00: the notes say totals are computed before rounding', () => {
    // 1 lb × 33.33% = 0.3333 lb per line, printed 0.33; 3 × 0.33 = 0.99 printed rows.
    // Total 3 × 0.3333 = 0.9999 lb, printed 1.00 ≠ 0.99 → the note.
    const result = run302(...chlorineLines(33.33));
    expect(result.rows[0]?.quantity_lb).toBe(0.9999);
    expect(result.rows[0]?.explanation.contributions.map((c) => c.pounds_contributed)).toEqual([
      0.3333, 0.3333, 0.3333,
    ]);
    expect(result.notes).toContain(
      'Totals are computed before rounding: printed rows may differ from the printed total by rounding.',
    );
  });

  it('no note when the printed lines add up: 3 × 0.30 lb = 0.90 lb', () => {
    const result = run302(...chlorineLines(30));
    expect(result.rows[0]?.quantity_lb).toBe(0.9);
    expect(result.notes.some((note) => note.startsWith('Totals are computed before rounding'))).toBe(false);
  });
});

describe('EPCRA 302: solids with two TPQs (355.15, 355.16) and the emergency coordinator (355.20(b))', () => {
  const phenol = (pounds: number, extra: Parameters<typeof solid>[2] = {}) =>
    solid(pounds, 1, { components: [component(CAS.phenol, 'Phenol', 100)], ...extra });

  it('a solid in solution counts weight × percent × 0.2 against the lower TPQ', () => {
    // 3,000 lb of a 50% phenol solution: 3,000 × 50% × 0.2 = 300 lb < TPQ 500 → not required
    // (without the reduction, 1,500 lb ≥ 500 would be reported). Whole weight 1,500 < 10,000.
    const row = run302(
      stored(3000, {
        physical_state: 'liquid',
        solid_form: 'solution',
        components: [component(CAS.phenol, 'Phenol', 50)],
      }),
    ).rows[0];
    expect(row).toMatchObject({ quantity_lb: 300, tpq_applied_lb: 500, notification_required: false });
    expect(row?.test.rule_text).toBe('300.00 lb < TPQ 500 lb');
    // 40 CFR 355.16 (eCFR): (a) powder, (b) solid in solution × 0.2, (c) molten × 0.3 (issue 31 point 13).
    expect(row?.explanation.contributions[0]?.pounds_basis).toContain(
      'in solution: × 0.2 (355.16(b)) = 600.00 lb',
    );
  });

  it('a molten solid counts × 0.3; a powder counts its share under 100 µm', () => {
    // Molten: 2,000 lb × 0.3 = 600 lb × 100% = 600 lb ≥ 500 → required.
    const molten = run302(phenol(2000, { solid_form: 'molten' })).rows[0];
    expect(molten).toMatchObject({
      quantity_lb: 600,
      tpq_applied_lb: 500,
      notification_required: true,
    });
    // 355.16(c) is the molten form (before: cited as 355.16(d), a paragraph the section does not have).
    expect(molten?.explanation.contributions[0]?.pounds_basis).toContain(
      'molten: × 0.3 (355.16(c)) = 600.00 lb',
    );
    // Powder with 20% under 100 µm: 2,000 × 20% = 400 lb < 500 → not required.
    const powder = run302(phenol(2000, { solid_form: 'powder', powder_fraction_pct: 20 })).rows[0];
    expect(powder).toMatchObject({ quantity_lb: 400, notification_required: false });
    expect(powder?.explanation.contributions[0]?.pounds_basis).toContain(
      'powder: × 20% under 100 µm (355.16(a)) = 400.00 lb',
    );
  });

  it('cites 355.15 and 355.16 by their paragraphs and names the percent basis it used (issue 31 point 13)', () => {
    // eCFR 355.15(a)(1)-(4): powder < 100 µm, solution, molten, NFPA reactivity 2-4 → lower TPQ;
    // 355.15(b): otherwise 10,000 lb. 355.16(a) powder, (b) solution × 0.2, (c) molten × 0.3.
    const result = computeReport('epcra_302', snapshot([]), LISTS, { percent_basis: 'midpoint' });
    expect(result.rule).toContain(
      'A solid listed with two TPQs takes the lower one in a powder (particles under 100 µm), solution or molten form or at NFPA ' +
        'reactivity 2-4 (355.15(a)), and 10,000 lb otherwise (355.15(b)); the amount in those forms is reduced as 355.16 ' +
        'says: a powder counts its share under 100 µm (355.16(a)), a solid in solution × 0.2 (355.16(b)), a molten solid × 0.3 (355.16(c)).',
    );
    expect(result.rule).toContain(
      'Percent ranges on the SDSs are read at their midpoint (the report setting).',
    );
    expect(result.notes[0]).toBe(
      'Solids with two TPQs: the lower TPQ is tested with the reduced amounts of 40 CFR 355.16 (powder: the share under 100 µm, 355.16(a); solution: × 0.2, 355.16(b); molten: × 0.3, 355.16(c)), the 10,000 lb TPQ with the whole weight. The reductions are for 302 only (notes to 355.16(b) and (c)).',
    );
    expect(run302().rule).toContain(
      'Percent ranges on the SDSs are read at their upper bound (the report setting).',
    );
  });

  it('NFPA reactivity 2-4 takes the lower TPQ for a solid of another form; 0-1 takes 10,000 lb', () => {
    // 2,000 lb, form "other", NFPA "2-1-2" (reactivity 2) → lower TPQ 500, full weight: 2,000 ≥ 500.
    expect(run302(phenol(2000, { solid_form: 'other', nfpa: '2-1-2' })).rows[0]).toMatchObject({
      quantity_lb: 2000,
      tpq_applied_lb: 500,
      notification_required: true,
    });
    // NFPA "2-1-1" (reactivity 1) → 10,000 lb: 2,000 < 10,000.
    expect(run302(phenol(2000, { solid_form: 'other', nfpa: '2-1-1' })).rows[0]).toMatchObject({
      tpq_applied_lb: 10_000,
      notification_required: false,
    });
  });

  it('the whole weight still meets the 10,000 lb TPQ when the reduced amount misses the lower one', () => {
    // 60,000 lb of a 20% solution: 60,000 × 20% × 0.2 = 2,400 lb ≥ 500 → required (lower test).
    // 12,000 lb bulk ("other") + 100 lb molten: reduced 100 × 0.3 = 30 lb < 500, whole 12,100 ≥ 10,000 → required.
    const result = run302(phenol(12_000, { solid_form: 'other' }), phenol(100, { solid_form: 'molten' }));
    expect(result.rows[0]).toMatchObject({
      tpq_applied_lb: 10_000,
      quantity_lb: 12_100,
      notification_required: true,
    });
  });

  it('the reductions never reach Tier II: its amount is the whole weight', () => {
    // 3,000 lb × 50% phenol in solution = 1,500 lb on Tier II (not 300 lb) ≥ min(500, 500) → reported.
    const lineInSolution = stored(3000, {
      physical_state: 'liquid',
      solid_form: 'solution',
      is_sara_a: true,
      components: [component(CAS.phenol, 'Phenol', 50)],
    });
    const tier2 = computeReport('epcra_311_312_tier2', snapshot([lineInSolution]), LISTS);
    expect(tier2.rows.find((row) => row.kind === 'ehs')).toMatchObject({
      max_amount_lb: 1500,
      reportable: true,
    });
  });

  it('names the facility emergency coordinator, or says that none is recorded', () => {
    const acid = stored(100, { components: [component(CAS.chlorine, 'Chlorine', 100)] });
    const withCoordinator = computeReport(
      'epcra_302',
      {
        ...snapshot([acid]),
        facility: {
          id: 2,
          name: 'Plant 1',
          emergency_coordinator: { name: 'Dana Reyes', title: 'EHS Manager', phone: '7135550100' },
        },
      },
      LISTS,
    );
    expect(withCoordinator.emergency_coordinator).toEqual({
      name: 'Dana Reyes',
      title: 'EHS Manager',
      phone: '7135550100',
    });
    const without = run302(acid);
    expect(without.emergency_coordinator).toBeNull();
    expect(without.notes).toContain(
      'No facility emergency coordinator is recorded on the facility: 40 CFR 355.20(b) requires one to be named to the LEPC.',
    );
  });
});

// Issue 33 point 2: 2 × 150-lb-class chlorine cylinders recorded as 20 gal each of liquified gas
// with no specific gravity or pounds per gallon: pounds unknown. Chlorine's TPQ is 100 lb; known
// part 0 lb, so the notification cannot be determined. 150 lb of known chlorine beside it: ≥ 100 → Yes.
describe('EPCRA 302 with pounds unknown (issue 33 point 2)', () => {
  const cylinders = line({
    inventory_product_id: 95,
    product_id: 19,
    product_name: 'Chlorine liquid',
    physical_state: 'liquified gas',
    container_name: 'Cylinder',
    container_size: 20,
    container_quantity: 2,
    pounds_per_gallon: null,
    components: [component(CAS.chlorine, 'Chlorine', 100)],
  });

  it('the EHS row cannot be determined and the header names it', () => {
    const result = computeReport('epcra_302', snapshot([cylinders]), LISTS);
    expect(result.rows[0]).toMatchObject({
      cas_number: CAS.chlorine,
      quantity_lb: 0,
      notification_required: false,
      cannot_be_determined: 'cannot be determined: Specific Gravity or Pounds per Gallon',
    });
    expect(result.header_facts).toEqual([
      {
        label: 'EHS whose notification cannot be determined',
        value: 'Chlorine: cannot be determined: Specific Gravity or Pounds per Gallon',
      },
    ]);
  });

  it('150 lb of known chlorine beside the unknown cylinders: notification required, not undetermined', () => {
    const known = stored(150, {
      inventory_product_id: 96,
      components: [component(CAS.chlorine, 'Chlorine', 100)],
    });
    const result = computeReport('epcra_302', snapshot([known, cylinders]), LISTS);
    expect(result.rows[0]).toMatchObject({ notification_required: true, cannot_be_determined: null });
    expect(result.header_facts).toBeUndefined();
  });
});
