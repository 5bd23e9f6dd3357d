import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateByCas, choosePercent, collectComponents } from './aggregation.ts';
import { computeLineQuantity } from './quantities.ts';
import { CAS, component, stored } from './test-fixtures.ts';
import type { SnapshotLine } from './types.ts';

function components(lines: SnapshotLine[]) {
  return collectComponents(lines.map((line) => computeLineQuantity(line).quantity)).components;
}

function totals(lines: SnapshotLine[]): Record<string, number> {
  const map = aggregateByCas(components(lines), { basis: 'upper' });
  return Object.fromEntries([...map.values()].map((aggregate) => [aggregate.cas_number, aggregate.pounds]));
}

const casNumbers = [CAS.ammonia, CAS.chlorine, CAS.toluene, CAS.water] as const;
const arbitraryLine = fc
  .record({
    pounds: fc.double({ min: 0.0001, max: 1e7, noNaN: true }),
    parts: fc.array(
      fc.record({
        cas: fc.constantFrom(...casNumbers),
        pct: fc.double({ min: 0.01, max: 100, noNaN: true }),
      }),
      {
        maxLength: 4,
      },
    ),
  })
  .map(({ pounds, parts }) =>
    stored(pounds, { components: parts.map((part) => component(part.cas, 'x', part.pct)) }),
  );

describe('CAS aggregation', () => {
  it('reads a percent range at the upper bound or midpoint; a single value is both', () => {
    const [range, single, lowOnly, highOnly] = components([
      stored(100, {
        components: [
          component(CAS.toluene, 'Toluene', null, { percentage_weight_low: 20, percentage_weight_high: 80 }),
          component(CAS.water, 'Water', 10),
          component(CAS.xylene, 'Xylene', null, { percentage_weight_low: 5 }),
          component(CAS.methanol, 'Methanol', null, { percentage_weight_high: 3 }),
        ],
      }),
    ]);
    expect([choosePercent(range!, 'upper'), choosePercent(range!, 'midpoint')]).toEqual([80, 50]);
    expect([choosePercent(single!, 'upper'), choosePercent(single!, 'midpoint')]).toEqual([10, 10]);
    // Only a low bound (GuideME Q175): high = 100 − the others' known percents (20 + 10) = 70; midpoint (5 + 70) / 2 = 37.5.
    expect([choosePercent(lowOnly!, 'upper'), choosePercent(lowOnly!, 'midpoint')]).toEqual([70, 37.5]);
    // Only a high bound (GuideME Q176): the high bound for both.
    expect([choosePercent(highOnly!, 'upper'), choosePercent(highOnly!, 'midpoint')]).toEqual([3, 3]);
  });

  it('warns when the components add up to more than 100%', () => {
    const lines = [
      stored(100, { components: [component(CAS.toluene, 'Toluene', 70), component(CAS.water, 'Water', 40)] }),
    ];
    const { warnings } = collectComponents(lines.map((line) => computeLineQuantity(line).quantity));
    expect(warnings.map((w) => [w.code, w.message.endsWith('components add up to 110% by weight')])).toEqual([
      ['percent_over_100', true],
    ]);
  });

  it('gives the same totals whatever the order of the lines', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 12 }), fc.func(fc.integer()), (lines, key) => {
        const shuffled = [...lines].sort((a, b) => key(a.inventory_product_id) - key(b.inventory_product_id));
        expect(totals(shuffled)).toEqual(totals(lines));
      }),
    );
  });

  it('never gives a negative total, and a total is the sum of its contributions', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 12 }), (lines) => {
        for (const aggregate of aggregateByCas(components(lines), { basis: 'upper' }).values()) {
          const sum = aggregate.contributions.reduce((total, c) => total + c.pounds_contributed, 0);
          expect(aggregate.pounds).toBeGreaterThanOrEqual(0);
          expect(aggregate.pounds).toBeCloseTo(sum, 3);
        }
      }),
    );
  });

  it('never lowers a total when a line is added', () => {
    fc.assert(
      fc.property(fc.array(arbitraryLine, { maxLength: 10 }), arbitraryLine, (lines, extra) => {
        const before = totals(lines);
        const after = totals([...lines, extra]);
        for (const [cas, pounds] of Object.entries(before)) expect(after[cas]).toBeGreaterThanOrEqual(pounds);
      }),
    );
  });
});
