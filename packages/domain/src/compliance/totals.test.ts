import { describe, expect, it } from 'vitest';
import { printedRowsAddUp, roundingNotes, TOTALS_BEFORE_ROUNDING_NOTE } from './totals.ts';

describe('printed rows against their printed total (issue 31 point 14)', () => {
  it('three rows of 0.3333 lb print 0.33 each (0.99) under a total of 0.9999 printed 1.00: they do not add up', () => {
    expect(printedRowsAddUp([0.3333, 0.3333, 0.3333], 0.9999)).toBe(false);
  });

  it('rows of 0.30, 0.30, 0.30 print 0.90 and add up to the total 0.90', () => {
    expect(printedRowsAddUp([0.3, 0.3, 0.3], 0.9)).toBe(true);
  });

  it('reads the figures as the report prints them, with two decimals and thousands separators', () => {
    // Printed: 1,234.565 → "1,234.57", 0.005 → "0.01"; 1,234.57 + 0.01 = 1,234.58 = the printed
    // total 1,234.575 → "1,234.58".
    expect(printedRowsAddUp([1234.565, 0.005], 1234.575)).toBe(true);
    // 0.005 + 0.005 = 0.01 prints 0.01, but each row prints 0.01: 0.02 ≠ 0.01.
    expect(printedRowsAddUp([0.005, 0.005], 0.01)).toBe(false);
  });

  it('an empty set of rows adds up to a zero total only', () => {
    expect(printedRowsAddUp([], 0)).toBe(true);
    expect(printedRowsAddUp([], 0.01)).toBe(false);
  });

  it('gives the standard note once when any figure does not add up, none when all do', () => {
    expect(roundingNotes([true, false, false])).toEqual([TOTALS_BEFORE_ROUNDING_NOTE]);
    expect(roundingNotes([true, true])).toEqual([]);
    expect(TOTALS_BEFORE_ROUNDING_NOTE).toBe(
      'Totals are computed before rounding: printed rows may differ from the printed total by rounding.',
    );
  });
});
