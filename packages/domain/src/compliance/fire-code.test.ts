import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMIT_AMOUNTS, suggestLiquidClass } from '../products/fire-code-classes.ts';
import { createComplianceContext } from './context.ts';
import { computeReport, runReport } from './registry.ts';
import { CAS, component, gas, LISTS, line, snapshot, solid } from './test-fixtures.ts';
import type { SnapshotLine } from './types.ts';

function hmpp(lines: SnapshotLine[], lists = LISTS) {
  return computeReport('hmpp', snapshot(lines), lists);
}
function hmis(lines: SnapshotLine[]) {
  return computeReport('haz_mat_inventory', snapshot(lines), LISTS);
}
/** The permit-table row of a group (Class I, Classes II and IIIA, or a class of its own). */
function classRow(result: ReturnType<typeof hmpp>, group: string, place = 'inside') {
  return [...result.rows, ...result.below_threshold].find(
    (row) => row.permit_group === group && row.place === place,
  );
}

/** A flammable liquid of class IB in `count` containers of `size` gallons. */
function solvent(size: number, count: number, overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  return line({
    product_name: 'Acetone',
    container_name: 'Can',
    container_size: size,
    container_quantity: count,
    pounds_per_gallon: 6.59,
    fire_code_hazard_classes: ['flammable_liquid_ib'],
    ...overrides,
  });
}

describe('fire-code classes from flash point (rules §10, NFPA 30)', () => {
  it('reads the NFPA 30 boundaries; no boiling point takes IA, the stricter', () => {
    expect(suggestLiquidClass('liquid', 0)?.hazard_class).toBe('flammable_liquid_ia');
    expect(suggestLiquidClass('liquid', 0, 133)?.hazard_class).toBe('flammable_liquid_ib');
    expect(suggestLiquidClass('liquid', 0, 95)?.hazard_class).toBe('flammable_liquid_ia');
    expect(suggestLiquidClass('liquid', 73)?.hazard_class).toBe('flammable_liquid_ic');
    expect(suggestLiquidClass('liquid', 99)?.hazard_class).toBe('flammable_liquid_ic');
    expect(suggestLiquidClass('liquid', 100)?.hazard_class).toBe('combustible_liquid_ii');
    expect(suggestLiquidClass('liquid', 140)?.hazard_class).toBe('combustible_liquid_iiia');
    expect(suggestLiquidClass('liquid', 200)?.hazard_class).toBe('combustible_liquid_iiib');
    expect(suggestLiquidClass('solid', 50)).toBeNull();
    expect(suggestLiquidClass('liquid', null)).toBeNull();
  });
});

