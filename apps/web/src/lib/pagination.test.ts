import { describe, expect, it } from 'vitest';
import { getPageItems, nextSort } from './pagination.ts';

describe('getPageItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 'ellipsis-end', 9, 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 'ellipsis-end', 9, 10]],
    [6, 12, [1, 2, 'ellipsis-start', 5, 6, 7, 'ellipsis-end', 11, 12]],
    [4, 10, [1, 2, 3, 4, 5, 'ellipsis-end', 9, 10]],
    [10, 10, [1, 2, 'ellipsis-start', 9, 10]],
    [7, 10, [1, 2, 'ellipsis-start', 6, 7, 8, 9, 10]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])('page %i of %i → %j', (current, last, expected) => {
    expect(getPageItems(current, last)).toEqual(expected);
  });
});

describe('nextSort', () => {
  it('cycles unsorted → asc → desc → unsorted', () => {
    const asc = nextSort(undefined, 'email');
    expect(asc).toEqual({ field: 'email', direction: 'asc' });
    const desc = nextSort(asc, 'email');
    expect(desc).toEqual({ field: 'email', direction: 'desc' });
    expect(nextSort(desc, 'email')).toBeUndefined();
  });

  it('starts over at asc on another column', () => {
    expect(nextSort({ field: 'email', direction: 'desc' }, 'first_name')).toEqual({
      field: 'first_name',
      direction: 'asc',
    });
  });
});
