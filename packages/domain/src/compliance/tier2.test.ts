import { describe, expect, it } from 'vitest';
import { computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot, solid, stored } from './test-fixtures.ts';
import type { ComplianceOptions, SnapshotLine } from './types.ts';

function runTier2(lines: SnapshotLine[], options: ComplianceOptions = {}, year = 2025) {
  return computeReport('epcra_311_312_tier2', snapshot(lines, year), LISTS, options);
}

const corrosive = {
  is_sara_a: true,
  hazard_categories: ['Corrosive to metal', 'Skin corrosion or irritation'],
} as const;

describe('EPCRA 311/312 Tier II', () => {
  it('reports lead-acid batteries on their sulfuric acid at 500 lb, the lower of 500 and TPQ 1,000', () => {
    // 100 batteries × 55 lb = 5,500 lb; × 22% = 1,210 lb sulfuric acid ≥ min(500, 1,000) = 500 → reported (range 04).
    const batteries = solid(55, 100, {
      inventory_product_id: 20,
      product_name: 'Lead-acid battery',
      container_name: 'Battery',
      ...corrosive,
      components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 22), component(CAS.lead, 'Lead', 60)],
    });
    const result = runTier2([batteries]);
    const ehs = result.rows.find((row) => row.kind === 'ehs');
    expect(ehs).toMatchObject({
      name: 'Sulfuric acid',
      cas_number: CAS.sulfuricAcid,
      threshold_lb: 500,
      max_amount_lb: 1210,
      max_amount_code: { code: '04' },
      reportable: true,
      physical_states: ['solid'],
      hazard_categories: ['Corrosive to metal', 'Skin corrosion or irritation'],
      hazard_basis: 'ghs',
    });
    expect(ehs?.test.rule_text).toBe('1,210.00 lb ≥ threshold 500 lb');
    expect(ehs?.explanation.notes).toEqual(['500 lb or TPQ 1,000 lb, whichever is lower: 500 lb.']);
    // The battery as a product: 5,500 lb < 10,000 → not reported, but it lists its EHS component.
    const product = result.rows.find((row) => row.kind === 'product');
    expect(product).toMatchObject({
      name: 'Lead-acid battery',
      max_amount_lb: 5500,
      reportable: false,
      is_mixture: true,
      is_ehs: true,
    });
    expect(product?.components.map((c) => [c.cas_number, c.is_ehs])).toEqual([
      [CAS.sulfuricAcid, true],
      [CAS.lead, false],
    ]);
  });

  it('uses the TPQ when it is below 500 lb: chlorine at 100 lb', () => {
    // 100 lb × 100% = 100 lb ≥ min(500, 100) = 100 → reported at the boundary.
    const row = runTier2([
      stored(100, { is_sara_p: true, components: [component(CAS.chlorine, 'Chlorine', 100)] }),
    ]).rows.find((r) => r.kind === 'ehs');
    expect(row).toMatchObject({
      threshold_lb: 100,
      max_amount_lb: 100,
      reportable: true,
      max_amount_code: { code: '02' },
    });
  });

  it('marks an EHS just below 500 lb near threshold: 490 lb sulfuric acid < 500', () => {
    // 980 lb × 50% = 490 lb < 500; ≥ 450 → near threshold.
    const row = runTier2([
      stored(980, { ...corrosive, components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 50)] }),
    ]).rows.find((r) => r.kind === 'ehs');
    expect(row).toMatchObject({ max_amount_lb: 490, reportable: false, near_threshold: true });
  });

  it('adds an EHS up across products: 300 lb + 250 lb of ammonia = 550 lb ≥ 500', () => {
    // A: 1,000 lb × 30% = 300 lb; B: 500 lb × 50% = 250 lb.
    const row = runTier2([
      stored(1000, { is_sara_a: true, components: [component(CAS.ammonia, 'Ammonia', 30)] }),
      stored(500, { is_sara_a: true, components: [component(CAS.ammonia, 'Ammonia', 50)] }),
    ]).rows.find((r) => r.kind === 'ehs');
    expect(row).toMatchObject({ max_amount_lb: 550, threshold_lb: 500, reportable: true });
  });

  it('tests any other hazardous product as a whole at 10,000 lb with ≥, across its locations', () => {
    // Product 7: 6,000 lb in the warehouse + 4,000 lb in the yard = 10,000 lb ≥ 10,000 → reported, range 06.
    const warehouse = stored(6000, {
      product_id: 7,
      product_name: 'Solvent 7',
      is_sara_f: true,
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const yard = stored(4000, {
      product_id: 7,
      product_name: 'Solvent 7',
      is_sara_f: true,
      location_stored: 'YARD',
      storage_type: 'Steel drum',
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const row = runTier2([warehouse, yard]).rows.find((r) => r.product_id === 7);
    expect(row).toMatchObject({
      kind: 'product',
      max_amount_lb: 10_000,
      max_amount_code: { code: '06' },
      reportable: true,
      is_mixture: false,
      cas_number: CAS.toluene,
    });
    expect(row?.test.rule_text).toBe('10,000.00 lb ≥ threshold 10,000 lb');
    expect(row?.locations).toEqual([
      {
        location: 'WAREHOUSE',
        storage_type: null,
        storage_pressure: null,
        storage_temperature: null,
        amount_lb: 6000,
      },
      {
        location: 'YARD',
        storage_type: 'Steel drum',
        storage_pressure: null,
        storage_temperature: null,
        amount_lb: 4000,
      },
    ]);
    // 9,999.99 lb < 10,000 → not reported, near threshold, range 05.
    const below = runTier2([stored(9999.99, { is_sara_f: true })]).rows[0];
    expect(below).toMatchObject({ reportable: false, near_threshold: true, max_amount_code: { code: '05' } });
  });

  it('leaves out products with no hazard flag or category, and products excluded under 370.13', () => {
    const result = runTier2([
      stored(20_000, { product_name: 'Sand' }),
      stored(20_000, {
        product_name: 'Hand soap',
        is_sara_a: true,
        tier2_exclusion: 'consumer product used as a consumer would',
      }),
    ]);
    expect(result.rows).toEqual([]);
    expect(result.notes[0]).toMatch(
      /^Hand soap \(line \d+\) is left out under 40 CFR 370.13: consumer product used as a consumer would\.$/,
    );
  });

  it('component option: adds a non-EHS component up across products: 6,000 + 4,000 lb toluene = 10,000 lb', () => {
    // A: 10,000 lb × 60% = 6,000 lb; B: 10,000 lb × 40% = 4,000 lb → 10,000 ≥ 10,000.
    const result = runTier2(
      [
        stored(10_000, {
          is_sara_f: true,
          components: [component(CAS.toluene, 'Toluene', 60), component(CAS.water, 'Water', 40)],
        }),
        stored(10_000, {
          is_sara_f: true,
          components: [component(CAS.toluene, 'Toluene', 40), component(CAS.xylene, 'Xylene', 0.5)],
        }),
      ],
      { tier2_non_ehs_basis: 'component' },
    );
    expect(result.non_ehs_basis).toBe('component');
    const toluene = result.rows.find((row) => row.cas_number === CAS.toluene);
    expect(toluene).toMatchObject({ kind: 'chemical', max_amount_lb: 10_000, reportable: true });
    // Water: 4,000 lb < 10,000. Xylene 0.5% ≤ 1% → excluded, 0 lb.
    const xylene = result.rows.find((row) => row.cas_number === CAS.xylene);
    expect(xylene).toMatchObject({ max_amount_lb: 0, reportable: false });
    expect(xylene?.explanation.excluded[0]?.reason).toBe('0.5% ≤ de minimis 1%');
  });

  it('uses the 0.1% de minimis for a carcinogen: 0.5% formaldehyde counts, 0.1% does not', () => {
    // 100,000 lb × 0.5% = 500 lb ≥ min(500, TPQ 500) = 500 → reported (not a carcinogen: 0.5% ≤ 1% → excluded).
    const at = (pct: number, isCarcinogen: boolean) =>
      runTier2([
        stored(100_000, {
          is_sara_c: true,
          components: [component(CAS.formaldehyde, 'Formaldehyde', pct, { is_carcinogen: isCarcinogen })],
        }),
      ]).rows.find((row) => row.kind === 'ehs');
    expect(at(0.5, true)).toMatchObject({ max_amount_lb: 500, reportable: true });
    expect(at(0.5, false)).toMatchObject({ max_amount_lb: 0, reportable: false });
    // 100,000 lb × 0.1% = 100 lb, but 0.1% ≤ 0.1% (carcinogen) → excluded.
    expect(at(0.1, true)?.explanation.excluded[0]?.reason).toBe('0.1% ≤ de minimis 0.1% (carcinogen)');
  });

  it('gives average amounts and days on site when recorded, and marks estimates when not', () => {
    // Batteries 5,500 lb max; average 2,750 lb × 22% = 605 lb sulfuric acid (range 03); 200 days.
    const recorded = solid(55, 100, {
      ...corrosive,
      average_pounds: 2750,
      days_on_site: 200,
      components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 22)],
    });
    const row = runTier2([recorded]).rows.find((r) => r.kind === 'ehs');
    expect(row).toMatchObject({
      average_amount_lb: 605,
      average_amount_code: { code: '03' },
      average_is_estimate: false,
      days_on_site: 200,
      days_on_site_is_estimate: false,
    });
    // Not recorded: the max 1,210 lb stands in for the average, 365 days, both marked estimates.
    const estimate = runTier2([
      solid(55, 100, { ...corrosive, components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 22)] }),
    ]);
    expect(estimate.rows.find((r) => r.kind === 'ehs')).toMatchObject({
      average_amount_lb: 1210,
      average_is_estimate: true,
      days_on_site: 365,
      days_on_site_is_estimate: true,
    });
    expect(estimate.notes.some((note) => note.startsWith('Estimates:'))).toBe(true);
  });

  it('shows the legacy SARA categories before 2017 and the GHS ones from 2017', () => {
    const product = stored(12_000, {
      is_sara_f: true,
      is_sara_a: true,
      hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
    });
    expect(runTier2([product], {}, 2016).rows[0]).toMatchObject({
      hazard_basis: 'legacy',
      hazard_categories: ['Fire', 'Immediate (acute) health'],
    });
    expect(runTier2([product], {}, 2017).rows[0]).toMatchObject({
      hazard_basis: 'ghs',
      hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
    });
  });

  it('warns when a product holding an EHS has no hazard category', () => {
    const result = runTier2([
      stored(600, { inventory_product_id: 77, components: [component(CAS.ammonia, 'Ammonia', 100)] }),
    ]);
    expect(result.rows[0]).toMatchObject({ kind: 'ehs', max_amount_lb: 600, reportable: true });
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: 'no_hazard_category', inventory_product_id: 77 }),
    );
  });

  it('Tier I adds the reportable amounts per hazard category, a chemical counted in each of its categories', () => {
    // Solvent A 12,000 lb (Fire) + Solvent B 15,000 lb (Fire, Acute) → Fire 27,000 lb (07), Acute 15,000 lb (06).
    const result = runTier2(
      [
        stored(12_000, { product_name: 'Solvent A', is_sara_f: true, location_stored: 'TANK FARM' }),
        stored(15_000, {
          product_name: 'Solvent B',
          is_sara_f: true,
          is_sara_a: true,
          location_stored: 'WAREHOUSE',
        }),
        stored(5_000, { product_name: 'Small', is_sara_f: true }),
      ],
      {},
      2016,
    );
    expect(result.tier1).toEqual([
      expect.objectContaining({
        hazard_category: 'Fire',
        max_amount_lb: 27_000,
        max_amount_code: expect.objectContaining({ code: '07' }),
        locations: ['TANK FARM', 'WAREHOUSE'],
        chemicals: ['Solvent A', 'Solvent B'],
      }),
      expect.objectContaining({
        hazard_category: 'Immediate (acute) health',
        max_amount_lb: 15_000,
        max_amount_code: expect.objectContaining({ code: '06' }),
      }),
    ]);
  });

  it('converts a liquid product from gallons through its specific gravity', () => {
    // 1,100 gal × (1.1 × 8.34 = 9.174 lb/gal) = 10,091.40 lb ≥ 10,000 → reported.
    const tank = line({
      container_name: 'Tank',
      container_size: 1100,
      max_gallons: 1100,
      pounds_per_gallon: null,
      specific_gravity: 1.1,
      is_sara_f: true,
    });
    const row = runTier2([tank]).rows[0];
    expect(row).toMatchObject({ max_amount_lb: 10_091.4, reportable: true });
    expect(row?.explanation.contributions[0]?.pounds_basis).toBe(
      '1,100.00 gal × 9.17 lb/gal (specific gravity 1.1 × 8.34) = 10,091.40 lb',
    );
  });
});
