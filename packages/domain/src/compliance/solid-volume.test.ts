import { describe, expect, it } from 'vitest';
import { calculateContainer, containerPoundsHint } from '../inventory-products/container-calculation.ts';
import { computeLineQuantity } from './quantities.ts';
import { computeReport } from './registry.ts';
import { component, LISTS, snapshot, solid } from './test-fixtures.ts';
import type { SnapshotLine } from './types.ts';
import { missingPoundsInput } from './unknown-amounts.ts';

/**
 * A solid measured in a volume unit (the exploratory test's Portland cement in 55-gal drums).
 * Hand computation (rules §0.1; spec 02 §9): 55 gal × 200 drums = 11,000 gal. A volume is weighed
 * only for a liquid or a gas (rules §0.1: lb = gal × SG × 8.34 for liquids; 40 CFR 370.43 note:
 * "gas or liquid volume"), and a solid product keeps no specific gravity or pounds per gallon
 * (spec 02 §9), so the line's pounds are unknown (null, not 0). What it lacks is a unit in lb, not
 * the container size, quantity or unit, which are all recorded. Tier II (mixture option): 0 lb
 * known against the 10,000-lb threshold of a non-EHS chemical, the unknown line could take it over:
 * cannot be determined, stored at YARD.
 */
const cement = (overrides: Partial<SnapshotLine> = {}) =>
  solid(55, 200, {
    inventory_product_id: 501,
    product_id: 37,
    product_name: 'Portland Cement, Type I/II',
    container_name: 'Drum',
    unit_name: 'Drum (gal)',
    unit_type: 'gal',
    location_stored: 'YARD',
    is_sara_a: true,
    components: [component('65997-15-1', 'Portland cement', 92)],
    ...overrides,
  });

const MISSING = 'Container Unit in lb (a solid in Drum (gal), a volume unit, gives no pounds)';

describe('a solid in a volume unit: its pounds unknown, and the message says why', () => {
  it('the line: no pounds, and a warning naming the unit and the fix, not a missing size or quantity', () => {
    const { quantity, warnings } = computeLineQuantity(cement());
    expect(quantity.pounds).toBeNull();
    expect(quantity.gallons).toBeNull();
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'missing_quantity',
        'Portland Cement, Type I/II at YARD (line 501): solid of 11,000.00 gal in Drum (gal), a volume unit: a volume gives no pounds for a solid (specific gravity, density and pounds per gallon are kept for liquids only, so the product holds none; rules §0.1 convert only liquid and gas volumes); record the line in a unit in lb; its pounds are unknown and left out of every total',
      ],
    ]);
    expect(missingPoundsInput(cement())).toBe(MISSING);
    // 16 oz × 3 = 48 oz; 10 cu ft × 2 = 20 cu ft: the same, in their own units.
    expect(
      computeLineQuantity(
        cement({ unit_type: 'oz', unit_name: 'Pint', container_size: 16, container_quantity: 3 }),
      ).warnings[0]?.message,
    ).toContain('solid of 48.00 oz in Pint, a volume unit');
    expect(
      computeLineQuantity(
        cement({ unit_type: 'cu', unit_name: 'Bin', container_size: 10, container_quantity: 2 }),
      ).warnings[0]?.message,
    ).toContain('solid of 20.00 cu ft in Bin, a volume unit');
    // Still a missing size or quantity when one is missing.
    expect(missingPoundsInput(cement({ container_quantity: null }))).toBe(
      'Container Size, Quantity and Unit',
    );
  });

  it('a solid weighed in lb is unchanged: 50 lb × 40 bags = 2,000 lb', () => {
    const { quantity, warnings } = computeLineQuantity(
      cement({ unit_type: 'lb', unit_name: 'Bag', container_size: 50, container_quantity: 40 }),
    );
    expect(quantity.pounds).toBe(2000);
    expect(warnings).toEqual([]);
  });

  it('Tier II: the row cannot be determined, says so in its rule line, and names where the cement is', () => {
    const result = computeReport('epcra_311_312_tier2', snapshot([cement()]), LISTS);
    expect(result.undetermined).toHaveLength(1);
    const [row] = result.undetermined;
    expect(row?.cannot_be_determined).toBe(`cannot be determined: ${MISSING}`);
    // 0 lb known; never "0.00 lb < threshold 10,000 lb", which reads as a verdict.
    expect(row?.explanation.rule_text).toBe(
      'at least 0.00 lb against threshold 10,000 lb: cannot be determined',
    );
    expect(row?.explanation.notes).toContain(
      `1 line(s) of unknown amount (${MISSING} missing): the total is at least 0.00 lb, so the verdict cannot be determined.`,
    );
    expect(row?.unknown_locations).toEqual(['YARD']);
  });
});

describe('the line form: why Max Pounds stay N/A (a hint under the figures)', () => {
  const hint = (input: Parameters<typeof calculateContainer>[0]) =>
    containerPoundsHint(input, calculateContainer(input));
  const drums = {
    unit_type: 'gal',
    unit_name: 'Drum (gal)',
    container_size: '55',
    container_quantity: '200',
  };

  it('a solid in gallons: the unit does not weigh a solid, choose a unit in lb', () => {
    expect(hint({ ...drums, physical_state: 'solid' })).toBe(
      'Max Pounds cannot be calculated: Drum (gal) does not weigh a solid, and a solid keeps no specific gravity or pounds per gallon to weigh a volume. Choose a unit in lb.',
    );
  });

  it('a liquid with no density, a gas with no conversion factor: the measure the formula needs', () => {
    expect(hint({ ...drums, physical_state: 'liquid' })).toBe(
      "Max Pounds cannot be calculated: Drum (gal) needs the product's Pounds per Gallon or Specific Gravity.",
    );
    expect(
      hint({ ...drums, unit_type: 'cu', unit_name: 'Cylinder (cu)', physical_state: 'compressed gas' }),
    ).toBe("Max Pounds cannot be calculated: Cylinder (cu) needs the product's Conversion Factor.");
    expect(hint({ ...drums, physical_state: 'compressed gas' })).toBe(
      'Max Pounds cannot be calculated: Drum (gal) does not weigh a compressed gas. Choose a unit in cu ft or lb.',
    );
  });

  it('no hint when the pounds are calculated, nothing is entered yet, or a notice already speaks', () => {
    // 55 × 200 = 11,000 gal × 8.34 = 91,740 lb.
    expect(hint({ ...drums, physical_state: 'liquid', pounds_per_gallon: '8.34' })).toBeNull();
    expect(hint({ ...drums, physical_state: 'solid', container_quantity: '' })).toBeNull();
    expect(hint({ ...drums, physical_state: 'solid', unit_type: 'lb', unit_name: 'Bag' })).toBeNull();
    expect(hint({ ...drums, physical_state: 'liquid', container_size: '1.2.' })).toBeNull();
  });
});