describe('Hazardous materials permit (rules §10)', () => {
  it('a permit amount met in aggregate across containers and in no one container', () => {
    // Class I (IB here) inside: permit amount 5 gal. 4 cans × 1.5 gal = 6 gal > 5 gal, each can 1.5 gal ≤ 5.
    const result = hmpp([solvent(1.5, 4, { inventory_product_id: 1 })]);
    const row = classRow(result, 'flammable_liquid_i');
    expect(row).toMatchObject({
      quantity: 6,
      unit: 'gal',
      permit_amount: 5,
      permit_required: true,
      largest_container: 1.5,
      required_in_aggregate_only: true,
    });
    expect(row?.explanation.rule_text).toBe('6.00 gal: IB 6.00 > permit amount 5 gal (inside a building)');
    expect(row?.explanation.notes).toContain(
      'No one container is over the permit amount (the largest holds 1.50 gal); the aggregate on the property is.',
    );
    expect(result.permit_required).toBe(true);
    expect(result.rows).toHaveLength(1);
  });

  it('exactly at the permit amount is no permit; the row goes under Below threshold', () => {
    // 2 lines: 2 × 1 gal + 1 × 3 gal = 5 gal, not more than 5 gal.
    const result = hmpp([solvent(1, 2), solvent(3, 1)]);
    const row = classRow(result, 'flammable_liquid_i');
    expect(row).toMatchObject({ quantity: 5, permit_required: false, line_count: 2 });
    expect(row?.explanation.rule_text).toBe('5.00 gal: IB 5.00 ≤ permit amount 5 gal (inside a building)');
    expect(result.rows).toEqual([]);
    expect(result.below_threshold).toHaveLength(1);
    expect(result.permit_required).toBe(false);
    expect(result.header_facts?.[0]).toEqual({ label: 'Hazardous materials permit required', value: 'No' });
  });

  it('outside a building the outside amount applies: 8 gal of Class IB outside needs none (10 gal)', () => {
    const result = hmpp([solvent(8, 1, { is_outdoor: true })]);
    expect(classRow(result, 'flammable_liquid_i', 'outside')).toMatchObject({
      quantity: 8,
      permit_amount: 10,
      permit_required: false,
    });
  });

  it('a gas in cubic feet at NTP: recorded in cu ft as is, recorded in lb × its conversion factor', () => {
    // Flammable gas permit amount 200 cu ft.
    // Line 1: 2 cylinders × 80 cu ft = 160 cu ft (as recorded).
    // Line 2: 1 cylinder weighed 5 lb × 8.74 cu ft/lb (propane at NTP) = 43.70 cu ft.
    // Aggregate 160 + 43.70 = 203.70 cu ft > 200 → permit; largest one container 80 cu ft.
    const cylinders = gas(80, 2, 8.74, {
      inventory_product_id: 1,
      fire_code_hazard_classes: ['flammable_gas'],
    });
    const weighed = solid(5, 1, {
      inventory_product_id: 2,
      physical_state: 'liquified gas',
      conversion_factor: 8.74,
      fire_code_hazard_classes: ['flammable_gas'],
    });
    const result = hmpp([cylinders, weighed]);
    const row = classRow(result, 'flammable_gas');
    expect(row).toMatchObject({
      form: 'gas',
      unit: 'cu ft',
      quantity: 203.7,
      permit_amount: 200,
      permit_required: true,
      largest_container: 80,
      required_in_aggregate_only: true,
    });
    expect(row?.explanation.notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('80 cu ft × 2 = 160.00 cu ft at NTP, as recorded'),
        expect.stringContaining('5.00 lb × 8.74 cu ft/lb (conversion factor) = 43.70 cu ft at NTP'),
      ]),
    );
  });

  it('a gas in pounds with no conversion factor is a warning, never a silent zero', () => {
    const result = hmpp([
      solid(150, 1, {
        inventory_product_id: 7,
        product_name: 'Chlorine',
        physical_state: 'liquified gas',
        fire_code_hazard_classes: ['toxic'],
      }),
    ]);
    const row = classRow(result, 'toxic');
    // Toxic gas: any amount; the cylinder's cubic feet are unknown, so the row holds 0 and names the line.
    expect(row?.quantity).toBe(0);
    expect(row?.explanation.excluded[0]?.reason).toBe(
      '150.00 lb of gas with no conversion factor (cu ft per lb): its cubic feet at NTP are unknown',
    );
    expect(result.warnings.map((w) => w.code)).toContain('missing_fire_code_amount');
  });

  it('the gallons of a line are the gallons SPCC reads for it (one conversion path)', () => {
    // 110 lb weighed of a liquid at 8.34 lb/gal → 110 ÷ 8.34 = 13.1894 gal for both reports.
    const weighed = line({
      inventory_product_id: 9,
      unit_type: 'lb',
      unit_name: 'lb',
      container_size: 110,
      container_quantity: 1,
      is_spcc: true,
      fire_code_hazard_classes: ['combustible_liquid_iiia'],
    });
    const context = createComplianceContext(snapshot([weighed]), LISTS);
    const spcc = runReport('spcc_plan', context);
    const fire = runReport('hmpp', context);
    const spccGallons = [...spcc.rows, ...spcc.below_threshold][0]?.total_capacity_gal;
    expect(spccGallons).toBe(13.1894);
    expect(classRow(fire, 'combustible_liquid_ii_iiia')?.quantity).toBe(spccGallons);
  });

  it('a product with several classes counts under each; a suggested class is an estimate in the header', () => {
    // Corrosive liquid 55 gal → 60 gal > 55 gal; toxic liquid permit 10 gal → 60 > 10.
    const acid = line({
      container_size: 30,
      container_quantity: 2,
      fire_code_hazard_classes: ['toxic', 'corrosive'],
    });
    // No class chosen, flash point 120 °F → Class II; 20 gal ≤ 25 gal inside.
    const kerosene = line({
      product_name: 'Kerosene',
      container_size: 20,
      flash_point_f: 120,
    });
    const result = hmpp([acid, kerosene]);
    expect(classRow(result, 'corrosive')).toMatchObject({ quantity: 60, permit_required: true });
    expect(classRow(result, 'toxic')).toMatchObject({ quantity: 60, permit_required: true });
    expect(classRow(result, 'combustible_liquid_ii_iiia')).toMatchObject({
      quantity: 20,
      permit_amount: 25,
      permit_required: false,
      is_estimate: true,
    });
    expect(result.estimated).toEqual([
      `Fire-code class of Kerosene at WAREHOUSE (line ${kerosene.inventory_product_id}): Combustible liquid Class II from its 100 °F ≤ flash point 120 °F < 140 °F`,
    ]);
    expect(result.warnings.map((w) => w.code)).toContain('fire_code_class_estimated');
    expect(result.products.map((row) => row.classes)).toEqual([
      'Corrosive, Toxic',
      'Combustible liquid Class II',
    ]);
  });

  it('reads the stored permit amounts: an admin who raised Class I inside to 10 gal', () => {
    const amended = DEFAULT_PERMIT_AMOUNTS.map((row) =>
      row.permit_group === 'flammable_liquid_i' && row.place === 'inside' ? { ...row, amount: 10 } : row,
    );
    const result = hmpp([solvent(1.5, 4)], { ...LISTS, fire_code_permit_amounts: amended });
    expect(classRow(result, 'flammable_liquid_i')).toMatchObject({
      quantity: 6,
      permit_amount: 10,
      permit_required: false,
    });
  });

  it('no row in the table for a class in this form: a list warning, not compared', () => {
    const result = hmpp([solid(10, 1, { fire_code_hazard_classes: ['flammable_gas'] })]);
    const row = result.below_threshold.find((r) => r.permit_group === 'flammable_gas');
    expect(row).toMatchObject({ form: 'solid', quantity: 10, permit_amount: null, permit_required: false });
    expect(result.warnings.find((w) => w.code === 'missing_permit_amount')?.message).toBe(
      'The permit-amount table has no row for Flammable gas, solid, inside a building: 10.00 lb not compared; add one on the permit amounts screen',
    );
  });
});

