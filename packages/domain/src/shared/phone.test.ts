import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone } from './phone.ts';

describe('phone', () => {
  it.each([
    ['(512) 555-0100', '5125550100'],
    ['512.555.0100', '5125550100'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['5', '(5'],
    ['512', '(512'],
    ['5125', '(512) 5'],
    ['512555', '(512) 555'],
    ['5125550', '(512) 555-0'],
    ['5125550100', '(512) 555-0100'],
    ['(512) 555-0100', '(512) 555-0100'],
    ['', ''],
  ])('formats %j as %j', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
