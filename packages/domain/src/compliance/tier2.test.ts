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

/** Battery acid (product 40): sulfuric acid 35%, water 65%, corrosive. */
function batteryAcid(pounds: number) {
  return stored(pounds, {
    product_id: 40,
    product_name: 'Battery acid',
    ...corrosive,
    components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 35), component(CAS.water, 'Water', 65)],
  });
}

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
    // The battery as a product: 5,500 lb < 10,000 → not reported, so it is under "Below threshold",
    // never in the reported table beside its sulfuric acid (issue 21 point 2); it lists its EHS component.
    expect(result.rows.map((row) => row.kind)).toEqual(['ehs']);
    const product = result.below_threshold.find((row) => row.kind === 'product');
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

  it('lists only what is reported; a 98% EHS product is a mixture below threshold, never beside its EHS row (issue 21, point 2)', () => {
    // Sulfuric acid 98% (one component): 600 lb × 98% = 588 lb ≥ min(500, TPQ 1,000) = 500 → the
    // EHS row is reported. The product row against 10,000 lb used to stand in the same table
    // below the EHS row as "600 lb, not reportable"; it now stands only in the separate section.
    const acid = stored(600, {
      product_name: 'Sulfuric acid 98%',
      ...corrosive,
      components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 98)],
    });
    // Issue 31 point 1: 98% is a mixture (2% is something else), a hazardous chemical tested as a
    // whole: 600 lb < 10,000 → "Below threshold (not reported)", its own section, never in the
    // table beside the EHS row. Only a product that is one EHS at 100% is its EHS row alone.
    const result = runTier2([acid]);
    expect(result.rows.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['ehs', 'Sulfuric acid', 588],
    ]);
    expect(result.below_threshold.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['product', 'Sulfuric acid 98%', 600],
    ]);
    // A mixture below 10,000 lb is tested and listed below the threshold, with the near flag:
    // 9,500 lb of battery acid (35% sulfuric acid) < 10,000, ≥ 9,000 → near threshold.
    // Its EHS: 9,500 × 35% = 3,325 lb ≥ 500 → reported.
    const mixture = batteryAcid(9_500);
    const split = runTier2([mixture]);
    expect(split.rows.map((row) => [row.kind, row.max_amount_lb])).toEqual([['ehs', 3325]]);
    expect(split.below_threshold).toEqual([
      expect.objectContaining({
        kind: 'product',
        name: 'Battery acid',
        max_amount_lb: 9500,
        reportable: false,
        near_threshold: true,
      }),
    ]);
  });

  it('reports a mixture at or above 10,000 lb with its EHS components named under it (issue 21, point 2)', () => {
    // 30,000 lb of battery acid ≥ 10,000 → the product is reported; its sulfuric acid, 30,000 × 35%
    // = 10,500 lb ≥ 500, is reported too (the EHS is always aggregated, 370.14).
    const bulk = batteryAcid(30_000);
    const result = runTier2([bulk]);
    expect(result.rows.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['product', 'Battery acid', 30_000],
      ['ehs', 'Sulfuric acid', 10_500],
    ]);
    expect(result.rows[0]?.components.map((c) => [c.name, c.is_ehs])).toEqual([
      ['Sulfuric acid', true],
      ['Water', false],
    ]);
  });

  it('Tier I counts an EHS inside a reported mixture once: 30,000 lb, not 40,500 (issue 21, point 6)', () => {
    // Battery acid 30,000 lb (reported as a product) holds 10,500 lb of sulfuric acid (reported as
    // an EHS). Tier I adds the amounts per category: the acid's pounds are already in the
    // product's 30,000 lb, so "Corrosive to metal" is 30,000 lb (code 07), not 30,000 + 10,500 =
    // 40,500 lb.
    const bulk = batteryAcid(30_000);
    expect(runTier2([bulk]).tier1[0]).toMatchObject({
      hazard_category: 'Corrosive to metal',
      max_amount_lb: 30_000,
      max_amount_code: { code: '07' },
      average_amount_lb: 30_000,
      chemicals: ['Battery acid', 'Sulfuric acid'],
    });
    // Add 100 batteries × 55 lb = 5,500 lb (not reported as a product, < 10,000) holding 22%
    // sulfuric acid = 1,210 lb: that part of the EHS row is counted nowhere else.
    // Corrosive to metal: 30,000 + 1,210 = 31,210 lb (the EHS row's 11,710 lb less the 10,500 lb
    // inside the reported battery acid).
    const batteries = solid(55, 100, {
      product_id: 41,
      product_name: 'Lead-acid battery',
      ...corrosive,
      components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 22), component(CAS.lead, 'Lead', 60)],
    });
    const both = runTier2([bulk, batteries]);
    expect(both.rows.find((row) => row.kind === 'ehs')?.max_amount_lb).toBe(11_710);
    expect(both.tier1[0]).toMatchObject({ max_amount_lb: 31_210, max_amount_code: { code: '07' } });
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
    ]).below_threshold.find((r) => r.kind === 'ehs');
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
    const below = runTier2([stored(9999.99, { is_sara_f: true })]).below_threshold[0];
    expect(below).toMatchObject({ reportable: false, near_threshold: true, max_amount_code: { code: '05' } });
  });

  it('leaves out products with no hazard flag or category, and products excluded under 370.13', () => {
    const result = runTier2([
      stored(20_000, { product_name: 'Sand' }),
      stored(20_000, {
        product_name: 'Hand soap',
        is_sara_a: true,
        tier2_exclusion: 'consumer_product',
      }),
    ]);
    expect(result.rows).toEqual([]);
    expect(result.below_threshold).toEqual([]);
    expect(result.notes[0]).toMatch(
      /^Hand soap \(line \d+\) is not a hazardous chemical under 40 CFR 370.13: Consumer product as packaged, used as a consumer would\. Left out of Tier II\.$/,
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
    // Water (4,000 lb) is no hazardous chemical: never a row (issue 21 point 14). Xylene 0.5% ≤ 1% → excluded, 0 lb.
    const xylene = result.below_threshold.find((row) => row.cas_number === CAS.xylene);
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
      ]);
    const ehsRow = (pct: number, isCarcinogen: boolean) => {
      const result = at(pct, isCarcinogen);
      return [...result.rows, ...result.below_threshold].find((row) => row.kind === 'ehs');
    };
    expect(ehsRow(0.5, true)).toMatchObject({ max_amount_lb: 500, reportable: true });
    expect(ehsRow(0.5, false)).toMatchObject({ max_amount_lb: 0, reportable: false });
    // 100,000 lb × 0.1% = 100 lb, but 0.1% ≤ 0.1% (carcinogen) → excluded.
    expect(ehsRow(0.1, true)?.explanation.excluded[0]?.reason).toBe('0.1% ≤ de minimis 0.1% (carcinogen)');
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

  it('average daily amount: the daily amounts summed over the days present ÷ the days present (issue 21, point 3)', () => {
    // Rules §3 (NM DHSEM): one line averaging 100 lb for 365 days and one averaging 1,000 lb for
    // 10 days: (100 × 365 + 1,000 × 10) / 365 = (36,500 + 10,000) / 365 = 127.3973 lb → code 02
    // (100-499), never the sum of the averages, 1,100 lb (code 04). Days present: the largest of
    // the lines' days, 365. Max: 200 + 12,000 = 12,200 lb ≥ 10,000 → reported.
    const all = { product_id: 5, product_name: 'Solvent 5', is_sara_f: true } as const;
    const result = runTier2([
      stored(200, { ...all, average_pounds: 100, days_on_site: 365 }),
      stored(12_000, { ...all, location_stored: 'YARD', average_pounds: 1000, days_on_site: 10 }),
    ]);
    expect(result.rows[0]).toMatchObject({
      max_amount_lb: 12_200,
      average_amount_lb: 127.3973,
      average_amount_code: { code: '02' },
      average_is_estimate: false,
      days_on_site: 365,
      days_on_site_is_estimate: false,
    });
    // Both lines present 10 and 40 days: (1,000 × 10 + 500 × 40) / 40 = 30,000 / 40 = 750 lb (03).
    const short = runTier2([
      stored(12_000, { ...all, average_pounds: 1000, days_on_site: 10 }),
      stored(600, { ...all, average_pounds: 500, days_on_site: 40 }),
    ]).rows[0];
    expect(short).toMatchObject({
      average_amount_lb: 750,
      average_amount_code: { code: '03' },
      days_on_site: 40,
    });
  });

  it('days on site and the "365 assumed" estimate never contradict each other (issue 21, point 3)', () => {
    // One line records 200 days, the other none: that line is assumed present all year, so the
    // chemical is present 365 days, an estimate. (It used to print 200 days beside "365 assumed".)
    // Average: line A 1,000 lb × 200 days; line B has none, its maximum 11,000 lb stands in for
    // 365 days: (200,000 + 4,015,000) / 365 = 11,547.9452 lb, an estimate, code 06.
    const all = { product_id: 6, product_name: 'Solvent 6', is_sara_f: true } as const;
    const row = runTier2([
      stored(2_000, { ...all, average_pounds: 1000, days_on_site: 200 }),
      stored(11_000, { ...all, location_stored: 'YARD' }),
    ]).rows[0];
    expect(row).toMatchObject({
      max_amount_lb: 13_000,
      days_on_site: 365,
      days_on_site_is_estimate: true,
      average_amount_lb: 11_547.9452,
      average_amount_code: { code: '06' },
      average_is_estimate: true,
    });
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

  it('warns per line of a reported chemical that lacks a storage condition, and not for one below threshold', () => {
    // 600 lb ammonia ≥ its 500 lb Tier II threshold (the lower of 500 and TPQ 500) → reported;
    // 100 lb of a second ammonia product adds up to 700 lb, still the same reported row.
    const stored600 = stored(600, {
      inventory_product_id: 81,
      ...corrosive,
      storage_type: 'Above ground tank',
      storage_pressure: 'Ambient pressure',
      storage_temperature: 'Ambient temperature',
      components: [component(CAS.ammonia, 'Ammonia', 100)],
    });
    const noConditions = stored(100, {
      inventory_product_id: 82,
      ...corrosive,
      storage_type: 'Cylinder',
      storage_pressure: null,
      storage_temperature: ' ',
      components: [component(CAS.ammonia, 'Ammonia', 100)],
    });
    // 2,000 lb of a non-EHS corrosive < 10,000 lb: not reported, so not warned.
    const below = stored(2_000, { inventory_product_id: 83, ...corrosive, components: [] });
    const result = runTier2([stored600, noConditions, below]);
    const storage = result.warnings.filter((warning) => warning.code === 'tier2_missing_storage');
    expect(storage).toHaveLength(1);
    expect(
      runTier2([
        { ...stored600, storage_type: '', storage_pressure: '', storage_temperature: null },
      ]).warnings.find((warning) => warning.code === 'tier2_missing_storage')?.message,
    ).toContain('has no storage type, storage pressure or storage temperature recorded:');
    expect(storage[0]).toMatchObject({ inventory_product_id: 82, severity: 'warning' });
    expect(storage[0]?.message).toContain(
      'has no storage pressure or storage temperature recorded: the Tier II filing gives each storage location of a reported chemical its storage type, pressure and temperature. Set them on the inventory line.',
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
    // 1,100 gal × (1.1 × 8.34 = 9.174 lb/gal) = 10,091.40 lb ≥ 10,000 → reported. The factor is
    // printed whole (issue 21 point 8): 1,100 × 9.17 would be 10,087, not the total.
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
      '1,100 gal × 1 = 1,100 gal × 9.174 lb/gal (specific gravity 1.1 × 8.34) = 10,091.40 lb',
    );
  });
});

describe('Tier II: the inputs of issue 21 (points 10, 11, 14 and the percent basis)', () => {
  it('370.13: an excluded product counts toward no Tier II figure, its EHS included, and is named in the notes', () => {
    // Lab reagent: 2,000 lb × 50% = 1,000 lb sulfuric acid, laboratory exclusion → 0 lb counted.
    // Battery acid: 1,000 lb × 30% = 300 lb sulfuric acid < 500 → not reportable; with the lab
    // reagent it would have been 1,300 lb ≥ 500.
    const result = runTier2([
      stored(2000, {
        inventory_product_id: 31,
        product_name: 'Lab reagent',
        ...corrosive,
        tier2_exclusion: 'laboratory',
        components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 50)],
      }),
      stored(1000, {
        inventory_product_id: 32,
        product_name: 'Battery acid',
        ...corrosive,
        components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 30)],
      }),
    ]);
    // Below its threshold, so in the separate section, not the reported rows (issue 21 point 2).
    expect(result.rows).toEqual([]);
    const acid = result.below_threshold.find((row) => row.kind === 'ehs');
    expect(acid).toMatchObject({ max_amount_lb: 300, reportable: false });
    expect(acid?.explanation.contributions.map((c) => c.inventory_product_id)).toEqual([32]);
    expect(result.notes).toContain(
      'Lab reagent (line 31) is not a hazardous chemical under 40 CFR 370.13: Laboratory under a technically qualified person. Left out of Tier II.',
    );
  });

  it('retail gas station: gasoline, all grades together, against 75,000 gal; diesel against 100,000 gal', () => {
    // Regular: 40,000 gal; premium: 36,000 gal → 76,000 gal ≥ 75,000 → reported.
    // Diesel: 90,000 gal < 100,000 → not reported (but 90,000 ≥ 90% of 100,000 → near threshold).
    // Pounds shown: 40,000 × 6.2 = 248,000 lb; 36,000 × 6.2 = 223,200 lb → 471,200 lb (code 10).
    const tank = (id: number, name: string, gallons: number, cas: string, lbPerGal: number) =>
      line({
        inventory_product_id: id,
        product_name: name,
        container_name: 'Below ground tank',
        max_gallons: gallons,
        max_pounds: gallons * lbPerGal,
        pounds_per_gallon: lbPerGal,
        is_sara_f: true,
        components: [component(cas, name, 100)],
      });
    const lines = [
      tank(41, 'Regular gasoline', 40_000, '86290-81-5', 6.2),
      tank(42, 'Premium gasoline', 36_000, '86290-81-5', 6.2),
      tank(43, 'Diesel', 90_000, '68476-34-6', 7.1),
    ];
    const station = {
      ...snapshot(lines),
      facility: { id: 2, name: 'Station 9', is_retail_gas_station: true, is_ust_compliant: true },
    };
    const result = computeReport('epcra_311_312_tier2', station, LISTS);
    const gasoline = result.rows.find((row) => row.name === 'Gasoline (all grades)');
    expect(gasoline).toMatchObject({
      kind: 'fuel',
      gallons: { amount_gal: 76_000, threshold_gal: 75_000 },
      max_amount_lb: 471_200,
      reportable: true,
    });
    expect(gasoline?.test.rule_text).toBe('76,000.00 gal ≥ retail fuel threshold 75,000 gal');
    // Diesel is below its threshold: the separate section, not the reported rows (issue 21 point 2).
    expect(result.rows.map((row) => row.name)).toEqual(['Gasoline (all grades)']);
    const diesel = result.below_threshold.find((row) => row.name === 'Diesel (all grades)');
    expect(diesel).toMatchObject({ reportable: false, near_threshold: true });
    expect(diesel?.test.rule_text).toBe('90,000.00 gal < retail fuel threshold 100,000 gal');
    // No product rows for the fuels: each is tested only in its group.
    expect(result.below_threshold.map((row) => row.kind)).toEqual(['fuel']);
    // Without both flags: each fuel product is a product against 10,000 lb (248,000 lb ≥ 10,000).
    const plain = computeReport(
      'epcra_311_312_tier2',
      { ...station, facility: { ...station.facility, is_ust_compliant: false } },
      LISTS,
    );
    expect(plain.rows.filter((row) => row.kind === 'product' && row.reportable)).toHaveLength(3);
  });

  it('component option: water is never a row, however much of it there is', () => {
    // 50,000 lb × 80% water = 40,000 lb ≥ 10,000, but water is no hazardous chemical → no row.
    // 50,000 lb × 20% methanol = 10,000 lb ≥ 10,000 → reported.
    const result = runTier2(
      [
        stored(50_000, {
          is_sara_f: true,
          components: [component(CAS.water, 'Water', 80), component(CAS.methanol, 'Methanol', 20)],
        }),
      ],
      { tier2_non_ehs_basis: 'component' },
    );
    expect(result.rows.map((row) => [row.name, row.max_amount_lb, row.reportable])).toEqual([
      ['Methanol', 10_000, true],
    ]);
    expect(result.below_threshold).toEqual([]);
    expect(result.notes).toContain(
      'Water (7732-18-5) is not a hazardous chemical: never reported as a component.',
    );
  });

  it('reads a percent range at the midpoint when the report setting says so', () => {
    // Sulfuric acid 20-40% of 2,000 lb: upper bound 40% → 800 lb ≥ 500 (reported);
    // midpoint 30% → 600 lb ≥ 500 (reported, smaller figure).
    const acid = stored(2000, {
      ...corrosive,
      components: [
        component(CAS.sulfuricAcid, 'Sulfuric acid', null, {
          percentage_weight_low: 20,
          percentage_weight_high: 40,
        }),
      ],
    });
    expect(runTier2([acid]).rows.find((row) => row.kind === 'ehs')?.max_amount_lb).toBe(800);
    expect(
      runTier2([acid], { percent_basis: 'midpoint' }).rows.find((row) => row.kind === 'ehs')?.max_amount_lb,
    ).toBe(600);
  });
});

