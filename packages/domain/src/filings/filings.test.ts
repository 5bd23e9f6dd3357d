import { describe, expect, it } from 'vitest';
import { type FilingDueFacts, filingDueDate, filingStatus } from './index.ts';

const NONE: FilingDueFacts = { lastSpccReview: null, ehsFirstPresentOn: null };

describe('filingDueDate', () => {
  it('puts Tier II on 1 March and TRI on 1 July of the year after the inventory year', () => {
    // regulatory-rules.md §3 "Due 1 March for the previous calendar year"; §6 "Annual reports due 1 July".
    expect(filingDueDate('tier2', 2025, NONE)).toBe('2026-03-01');
    expect(filingDueDate('tri_form_r', 2025, NONE)).toBe('2026-07-01');
  });

  it('runs an SPCC review five years from the last (112.5(b)); none marked: the end of the year', () => {
    expect(filingDueDate('spcc_review', 2025, { ...NONE, lastSpccReview: '2021-04-30' })).toBe('2026-04-30');
    // 29 February 2020 + 5 years: 2025 has no 29 February, so 1 March.
    expect(filingDueDate('spcc_review', 2025, { ...NONE, lastSpccReview: '2020-02-29' })).toBe('2025-03-01');
    expect(filingDueDate('spcc_review', 2025, NONE)).toBe('2025-12-31');
  });

  it('puts the 302 notification 60 days after the EHS first reached its TPQ (rules §1); none without the day', () => {
    const arrived = (day: string) => filingDueDate('epcra_302', 2025, { ...NONE, ehsFirstPresentOn: day });
    // 10 March + 60: 21 days to 31 March, 30 in April (51), 9 in May (60) → 9 May.
    expect(arrived('2025-03-10')).toBe('2025-05-09');
    // 15 December + 60: 16 days to 31 December, 31 in January (47), 13 in February (60) → 13 February.
    expect(arrived('2025-12-15')).toBe('2026-02-13');
    // 1 January 2024 (a leap year) + 60: 30 days to 31 January, 29 in February (59), 1 March (60).
    expect(filingDueDate('epcra_302', 2024, { ...NONE, ehsFirstPresentOn: '2024-01-01' })).toBe('2024-03-01');
    expect(filingDueDate('epcra_302', 2025, NONE)).toBeNull();
  });
});

describe('filingStatus', () => {
  it('is late past the due date, due within 60 days, upcoming after, filed once marked', () => {
    // 2026-01-01 + 60 days = 2026-03-02: 1 March is within the window, 3 March is not.
    expect(filingStatus('2025-12-31', false, '2026-01-01')).toBe('late');
    expect(filingStatus('2026-01-01', false, '2026-01-01')).toBe('due');
    expect(filingStatus('2026-03-02', false, '2026-01-01')).toBe('due');
    expect(filingStatus('2026-03-03', false, '2026-01-01')).toBe('upcoming');
    expect(filingStatus('2025-12-31', true, '2026-01-01')).toBe('filed');
  });

  it('is undated without a due date until it is marked filed', () => {
    expect(filingStatus(null, false, '2026-01-01')).toBe('undated');
    expect(filingStatus(null, true, '2026-01-01')).toBe('filed');
  });
});
