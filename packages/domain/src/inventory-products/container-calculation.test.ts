import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatReportCell } from '../reports/index.ts';
import { PHYSICAL_STATES, UNIT_TYPES } from '../shared/enums.ts';
import { decimalSchema } from '../shared/fields.ts';
import { NOT_AVAILABLE, roundTo } from '../shared/numbers.ts';
import {
  CALCULATION_WARNING_DURATION_MS,
  CONTAINER_CALCULATION_MSG,
  CONTAINER_FIGURE_LIMIT,
  type ContainerCalculationInput,
  calculateContainer,
  formatContainerFigure,
  formatListedFigure,
} from './index.ts';

const liquid = { physical_state: 'liquid' } as const;
const gal = { unit_type: 'gal', unit_name: 'Drum (gal)' } as const;
const oz = { unit_type: 'oz', unit_name: 'Bottle (oz)' } as const;
const lb = { unit_type: 'lb', unit_name: 'Bag (lb)' } as const;
const cu = { unit_type: 'cu', unit_name: 'Cylinder (cu)' } as const;

const figures = (max_gallons: number | null, max_pounds: number | null) => ({
  max_gallons,
  max_pounds,
  warning: null,
});
const error = (title: string) => ({
  max_gallons: null,
  max_pounds: null,
  warning: { title, description: 'Error in calculation' },
});

describe('container calculation: gal (liquid)', () => {
  it('multiplies size by quantity, then by pounds per gallon', () => {
    // 55 gal × 4 drums = 220 gal; 220 gal × 8.34 lb/gal = 1834.8 lb
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: 55,
        container_quantity: 4,
        pounds_per_gallon: 8.34,
      }),
    ).toEqual(figures(220, 1834.8));
    // 2.5 gal × 3 jugs = 7.5 gal; 7.5 gal × 7.25 lb/gal = 54.375 lb
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: 2.5,
        container_quantity: 3,
        pounds_per_gallon: 7.25,
      }),
    ).toEqual(figures(7.5, 54.375));
  });

  it('rounds both figures to 4 decimals, half away from zero', () => {
    // 0.33333 gal × 3 = 0.99999 → 1.0000 gal; 0.99999 × 1.11 lb/gal = 1.1099889 → 1.1100 lb
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: 0.33333,
        container_quantity: 3,
        pounds_per_gallon: 1.11,
      }),
    ).toEqual(figures(1, 1.11));
    // 1.00005 gal × 1 = 1.00005 → 1.0001 gal (half up); 1.00005 × 2 lb/gal = 2.0001 lb
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: 1.00005,
        container_quantity: 1,
        pounds_per_gallon: 2,
      }),
    ).toEqual(figures(1.0001, 2.0001));
  });

  it('reads the form’s typed text the way the server’s decimal fields do', () => {
    // "5 gal" → 5, "3" → 3, "10.01 lb" → 10.01: 5 × 3 = 15 gal; 15 × 10.01 = 150.15 lb
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: '5 gal',
        container_quantity: '3',
        pounds_per_gallon: '10.01 lb',
      }),
    ).toEqual(figures(15, 150.15));
  });

  it('gives gallons but no pounds while pounds per gallon is missing or zero', () => {
    // 5 gal × 3 = 15 gal; pounds need pounds per gallon, which is not there
    for (const pounds_per_gallon of [undefined, null, '', 0, '0', '0.00']) {
      expect(
        calculateContainer({
          ...liquid,
          ...gal,
          container_size: 5,
          container_quantity: 3,
          pounds_per_gallon,
        }),
      ).toEqual(figures(15, null));
    }
  });
});