describe('Tier II: a mixture whose only listed ingredient is an EHS (issue 31, point 1)', () => {
  const flammable = {
    is_sara_f: true,
    hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
  } as const;
  /** A flammable coating (product 60) whose SDS section 3 lists only 0.3% phenol (an EHS, TPQ 500/10,000). */
  const coating = (pounds: number) =>
    stored(pounds, {
      product_id: 60,
      product_name: 'Flammable coating',
      ...flammable,
      components: [component(CAS.phenol, 'Phenol', 0.3)],
    });
  /** Battery acid (product 61) whose SDS lists only its 35% sulfuric acid (the water unnamed). */
  const acidOnly = (pounds: number) =>
    stored(pounds, {
      product_id: 61,
      product_name: 'Battery acid',
      ...corrosive,
      components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 35)],
    });

  it('mixture option: the 12,000-lb coating is a product row with its EHS named under it; the EHS, de minimis, is below', () => {
    // Rules §3, mixture option: the coating is a hazardous chemical (flammable), tested as a whole:
    // 12,000 lb ≥ 10,000 → reported, code 06, its phenol named under it (erplan.net: a mixture
    // reported as a whole lists its EHS). The EHS on its own: 12,000 × 0.3% = 36 lb, but 0.3% ≤ 1%
    // (370.14(c)) → not counted, 0 lb < min(500, TPQ 500) = 500 → "Below threshold".
    // Before the fix the coating was skipped (its one component is an EHS): on neither table.
    const result = runTier2([coating(12_000)]);
    expect(result.rows.map((row) => [row.kind, row.name, row.max_amount_lb, row.reportable])).toEqual([
      ['product', 'Flammable coating', 12_000, true],
    ]);
    expect(result.rows[0]).toMatchObject({
      is_mixture: true,
      is_ehs: true,
      cas_number: null,
      max_amount_code: { code: '06' },
      components: [{ name: 'Phenol', cas_number: CAS.phenol, percent_weight: 0.3, is_ehs: true }],
    });
    expect(result.below_threshold.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['ehs', 'Phenol', 0],
    ]);
    expect(result.below_threshold[0]?.explanation.excluded[0]?.reason).toBe('0.3% ≤ de minimis 1%');
    // Tier I follows the reported rows: Flammable 12,000 lb (code 06).
    expect(result.tier1).toEqual([
      expect.objectContaining({
        hazard_category: 'Flammable (gases, aerosols, liquids, or solids)',
        max_amount_lb: 12_000,
        chemicals: ['Flammable coating'],
      }),
    ]);
  });

  it('mixture option: 30,000 lb of battery acid listing only 35% sulfuric acid is 30,000 lb in its Tier I categories', () => {
    // The product as a whole: 30,000 lb ≥ 10,000 → reported. Its EHS: 30,000 × 35% = 10,500 lb
    // ≥ min(500, TPQ 1,000) = 500 → reported. Tier I counts the acid once (it is inside the
    // product's 30,000 lb): Corrosive to metal 30,000 lb (07), not 30,000 + 10,500 = 40,500.
    // Before the fix the product was skipped and Tier I read only the EHS row: 10,500 lb (06).
    const result = runTier2([acidOnly(30_000)]);
    expect(result.rows.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['product', 'Battery acid', 30_000],
      ['ehs', 'Sulfuric acid', 10_500],
    ]);
    expect(
      result.tier1.map((row) => [row.hazard_category, row.max_amount_lb, row.max_amount_code.code]),
    ).toEqual([
      ['Corrosive to metal', 30_000, '07'],
      ['Skin corrosion or irritation', 30_000, '07'],
    ]);
  });

  it('a pure EHS (one component, the rest within the de minimis) is only its EHS row; one of unknown percent is a product row, never on neither table', () => {
    // Chlorine 100%: 600 lb × 100% = 600 lb ≥ min(500, TPQ 100) = 100 → the EHS row holds all of
    // the product's pounds: no product row beside it (issue 21 point 2).
    const pure = runTier2([
      stored(600, {
        product_name: 'Chlorine',
        is_sara_p: true,
        components: [component(CAS.chlorine, 'Chlorine', 100)],
      }),
    ]);
    expect(pure.rows.map((row) => [row.kind, row.max_amount_lb])).toEqual([['ehs', 600]]);
    expect(pure.below_threshold).toEqual([]);
    // A technical grade: ammonia 99.5%, 20,000 lb. The remaining 0.5% ≤ 1% de minimis (370.14(c))
    // can hold no counted chemical, so the product is its ammonia: one row, 20,000 × 99.5% =
    // 19,900 lb ≥ min(500, TPQ 500) = 500 → reported; no second reported record for the same tank.
    const grade = runTier2([
      stored(20_000, {
        product_name: 'Anhydrous ammonia',
        is_sara_a: true,
        components: [component(CAS.ammonia, 'Ammonia', 99.5)],
      }),
    ]);
    expect(grade.rows.map((row) => [row.kind, row.max_amount_lb])).toEqual([['ehs', 19_900]]);
    expect(grade.below_threshold).toEqual([]);
    // Chlorine with no percent by weight: no EHS figure can hold it (warned, missing_percent), so
    // the product is tested as a whole: 600 lb < 10,000 → "Below threshold", never on no table.
    const unknown = runTier2([
      stored(600, {
        product_name: 'Chlorine (percent not given)',
        is_sara_p: true,
        components: [component(CAS.chlorine, 'Chlorine', null)],
      }),
    ]);
    expect(unknown.rows).toEqual([]);
    expect(unknown.below_threshold.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['product', 'Chlorine (percent not given)', 600],
    ]);
  });

  it('component option: a product none of whose components is counted is tested as a whole', () => {
    // Component option (370.14(a)(1)): the coating's only listed component, phenol 0.3% ≤ 1%, is
    // not counted, so no component row holds any of its 12,000 lb; its hazard is the mixture's,
    // which can only be reported as a whole (370.14(a)(2)): 12,000 ≥ 10,000 → reported.
    // Before the fix: no row held it (rows [], below only phenol at 0 lb).
    const result = runTier2([coating(12_000)], { tier2_non_ehs_basis: 'component' });
    expect(result.rows.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['product', 'Flammable coating', 12_000],
    ]);
    expect(result.rows[0]?.explanation.notes).toContain(
      'No component of it is counted on its own (component option): the product as a whole against 10,000 lb (370.14(a)(2)).',
    );
    expect(result.tier1[0]).toMatchObject({ max_amount_lb: 12_000 });
    // Battery acid listing only its acid: the sulfuric acid row holds 10,500 lb of it → no product row.
    const acid = runTier2([acidOnly(30_000)], { tier2_non_ehs_basis: 'component' });
    expect(acid.rows.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['ehs', 'Sulfuric acid', 10_500],
    ]);
    expect(acid.below_threshold).toEqual([]);
  });
});

