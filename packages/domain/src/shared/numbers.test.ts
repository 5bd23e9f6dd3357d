import { describe, expect, it } from 'vitest';
import {
  densityFromSpecificGravity,
  orNotAvailable,
  parseDecimal,
  parseSignedInteger,
  rememberedNumberFormat,
  roundTo,
  specificGravityFromPoundsPerGallon,
} from './numbers.ts';

describe('reading a typed decimal (issue 22 point 2: refused, never bent)', () => {
  it('reads a plain decimal, a unit suffix and thousands separators', () => {
    expect(parseDecimal('1.84 g/ml')).toEqual({ ok: true, value: 1.84, text: '1.84' });
    expect(parseDecimal('1,000')).toEqual({ ok: true, value: 1000, text: '1000' });
    expect(parseDecimal('1,234.5 gal')).toEqual({ ok: true, value: 1234.5, text: '1234.5' });
    expect(parseDecimal(' .5 ')).toEqual({ ok: true, value: 0.5, text: '.5' });
    expect(parseDecimal('5.')).toEqual({ ok: true, value: 5, text: '5.' });
    expect(parseDecimal('140°F')).toEqual({ ok: true, value: 140, text: '140' });
    expect(parseDecimal('12 fl. oz')).toEqual({ ok: true, value: 12, text: '12' });
    expect(parseDecimal(7.5)).toEqual({ ok: true, value: 7.5, text: '7.5' });
  });

  it('reads empty as no figure', () => {
    expect(parseDecimal(null)).toEqual({ ok: true, value: null, text: '' });
    expect(parseDecimal(undefined)).toEqual({ ok: true, value: null, text: '' });
    expect(parseDecimal('  ')).toEqual({ ok: true, value: null, text: '' });
  });

  it('refuses a minus sign as negative', () => {
    expect(parseDecimal('-55')).toEqual({ ok: false, problem: 'negative' });
    expect(parseDecimal('-1.2')).toEqual({ ok: false, problem: 'negative' });
    expect(parseDecimal('- .5')).toEqual({ ok: false, problem: 'negative' });
    expect(parseDecimal(-2)).toEqual({ ok: false, problem: 'negative' });
  });

  it('refuses what stripping would bend: exponents, letters, a second dot, a decimal comma, a range', () => {
    for (const typed of [
      '1e6',
      '1E-3',
      'abc',
      'five',
      '1.2.3',
      '1..2',
      '1.2.',
      '1,5',
      '12,34',
      '1,0000',
      '4-0',
      '$5',
      'x5',
      '5 ft3',
      '-',
    ]) {
      expect(parseDecimal(typed), typed).toEqual({ ok: false, problem: 'not-a-number' });
    }
    expect(parseDecimal(Number.NaN)).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseDecimal(Number.POSITIVE_INFINITY)).toEqual({ ok: false, problem: 'not-a-number' });
  });
});

describe('specific gravity from pounds per gallon', () => {
  // Issue 33 point 3: 14.05 lb/gal is SG 1.685, the example.
  it('divides by 8.34 and rounds to three decimals', () => {
    expect(specificGravityFromPoundsPerGallon('14.05')).toBe(1.685);
    expect(specificGravityFromPoundsPerGallon('8.34')).toBe(1);
    expect(specificGravityFromPoundsPerGallon('')).toBeUndefined();
    expect(specificGravityFromPoundsPerGallon('abc')).toBeUndefined();
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
    expect(densityFromSpecificGravity('-1.2')).toBeUndefined();
    expect(densityFromSpecificGravity('1e6')).toBeUndefined();
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

describe('reading a flash point (a whole number that may be below zero): refused, never bent', () => {
  it('reads a minus, digits and a unit', () => {
    expect(parseSignedInteger('-40 °F')).toEqual({ ok: true, value: -40 });
    expect(parseSignedInteger('140°F')).toEqual({ ok: true, value: 140 });
    expect(parseSignedInteger(' 73 F ')).toEqual({ ok: true, value: 73 });
    expect(parseSignedInteger(-4)).toEqual({ ok: true, value: -4 });
    expect(parseSignedInteger('')).toEqual({ ok: true, value: null });
    expect(parseSignedInteger(null)).toEqual({ ok: true, value: null });
  });

  it.each(['4-0', '12.5', '1e2', 'abc', '-', '--4', '40 4', 'approx. 40'])('refuses %j', (typed) => {
    expect(parseSignedInteger(typed)).toEqual({ ok: false });
  });

  it('refuses a number that is not whole', () => {
    expect(parseSignedInteger(12.5)).toEqual({ ok: false });
  });
});

describe('rememberedNumberFormat', () => {
  it('writes what Intl.NumberFormat writes, the second time too, -0 and past its bound included', () => {
    const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    const intl = new Intl.NumberFormat('en-US', options);
    const remembered = rememberedNumberFormat(options);
    const figures = [0, -0, 1.005, 1234.5, -2.345, 0.125, Number.NaN, 1e21, 5000.004];
    for (let i = 0; i < 5000; i++) figures.push(i * 0.37);
    for (const pass of [1, 2])
      for (const value of figures) expect([pass, remembered(value)]).toEqual([pass, intl.format(value)]);
    expect(remembered(-0)).toBe('-0.00');
    expect(remembered(0)).toBe('0.00');
  });
});
