import { describe, expect, it } from 'vitest';
import { PSM_FLAMMABLE_SUBSTANCE } from './psm.ts';
import { type AvailableReportType, computeReport } from './registry.ts';
import { CAS, component, LISTS, line, snapshot } from './test-fixtures.ts';
import type { ReferenceEntry, ReferenceLists, SnapshotLine } from './types.ts';

/**
 * Issue 31 point 2 (rules §0.1; 40 CFR 370.43 note: "to convert gas or liquid volume to weight in
 * pounds, multiply by an appropriate density factor"): a liquified gas measured in gallons weighs
 * by its liquid density, and its cubic feet at NTP (the fire code's unit) are those pounds × its
 * conversion factor. Before the fix every programme read 0 lb for these tanks.
 */
const PROPANE = '74-98-6';

function listed(
  list_type: ReferenceEntry['list_type'],
  chemical_name: string,
  cas_number: string,
  threshold: number,
  extra: Partial<ReferenceEntry> = {},
): ReferenceEntry {
  return {
    list_type,
    chemical_name,
    cas_number,
    threshold_quantity_lbs: threshold,
    final_reportable_quantity_lb: null,
    ...extra,
  };
}

/** 40 CFR 68.130: propane a flammable of TQ 10,000 lb, anhydrous ammonia a toxic of TQ 10,000 lb. */
const GAS_LISTS: ReferenceLists = {
  entries: [
    ...LISTS.entries.filter((entry) => entry.list_type !== 'rmp'),
    listed('rmp', 'Propane', PROPANE, 10_000, { substance_kind: 'flammable' }),
    listed('rmp', 'Ammonia (anhydrous)', CAS.ammonia, 10_000, {
      substance_kind: 'toxic',
      condition: 'anhydrous',
    }),
  ],
  uploaded_at: { ...LISTS.uploaded_at, rmp: '2026-03-01' },
};

const FLAMMABLE = 'Flammable (gases, aerosols, liquids, or solids)';

/** A 30,000-gal propane tank, SG 0.51, 8.74 cu ft per lb at NTP; no stored figures (saved before the fix). */
function propaneTank(overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  return line({
    inventory_product_id: 71,
    product_name: 'Propane',
    location_stored: 'TANK FARM',
    physical_state: 'liquified gas',
    container_name: 'Tank',
    unit_name: 'gal',
    unit_type: 'gal',
    container_size: 30_000,
    container_quantity: 1,
    pounds_per_gallon: null,
    specific_gravity: 0.51,
    conversion_factor: 8.74,
    is_sara_f: true,
    hazard_categories: [FLAMMABLE, 'Gas under pressure (compressed gas)'],
    fire_code_hazard_classes: ['flammable_gas'],
    is_outdoor: true,
    components: [component(PROPANE, 'Propane', 100)],
    ...overrides,
  });
}

/** A 500-gal anhydrous ammonia nurse tank, SG 0.62. */
function nurseTank(): SnapshotLine {
  return line({
    inventory_product_id: 72,
    product_name: 'Anhydrous ammonia',
    location_stored: 'FIELD',
    physical_state: 'liquified gas',
    container_name: 'Nurse tank',
    unit_name: 'gal',
    unit_type: 'gal',
    container_size: 500,
    container_quantity: 1,
    pounds_per_gallon: null,
    specific_gravity: 0.62,
    is_sara_a: true,
    hazard_categories: ['Acute toxicity (any route of exposure)', 'Gas under pressure (compressed gas)'],
    components: [component(CAS.ammonia, 'Ammonia', 100)],
  });
}

function run<T extends AvailableReportType>(report: T, lines: SnapshotLine[]) {
  return computeReport(report, snapshot(lines), GAS_LISTS);
}