describe('Tier II component option: only hazardous components become rows (issue 31, point 11)', () => {
  const GLYCERIN = '56-81-5';
  const ETHANOL = '64-17-5';
  const SILICA = '14808-60-7';
  const flammable = {
    is_sara_f: true,
    hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
  } as const;

  it('glycerin, on no list, is never a row and is named in the notes; a product with no hazardous component is tested as a whole', () => {
    // Component option (370.14(a)(1): "each component of the mixture that is a hazardous chemical").
    // Cleaner, 30,000 lb, flammable: toluene 50% (313 list) → 15,000 lb ≥ 10,000 → reported;
    //   glycerin 40% → 12,000 lb, but glycerin is on no list, not a carcinogen, and no hazardous
    //   product is glycerin alone → not a hazardous chemical as far as the data shows: no row.
    //   Before the fix it was a reported row "Glycerin 12,000 lb" (the false positive).
    // Ethanol 99.5% (the 0.5% left ≤ 1% de minimis), 8,000 lb, flammable: a hazardous product that
    //   is ethanol alone, so ethanol is a hazardous chemical (the product's categories are its
    //   own). Sanitizer, 5,000 lb, flammable: ethanol 70% = 3,500 lb, glycerin 30% = 1,500 lb.
    //   Ethanol 8,000 × 99.5% = 7,960 + 3,500 = 11,460 lb → reported.
    // Silica 60% (on no list, but marked a carcinogen) of 20,000 lb of grout = 12,000 lb → reported.
    // Hand cream, 11,000 lb, eye irritant: glycerin 90% = 9,900 lb, water 10%: no component is a
    //   row, so its hazard is the mixture's: tested as a whole, 11,000 ≥ 10,000 → reported.
    // Glycerin in all: 12,000 + 1,500 + 9,900 = 23,400 lb, named in the notes.
    const result = runTier2(
      [
        stored(30_000, {
          product_name: 'Cleaner',
          ...flammable,
          components: [
            component(CAS.toluene, 'Toluene', 50),
            component(GLYCERIN, 'Glycerin', 40),
            component(CAS.water, 'Water', 10),
          ],
        }),
        stored(8_000, {
          product_name: 'Ethanol',
          ...flammable,
          components: [component(ETHANOL, 'Ethanol', 99.5)],
        }),
        stored(5_000, {
          product_name: 'Sanitizer',
          ...flammable,
          components: [component(ETHANOL, 'Ethanol', 70), component(GLYCERIN, 'Glycerin', 30)],
        }),
        stored(20_000, {
          product_name: 'Grout',
          is_sara_c: true,
          hazard_categories: ['Carcinogenicity'],
          components: [component(SILICA, 'Crystalline silica', 60, { is_carcinogen: true })],
        }),
        stored(11_000, {
          product_name: 'Hand cream',
          is_sara_a: true,
          hazard_categories: ['Serious eye damage or eye irritation'],
          components: [component(GLYCERIN, 'Glycerin', 90), component(CAS.water, 'Water', 10)],
        }),
      ],
      { tier2_non_ehs_basis: 'component' },
    );
    expect(result.rows.map((row) => [row.kind, row.name, row.max_amount_lb])).toEqual([
      ['chemical', 'Crystalline silica', 12_000],
      ['chemical', 'Ethanol', 11_460],
      ['product', 'Hand cream', 11_000],
      ['chemical', 'Toluene', 15_000],
    ]);
    expect(result.below_threshold).toEqual([]);
    expect([...result.rows, ...result.below_threshold].some((row) => row.cas_number === GLYCERIN)).toBe(
      false,
    );
    expect(result.notes).toContain(
      'Not component rows: nothing shows these components to be hazardous chemicals (on no reference list, not marked a carcinogen, and no hazardous product is the chemical alone); 370.14(a)(1) reports only the components that are: Glycerin 56-81-5 (23,400.00 lb).',
    );
  });
});

