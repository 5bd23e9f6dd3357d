import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  it('forgets the least recently used entry past its count', () => {
    const forgotten: string[] = [];
    const lru = new Lru<string, number>({ entries: 2, weight: 100 }, (key) => forgotten.push(key));
    expect(lru.set('a', 1)).toEqual([]);
    expect(lru.set('b', 2)).toEqual([]);
    // Reading a makes b the least recently used.
    expect(lru.get('a')).toBe(1);
    expect(lru.set('c', 3)).toEqual(['b']);
    expect(forgotten).toEqual(['b']);
    expect(lru.keys()).toEqual(['a', 'c']);
    expect(lru.get('b')).toBeUndefined();
  });

  it('forgets as many entries as its weight needs, and keeps none heavier than the bound', () => {
    const lru = new Lru<string, string>({ entries: 10, weight: 10 });
    lru.set('a', 'A', 4);
    lru.set('b', 'B', 4);
    expect(lru.weight).toBe(8);
    expect(lru.set('c', 'C', 9)).toEqual(['a', 'b']);
    expect([lru.keys(), lru.weight]).toEqual([['c'], 9]);
    expect(lru.set('d', 'D', 11)).toEqual([]);
    expect([lru.keys(), lru.weight, lru.has('d')]).toEqual([['c'], 9, false]);
    // Set again under the same key: weighed once.
    lru.set('c', 'C2', 3);
    expect([lru.keys(), lru.weight, lru.get('c')]).toEqual([['c'], 3, 'C2']);
  });

  it('deletes by key and by a test of the key', () => {
    const lru = new Lru<string, number>({ entries: 10, weight: 10 });
    lru.set('x|1', 1);
    lru.set('x|2', 2);
    lru.set('y|1', 3);
    expect(lru.delete('x|1')).toBe(true);
    expect(lru.delete('x|1')).toBe(false);
    lru.deleteWhere((key) => key.startsWith('x|'));
    expect([lru.keys(), lru.size, lru.weight]).toEqual([['y|1'], 1, 1]);
    lru.clear();
    expect([lru.size, lru.weight]).toEqual([0, 0]);
  });
});
