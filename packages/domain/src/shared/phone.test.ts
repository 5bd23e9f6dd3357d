import { describe, expect, it } from 'vitest';
import { formatPhone, formatTypedPhone, normalizePhone } from './phone.ts';

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

  // Issue 33 point 15: a contact's phone reads as every other phone unless it carries more.
  it.each([
    ['713-555-0100', '(713) 555-0100'],
    ['713.555.0100', '(713) 555-0100'],
    [' 7135550100 ', '(713) 555-0100'],
    ['713-555-0100 x12', '713-555-0100 x12'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['', ''],
    [null, ''],
  ])('shows the typed phone %j as %j', (input, expected) => {
    expect(formatTypedPhone(input)).toBe(expected);
  });
});
