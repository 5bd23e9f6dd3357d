import { describe, expect, it } from 'vitest';
import { findPrintedCas, parseBasis, parseConcentration, readPrintedCas } from './index.ts';

describe('parseConcentration', () => {
  it.each([
    ['30 - 60 %', 30, 60],
    ['>= 25.0 - < 50.0%', 25, 50],
    ['>= 0.1 < 0.5%', 0.1, 0.5],
    ['≥25 - ≤50', 25, 50],
    ['1-5%', 1, 5],
    ['10 to 20', 10, 20],
    ['70.00 - 90.00', 70, 90],
    ['<= 5', null, 5],
    ['<5%', null, 5],
    ['≤2', null, 2],
    ['<= 100 %', null, 100],
    ['>95', 95, null],
    ['>99%', 99, null],
    ['0,5', 0.5, 0.5],
    ['0,1 - 1,5 %', 0.1, 1.5],
    ['100 %', 100, 100],
    ['*', null, null],
    ['-', null, null],
    ['Proprietary', null, null],
    ['Trade secret', null, null],
  ])('reads %s as low %s, high %s', (printed, low, high) => {
    expect(parseConcentration(printed)).toEqual({ low, high, basis: null });
  });

  it('reads the basis where it is printed', () => {
    expect(parseConcentration('10 - 20 % w/w')).toEqual({ low: 10, high: 20, basis: 'weight' });
    expect(parseConcentration('5 wt%')).toEqual({ low: 5, high: 5, basis: 'weight' });
    expect(parseConcentration('< 1 % by volume')).toEqual({ low: null, high: 1, basis: 'volume' });
    expect(parseConcentration('2 % v/v')).toEqual({ low: 2, high: 2, basis: 'volume' });
  });

  it('is null for what is no percentage', () => {
    expect(parseConcentration('H303')).toBeNull();
    expect(parseConcentration('250')).toBeNull();
    expect(parseConcentration('60 - 30 %')).toBeNull();
    expect(parseConcentration('not listed')).toBeNull();
  });

  it('reads the basis of a header', () => {
    expect(parseBasis('Weight %')).toBe('weight');
    expect(parseBasis('% (v/v)')).toBe('volume');
    expect(parseBasis('Concentration [%]')).toBeNull();
  });
});

describe('printed CAS numbers', () => {
  it('removes leading zeros and checks the check digit', () => {
    expect(readPrintedCas('0003658-77-3')).toEqual({ number: '3658-77-3', isValid: true });
    expect(readPrintedCas('7664-38-2')).toEqual({ number: '7664-38-2', isValid: true });
    expect(readPrintedCas('7664-38-3')).toEqual({ number: '7664-38-3', isValid: false });
    expect(readPrintedCas('Trade secret')).toBeNull();
  });

  it('finds every CAS-shaped token of a line, not dates, EC numbers or phone numbers', () => {
    const found = findPrintedCas(
      'Water 7732-18-5 EC 231-791-2 revised 2018-05-23 call 1-800-424-9300 and 64-17-5',
    );
    expect(found.map((cas) => [cas.number, cas.isValid])).toEqual([
      ['7732-18-5', true],
      ['64-17-5', true],
    ]);
  });
});
