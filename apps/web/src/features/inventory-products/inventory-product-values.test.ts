import { describe, expect, it } from 'vitest';
import { canSaveLine } from './inventory-product-values.ts';

const checked = { is_unchecked_carry_over: false, catalog_differs: false };

describe('canSaveLine', () => {
  it('offers Save on an untouched line whose copy differs from the catalogue (issue 22 point 4)', () => {
    const line = { ...checked, catalog_differs: true };
    expect(canSaveLine({ line, isBusy: false, isValid: true, isDirty: false })).toBe(true);
  });

  it('keeps Save off on an untouched line that matches the catalogue and was checked', () => {
    expect(canSaveLine({ line: checked, isBusy: false, isValid: true, isDirty: false })).toBe(false);
  });

  it('offers Save on a new line, an edited one and a carried-over one not yet checked', () => {
    expect(canSaveLine({ line: undefined, isBusy: false, isValid: true, isDirty: false })).toBe(true);
    expect(canSaveLine({ line: checked, isBusy: false, isValid: true, isDirty: true })).toBe(true);
    const carried = { ...checked, is_unchecked_carry_over: true };
    expect(canSaveLine({ line: carried, isBusy: false, isValid: true, isDirty: false })).toBe(true);
  });

  it('never while saving or while the form is invalid', () => {
    const line = { ...checked, catalog_differs: true };
    expect(canSaveLine({ line, isBusy: true, isValid: true, isDirty: true })).toBe(false);
    expect(canSaveLine({ line, isBusy: false, isValid: false, isDirty: true })).toBe(false);
  });
});
