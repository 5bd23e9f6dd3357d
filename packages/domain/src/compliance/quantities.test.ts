import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeLineQuantity, sumByProduct } from './quantities.ts';
import { line, solid } from './test-fixtures.ts';

describe('line quantities (rules §0.1)', () => {
  it('takes the stored max pounds first, even when gallons are also stored', () => {
    // Stored by the container calculation: 55 gal × 8.34 lb/gal = 458.70 lb.
    const { quantity, warnings } = computeLineQuantity(line({ max_gallons: 55, max_pounds: 458.7 }));
    expect(quantity).toMatchObject({ pounds: 458.7, gallons: 55, pounds_per_gallon: 8.34 });
    expect(quantity.basis).toBe('458.70 lb (stored max pounds)');
    expect(warnings).toEqual([]);
  });

  it('converts stored gallons to pounds through the specific gravity when no pounds were stored', () => {
    // 1.2 × 8.34 = 10.008 lb/gal; 55 gal × 10.008 lb/gal = 550.44 lb.
    const { quantity } = computeLineQuantity(
      line({ max_gallons: 55, max_pounds: null, pounds_per_gallon: null, specific_gravity: 1.2 }),
    );
    expect(quantity.pounds).toBe(550.44);
    expect(quantity.gallons).toBe(55);
    expect(quantity.basis).toBe('55.00 gal × 10.01 lb/gal (specific gravity 1.2 × 8.34) = 550.44 lb');
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
