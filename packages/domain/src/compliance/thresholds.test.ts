import { describe, expect, it } from 'vitest';
import {
  EPCRA_302_DE_MINIMIS,
  EPCRA_302_OPERATOR,
  EPCRA_313_DE_MINIMIS,
  EPCRA_313_OPERATOR,
  isBelowDeMinimis,
  TIER2_DE_MINIMIS,
  testThreshold,
} from './thresholds.ts';

describe('threshold operators (rules §0.4)', () => {
  it('302 includes at exactly the TPQ: 100 lb ≥ TPQ 100 lb', () => {
    const test = testThreshold(100, 100, EPCRA_302_OPERATOR, 'TPQ');
    expect(test).toMatchObject({
      meets: true,
      near_threshold: false,
      ratio: 1,
      rule_text: '100.00 lb ≥ TPQ 100 lb',
    });
  });

  it('302 just below: 99.99 lb < TPQ 100 lb, near threshold (within 10%: ≥ 90 lb)', () => {
    const test = testThreshold(99.99, 100, EPCRA_302_OPERATOR, 'TPQ');
    expect(test).toMatchObject({ meets: false, near_threshold: true, rule_text: '99.99 lb < TPQ 100 lb' });
  });

  it('313 excludes at exactly the threshold: 25,000 lb is not > 25,000 lb', () => {
    const test = testThreshold(25_000, 25_000, EPCRA_313_OPERATOR, 'threshold');
    expect(test).toMatchObject({
      meets: false,
      near_threshold: true,
      rule_text: '25,000.00 lb ≤ threshold 25,000 lb',
    });
    expect(testThreshold(25_000.01, 25_000, EPCRA_313_OPERATOR, 'threshold')).toMatchObject({
      meets: true,
      rule_text: '25,000.01 lb > threshold 25,000 lb',
    });
  });

  it('near threshold starts at exactly 10% below: 90 lb is near TPQ 100, 89.99 lb is not', () => {
    expect(testThreshold(90, 100, '>=', 'TPQ').near_threshold).toBe(true);
    expect(testThreshold(89.99, 100, '>=', 'TPQ').near_threshold).toBe(false);
  });

  it('compares at 4 decimals, so float noise never flips a test: 0.1 × 3 × 1000 / 3 = 100 lb meets TPQ 100', () => {
    // (0.1 + 0.2) × 1000 / 3 = 100.00000000000001 in floating point; 99.99999999999999 likewise rounds to 100.
    expect(testThreshold(99.99999999999999, 100, '>=', 'TPQ').meets).toBe(true);
    expect(testThreshold(100.00000000000001, 100, '>', 'TPQ').meets).toBe(false);
  });
});

describe('de minimis (rules §0.3)', () => {
  it('302 ignores 1% and less, counts 1.01%', () => {
    expect(isBelowDeMinimis(1, EPCRA_302_DE_MINIMIS, false)).toBe(true);
    expect(isBelowDeMinimis(1.01, EPCRA_302_DE_MINIMIS, false)).toBe(false);
    // 302 has no carcinogen rule: 0.5% of a carcinogen is still ignored.
    expect(isBelowDeMinimis(0.5, EPCRA_302_DE_MINIMIS, true)).toBe(true);
  });

  it('311/312 ignores 1% and less, 0.1% and less for a carcinogen', () => {
    expect(isBelowDeMinimis(1, TIER2_DE_MINIMIS, false)).toBe(true);
    expect(isBelowDeMinimis(0.5, TIER2_DE_MINIMIS, true)).toBe(false);
    expect(isBelowDeMinimis(0.1, TIER2_DE_MINIMIS, true)).toBe(true);
    expect(isBelowDeMinimis(0.11, TIER2_DE_MINIMIS, true)).toBe(false);
  });

  it('313 ignores below 1% only (1% counts), below 0.1% for a carcinogen', () => {
    expect(isBelowDeMinimis(1, EPCRA_313_DE_MINIMIS, false)).toBe(false);
    expect(isBelowDeMinimis(0.99, EPCRA_313_DE_MINIMIS, false)).toBe(true);
    expect(isBelowDeMinimis(0.1, EPCRA_313_DE_MINIMIS, true)).toBe(false);
    expect(isBelowDeMinimis(0.09, EPCRA_313_DE_MINIMIS, true)).toBe(true);
  });
});