describe('container calculation: oz (liquid only)', () => {
  it('divides by 128 fl oz per gallon, then multiplies by quantity and pounds per gallon', () => {
    // 32 oz / 128 = 0.25 gal × 12 bottles = 3 gal; 3 gal × 8.5 lb/gal = 25.5 lb
    expect(
      calculateContainer({
        ...liquid,
        ...oz,
        container_size: 32,
        container_quantity: 12,
        pounds_per_gallon: 8.5,
      }),
    ).toEqual(figures(3, 25.5));
    // 16 oz / 128 = 0.125 gal × 6 = 0.75 gal; 0.75 gal × 9.2 lb/gal = 6.9 lb
    expect(
      calculateContainer({
        ...liquid,
        ...oz,
        container_size: 16,
        container_quantity: 6,
        pounds_per_gallon: 9.2,
      }),
    ).toEqual(figures(0.75, 6.9));
  });

  it('rounds to 4 decimals, computing pounds from the unrounded gallons', () => {
    // 5 oz / 128 = 0.0390625 gal × 1 → 0.0391 gal; 0.0390625 × 8.34 = 0.32578125 → 0.3258 lb
    // (from the rounded 0.0391 it would be 0.326094 → 0.3261: rounding happens once, at the end)
    expect(
      calculateContainer({
        ...liquid,
        ...oz,
        container_size: 5,
        container_quantity: 1,
        pounds_per_gallon: 8.34,
      }),
    ).toEqual(figures(0.0391, 0.3258));
    // 1 oz / 128 = 0.0078125 gal × 7 = 0.0546875 → 0.0547 gal; 0.0546875 × 10 = 0.546875 → 0.5469 lb
    expect(
      calculateContainer({
        ...liquid,
        ...oz,
        container_size: 1,
        container_quantity: 7,
        pounds_per_gallon: 10,
      }),
    ).toEqual(figures(0.0547, 0.5469));
  });

  it('gives gallons but no pounds while pounds per gallon is missing', () => {
    // 64 oz / 128 = 0.5 gal × 2 = 1 gal; no pounds per gallon
    expect(calculateContainer({ ...liquid, ...oz, container_size: 64, container_quantity: 2 })).toEqual(
      figures(1, null),
    );
  });
});

describe('container calculation: lb (solid)', () => {
  it('multiplies size by quantity and has no gallons', () => {
    // 50 lb × 20 bags = 1000 lb
    expect(
      calculateContainer({ physical_state: 'solid', ...lb, container_size: 50, container_quantity: 20 }),
    ).toEqual(figures(null, 1000));
    // 2.5 lb × 3 = 7.5 lb; pounds per gallon is a liquid's measure and is not read
    expect(
      calculateContainer({
        physical_state: 'solid',
        ...lb,
        container_size: '2.5',
        container_quantity: '3',
        pounds_per_gallon: '1.2.3',
      }),
    ).toEqual(figures(null, 7.5));
  });

  it('rounds a figure below 0.00005 to 0, which shows as N/A', () => {
    // 0.00004 lb × 1 = 0.00004 → 0.0000 lb
    const result = calculateContainer({
      physical_state: 'solid',
      ...lb,
      container_size: 0.00004,
      container_quantity: 1,
    });
    expect(result).toEqual(figures(null, 0));
    expect(formatContainerFigure(result.max_pounds)).toBe('N/A');
  });

  it('weighs an lb line in any state, and with none recorded (issue 33 point 4, rules §0.1)', () => {
    // Was figures(null, null) on the line while every report counted it: 2,000 lb × 1 = 2,000 lb.
    const container = { ...lb, container_size: 2000, container_quantity: 1 } as const;
    for (const physical_state of ['liquified gas', 'compressed gas', 'liquid', 'solid', null] as const) {
      expect(calculateContainer({ ...container, physical_state }), String(physical_state)).toEqual(
        figures(null, 2000),
      );
    }
    // A liquified gas's gallons are gallons (issue 31 point 2), and 150 gal with no pounds per
    // gallon or specific gravity still weigh nothing (never 150 lb).
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...gal,
        container_size: 150,
        container_quantity: 1,
      }),
    ).toEqual(figures(150, null));
  });
});

describe('container calculation: cu (compressed or liquified gas)', () => {
  it('multiplies size by quantity and divides by the conversion factor', () => {
    // 300 cu ft × 4 cylinders = 1200 cu ft; 1200 / 13.8 cu ft per lb = 86.956521… → 86.9565 lb
    expect(
      calculateContainer({
        physical_state: 'compressed gas',
        ...cu,
        container_size: 300,
        container_quantity: 4,
        conversion_factor: 13.8,
      }),
    ).toEqual(figures(null, 86.9565));
    // 100 × 2 = 200; 200 / 8 = 25 lb
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...cu,
        container_size: 100,
        container_quantity: 2,
        conversion_factor: 8,
      }),
    ).toEqual(figures(null, 25));
    // 10 × 1 = 10; 10 / 3 = 3.33333… → 3.3333 lb
    expect(
      calculateContainer({
        physical_state: 'compressed gas',
        ...cu,
        container_size: '10',
        container_quantity: '1',
        conversion_factor: '3',
      }),
    ).toEqual(figures(null, 3.3333));
  });

  it('has no pounds while the conversion factor is missing or zero (never a division by zero)', () => {
    for (const conversion_factor of [undefined, null, '', 0, '0']) {
      expect(
        calculateContainer({
          physical_state: 'compressed gas',
          ...cu,
          container_size: 300,
          container_quantity: 4,
          conversion_factor,
        }),
      ).toEqual(figures(null, null));
    }
  });
});

