import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLineQuantity, sumByProduct } from './quantities.ts';
import { gas, line, solid } from './test-fixtures.ts';
import type { SnapshotLine } from './types.ts';

describe('line quantities (rules §0.1)', () => {
  it('takes the stored max pounds first, even when gallons are also stored', () => {
    // Stored by the container calculation: 55 gal × 8.34 lb/gal = 458.70 lb.
    const { quantity, warnings } = computeLineQuantity(line({ max_gallons: 55, max_pounds: 458.7 }));
    expect(quantity).toMatchObject({ pounds: 458.7, gallons: 55, pounds_per_gallon: 8.34 });
    // The explanation writes the conversion out (issue 21 point 8; it used to stop at "stored max pounds").
    expect(quantity.basis).toBe('55 gal × 1 = 55 gal × 8.34 lb/gal (pounds per gallon) = 458.70 lb');
    expect(warnings).toEqual([]);
  });

  it('converts stored gallons to pounds through the specific gravity when no pounds were stored', () => {
    // 1.2 × 8.34 = 10.008 lb/gal; 55 gal × 10.008 lb/gal = 550.44 lb.
    const { quantity } = computeLineQuantity(
      line({ max_gallons: 55, max_pounds: null, pounds_per_gallon: null, specific_gravity: 1.2 }),
    );
    expect(quantity.pounds).toBe(550.44);
    expect(quantity.gallons).toBe(55);
    // Every digit of the factor (issue 21 point 8): 55 × 10.008 = 550.44, where 55 × 10.01 = 550.55.
    expect(quantity.basis).toBe(
      '55 gal × 1 = 55 gal × 10.008 lb/gal (specific gravity 1.2 × 8.34) = 550.44 lb',
    );
  });

  it('prefers pounds per gallon over specific gravity and density', () => {
    // 55 gal × 9 lb/gal = 495 lb (SG 1.2 and density 10 are ignored).
    const { quantity } = computeLineQuantity(
      line({ max_gallons: 55, pounds_per_gallon: 9, specific_gravity: 1.2, density: 10 }),
    );
    expect(quantity.pounds).toBe(495);
  });

  it('runs the container calculation when nothing is stored: 4 drums × 55 gal × 8.34 lb/gal', () => {
    // 55 × 4 = 220 gal; 220 × 8.34 = 1,834.80 lb; one drum = 1,834.80 / 4 = 458.70 lb.
    const { quantity } = computeLineQuantity(line({ container_quantity: 4 }));
    expect(quantity).toMatchObject({
      pounds: 1834.8,
      gallons: 220,
      pounds_per_container: 458.7,
      container: 'Drum 55 gal × 4',
    });
  });

  it('reads fluid ounces: 2 bottles × 128 oz = 2 gal; × 10 lb/gal = 20 lb', () => {
    const { quantity } = computeLineQuantity(
      line({
        unit_type: 'oz',
        unit_name: 'oz',
        container_size: 128,
        container_quantity: 2,
        pounds_per_gallon: 10,
      }),
    );
    expect(quantity).toMatchObject({ pounds: 20, gallons: 2 });
  });

  it('weighs solids by the pound and gives them no gallons: 10 bags × 50 lb = 500 lb', () => {
    const { quantity } = computeLineQuantity(solid(50, 10));
    expect(quantity).toMatchObject({ pounds: 500, gallons: null, pounds_per_container: 50 });
  });

  it('converts gases by the conversion factor: 3 cylinders × 200 ft³ / 13.5 = 44.4444 lb', () => {
    const { quantity } = computeLineQuantity(
      line({
        physical_state: 'compressed gas',
        unit_type: 'cu',
        unit_name: 'cu ft',
        container_name: 'Cylinder',
        container_size: 200,
        container_quantity: 3,
        conversion_factor: 13.5,
        pounds_per_gallon: null,
      }),
    );
    expect(quantity).toMatchObject({ pounds: 44.4444, gallons: null });
  });

  it('warns, naming the line, about a liquid with no density: its pounds are unknown, not zero', () => {
    const bad = line({
      inventory_product_id: 41,
      product_name: 'Degreaser',
      location_stored: 'SHOP',
      max_gallons: 55,
      pounds_per_gallon: null,
    });
    const { quantity, warnings } = computeLineQuantity(bad);
    expect(quantity.pounds).toBeNull();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'missing_density',
        severity: 'warning',
        inventory_product_id: 41,
        message:
          'Degreaser at SHOP (line 41): liquid of 55.00 gal with no pounds per gallon, specific gravity or density; its pounds are unknown and left out of every total',
      }),
    ]);
  });

  it('warns about a gas with no conversion factor and a line with no container figures', () => {
    const gas = line({
      physical_state: 'liquified gas',
      unit_type: 'cu',
      container_size: 100,
      pounds_per_gallon: null,
    });
    expect(computeLineQuantity(gas).warnings.map((w) => w.code)).toEqual(['missing_conversion_factor']);
    const empty = solid(0, 0);
    expect(computeLineQuantity(empty).warnings.map((w) => w.code)).toEqual(['missing_quantity']);
  });

  it('adds a product up across its lines: 458.70 lb + 500 lb at two locations = 958.70 lb', () => {
    const a = computeLineQuantity(line({ product_id: 7, max_pounds: 458.7, max_gallons: 55 })).quantity;
    const b = computeLineQuantity(
      line({ product_id: 7, max_pounds: 500, max_gallons: 59.9521, location_stored: 'YARD' }),
    ).quantity;
    const [product] = sumByProduct([a, b]);
    expect(product).toMatchObject({ product_id: 7, pounds: 958.7, gallons: 114.9521, unknown_lines: 0 });
  });

  it('never gives negative pounds or gallons, whatever the numbers', () => {
    const number = fc.option(fc.double({ min: -1e6, max: 1e6 }), { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          physical_state: fc.constantFrom('solid', 'liquid', 'compressed gas', 'liquified gas', null),
          unit_type: fc.constantFrom('gal', 'oz', 'lb', 'cu', null),
          container_size: number,
          container_quantity: number,
          max_pounds: number,
          max_gallons: number,
          pounds_per_gallon: number,
          specific_gravity: number,
          density: number,
          conversion_factor: number,
        }),
        (fields) => {
          const { quantity } = computeLineQuantity(line(fields));
          return (
            (quantity.pounds === null || quantity.pounds >= 0) &&
            (quantity.gallons === null || quantity.gallons >= 0)
          );
        },
      ),
    );
  });
});