describe('Hazardous materials inventory statement (rules §11)', () => {
  it('per control area: storage, closed and open use columns and totals per class', () => {
    // ROOM 1: Class IB 4 × 1.5 gal = 6 gal in storage, 1 × 2 gal in open use → total 8 gal.
    // YARD, outside (an outdoor area of its own): oxidizing gas 2 × 250 cu ft = 500 cu ft in closed use.
    const result = hmis([
      solvent(1.5, 4, { inventory_product_id: 1, location_stored: 'ROOM 1' }),
      solvent(2, 1, { inventory_product_id: 2, location_stored: 'ROOM 1', fire_code_use_mode: 'use_open' }),
      gas(250, 2, 12.1, {
        inventory_product_id: 3,
        product_name: 'Oxygen',
        location_stored: 'YARD',
        fire_code_hazard_classes: ['oxidizing_gas'],
        fire_code_use_mode: 'use_closed',
        is_outdoor: true,
      }),
      line({ inventory_product_id: 4, product_name: 'Water', location_stored: 'ROOM 1' }),
    ]);
    expect(
      result.rows.map((row) => [
        row.control_area,
        row.inventory_product_id,
        row.storage,
        row.use_closed,
        row.use_open,
      ]),
    ).toEqual([
      ['ROOM 1', 1, 6, 0, 0],
      ['ROOM 1', 2, 0, 0, 2],
      ['YARD (outside)', 3, 0, 500, 0],
    ]);
    expect(result.totals).toEqual([
      expect.objectContaining({
        control_area: 'ROOM 1',
        hazard_class: 'flammable_liquid_ib',
        unit: 'gal',
        storage: 6,
        use_closed: 0,
        use_open: 2,
        total: 8,
        line_count: 2,
      }),
      expect.objectContaining({
        control_area: 'YARD (outside)',
        place: 'outside',
        hazard_class: 'oxidizing_gas',
        unit: 'cu ft',
        use_closed: 500,
        total: 500,
      }),
    ]);
    expect(result.below_threshold).toEqual([
      expect.objectContaining({ inventory_product_id: 4, control_area: 'ROOM 1' }),
    ]);
    expect(result.control_areas).toEqual(['ROOM 1', 'YARD (outside)']);
  });

  it('lists a product under every class it has', () => {
    const result = hmis([line({ fire_code_hazard_classes: ['corrosive', 'toxic'] })]);
    expect(result.rows.map((row) => row.class_label)).toEqual(['Corrosive', 'Toxic']);
    expect(result.totals.map((total) => [total.class_label, total.total])).toEqual([
      ['Corrosive', 55],
      ['Toxic', 55],
    ]);
  });
});