describe('container calculation: gal and oz of a liquified gas (issue 31, point 2)', () => {
  it('weighs the gallons of a liquified gas by its liquid density, like a liquid', () => {
    // Propane tank: 30,000 gal × 1 = 30,000 gal; specific gravity 0.51 × 8.34 = 4.2534 lb/gal;
    // 30,000 × 4.2534 = 127,602 lb. (The cu ft factor is for cubic feet; gallons do not read it.)
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...gal,
        container_size: 30_000,
        container_quantity: 1,
        specific_gravity: 0.51,
        conversion_factor: 8.74,
      }),
    ).toEqual(figures(30_000, 127_602));
    // Ammonia nurse tank: 500 gal × 1; 0.62 × 8.34 = 5.1708 lb/gal; 500 × 5.1708 = 2,585.40 lb.
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...gal,
        container_size: '500',
        container_quantity: '1',
        specific_gravity: '0.62',
      }),
    ).toEqual(figures(500, 2585.4));
    // Pounds per gallon, where given, comes first: 500 gal × 5.15 lb/gal = 2,575 lb.
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...gal,
        container_size: 500,
        container_quantity: 1,
        pounds_per_gallon: 5.15,
        specific_gravity: 0.62,
      }),
    ).toEqual(figures(500, 2575));
  });

  it('reads fluid ounces of a liquified gas: 64 oz / 128 × 2 = 1 gal × 4.2534 lb/gal = 4.2534 lb', () => {
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...oz,
        container_size: 64,
        container_quantity: 2,
        specific_gravity: 0.51,
      }),
    ).toEqual(figures(1, 4.2534));
  });

  it('keeps the spec’s liquid-only formula for a compressed gas: its gallons give no figures', () => {
    // A compressed gas is no liquid in its cylinder: gallons (water capacity) do not weigh it.
    for (const unit of [gal, oz]) {
      expect(
        calculateContainer({
          physical_state: 'compressed gas',
          ...unit,
          container_size: 300,
          container_quantity: 1,
          specific_gravity: 0.51,
          conversion_factor: 8.74,
        }),
      ).toEqual(figures(null, null));
    }
  });
});

describe('container calculation: null results', () => {
  const sized = { container_size: 10, container_quantity: 2, pounds_per_gallon: 8, conversion_factor: 4 };

  it.each([
    ['gal', 'solid'],
    ['gal', 'compressed gas'],
    ['oz', 'solid'],
    // Was ['oz', 'liquified gas']: a liquified gas in oz now weighs by its liquid density (issue 31 point 2).
    ['oz', 'compressed gas'],
    // Was ['lb', 'liquid'] and ['lb', 'compressed gas']: pounds weigh in any state (issue 33 point 4).
    ['cu', 'liquid'],
    ['cu', 'solid'],
  ] as const)('is null for %s when the physical state is %s', (unit_type, physical_state) => {
    expect(calculateContainer({ ...sized, physical_state, unit_type, unit_name: 'Unit' })).toEqual(
      figures(null, null),
    );
  });

  // Pounds are pounds with no state recorded too (issue 33 point 4): 10 lb × 2 = 20 lb.
  it('weighs lb when the physical state is missing', () => {
    for (const physical_state of [undefined, null, '']) {
      expect(calculateContainer({ ...sized, physical_state, unit_type: 'lb', unit_name: 'Unit' })).toEqual(
        figures(null, 20),
      );
    }
  });

  it.each(UNIT_TYPES.filter((unit) => unit !== 'lb'))(
    'is null for %s when the physical state is missing',
    (unit_type) => {
      for (const physical_state of [undefined, null, '']) {
        expect(calculateContainer({ ...sized, physical_state, unit_type, unit_name: 'Unit' })).toEqual(
          figures(null, null),
        );
      }
    },
  );

  it.each([
    ['gal', 'liquid'],
    ['oz', 'liquid'],
    ['lb', 'solid'],
    ['cu', 'compressed gas'],
  ] as const)('is null for %s (%s) when the size or the quantity is zero or missing', (unit_type, state) => {
    for (const empty of [0, '0', '0.0', '', null, undefined]) {
      const base = { ...sized, physical_state: state, unit_type, unit_name: 'Unit' };
      expect(calculateContainer({ ...base, container_size: empty })).toEqual(figures(null, null));
      expect(calculateContainer({ ...base, container_quantity: empty })).toEqual(figures(null, null));
    }
  });

  it('is null without a warning while no unit is chosen', () => {
    for (const unit_type of [undefined, null, '']) {
      expect(calculateContainer({ ...sized, ...liquid, unit_type, unit_name: '' })).toEqual(
        figures(null, null),
      );
    }
  });

  it('does not warn about a bad number when the physical state does not match', () => {
    // A solid in gallons has no formula to run, so its typed size is never read.
    expect(
      calculateContainer({ physical_state: 'solid', ...gal, container_size: '1.2.3', container_quantity: 1 }),
    ).toEqual(figures(null, null));
  });
});

