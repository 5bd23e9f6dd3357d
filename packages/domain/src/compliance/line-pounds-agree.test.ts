/**
 * Issue 22 point 3: the line's Max Pounds (the container calculation the form runs live and the
 * server stores on save) and the report engine's pounds for that line (computeLineQuantity) are
 * one figure, for every unit type and physical state.
 *
 * A line weighed in lb counts its pounds in any state on the line as in the reports (issue 33
 * point 4: the line showed N/A for a 150-lb chlorine cylinder every report counted), so there is
 * no exception left: any disagreement fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateContainer } from '../inventory-products/container-calculation.ts';
import { PHYSICAL_STATES, type PhysicalState, UNIT_TYPES, type UnitType } from '../shared/enums.ts';
import { densityFromSpecificGravity } from '../shared/numbers.ts';
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

describe("the line's Max Pounds and the report engine's line pounds", () => {
  it('are equal when the engine recomputes the line (no stored figures), for every unit and state', () => {
    fc.assert(
      fc.property(savedLine, (saved) => {
        const shown = lineFigures(saved);
        const report = computeLineQuantity(snapshotOf(saved, { max_pounds: null, max_gallons: null }));
        expect(shownPounds(report.quantity.pounds)).toBe(shownPounds(shown.max_pounds));
      }),
      { numRuns: 3000 },
    );
  });

  it('are equal when the engine reads the figures the save stored', () => {
    fc.assert(
      fc.property(savedLine, (saved) => {
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