describe('issue 31 point 3: permit amounts apply to class groups (IFC 105.6, rules §10)', () => {
  function groupRow(result: ReturnType<typeof hmpp>, group: string, place = 'inside') {
    return [...result.rows, ...result.below_threshold].find(
      (row) => row.permit_group === group && row.place === place,
    );
  }

  it('Class I is one class: 2 gal IA and 4 gal IC inside are 6 gal > 5 gal, a permit', () => {
    // Rules §10: "Flammable liquid Class I (FP < 100 F): 5 gal inside". IA 2 gal + IC 4 gal = 6 gal > 5 gal.
    // Read per subclass (before the fix) each is under 5 gal and no permit is required.
    const ia = line({
      inventory_product_id: 1,
      container_size: 2,
      fire_code_hazard_classes: ['flammable_liquid_ia'],
    });
    const ic = line({
      inventory_product_id: 2,
      container_size: 4,
      fire_code_hazard_classes: ['flammable_liquid_ic'],
    });
    const result = hmpp([ia, ic]);
    expect(result.permit_required).toBe(true);
    const row = groupRow(result, 'flammable_liquid_i');
    expect(row).toMatchObject({
      class_label: 'Flammable liquid Class I (IA, IB, IC)',
      quantity: 6,
      unit: 'gal',
      permit_amount: 5,
      permit_required: true,
      members: [
        { hazard_class: 'flammable_liquid_ia', label: 'IA', quantity: 2 },
        { hazard_class: 'flammable_liquid_ic', label: 'IC', quantity: 4 },
      ],
      members_text: 'IA 2.00 + IC 4.00',
    });
    expect(row?.explanation.rule_text).toBe(
      '6.00 gal: IA 2.00 + IC 4.00 > permit amount 5 gal (inside a building)',
    );
    expect(result.header_facts?.[1]?.value).toBe(
      'Flammable liquid Class I (IA, IB, IC) (liquid, inside a building): 6.00 gal: IA 2.00 + IC 4.00',
    );
    expect(result.rows).toHaveLength(1);
  });

  it('Classes II and IIIA count together: 15 gal II and 15 gal IIIA inside are 30 gal > 25 gal', () => {
    // Rules §10: "Combustible liquid Class II, IIIA: 25 gal inside". 15 + 15 = 30 gal > 25 gal.
    const ii = line({
      inventory_product_id: 1,
      container_size: 15,
      fire_code_hazard_classes: ['combustible_liquid_ii'],
    });
    const iiia = line({
      inventory_product_id: 2,
      container_size: 15,
      fire_code_hazard_classes: ['combustible_liquid_iiia'],
    });
    const result = hmpp([ii, iiia]);
    expect(result.permit_required).toBe(true);
    expect(groupRow(result, 'combustible_liquid_ii_iiia')).toMatchObject({
      class_label: 'Combustible liquid Class II and IIIA (II, IIIA)',
      quantity: 30,
      permit_amount: 25,
      permit_required: true,
      members_text: 'II 15.00 + IIIA 15.00',
      largest_container: 15,
      required_in_aggregate_only: true,
    });
  });

  it('a line ticked with two classes of one group counts once in the group', () => {
    // A 4-gal line ticked IB and IC: 4 gal in Class I (not 8), under IB, the first of its classes.
    const result = hmpp([
      line({ container_size: 4, fire_code_hazard_classes: ['flammable_liquid_ib', 'flammable_liquid_ic'] }),
    ]);
    expect(groupRow(result, 'flammable_liquid_i')).toMatchObject({
      quantity: 4,
      permit_required: false,
      members_text: 'IB 4.00',
    });
  });

  it('the inventory statement keeps each class apart: IA 2 gal and IC 4 gal are two totals', () => {
    const result = hmis([
      line({ inventory_product_id: 1, container_size: 2, fire_code_hazard_classes: ['flammable_liquid_ia'] }),
      line({ inventory_product_id: 2, container_size: 4, fire_code_hazard_classes: ['flammable_liquid_ic'] }),
    ]);
    expect(result.totals.map((total) => [total.class_label, total.total])).toEqual([
      ['Flammable liquid Class IA', 2],
      ['Flammable liquid Class IC', 4],
    ]);
  });
});

