import { describe, expect, it } from 'vitest';
import { isValidCasNumber, normalizeCasNumber } from './cas.ts';

describe('CAS numbers', () => {
  it.each(['7664-93-9', '67-64-1', '1310-73-2', '7732-18-5', '50-00-0', '7439-92-1', '1333-74-0'])(
    'accepts %s, whose check digit is right',
    (cas) => expect(isValidCasNumber(cas)).toBe(true),
  );

  it.each([
    ['7664-93-8', 'wrong check digit'],
    ['67-64-2', 'wrong check digit'],
    ['7-64-1', 'first part too short'],
    ['12345678-93-9', 'first part too long'],
    ['7664-9-39', 'middle part not two digits'],
    ['7664 93 9', 'no dashes'],
    ['abc-de-f', 'letters'],
    ['', 'empty'],
  ])('refuses %s (%s)', (cas) => expect(isValidCasNumber(cas)).toBe(false));

  it('puts the dashes into a bare run of digits and trims', () => {
    expect(normalizeCasNumber('7664939')).toBe('7664-93-9');
    expect(normalizeCasNumber(' 67-64-1 ')).toBe('67-64-1');
    expect(normalizeCasNumber('1234')).toBe('1234');
  });
});
