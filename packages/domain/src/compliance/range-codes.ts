/**
 * Tier II range codes (40 CFR 370.43(a)): the code whose "from" is the largest one at or below
 * the amount, so an exact boundary takes the higher code (10,000 lb → 06) (rules §3).
 */
export interface RangeCode {
  code: string;
  from_lb: number;
  /** Inclusive upper bound as the CFR prints it; null for the open-ended last range. */
  to_lb: number | null;
}

export const TIER2_RANGE_CODES: readonly RangeCode[] = [
  { code: '01', from_lb: 0, to_lb: 99 },
  { code: '02', from_lb: 100, to_lb: 499 },
  { code: '03', from_lb: 500, to_lb: 999 },
  { code: '04', from_lb: 1_000, to_lb: 4_999 },
  { code: '05', from_lb: 5_000, to_lb: 9_999 },
  { code: '06', from_lb: 10_000, to_lb: 24_999 },
  { code: '07', from_lb: 25_000, to_lb: 49_999 },
  { code: '08', from_lb: 50_000, to_lb: 74_999 },
  { code: '09', from_lb: 75_000, to_lb: 99_999 },
  { code: '10', from_lb: 100_000, to_lb: 499_999 },
  { code: '11', from_lb: 500_000, to_lb: 999_999 },
  { code: '12', from_lb: 1_000_000, to_lb: 9_999_999 },
  { code: '13', from_lb: 10_000_000, to_lb: null },
];

export function tier2RangeCode(pounds: number): RangeCode {
  let found = TIER2_RANGE_CODES[0]!;
  for (const range of TIER2_RANGE_CODES) if (pounds >= range.from_lb) found = range;
  return found;
}
