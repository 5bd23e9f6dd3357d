/**
 * Issue 22 point 3: the line's Max Pounds (the container calculation the form runs live and the
 * server stores on save) and the report engine's pounds for that line (computeLineQuantity) are
 * one figure, for every unit type and physical state.
 *
 * Where they legitimately differ: a line weighed in lb whose state is not solid. The spec's form
 * rule (spec 02 §9: "lb (solid): pounds = size × quantity") leaves its Max Pounds empty, while
 * rules §0.1 make every report count a weighed container in any state (issue 21,
 * `weighed_in_any_state`): a 150-lb chlorine cylinder is 150 lb on every report. That case is
 * held separately below, so any other disagreement fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateContainer } from '../inventory-products/container-calculation.ts';
import { PHYSICAL_STATES, type PhysicalState, UNIT_TYPES, type UnitType } from '../shared/enums.ts';
import { densityFromSpecificGravity, roundTo } from '../shared/numbers.ts';
import { computeLineQuantity } from './quantities.ts';
import { line } from './test-fixtures.ts';

/** A saved decimal with up to 4 places (numeric(18,4)), or nothing. */
const figure = (maxUnits: number) =>
  fc.option(
    fc
      .tuple(fc.integer({ min: 1, max: maxUnits }), fc.integer({ min: 0, max: 4 }))
      .map(([units, places]) => units / 10 ** places),
    { nil: null, freq: 4 },
  );

const savedLine = fc.record({
  unit_type: fc.constantFrom<UnitType>(...UNIT_TYPES),
  physical_state: fc.constantFrom<PhysicalState | null>(...PHYSICAL_STATES, null),
  container_size: figure(1_000_000),
  container_quantity: figure(10_000),
  pounds_per_gallon: figure(200_000),
  specific_gravity: figure(50_000),
  conversion_factor: figure(100_000),
});

type SavedLine = typeof savedLine extends fc.Arbitrary<infer T> ? T : never;

/** What the line save stores (the server's container-figures) and what the line shows. */
function lineFigures(saved: SavedLine) {
  return calculateContainer({ ...saved, unit_name: saved.unit_type });
}

/** The line as the engine reads it: the product's measures as the product save keeps them. */
function snapshotOf(saved: SavedLine, stored: { max_pounds: number | null; max_gallons: number | null }) {
  return line({
    ...saved,
    unit_name: saved.unit_type,
    density: densityFromSpecificGravity(saved.specific_gravity) ?? null,
    ...stored,
  });
}

/**
 * A figure that rounds to 0 at 4 decimals (1 cu ft ÷ 20,001 cu ft/lb) shows as 'N/A' on the line
 * (spec 02 §9) and is no pounds in the engine: both are "no figure".
 */
const shownPounds = (pounds: number | null) => (pounds === 0 ? null : pounds);

const weighedOutsideTheFormRule = (saved: SavedLine) =>
  saved.unit_type === 'lb' && saved.physical_state !== 'solid';

describe("the line's Max Pounds and the report engine's line pounds", () => {
  it('are equal when the engine recomputes the line (no stored figures), for every unit and state', () => {
    fc.assert(
      fc.property(savedLine, (saved) => {
        const shown = lineFigures(saved);
        const report = computeLineQuantity(snapshotOf(saved, { max_pounds: null, max_gallons: null }));
        if (weighedOutsideTheFormRule(saved)) {
          // The documented difference: the form leaves it empty, the report weighs it.
          expect(shown.max_pounds).toBeNull();
          const weighed = roundTo((saved.container_size ?? 0) * (saved.container_quantity ?? 0), 4);
          expect(report.quantity.pounds).toBe(weighed > 0 ? weighed : null);
          return;
        }
        expect(shownPounds(report.quantity.pounds)).toBe(shownPounds(shown.max_pounds));
      }),
      { numRuns: 3000 },
    );
  });

  it('are equal when the engine reads the figures the save stored', () => {
    fc.assert(
      fc.property(savedLine, (saved) => {
        fc.pre(!weighedOutsideTheFormRule(saved));
        const shown = lineFigures(saved);
        const report = computeLineQuantity(snapshotOf(saved, shown));
        expect(shownPounds(report.quantity.pounds)).toBe(shownPounds(shown.max_pounds));
      }),
      { numRuns: 3000 },
    );
  });

  it('weighs a liquid with only a specific gravity by SG × 8.34 on the line as in the report', () => {
    // 55 gal × 4 = 220 gal; 1.84 × 8.34 = 15.3456 lb/gal; 220 × 15.3456 = 3,376.032 lb.
    const saved = {
      unit_type: 'gal',
      physical_state: 'liquid',
      container_size: 55,
      container_quantity: 4,
      pounds_per_gallon: null,
      specific_gravity: 1.84,
      conversion_factor: null,
    } as const;
    expect(lineFigures(saved)).toEqual({ max_gallons: 220, max_pounds: 3376.032, warning: null });
    expect(
      computeLineQuantity(snapshotOf(saved, { max_pounds: null, max_gallons: null })).quantity.pounds,
    ).toBe(3376.032);
  });
});