describe('a liquified gas in gallons on every programme (issue 31, point 2)', () => {
  it('RMP: the propane tank is 127,602 lb > TQ 10,000 → covered; the nurse tank 2,585.40 lb', () => {
    // Propane: 30,000 gal × (0.51 × 8.34 = 4.2534 lb/gal) = 127,602 lb × 100% = 127,602 lb > 10,000.
    // Ammonia: 500 gal × (0.62 × 8.34 = 5.1708 lb/gal) = 2,585.40 lb × 100% ≤ 10,000 → not covered.
    const result = run('caa_112r_rmp', [propaneTank(), nurseTank()]);
    const rows = [...result.rows, ...result.below_threshold];
    expect(rows.find((row) => row.process === 'TANK FARM' && row.substance === 'Propane')).toMatchObject({
      quantity_lb: 127_602,
      covered: true,
    });
    expect(
      rows.find((row) => row.process === 'FIELD' && row.substance === 'Ammonia (anhydrous)'),
    ).toMatchObject({ quantity_lb: 2585.4, covered: false });
  });

  it('PSM: the propane tank is 127,602 lb of a flammable gas ≥ 10,000 → covered', () => {
    // 30,000 gal × 4.2534 lb/gal = 127,602 lb, a gas marked flammable, ≥ 10,000 lb → covered.
    const result = run('caa_304_psm', [propaneTank()]);
    expect(
      result.rows.find((row) => row.process === 'TANK FARM' && row.substance === PSM_FLAMMABLE_SUBSTANCE),
    ).toMatchObject({ quantity_lb: 127_602, covered: true });
  });

  it('Tier II: propane 127,602 lb ≥ 10,000 and the ammonia EHS 2,585.40 lb ≥ 500 are reported', () => {
    // Propane, no EHS: 127,602 lb ≥ 10,000 → reported. Ammonia, EHS of TPQ 500:
    // min(500, 500) = 500 ≤ 2,585.40 lb → reported.
    const result = run('epcra_311_312_tier2', [propaneTank(), nurseTank()]);
    expect(result.rows.find((row) => row.name === 'Propane')).toMatchObject({
      max_amount_lb: 127_602,
      reportable: true,
    });
    expect(result.rows.find((row) => row.cas_number === CAS.ammonia)).toMatchObject({
      kind: 'ehs',
      max_amount_lb: 2585.4,
      reportable: true,
    });
  });

  it('302: the nurse tank holds 2,585.40 lb of ammonia ≥ TPQ 500 → notification required', () => {
    const result = run('epcra_302', [nurseTank()]);
    expect(result.rows[0]).toMatchObject({
      cas_number: CAS.ammonia,
      quantity_lb: 2585.4,
      notification_required: true,
    });
  });

  // A liquified flammable gas that is not LP-gas (dimethyl ether 115-10-6, SG 0.66, 8.4 cu ft/lb):
  // 1,000 gal × 0.66 × 8.34 = 5,504.40 lb × 8.4 cu ft/lb = 46,236.96 cu ft > 200 → permit.
  it('fire code: a 1,000-gal dimethyl ether tank is 5,504.40 lb × 8.4 cu ft/lb = 46,236.96 cu ft > 200 → permit', () => {
    const ether = propaneTank({
      product_name: 'Dimethyl ether',
      container_size: 1_000,
      specific_gravity: 0.66,
      conversion_factor: 8.4,
      components: [component('115-10-6', 'Dimethyl ether', 100)],
    });
    const result = run('hmpp', [ether]);
    const row = [...result.rows, ...result.below_threshold].find(
      (item) => item.permit_group === 'flammable_gas' && item.place === 'outside',
    );
    expect(row).toMatchObject({ unit: 'cu ft', quantity: 46_236.96, permit_required: true });
    expect(row?.explanation.notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('5,504.40 lb × 8.4 cu ft/lb (conversion factor) = 46,236.96 cu ft at NTP'),
      ]),
    );
  });

  // Propane is LP-gas (fire point 4 of issue 31): its own permit row, in gallons of water capacity,
  // the 30,000-gal tank as recorded; the permit amount is any amount (0) → permit.
  it('fire code: the propane tank is LP-gas, 30,000 gal of water capacity → permit', () => {
    const result = run('hmpp', [propaneTank()]);
    const row = [...result.rows, ...result.below_threshold].find((item) => item.permit_group === 'lp_gas');
    expect(row).toMatchObject({ unit: 'gal water capacity', quantity: 30_000, permit_required: true });
  });

  it('a tank with no conversion factor keeps its pounds for the EPA reports; the fire code names the factor', () => {
    const tank = propaneTank({ conversion_factor: null });
    const rmp = run('caa_112r_rmp', [tank]);
    expect(rmp.rows.find((row) => row.substance === 'Propane')?.quantity_lb).toBe(127_602);
    expect(rmp.warnings.map((w) => w.code)).not.toContain('missing_conversion_factor');
    const fire = run('hmpp', [tank]);
    expect(fire.warnings).toContainEqual(
      expect.objectContaining({
        code: 'missing_fire_code_amount',
        message:
          'Propane at TANK FARM (line 71): 127,602.00 lb of gas with no conversion factor (cu ft per lb): its cubic feet at NTP are unknown; left out of the fire-code totals',
      }),
    );
  });
});