describe('explanations that show the conversion actually used (issue 21, point 8)', () => {
  it('prints the factor a specific gravity gives with all its digits, so the product is the total', () => {
    // 330 gal × (1.835 × 8.34 = 15.3039 lb/gal) = 5,050.287 lb → 5,050.29 lb. The old text printed
    // "specific gravity 1.84" and "15.30 lb/gal", whose product 330 × 15.30 = 5,049.00 is not the total.
    const tote = line({
      container_name: 'Tote',
      container_size: 330,
      max_gallons: 330,
      pounds_per_gallon: null,
      specific_gravity: 1.835,
    });
    const { quantity } = computeLineQuantity(tote);
    expect(quantity.pounds).toBe(5050.287);
    expect(quantity.basis).toBe(
      '330 gal × 1 = 330 gal × 15.3039 lb/gal (specific gravity 1.835 × 8.34) = 5,050.29 lb',
    );
  });

  it('writes out a stored figure from its container: 55 gal × 7.26 lb/gal, 1,000 cu ft ÷ 5.4 cu ft/lb', () => {
    // 55 × 4 = 220 gal × 7.26 = 1,597.20 lb, as stored by the container calculation.
    const drums = line({
      container_quantity: 4,
      pounds_per_gallon: 7.26,
      max_gallons: 220,
      max_pounds: 1597.2,
    });
    expect(computeLineQuantity(drums).quantity.basis).toBe(
      '55 gal × 4 = 220 gal × 7.26 lb/gal (pounds per gallon) = 1,597.20 lb',
    );
    // 250 cu ft × 4 = 1,000 cu ft ÷ 5.4 cu ft/lb = 185.185185… → stored 185.1852 lb.
    const cylinders = gas(250, 4, 5.4, { max_pounds: 185.1852 });
    expect(computeLineQuantity(cylinders).quantity.basis).toBe(
      '250 cu ft × 4 = 1,000 cu ft ÷ 5.4 cu ft/lb (conversion factor) = 185.19 lb',
    );
    // 12 oz × 5 ÷ 128 oz/gal = 0.46875 gal × 8.34 lb/gal = 3.909375 → 3.91 lb.
    const bottles = line({ unit_name: 'oz', unit_type: 'oz', container_size: 12, container_quantity: 5 });
    expect(computeLineQuantity(bottles).quantity.basis).toBe(
      '12 oz × 5 ÷ 128 oz/gal = 0.46875 gal × 8.34 lb/gal (pounds per gallon) = 3.91 lb',
    );
  });

  it("says so when the stored pounds no longer follow from the line's container figures", () => {
    // Stored 500 lb; the container now gives 55 gal × 8.34 = 458.70 lb. The stored figure counts.
    const { quantity } = computeLineQuantity(line({ max_pounds: 500 }));
    expect(quantity.pounds).toBe(500);
    expect(quantity.basis).toBe(
      "500.00 lb (stored max pounds; the line's container figures now give 458.70 lb)",
    );
  });

  it('warns about a gas conversion factor below 1 cu ft per lb, and counts the pounds as given', () => {
    // 100 cu ft × 1 ÷ 0.185 cu ft/lb = 540.5405 lb: 0.185 is chlorine's density in lb per cu ft
    // (1 ÷ 5.4), typed where its cubic feet per pound belong.
    const typo = gas(100, 1, 0.185, {
      inventory_product_id: 52,
      product_name: 'Chlorine',
      location_stored: 'YARD',
      physical_state: 'liquified gas',
    });
    const { quantity, warnings } = computeLineQuantity(typo);
    expect(quantity.pounds).toBe(540.5405);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'implausible_conversion_factor',
        severity: 'warning',
        message:
          'Chlorine at YARD (line 52): conversion factor 0.185 cu ft per lb is below 1: a gas takes more than 1 cu ft per lb (chlorine about 5.4), so this is probably a density in lb per cu ft typed the wrong way round; its pounds are counted as given',
      }),
    ]);
    // 5.4 is plausible: no warning.
    expect(computeLineQuantity({ ...typo, conversion_factor: 5.4 }).warnings).toEqual([]);
  });
});