describe('issue 31 point 12: the inventory statement keeps indoor and outdoor lines of one location apart', () => {
  it('PLANT inside 4 gal and PLANT outside 8 gal of Class IB are two control areas with their own totals', () => {
    // Rules §11: "Report each control area (and each outdoor area) on a separate sheet".
    // PLANT inside: 4 gal IB in storage → total 4 gal. PLANT outside: 8 gal IB in storage → total 8 gal.
    // Before the fix both were one area "PLANT" with one total of 4 + 8 = 12 gal.
    const result = hmis([
      solvent(4, 1, { inventory_product_id: 1, location_stored: 'PLANT' }),
      solvent(8, 1, { inventory_product_id: 2, location_stored: 'PLANT', is_outdoor: true }),
    ]);
    expect(result.control_areas).toEqual(['PLANT', 'PLANT (outside)']);
    expect(
      result.totals.map((total) => [total.control_area, total.place, total.class_label, total.total]),
    ).toEqual([
      ['PLANT', 'inside', 'Flammable liquid Class IB', 4],
      ['PLANT (outside)', 'outside', 'Flammable liquid Class IB', 8],
    ]);
    expect(result.rows.map((row) => [row.control_area, row.inventory_product_id, row.storage])).toEqual([
      ['PLANT', 1, 4],
      ['PLANT (outside)', 2, 8],
    ]);
  });
});