// Issue 33 point 2: unknown is not zero. A flammable solvent (toluene 100%, not an EHS) in two 55-gal
// drums with no specific gravity, pounds per gallon or density: 110 gal, pounds unknown.
describe('Tier II rows with pounds unknown (issue 33 point 2)', () => {
  const flammable = {
    is_sara_f: true,
    hazard_categories: ['Flammable (gases, aerosols, liquids, or solids)'],
  } as const;
  const noDensity = line({
    inventory_product_id: 90,
    product_id: 9,
    product_name: 'Solvent T',
    container_size: 55,
    container_quantity: 2,
    pounds_per_gallon: null,
    ...flammable,
    components: [component(CAS.toluene, 'Toluene', 100)],
  });

  it('a liquid with no density in gallons: the row cannot be determined, never 0.00 and N', () => {
    // Known part 0 lb < 10,000 lb, and 110 gal of unknown weight could be more: undetermined.
    const result = runTier2([noDensity]);
    expect(result.rows).toEqual([]);
    expect(result.below_threshold).toEqual([]);
    expect(result.undetermined).toHaveLength(1);
    expect(result.undetermined[0]).toMatchObject({
      name: 'Solvent T',
      reportable: false,
      cannot_be_determined: 'cannot be determined: Specific Gravity or Pounds per Gallon',
      missing_inputs: ['Specific Gravity or Pounds per Gallon'],
    });
    expect(result.undetermined[0]?.explanation.notes).toContain(
      '1 line(s) of unknown amount (Specific Gravity or Pounds per Gallon missing): the total is at least 0.00 lb, so the verdict cannot be determined.',
    );
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: 'missing_density', product_id: 9 }),
    );
  });

  it('a known 15,000 lb of the same product beside the unknown line is still reported', () => {
    // 15,000 lb known ≥ 10,000 lb: reported whatever the drums weigh.
    const known = stored(15_000, {
      inventory_product_id: 91,
      product_id: 9,
      product_name: 'Solvent T',
      ...flammable,
      components: [component(CAS.toluene, 'Toluene', 100)],
    });
    const result = runTier2([known, noDensity]);
    expect(result.undetermined).toEqual([]);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({
      max_amount_lb: 15_000,
      reportable: true,
      cannot_be_determined: null,
      missing_inputs: ['Specific Gravity or Pounds per Gallon'],
    });
    expect(result.rows[0]?.explanation.notes).toContain(
      '1 line(s) of unknown amount (Specific Gravity or Pounds per Gallon missing): the total is at least 15,000.00 lb, already over the threshold.',
    );
  });

  it('the component option: an EHS of unknown pounds leaves its row undetermined', () => {
    // Sulfuric acid 35% of an acid in 2 × 55 gal with no density: threshold 500 lb, known 0 lb.
    const acid = line({
      inventory_product_id: 92,
      product_id: 10,
      product_name: 'Acid',
      container_size: 55,
      container_quantity: 2,
      pounds_per_gallon: null,
      is_sara_a: true,
      hazard_categories: ['Corrosive to metal'],
      components: [component(CAS.sulfuricAcid, 'Sulfuric acid', 35)],
    });
    const result = runTier2([acid], { tier2_non_ehs_basis: 'component' });
    expect(result.undetermined.map((row) => [row.kind, row.cannot_be_determined])).toEqual([
      ['ehs', 'cannot be determined: Specific Gravity or Pounds per Gallon'],
    ]);
  });
});