describe('container calculation: warnings', () => {
  it('names the unit when its type has no formula', () => {
    const noFormula = (unit: string) => ({
      max_gallons: null,
      max_pounds: null,
      warning: {
        title: 'No calculation formula',
        description: `Selected ${unit} unit type has no calculation formula`,
      },
    });
    // A type outside gal, oz, lb, cu (e.g. a record from before the unit types were enforced).
    expect(
      calculateContainer({
        ...liquid,
        unit_type: 'kg',
        unit_name: 'Bucket (kg)',
        container_size: 5,
        container_quantity: 1,
      }),
    ).toEqual(noFormula('Bucket (kg)'));
    // A chosen unit with no type at all.
    expect(
      calculateContainer({
        ...liquid,
        unit_type: null,
        unit_name: 'Tote',
        container_size: 5,
        container_quantity: 1,
      }),
    ).toEqual(noFormula('Tote'));
    // No name to show: the type stands in for it.
    expect(
      calculateContainer({ ...liquid, unit_type: 'kg', container_size: 5, container_quantity: 1 }),
    ).toEqual(noFormula('kg'));
  });

  it('says Error OZ when an oz input is not a number', () => {
    // "1.2.3" keeps its digits and dots but is not a number
    expect(
      calculateContainer({
        ...liquid,
        ...oz,
        container_size: '1.2.3',
        container_quantity: 1,
        pounds_per_gallon: 8,
      }),
    ).toEqual(error('Error OZ'));
    expect(
      calculateContainer({
        ...liquid,
        ...oz,
        container_size: 16,
        container_quantity: 1,
        pounds_per_gallon: '..',
      }),
    ).toEqual(error('Error OZ'));
  });

  it('says Error Gl when a gal input is not a number, negative, or the figure overflows', () => {
    expect(calculateContainer({ ...liquid, ...gal, container_size: 5, container_quantity: '.' })).toEqual(
      error('Error Gl'),
    );
    expect(calculateContainer({ ...liquid, ...gal, container_size: -5, container_quantity: 3 })).toEqual(
      error('Error Gl'),
    );
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: 5,
        container_quantity: 3,
        pounds_per_gallon: NaN,
      }),
    ).toEqual(error('Error Gl'));
    // 50,000,000 gal × 1,000 = 5e10 gal (under 1e11); × 8.34 lb/gal = 4.17e11 lb, over the limit
    expect(
      calculateContainer({
        ...liquid,
        ...gal,
        container_size: 50_000_000,
        container_quantity: 1_000,
        pounds_per_gallon: 8.34,
      }),
    ).toEqual(error('Error Gl'));
  });

  it('says Error Lb when an lb input is not a number or the figure reaches the limit', () => {
    expect(
      calculateContainer({
        physical_state: 'solid',
        ...lb,
        container_size: 50,
        container_quantity: Infinity,
      }),
    ).toEqual(error('Error Lb'));
    // 100,000 lb × 1,000,000 bags = 1e11 lb: the limit itself is refused
    expect(
      calculateContainer({
        physical_state: 'solid',
        ...lb,
        container_size: 100_000,
        container_quantity: 1_000_000,
      }),
    ).toEqual(error('Error Lb'));
    // 99,999,999,999 lb × 1 is just under it
    expect(
      calculateContainer({
        physical_state: 'solid',
        ...lb,
        container_size: 99_999_999_999,
        container_quantity: 1,
      }),
    ).toEqual(figures(null, 99_999_999_999));
  });

  it('says Error Cu when a cu input is not a number or the figure overflows', () => {
    expect(
      calculateContainer({
        physical_state: 'compressed gas',
        ...cu,
        container_size: 300,
        container_quantity: 4,
        conversion_factor: '1.2.3',
      }),
    ).toEqual(error('Error Cu'));
    // 1,000,000 × 1,000 = 1e9 cu ft; / 0.001 = 1e12 lb, over the limit
    expect(
      calculateContainer({
        physical_state: 'liquified gas',
        ...cu,
        container_size: 1_000_000,
        container_quantity: 1_000,
        conversion_factor: 0.001,
      }),
    ).toEqual(error('Error Cu'));
  });

  it('exports the spec texts and the 3 s duration of calculation warnings', () => {
    expect(CONTAINER_CALCULATION_MSG.errorTitles).toEqual({
      oz: 'Error OZ',
      gal: 'Error Gl',
      lb: 'Error Lb',
      cu: 'Error Cu',
    });
    expect(CONTAINER_CALCULATION_MSG.error).toBe('Error in calculation');
    expect(CONTAINER_CALCULATION_MSG.noFormulaTitle).toBe('No calculation formula');
    expect(CALCULATION_WARNING_DURATION_MS).toBe(3000);
  });
});