describe('issue 31 point 4: lines with no fire-code class ticked', () => {
  const FLAMMABLE = 'Flammable (gases, aerosols, liquids, or solids)' as const;
  const OXIDIZER = 'Oxidizer (liquid, solid or gas)' as const;

  it('a flammable gas by its Tier II category and gas state: 250 cu ft > 200 cu ft, an estimate', () => {
    // Hydrogen, no class ticked, Tier II "Flammable (…)" + compressed gas: flammable gas.
    // 1 cylinder × 250 cu ft = 250 cu ft > 200 cu ft (rules §10) → permit. Before the fix: not counted, no permit.
    const hydrogen = gas(250, 1, 192, {
      inventory_product_id: 41,
      product_name: 'Hydrogen',
      hazard_categories: [FLAMMABLE, 'Gas under pressure (compressed gas)'],
    });
    const result = hmpp([hydrogen]);
    expect(result.permit_required).toBe(true);
    expect(classRow(result, 'flammable_gas')).toMatchObject({
      quantity: 250,
      permit_amount: 200,
      is_estimate: true,
    });
    expect(result.estimated).toEqual([
      `Fire-code class of Hydrogen at WAREHOUSE (line 41): Flammable gas from its Tier II category "${FLAMMABLE}" and its gas state (compressed gas)`,
    ]);
    expect(result.warnings.map((w) => w.code)).toContain('fire_code_class_estimated');
    expect(result.not_counted).toEqual([]);
  });

  it('an oxidizing gas by "Oxidizer" and gas state: 2 × 300 = 600 cu ft > 504 cu ft', () => {
    const oxygen = gas(300, 2, 12.1, { product_name: 'Oxygen', hazard_categories: [OXIDIZER] });
    const result = hmpp([oxygen]);
    expect(classRow(result, 'oxidizing_gas')).toMatchObject({
      quantity: 600,
      permit_amount: 504,
      permit_required: true,
      is_estimate: true,
    });
  });

  it('a pyrophoric gas by "Pyrophoric Gas": any amount', () => {
    const silane = gas(10, 1, 11.7, { product_name: 'Silane', hazard_categories: ['Pyrophoric Gas'] });
    expect(classRow(hmpp([silane]), 'pyrophoric')).toMatchObject({
      quantity: 10,
      permit_amount: 0,
      permit_required: true,
    });
  });

  it('what the categories cannot say is not guessed: the lines are listed by name with the reason', () => {
    // A solid oxidizer (class 1-4 not given by the GHS category), an acutely toxic liquid (toxic or
    // highly toxic depends on its LD50/LC50), a skin corrosive or irritant, a flammable liquid with no
    // flash point, and water (nothing): none counted, each named.
    const chlorinator = solid(50, 2, {
      inventory_product_id: 51,
      product_name: 'Pool Shock',
      hazard_categories: [OXIDIZER],
    });
    const pesticide = line({
      inventory_product_id: 52,
      product_name: 'Pesticide',
      hazard_categories: ['Acute toxicity (any route of exposure)'],
    });
    const cleaner = line({
      inventory_product_id: 53,
      product_name: 'Cleaner',
      hazard_categories: ['Skin corrosion or irritation'],
    });
    const thinner = line({
      inventory_product_id: 54,
      product_name: 'Thinner',
      hazard_categories: [FLAMMABLE],
    });
    const water = line({ inventory_product_id: 55, product_name: 'Water' });
    const result = hmpp([chlorinator, pesticide, cleaner, thinner, water]);
    expect(result.rows).toEqual([]);
    expect(result.not_counted.map((row) => [row.inventory_product_id, row.product_name, row.reason])).toEqual(
      [
        [
          51,
          'Pool Shock',
          `Tier II "${OXIDIZER}" on a solid: its oxidizer class (1-4) is not given by the category; choose it on the product`,
        ],
        [
          52,
          'Pesticide',
          'Tier II "Acute toxicity (any route of exposure)": Toxic or Highly toxic is decided by the LD50/LC50, which the category does not give; choose it on the product',
        ],
        [
          53,
          'Cleaner',
          'Tier II "Skin corrosion or irritation": the category joins skin corrosion (Corrosive) and skin irritation (not a fire-code class); choose Corrosive on the product if the SDS says skin corrosion',
        ],
        [
          54,
          'Thinner',
          `Tier II "${FLAMMABLE}" on a liquid with no flash point: Class I, II or IIIA is not given; record the flash point or choose the class`,
        ],
        [
          55,
          'Water',
          'No fire-code hazard class chosen, and no flash point or hazard category that gives one',
        ],
      ],
    );
    expect(result.notes).toContain(
      '5 inventory line(s) have no fire-code hazard class that was chosen or could be derived and were not counted; they are named under "Not counted".',
    );
    expect(
      result.warnings
        .filter((w) => w.code === 'fire_code_class_not_derived')
        .map((w) => w.inventory_product_id),
    ).toEqual([51, 52, 53, 54]);
    // The inventory statement names them too, with the same reasons.
    expect(hmis([chlorinator]).below_threshold[0]?.reason).toBe(
      `Tier II "${OXIDIZER}" on a solid: its oxidizer class (1-4) is not given by the category; choose it on the product`,
    );
  });

  it('LP-gas by its composition follows its own row (any amount, in gallons of water capacity), not flammable gas', () => {
    // Propane 74-98-6 at 100%, liquified gas, Tier II flammable, no class: LP-gas (NFPA 58: predominantly
    // propane, propylene, butanes, butylenes). Tank 1,000 gal × 1 = 1,000 gal water capacity > 0 → permit.
    const tank = line({
      inventory_product_id: 61,
      product_name: 'Propane',
      physical_state: 'liquified gas',
      container_name: 'Tank',
      container_size: 1000,
      specific_gravity: 0.51,
      pounds_per_gallon: null,
      conversion_factor: 8.74,
      location_stored: 'TANK YARD',
      is_outdoor: true,
      hazard_categories: [FLAMMABLE, 'Gas under pressure (compressed gas)'],
      components: [component('74-98-6', 'Propane', 100)],
    });
    // Forklift cylinders ticked "Flammable gas", 95% propane: LP-gas too. 33.5 lb × 2 = 67 lb of LP-gas
    // ÷ (0.42 filling density × 8.34 lb/gal of water = 3.5028 lb per gal of water capacity) = 19.1276 gal.
    const forklift = solid(33.5, 2, {
      inventory_product_id: 62,
      product_name: 'Forklift propane',
      physical_state: 'liquified gas',
      conversion_factor: 8.74,
      location_stored: 'TANK YARD',
      is_outdoor: true,
      fire_code_hazard_classes: ['flammable_gas'],
      components: [component('74-98-6', 'Propane', 95), component('115-07-1', 'Propylene', 5)],
    });
    const result = hmpp([tank, forklift]);
    expect(classRow(result, 'flammable_gas', 'outside')).toBeUndefined();
    expect(classRow(result, 'lp_gas', 'outside')).toMatchObject({
      class_label: 'LP-gas',
      unit: 'gal water capacity',
      quantity: 1019.1276,
      permit_amount: 0,
      permit_required: true,
      is_estimate: true,
    });
    expect(result.estimated).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Fire-code class of Propane at TANK YARD (line 61): LP-gas from its'),
        expect.stringContaining(
          'Fire-code class of Forklift propane at TANK YARD (line 62): LP-gas, not the Flammable gas chosen',
        ),
        expect.stringContaining(
          'Water capacity of Forklift propane at TANK YARD (line 62): 67.00 lb ÷ (42% × 8.34 lb/gal)',
        ),
      ]),
    );
  });
});

