import { describe, expect, it } from 'vitest';
import {
  densityFromSpecificGravity,
  orNotAvailable,
  roundTo,
  stripDecimal,
  stripSignedInteger,
} from './numbers.ts';

describe('number stripping', () => {
  it('keeps digits and dots of a decimal', () => {
    expect(stripDecimal('1.84 g/ml')).toBe('1.84');
    expect(stripDecimal('$1,234.5')).toBe('1234.5');
    expect(stripDecimal(null)).toBe('');
    expect(stripDecimal(7.5)).toBe('7.5');
  });

  it('keeps digits and only a leading minus of a flash point', () => {
    expect(stripSignedInteger('-40 °F')).toBe('-40');
    expect(stripSignedInteger('4-0')).toBe('40');
    expect(stripSignedInteger('140°F')).toBe('140');
    expect(stripSignedInteger('-')).toBe('');
    expect(stripSignedInteger(undefined)).toBe('');
  });
});

describe('density from specific gravity', () => {
  it('multiplies by 8.34 and rounds to two decimals', () => {
    expect(densityFromSpecificGravity('1.84')).toBe(15.35);
    expect(densityFromSpecificGravity('0.791')).toBe(6.6);
    expect(densityFromSpecificGravity('1')).toBe(8.34);
    expect(densityFromSpecificGravity('1.0 kg/l')).toBe(8.34);
  });

  it('is empty when the text is not a number', () => {
    expect(densityFromSpecificGravity('')).toBeUndefined();
    expect(densityFromSpecificGravity('abc')).toBeUndefined();
    expect(densityFromSpecificGravity('1.2.3')).toBeUndefined();
  });

  it('rounds halves away from zero without binary surprises', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
  });
});

describe('orNotAvailable', () => {
  it("shows 'N/A' for a figure that is zero or missing", () => {
    expect(orNotAvailable(0)).toBe('N/A');
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable(undefined)).toBe('N/A');
    expect(orNotAvailable(12.5)).toBe('12.5');
    expect(orNotAvailable(3, (n) => n.toFixed(2))).toBe('3.00');
  });
});