describe('container figures on screen', () => {
  it('shows N/A for null, undefined and zero, and the number otherwise', () => {
    expect(formatContainerFigure(null)).toBe(NOT_AVAILABLE);
    expect(formatContainerFigure(undefined)).toBe('N/A');
    expect(formatContainerFigure(0)).toBe('N/A');
    expect(formatContainerFigure(0.0391)).toBe('0.0391');
    expect(formatContainerFigure(1834.8)).toBe('1834.8');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** A decimal with up to 4 places, as a number and as the text a user would type for it. */
const decimal = (maxUnits: number) =>
  fc.tuple(fc.integer({ min: 0, max: maxUnits }), fc.integer({ min: 0, max: 4 })).map(([units, places]) => {
    const value = units / 10 ** places;
    return { value, text: value.toFixed(places) };
  });

/** Anything a caller might pass for a number, mostly usable, sometimes hostile. */
const anyNumberInput = fc.oneof(
  { weight: 4, arbitrary: decimal(1_000_000_000).map((d) => d.value) },
  { weight: 4, arbitrary: decimal(1_000_000_000).map((d) => d.text) },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.stringMatching(/^-?[\d.]{0,8}$/) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, '', 0, '0') },
);

/** Mostly a unit with a state its formula applies to, sometimes any pair (or none). */
const unitAndState: fc.Arbitrary<
  readonly [ContainerCalculationInput['unit_type'], ContainerCalculationInput['physical_state']]
> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ['oz', 'liquid'],
      ['gal', 'liquid'],
      ['lb', 'solid'],
      ['cu', 'compressed gas'],
      ['cu', 'liquified gas'],
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom(...UNIT_TYPES, null, undefined, '', 'kg'),
      fc.constantFrom(...PHYSICAL_STATES, null, undefined, 'plasma'),
    ),
  },
);

const anyInput: fc.Arbitrary<ContainerCalculationInput> = fc
  .record({
    unitAndState,
    unit_name: fc.oneof(fc.string(), fc.constant(undefined)),
    container_size: anyNumberInput,
    container_quantity: anyNumberInput,
    pounds_per_gallon: anyNumberInput,
    conversion_factor: anyNumberInput,
  })
  .map(({ unitAndState: [unit_type, physical_state], ...numbers }) => ({
    unit_type,
    physical_state,
    ...numbers,
  }));

const isFourDecimalFigure = (figure: number) =>
  roundTo(figure, 4) === figure && Number(figure.toFixed(4)) === figure;