// Issue 31 point 14: three cans of 0.335 gal of IB print 0.34 each (1.02) under a Class I total of
// 1.005 gal printed 1.01 (half up at two decimals): the permit report and the inventory statement
// say totals are computed before rounding.
describe('printed totals over their printed lines (issue 31 point 14)', () => {
  const NOTE =
    'Totals are computed before rounding: printed rows may differ from the printed total by rounding.';
  const cans = [1, 2, 3].map((id) => solvent(0.335, 1, { inventory_product_id: id }));

  it('the permit report notes it when the class total is not the sum of its printed lines', () => {
    const result = hmpp(cans);
    expect(classRow(result, 'flammable_liquid_i')?.quantity).toBe(1.005);
    expect(result.notes).toContain(NOTE);
  });

  it('no note when the lines add up as printed (0.25 × 3 = 0.75)', () => {
    const result = hmpp([1, 2, 3].map((id) => solvent(0.25, 1, { inventory_product_id: id })));
    expect(result.notes).not.toContain(NOTE);
  });
});

// Issue 33 point 2: unknown is not zero. 4,000 lb of chlorine (2 cylinders × 2,000 lb) with no
// conversion factor has no cubic feet at NTP; the toxic-gas permit is required at any amount
// (permit amount 0), so the unknown amount decides it: "cannot be determined", never 0.00 and "No".
describe('an amount unknown for want of a product input (issue 33 point 2)', () => {
  const chlorine = (overrides: Partial<SnapshotLine> = {}) =>
    line({
      inventory_product_id: 70,
      product_name: 'Chlorine',
      physical_state: 'compressed gas',
      container_name: 'Cylinder',
      unit_name: 'lb',
      unit_type: 'lb',
      container_size: 2000,
      container_quantity: 2,
      pounds_per_gallon: null,
      conversion_factor: null,
      fire_code_hazard_classes: ['toxic'],
      components: [component(CAS.chlorine, 'Chlorine', 100)],
      ...overrides,
    });

  it('4,000 lb of chlorine with no cu ft/lb factor: the toxic-gas permit cannot be determined', () => {
    const result = hmpp([chlorine()]);
    const row = classRow(result, 'toxic');
    expect(row).toMatchObject({
      quantity: 0,
      permit_amount: 0,
      permit_required: false,
      cannot_be_determined: 'cannot be determined: Conversion Factor (cu ft per lb)',
      missing_inputs: ['Conversion Factor (cu ft per lb)'],
    });
    // The row stays in the main table, not under Below threshold.
    expect(result.rows).toEqual([row]);
    expect(result.below_threshold).toEqual([]);
    expect(result.permit_required).toBe(false);
    expect(result.permit_undetermined).toBe(true);
    expect(result.header_facts?.[0]).toEqual({
      label: 'Hazardous materials permit required',
      value: 'cannot be determined',
    });
    expect(result.header_facts?.[1]).toEqual({
      label: 'Classes over the permit amount',
      value: 'Toxic (gas, inside a building): cannot be determined: Conversion Factor (cu ft per lb)',
    });
    expect(row?.explanation.rule_text).toBe(
      '0.00 cu ft ≤ permit amount (any amount) 0 cu ft (inside a building); 1 line(s) of unknown amount (Conversion Factor (cu ft per lb) missing): the total is at least 0.00 cu ft, so whether a permit is required cannot be determined',
    );
    expect(result.warnings.map((warning) => [warning.code, warning.product_id])).toContainEqual([
      'missing_fire_code_amount',
      70,
    ]);
  });

  it('a known amount already over the permit amount keeps the verdict "Yes" beside an unknown line', () => {
    // 10 cylinders × 150 cu ft = 1,500 cu ft of chlorine known (> 0, any amount), plus the 4,000 lb unknown.
    const known = gas(150, 10, 5.4, {
      inventory_product_id: 71,
      product_name: 'Chlorine',
      fire_code_hazard_classes: ['toxic'],
    });
    const result = hmpp([known, chlorine()]);
    const row = classRow(result, 'toxic');
    expect(row).toMatchObject({ quantity: 1500, permit_required: true, cannot_be_determined: null });
    expect(result.permit_required).toBe(true);
    expect(result.permit_undetermined).toBe(false);
    expect(result.header_facts?.[0]).toEqual({ label: 'Hazardous materials permit required', value: 'Yes' });
    expect(row?.explanation.rule_text).toContain(
      '1 line(s) of unknown amount (Conversion Factor (cu ft per lb) missing): the total is at least 1,500.00 cu ft, already over the permit amount',
    );
  });

  it('an unknown amount beside a table with no permit amount changes nothing', () => {
    const result = hmpp([
      chlorine({ fire_code_hazard_classes: ['combustible_liquid_iiib'], physical_state: 'liquid' }),
    ]);
    expect(result.permit_undetermined).toBe(false);
  });
});

// Issue 33 point 5: ranged components are printed as the SDS gives them; their upper bounds (60% +
// 50% = 110%) are never summed or printed as single figures.
describe('ingredient ranges as printed (issue 33 point 5)', () => {
  const cleaner = solvent(1, 1, {
    inventory_product_id: 80,
    components: [
      component(CAS.toluene, 'Toluene', null, { percentage_weight_low: 30, percentage_weight_high: 60 }),
      component(CAS.xylene, 'Xylene', null, { percentage_weight_low: 40, percentage_weight_high: 50 }),
      component('7732-18-5', 'Water', 5),
    ],
  });

  it('the permit report and the inventory statement print 30–60% and 40–50%', () => {
    const printed = 'Toluene 108-88-3 (30–60%); Xylene 1330-20-7 (40–50%); Water 7732-18-5 (5%)';
    expect(hmpp([cleaner]).products[0]?.hazardous_ingredients).toBe(printed);
    const statement = JSON.stringify(hmis([cleaner]));
    expect(statement).toContain(printed);
    expect(statement).not.toContain('(60%)');
  });
});
