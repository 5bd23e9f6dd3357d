import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIER2_RANGE_CODES, tier2RangeCode } from './range-codes.ts';

describe('Tier II range codes (40 CFR 370.43(a))', () => {
  // A boundary takes the higher code: the code whose "from" is the largest one ≤ the amount.
  it.each([
    [0, '01'],
    [99, '01'],
    [99.99, '01'],
    [100, '02'],
    [499.99, '02'],
    [500, '03'],
    [999, '03'],
    [1_000, '04'],
    [4_999.99, '04'],
    [5_000, '05'],
    [9_999.99, '05'],
    [10_000, '06'],
    [24_999, '06'],
    [25_000, '07'],
    [50_000, '08'],
    [75_000, '09'],
    [100_000, '10'],
    [500_000, '11'],
    [1_000_000, '12'],
    [9_999_999, '12'],
    [10_000_000, '13'],
    [2e9, '13'],
  ])('%d lb → %s', (pounds, code) => expect(tier2RangeCode(pounds).code).toBe(code));

  it("every amount lies in its range: from ≤ amount < the next range's from", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (pounds) => {
        const range = tier2RangeCode(pounds);
        const next = TIER2_RANGE_CODES[TIER2_RANGE_CODES.indexOf(range) + 1];
        return range.from_lb <= pounds && (next === undefined || pounds < next.from_lb);
      }),
    );
  });
});