describe('container calculation properties', () => {
  it('never gives a negative, non-finite or over-limit figure, whatever it is fed', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const { max_gallons, max_pounds, warning } = calculateContainer(input);
        for (const figure of [max_gallons, max_pounds]) {
          if (figure === null) continue;
          expect(Number.isFinite(figure)).toBe(true);
          expect(figure).toBeGreaterThanOrEqual(0);
          expect(figure).toBeLessThan(CONTAINER_FIGURE_LIMIT);
        }
        // A warning always comes with no figures, so nothing half-computed is saved.
        if (warning) expect([max_gallons, max_pounds]).toEqual([null, null]);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives pounds = gallons × pounds per gallon for liquids, within the 4-decimal rounding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('gal', 'oz'),
        decimal(10_000_000),
        decimal(1_000_000),
        decimal(2_000),
        (unit_type, size, quantity, ppg) => {
          const { max_gallons, max_pounds, warning } = calculateContainer({
            physical_state: 'liquid',
            unit_type,
            unit_name: 'Unit',
            container_size: size.value,
            container_quantity: quantity.value,
            pounds_per_gallon: ppg.value,
          });
          if (warning) return; // over the limit: covered by the property above
          if (size.value === 0 || quantity.value === 0) {
            expect([max_gallons, max_pounds]).toEqual([null, null]);
            return;
          }
          const gallons =
            unit_type === 'oz' ? (size.value / 128) * quantity.value : size.value * quantity.value;
          expect(max_gallons).not.toBeNull();
          expect(Math.abs((max_gallons ?? 0) - gallons)).toBeLessThanOrEqual(0.00005 + gallons * 1e-12);
          if (ppg.value === 0) {
            expect(max_pounds).toBeNull();
            return;
          }
          // Pounds come from the unrounded gallons, so against the shown gallons they may differ by
          // half a unit of the 4th decimal of gallons times pounds per gallon, plus their own rounding.
          const tolerance = 0.00005 * ppg.value + 0.00005 + (max_pounds ?? 0) * 1e-12;
          expect(Math.abs((max_pounds ?? 0) - (max_gallons ?? 0) * ppg.value)).toBeLessThanOrEqual(tolerance);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('only gives figures with at most 4 decimals, which rounding again leaves unchanged', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const { max_gallons, max_pounds } = calculateContainer(input);
        for (const figure of [max_gallons, max_pounds]) {
          if (figure !== null) expect(isFourDecimalFigure(figure)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: CONTAINER_FIGURE_LIMIT, noNaN: true }), (value) => {
        const once = roundTo(value, 4);
        expect(roundTo(once, 4)).toBe(once);
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the form (typed text) and the server (the decimal schema’s numbers) the same figures', () => {
    // The server parses the body with the same decimal fields as the other numbers; the form
    // computes from the field as typed, units and all.
    const serverNumber = decimalSchema('Value', 4, 9_999_999_999);
    const typed = (max: number) =>
      fc
        .tuple(decimal(max), fc.constantFrom('', ' ', ' gal', ' lb/gal', ' oz', ' cu ft/lb'))
        .map(([number, unit]) => `${number.text}${unit}`);
    fc.assert(
      fc.property(
        unitAndState,
        typed(100_000_000),
        typed(1_000_000),
        typed(100_000),
        typed(100_000),
        ([unit_type, physical_state], size, quantity, ppg, factor) => {
          const unit = { physical_state, unit_type, unit_name: 'Unit' };
          const form = calculateContainer({
            ...unit,
            container_size: size,
            container_quantity: quantity,
            pounds_per_gallon: ppg,
            conversion_factor: factor,
          });
          const server = calculateContainer({
            ...unit,
            container_size: serverNumber.parse(size),
            container_quantity: serverNumber.parse(quantity),
            pounds_per_gallon: serverNumber.parse(ppg),
            conversion_factor: serverNumber.parse(factor),
          });
          expect(server).toEqual(form);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('Max Gallons and Max Pounds in a list (issue 22)', () => {
  it('read as the reports print them: thousands separators and two decimals', () => {
    expect(formatListedFigure(1834.8)).toBe('1,834.80');
    expect(formatListedFigure(1234567.891)).toBe('1,234,567.89');
    expect(formatListedFigure(0.0391)).toBe('0.04');
    // The same text a report cell of pounds or gallons gets from the same figure.
    expect(formatListedFigure(20512.5)).toBe(formatReportCell(20512.5, 'pounds'));
    expect(formatListedFigure(20512.5)).toBe(formatReportCell(20512.5, 'gallons'));
  });

  it('are N/A when zero or empty, as on screen', () => {
    expect(formatListedFigure(null)).toBe(NOT_AVAILABLE);
    expect(formatListedFigure(undefined)).toBe(NOT_AVAILABLE);
    expect(formatListedFigure(0)).toBe(NOT_AVAILABLE);
  });
});
