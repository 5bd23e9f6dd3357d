import { describe, expect, it } from 'vitest';
import { SaveInventoryProductRequestSchema } from '../inventory-products/save-inventory-product.ts';
import { SaveProductRequestSchema } from '../products/index.ts';
import { decimalSchema } from './fields.ts';

/** The first message zod gives for one field of a body. */
function messageOf(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const product = { name: 'Acid', mfg_name: 'Acme', physical_state: 'liquid' };
const line = { product_id: 7 };

describe('decimal fields refuse what stripping would bend (issue 22 point 2)', () => {
  it.each([
    ['container_size', '-55', 'Container Size must be 0 or more.'],
    ['container_quantity', '-2', 'Container Quantity must be 0 or more.'],
    ['container_size', '1e6', 'Container Size must be a number.'],
    ['container_quantity', 'five', 'Container Quantity must be a number.'],
    ['container_size', '1.2.3', 'Container Size must be a number.'],
    ['container_size', '1,5', 'Container Size must be a number.'],
    ['specific_gravity', '-1.2', 'Specific Gravity must be 0 or more.'],
    ['pounds_per_gallon', 'abc', 'Pounds per Gallon must be a number.'],
    ['conversion_factor', '5.4e2', 'Conversion Factor must be a number.'],
    ['container_size', -55, 'Container Size must be 0 or more.'],
  ])('a line with %s %j gets "%s"', (field, typed, message) => {
    expect(messageOf(SaveInventoryProductRequestSchema.safeParse({ ...line, [field]: typed }), field)).toBe(
      message,
    );
  });

  it.each([
    ['specific_gravity', '-1.2', 'Specific Gravity must be 0 or more.'],
    ['pounds_per_gallon', 'abc', 'Pounds per Gallon must be a number.'],
    ['pounds_per_gallon', '8.3.4', 'Pounds per Gallon must be a number.'],
    ['conversion_factor', '-5.4', 'Conversion Factor must be 0 or more.'],
  ])('a product with %s %j gets "%s"', (field, typed, message) => {
    expect(messageOf(SaveProductRequestSchema.safeParse({ ...product, [field]: typed }), field)).toBe(
      message,
    );
  });

  it('reads a unit suffix and thousands separators without bending them', () => {
    const parsed = SaveInventoryProductRequestSchema.parse({
      ...line,
      container_size: '1,000 gal',
      container_quantity: '2',
      specific_gravity: '1.84 g/ml',
      pounds_per_gallon: '15.35 lb/gal',
    });
    expect([
      parsed.container_size,
      parsed.container_quantity,
      parsed.specific_gravity,
      parsed.pounds_per_gallon,
    ]).toEqual([1000, 2, 1.84, 15.35]);
  });

  it('still checks decimals and the column bound after reading', () => {
    const schema = decimalSchema('Pounds per Gallon', 2, 99_999_999);
    expect(schema.safeParse('1.234').error?.issues[0]?.message).toBe(
      'Pounds per Gallon allows at most 2 decimals.',
    );
    expect(schema.safeParse('100,000,000').error?.issues[0]?.message).toBe(
      'Pounds per Gallon must be at most 99999999.',
    );
    expect(schema.parse('')).toBeNull();
    expect(schema.parse(null)).toBeNull();
  });
});