/** A liquified gas held as a liquid in a tank measured in gallons (issue 31, point 2). */
function tank(size: number, overrides: Partial<SnapshotLine> = {}): SnapshotLine {
  return line({
    physical_state: 'liquified gas',
    container_name: 'Tank',
    unit_name: 'gal',
    unit_type: 'gal',
    container_size: size,
    container_quantity: 1,
    pounds_per_gallon: null,
    ...overrides,
  });
}

describe('a liquified gas measured in gallons (issue 31, point 2)', () => {
  it('weighs a 30,000-gal propane tank by its liquid density: 30,000 × 0.51 × 8.34 = 127,602 lb', () => {
    // 0.51 × 8.34 = 4.2534 lb/gal; 30,000 gal × 4.2534 lb/gal = 127,602.00 lb. Saved before the
    // fix, the line has no stored max pounds (the form's calculation gave none): the engine
    // recomputes it from the line's container figures and specific gravity.
    const propane = tank(30_000, { specific_gravity: 0.51, conversion_factor: 8.74 });
    const { quantity, warnings } = computeLineQuantity(propane);
    expect(quantity).toMatchObject({
      pounds: 127_602,
      // Gallons are a liquid's (SPCC, the fire code's liquid classes): a gas has none.
      gallons: null,
      pounds_per_gallon: 4.2534,
      pounds_per_container: 127_602,
    });
    expect(quantity.basis).toBe(
      '30,000 gal × 1 = 30,000 gal × 4.2534 lb/gal (specific gravity 0.51 × 8.34) = 127,602.00 lb',
    );
    expect(warnings).toEqual([]);
  });

  it('weighs a 500-gal ammonia nurse tank: 500 × 0.62 × 8.34 = 2,585.40 lb, also as stored', () => {
    // 0.62 × 8.34 = 5.1708 lb/gal; 500 × 5.1708 = 2,585.40 lb.
    const nurse = tank(500, { specific_gravity: 0.62 });
    expect(computeLineQuantity(nurse).quantity.pounds).toBe(2585.4);
    // Saved after the fix: the stored figure agrees with the container, and the basis writes it out.
    const saved = computeLineQuantity({ ...nurse, max_gallons: 500, max_pounds: 2585.4 }).quantity;
    expect(saved).toMatchObject({ pounds: 2585.4, gallons: null });
    expect(saved.basis).toBe(
      '500 gal × 1 = 500 gal × 5.1708 lb/gal (specific gravity 0.62 × 8.34) = 2,585.40 lb',
    );
  });

  it('reads fluid ounces of a liquified gas: 64 oz × 2 ÷ 128 = 1 gal × 4.2534 lb/gal = 4.2534 lb', () => {
    const cans = tank(64, {
      container_name: 'Can',
      unit_name: 'oz',
      unit_type: 'oz',
      container_quantity: 2,
      specific_gravity: 0.51,
    });
    expect(computeLineQuantity(cans).quantity.pounds).toBe(4.2534);
  });

  it('names the missing density, not the conversion factor, for a liquified gas in gallons', () => {
    const nurse = tank(500, {
      inventory_product_id: 61,
      product_name: 'Anhydrous ammonia',
      location_stored: 'FIELD',
      conversion_factor: 22.6,
    });
    const { quantity, warnings } = computeLineQuantity(nurse);
    expect(quantity.pounds).toBeNull();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'missing_density',
        message:
          'Anhydrous ammonia at FIELD (line 61): liquefied gas of 500.00 gal with no pounds per gallon or specific gravity; its pounds are unknown and left out of every total',
      }),
    ]);
  });

  it('names the missing conversion factor for a gas in cubic feet, with its cubic feet', () => {
    const cylinders = gas(100, 2, 0, {
      inventory_product_id: 62,
      product_name: 'Propane',
      location_stored: 'YARD',
      conversion_factor: null,
      specific_gravity: 0.51,
      physical_state: 'liquified gas',
    });
    expect(computeLineQuantity(cylinders).warnings).toEqual([
      expect.objectContaining({
        code: 'missing_conversion_factor',
        message:
          'Propane at YARD (line 62): gas of 200.00 cu ft with no conversion factor; its pounds are unknown and left out of every total',
      }),
    ]);
  });

  it('says a compressed gas in gallons cannot be weighed, never blaming the conversion factor', () => {
    const cylinder = tank(300, {
      inventory_product_id: 63,
      product_name: 'Nitrogen',
      location_stored: 'DOCK',
      physical_state: 'compressed gas',
    });
    expect(computeLineQuantity(cylinder).warnings).toEqual([
      expect.objectContaining({
        code: 'missing_quantity',
        message:
          'Nitrogen at DOCK (line 63): compressed gas of 300.00 gal: gallons do not weigh a compressed gas (record it in cu ft at NTP or in lb, or as a liquified gas with its specific gravity); its pounds are unknown and left out of every total',
      }),
    ]);
  });
});
