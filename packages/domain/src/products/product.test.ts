import { describe, expect, it } from 'vitest';
import {
  COMPONENT_MSG,
  parsePercentRange,
  percentTextMessage,
  SaveComponentRequestSchema,
  savedPercentRange,
} from '../chemical-components/index.ts';
import { formatFileSize, UPLOAD_MSG } from '../files/index.ts';
import { formatHazardNames, PRODUCT_MSG, productMeasures, SaveProductRequestSchema } from './index.ts';

const base = { name: 'Acetone', mfg_name: 'Gulf Coast Chemical Supply' };

function firstMessages(input: unknown) {
  const result = SaveProductRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('product save rules', () => {
  it('gives the spec messages for the required names and the phones', () => {
    expect(firstMessages({})).toMatchObject({
      name: PRODUCT_MSG.nameRequired,
      mfg_name: PRODUCT_MSG.mfgNameRequired,
    });
    expect(firstMessages({ ...base, mfg_phone: '555-1234', mfg_emergency_phone: '12' })).toEqual({
      mfg_phone: 'Manufacturer Phone must be 10 digits.',
      mfg_emergency_phone: 'Manufacturer Emergency Phone must be 10 digits.',
    });
  });

  it('strips numbers, keeps a leading minus on the flash point, and checks its range', () => {
    const parsed = SaveProductRequestSchema.parse({
      ...base,
      mfg_phone: '(800) 424-9300',
      specific_gravity: '0.791 g/ml',
      pounds_per_gallon: '6.59 lb',
      flash_points: '-4 °F',
      hazard_ids: ['3', 3, 5],
    });
    expect(parsed).toMatchObject({
      mfg_phone: '8004249300',
      specific_gravity: 0.791,
      pounds_per_gallon: 6.59,
      flash_points: -4,
      hazard_ids: [3, 5],
    });
    expect(SaveProductRequestSchema.parse({ ...base, flash_points: -459 }).flash_points).toBe(-459);
    expect(SaveProductRequestSchema.parse({ ...base, flash_points: '1000' }).flash_points).toBe(1000);
    expect(firstMessages({ ...base, flash_points: '-460' })).toEqual({
      flash_points: PRODUCT_MSG.flashPoint,
    });
    expect(firstMessages({ ...base, flash_points: 1001 })).toEqual({ flash_points: PRODUCT_MSG.flashPoint });
  });

  it('limits decimals: four for specific gravity, two for pounds per gallon', () => {
    expect(firstMessages({ ...base, specific_gravity: '1.23456' })).toEqual({
      specific_gravity: 'Specific Gravity allows at most 4 decimals.',
    });
    expect(firstMessages({ ...base, pounds_per_gallon: '8.345' })).toEqual({
      pounds_per_gallon: 'Pounds per Gallon allows at most 2 decimals.',
    });
    // Issue 33 point 3: a specific gravity of 0 is refused, never stored as "unknown" behind a 0.
    expect(firstMessages({ ...base, specific_gravity: '0' })).toEqual({
      specific_gravity: 'Specific Gravity must be greater than 0.',
    });
    expect(firstMessages({ ...base, specific_gravity: 0 })).toEqual({
      specific_gravity: 'Specific Gravity must be greater than 0.',
    });
    expect(firstMessages({ ...base, specific_gravity: '1.2.3' })).toEqual({
      specific_gravity: 'Specific Gravity must be a number.',
    });
  });

  it('accepts an SDS date as yyyy-MM-dd only when it is a real day', () => {
    expect(SaveProductRequestSchema.parse({ ...base, sds_date: '2024-02-29' }).sds_date).toBe('2024-02-29');
    expect(SaveProductRequestSchema.parse({ ...base, sds_date: '' }).sds_date).toBeNull();
    expect(firstMessages({ ...base, sds_date: '2023-02-29' })).toEqual({ sds_date: PRODUCT_MSG.sdsDate });
    expect(firstMessages({ ...base, sds_date: '02/28/2023' })).toEqual({ sds_date: PRODUCT_MSG.sdsDate });
  });

  it('keeps only the measures of the physical state and derives density', () => {
    const values = { specific_gravity: 1.84, pounds_per_gallon: 15.35, conversion_factor: 8.5 };
    expect(productMeasures({ ...values, physical_state: 'liquid' })).toEqual({
      specific_gravity: 1.84,
      density: 15.35,
      pounds_per_gallon: 15.35,
      conversion_factor: null,
    });
    expect(productMeasures({ ...values, physical_state: 'compressed gas' })).toEqual({
      specific_gravity: null,
      density: null,
      pounds_per_gallon: null,
      conversion_factor: 8.5,
    });
    // A liquified gas keeps both (issue 31 point 2): its gallons weigh by the specific gravity
    // (0.51 × 8.34 = 4.2534 → density 4.25 shown), its cubic feet by the conversion factor.
    expect(productMeasures({ ...values, specific_gravity: 0.51, physical_state: 'liquified gas' })).toEqual({
      specific_gravity: 0.51,
      density: 4.25,
      pounds_per_gallon: 15.35,
      conversion_factor: 8.5,
    });
    expect(productMeasures({ ...values, physical_state: 'solid' })).toEqual({
      specific_gravity: null,
      density: null,
      pounds_per_gallon: null,
      conversion_factor: null,
    });
  });

  it('shows hazard names joined by commas, or a dash', () => {
    expect(formatHazardNames([{ name: 'Flammable' }, { name: 'Irritant' }])).toBe('Flammable, Irritant');
    expect(formatHazardNames([])).toBe('-');
  });
});

describe('chemical component rules', () => {
  it('gives the spec messages and checks the CAS check digit', () => {
    const empty = SaveComponentRequestSchema.safeParse({ name: '', number: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required',
      'CAS # is required',
    ]);
    const bad = SaveComponentRequestSchema.safeParse({ name: 'Sulfuric acid', number: '7664-93-8' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(['Invalid CAS number']);
  });

  it('limits percentages to 0–100 and text areas to 500 characters', () => {
    const result = SaveComponentRequestSchema.safeParse({
      name: 'Sulfuric acid',
      number: '7664939',
      percentage_weight: '101',
      regulations: 'x'.repeat(501),
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['percentage_weight', 'Percentage by weight must be between 0 and 100'],
      ['regulations', 'Regulations must be less than 500 characters'],
    ]);
    expect(
      SaveComponentRequestSchema.parse({ name: 'Water', number: '7732185', percentage_weight: '7%' }),
    ).toMatchObject({
      number: '7732-18-5',
      percentage_weight: 7,
    });
  });
});

describe('chemical component percentages', () => {
  it('refuses a negative percentage by volume or weight instead of dropping its minus sign', () => {
    const result = SaveComponentRequestSchema.safeParse({
      name: 'Acetone',
      number: '67-64-1',
      percentage_weight: '-5',
      percentage_volume: ' -12.5 %',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['percentage_weight', 'Percentage by weight must be between 0 and 100'],
      ['percentage_volume', 'Percentage by volume must be between 0 and 100'],
    ]);
    expect(
      SaveComponentRequestSchema.safeParse({ name: 'Acetone', number: '67-64-1', percentage_volume: -0.5 })
        .error?.issues[0]?.message,
    ).toBe('Percentage by volume must be between 0 and 100');
  });

  it('refuses an SDS range rather than running its numbers together', () => {
    expect(
      SaveComponentRequestSchema.safeParse({
        name: 'Acetone',
        number: '67-64-1',
        percentage_volume: '1-5',
      }).error?.issues.map((issue) => issue.message),
    ).toEqual(['Percentage by volume must be one number between 0 and 100, not a range']);
  });

  it('keeps 0 and 100 and a stray unit', () => {
    expect(
      SaveComponentRequestSchema.parse({
        name: 'Acetone',
        number: '67-64-1',
        percentage_weight: '0',
        percentage_volume: '100 %',
      }),
    ).toMatchObject({ percentage_weight: 0, percentage_volume: 100 });
  });
});

describe('file sizes', () => {
  it('shows KB below a megabyte and MB above', () => {
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1024 * 1024 + 200 * 1024)).toBe('1.2 MB');
  });

  it('states the upload limit in the same units', () => {
    expect(UPLOAD_MSG.tooLarge(25 * 1024 * 1024)).toBe('The file may not be greater than 25 MB');
    expect(UPLOAD_MSG.tooLarge(512 * 1024)).toBe('The file may not be greater than 512 KB');
  });
});

describe('percent by weight as an SDS range (issue 21 point 9, rules §0.1)', () => {
  it('reads the forms an SDS writes', () => {
    expect(parsePercentRange('30-60%')).toEqual({ low: 30, high: 60 });
    expect(parsePercentRange('30–60%')).toEqual({ low: 30, high: 60 });
    expect(parsePercentRange(' 30 % - 60 % ')).toEqual({ low: 30, high: 60 });
    expect(parsePercentRange('<5%')).toEqual({ low: null, high: 5 });
    expect(parsePercentRange('≤ 5')).toEqual({ low: null, high: 5 });
    expect(parsePercentRange('>90%')).toEqual({ low: 90, high: null });
    expect(parsePercentRange('45')).toEqual({ low: 45, high: 45 });
    expect(parsePercentRange('0.5%')).toEqual({ low: 0.5, high: 0.5 });
    expect(parsePercentRange('')).toEqual({ low: null, high: null });
    // Not a percent: a reversed range, above 100, words.
    expect(parsePercentRange('60-30%')).toBeNull();
    expect(parsePercentRange('30-160%')).toBeNull();
    expect(parsePercentRange('about half')).toBeNull();
  });

  it('says why a typed percent is refused: a figure outside 0-100 is out of range, not "not a number"', () => {
    const outOfRange = COMPONENT_MSG.percentageRange('Percentage by weight');
    expect(outOfRange).toBe('Percentage by weight must be between 0 and 100');
    expect(percentTextMessage('150')).toBe(outOfRange);
    expect(percentTextMessage('150%')).toBe(outOfRange);
    expect(percentTextMessage('-5')).toBe(outOfRange);
    expect(percentTextMessage('30-160%')).toBe(outOfRange);
    expect(percentTextMessage('>150%')).toBe(outOfRange);
    expect(percentTextMessage('60-30%')).toBe(COMPONENT_MSG.percentageRangeOrder);
    expect(percentTextMessage('about half')).toBe(COMPONENT_MSG.percentageText);
    for (const readable of ['', '45', '100', '0', '30-60%', '<5%', '>90%']) {
      expect(percentTextMessage(readable)).toBeNull();
    }
  });

  it('a save with percentage_weight only stores it as low and high; a range as its bounds; low above high is refused', () => {
    const base = { name: 'Toluene', number: '108-88-3' };
    expect(savedPercentRange(SaveComponentRequestSchema.parse({ ...base, percentage_weight: '40' }))).toEqual(
      {
        low: 40,
        high: 40,
      },
    );
    expect(
      savedPercentRange(
        SaveComponentRequestSchema.parse({
          ...base,
          percentage_weight_low: 30,
          percentage_weight_high: '60',
        }),
      ),
    ).toEqual({ low: 30, high: 60 });
    expect(
      savedPercentRange(SaveComponentRequestSchema.parse({ ...base, percentage_weight_high: 5 })),
    ).toEqual({
      low: null,
      high: 5,
    });
    const reversed = SaveComponentRequestSchema.safeParse({
      ...base,
      percentage_weight_low: 60,
      percentage_weight_high: 30,
    });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['percentage_weight_low', COMPONENT_MSG.percentageRangeOrder],
    ]);
  });
});
