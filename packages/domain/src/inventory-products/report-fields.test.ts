import { describe, expect, it } from 'vitest';
import { COMPONENT_MSG, SaveComponentRequestSchema } from '../chemical-components/index.ts';
import { TIER2_HAZARD_CATEGORIES } from '../products/hazard-categories.ts';
import { PRODUCT_MSG, SaveProductRequestSchema } from '../products/index.ts';
import {
  TIER2_STORAGE_PRESSURES,
  TIER2_STORAGE_TEMPERATURES,
  TIER2_STORAGE_TYPES,
} from '../products/storage-conditions.ts';
import { INVENTORY_PRODUCT_MSG } from './inventory-product-labels.ts';
import { SaveInventoryProductRequestSchema } from './save-inventory-product.ts';

/** The optional fields the reports need (issue 11): what they accept, keep and refuse, and with which message. */

const line = { name: 'Parts Cleaner', mfg_name: 'Acme Chemical Co' };
const product = { name: 'Acetone', mfg_name: 'Gulf Coast Chemical Supply' };
const component = { name: 'Sulfuric acid', number: '7664-93-9' };

function messages(
  schema: { safeParse(input: unknown): { success: boolean; error?: unknown } },
  input: unknown,
) {
  const result = schema.safeParse(input) as {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
  if (result.success) return {};
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('Tier II hazard categories', () => {
  it('keeps the 23 labels in the standard order without repeats, and leaves an omitted list undefined', () => {
    const parsed = SaveProductRequestSchema.parse({
      ...product,
      tier2_hazard_categories: [
        'Simple Asphyxiant',
        'Explosive',
        'Explosive',
        'Hazard Not Otherwise Classified',
      ],
    });
    expect(parsed.tier2_hazard_categories).toEqual([
      'Explosive',
      'Simple Asphyxiant',
      'Hazard Not Otherwise Classified',
    ]);
    expect(SaveProductRequestSchema.parse(product).tier2_hazard_categories).toBeUndefined();
    expect(
      SaveProductRequestSchema.parse({ ...product, tier2_hazard_categories: [] }).tier2_hazard_categories,
    ).toEqual([]);
    const all = SaveProductRequestSchema.parse({
      ...product,
      tier2_hazard_categories: [...TIER2_HAZARD_CATEGORIES],
    });
    expect(all.tier2_hazard_categories).toHaveLength(23);
  });

  it('refuses a label outside the standard on the field itself, for products and lines alike', () => {
    const bad = { tier2_hazard_categories: ['Explosive', 'Flammable'] };
    expect(messages(SaveProductRequestSchema, { ...product, ...bad })).toEqual({
      tier2_hazard_categories: PRODUCT_MSG.tier2HazardCategories,
    });
    expect(messages(SaveInventoryProductRequestSchema, { ...line, ...bad })).toEqual({
      tier2_hazard_categories: PRODUCT_MSG.tier2HazardCategories,
    });
    expect(messages(SaveProductRequestSchema, { ...product, tier2_hazard_categories: 'Explosive' })).toEqual({
      tier2_hazard_categories: PRODUCT_MSG.tier2HazardCategories,
    });
  });
});

describe('carcinogen flag of a component', () => {
  it('accepts the flag forms is_active takes and leaves an omitted flag undefined', () => {
    expect(SaveComponentRequestSchema.parse({ ...component, is_carcinogen: 1 }).is_carcinogen).toBe(true);
    expect(SaveComponentRequestSchema.parse({ ...component, is_carcinogen: 'false' }).is_carcinogen).toBe(
      false,
    );
    expect(SaveComponentRequestSchema.parse(component).is_carcinogen).toBeUndefined();
  });

  it('refuses anything else with its message', () => {
    expect(messages(SaveComponentRequestSchema, { ...component, is_carcinogen: 'maybe' })).toEqual({
      is_carcinogen: COMPONENT_MSG.carcinogen,
    });
  });
});

describe('the line figures of 313 and Tier II', () => {
  it('reads pounds as numbers, clears on null or empty, and leaves omitted figures undefined', () => {
    const parsed = SaveInventoryProductRequestSchema.parse({
      ...line,
      annual_pounds_manufactured: '12,500.5 lb',
      annual_pounds_processed: 0,
      annual_pounds_otherwise_used: '',
      average_pounds: null,
      days_on_site: '366',
    });
    expect(parsed).toMatchObject({
      annual_pounds_manufactured: 12500.5,
      annual_pounds_processed: 0,
      annual_pounds_otherwise_used: null,
      average_pounds: null,
      days_on_site: 366,
    });
    const omitted = SaveInventoryProductRequestSchema.parse(line);
    for (const key of [
      'annual_pounds_manufactured',
      'annual_pounds_processed',
      'annual_pounds_otherwise_used',
      'average_pounds',
      'days_on_site',
      'storage_type',
      'storage_pressure',
      'storage_temperature',
    ] as const) {
      expect(omitted[key], key).toBeUndefined();
    }
  });

  it('refuses negative pounds (never stripped to positive), bad decimals and days outside 1-366', () => {
    expect(
      messages(SaveInventoryProductRequestSchema, {
        ...line,
        annual_pounds_manufactured: '-5',
        annual_pounds_processed: -0.5,
        annual_pounds_otherwise_used: '1.23456',
        average_pounds: '- 3',
        days_on_site: 0,
      }),
    ).toEqual({
      annual_pounds_manufactured: 'Annual Pounds Manufactured must be 0 or more.',
      annual_pounds_processed: 'Annual Pounds Processed must be 0 or more.',
      annual_pounds_otherwise_used: 'Annual Pounds Otherwise Used allows at most 4 decimals.',
      average_pounds: 'Average Amount must be 0 or more.',
      days_on_site: INVENTORY_PRODUCT_MSG.daysOnSite,
    });
    for (const days of ['367', '12.5', 'ten', -1]) {
      expect(
        messages(SaveInventoryProductRequestSchema, { ...line, days_on_site: days }),
        String(days),
      ).toEqual({
        days_on_site: 'Days on Site must be a whole number from 1 to 366.',
      });
    }
    expect(
      messages(SaveInventoryProductRequestSchema, { ...line, average_pounds: '100000000000000' }),
    ).toEqual({ average_pounds: 'Average Amount must be at most 99999999999999.' });
  });
});

describe('storage conditions', () => {
  it("accepts the data standard's labels and '' (none); null reads as none", () => {
    const parsed = SaveInventoryProductRequestSchema.parse({
      ...line,
      storage_type: TIER2_STORAGE_TYPES[0],
      storage_pressure: TIER2_STORAGE_PRESSURES[1],
      storage_temperature: null,
    });
    expect(parsed).toMatchObject({
      storage_type: 'Above ground tank',
      storage_pressure: 'Greater than ambient pressure',
      storage_temperature: '',
    });
    expect(TIER2_STORAGE_TEMPERATURES).toContain('Cryogenic conditions');
  });

  it('refuses any other value with the field message', () => {
    expect(
      messages(SaveInventoryProductRequestSchema, {
        ...line,
        storage_type: 'above ground tank',
        storage_pressure: 'High',
        storage_temperature: 5,
      }),
    ).toEqual({
      storage_type: INVENTORY_PRODUCT_MSG.storageType,
      storage_pressure: INVENTORY_PRODUCT_MSG.storagePressure,
      storage_temperature: INVENTORY_PRODUCT_MSG.storageTemperature,
    });
  });
});
