import { describe, expect, it } from 'vitest';
import { filingDueDate, filingStatus } from './index.ts';

describe('filingDueDate', () => {
  it('puts Tier II on 1 March and TRI on 1 July of the year after the inventory year', () => {
    // regulatory-rules.md §3 "Due 1 March for the previous calendar year"; §6 "Annual reports due 1 July".
    expect(filingDueDate('tier2', 2025, null)).toBe('2026-03-01');
    expect(filingDueDate('tri_form_r', 2025, null)).toBe('2026-07-01');
  });

  it('runs an SPCC review five years from the last (112.5(b)); none marked: the end of the year', () => {
    expect(filingDueDate('spcc_review', 2025, '2021-04-30')).toBe('2026-04-30');
    // 29 February 2020 + 5 years: 2025 has no 29 February, so 1 March.
    expect(filingDueDate('spcc_review', 2025, '2020-02-29')).toBe('2025-03-01');
    expect(filingDueDate('spcc_review', 2025, null)).toBe('2025-12-31');
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
});
