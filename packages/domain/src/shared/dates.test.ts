import { describe, expect, it } from 'vitest';
import { isoToUsDate, maskUsDate, toTableDate, usDateToIso } from './dates.ts';

describe('dates', () => {
  it('shows yyyy-MM-dd as MM/DD/YYYY and back', () => {
    expect(isoToUsDate('2024-03-07')).toBe('03/07/2024');
    expect(isoToUsDate(null)).toBe('');
    expect(usDateToIso('03/07/2024')).toBe('2024-03-07');
    expect(usDateToIso('')).toBe('');
    expect(usDateToIso('3/7/24')).toBe('3/7/24');
  });

  it('masks typed digits as MM/DD/YYYY', () => {
    expect(maskUsDate('0')).toBe('0');
    expect(maskUsDate('030')).toBe('03/0');
    expect(maskUsDate('03072024999')).toBe('03/07/2024');
    expect(maskUsDate('03/07/2024')).toBe('03/07/2024');
  });

  it('lists dates as MM-dd-yyyy, from a date or a timestamp', () => {
    expect(toTableDate('2024-03-07')).toBe('03-07-2024');
    expect(toTableDate('2024-03-07T23:59:00.000Z')).toBe('03-07-2024');
    expect(toTableDate(new Date('2026-11-23T12:00:00Z'))).toBe('11-23-2026');
    expect(toTableDate(null)).toBe('');
  });
});
