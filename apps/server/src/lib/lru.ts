/**
 * A map that forgets its least recently used entries past a number of entries and a total weight
 * (decision 022: what the report workers keep between reports must stay bounded). The weight is
 * the caller's measure of an entry (lines, bytes); an entry heavier than the whole bound is not kept.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly limits: { entries: number; weight: number },
    private readonly onEvict?: (key: K, value: V) => void,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The entries' weights added up. */
  get weight(): number {
    return this.total;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry.value;
  }

  /** Keeps the value as the most recently used; returns the keys forgotten to make room. */
  set(key: K, value: V, weight = 1): K[] {
    this.delete(key);
    const evicted: K[] = [];
    if (weight > this.limits.weight) return evicted;
    this.map.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.map) {
      if (this.map.size <= this.limits.entries && this.total <= this.limits.weight) break;
      this.map.delete(oldest);
      this.total -= entry.weight;
      evicted.push(oldest);
      this.onEvict?.(oldest, entry.value);
    }
    return evicted;
  }

  delete(key: K): boolean {
    const entry = this.map.get(key);
    if (!entry) return false;
    this.map.delete(key);
    this.total -= entry.weight;
    return true;
  }

  /** Forgets every entry whose key `drop` selects. */
  deleteWhere(drop: (key: K) => boolean): void {
    for (const key of [...this.map.keys()]) if (drop(key)) this.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  keys(): K[] {
    return [...this.map.keys()];
  }

  /** The same entries, order and bounds, to change without changing this one. */
  clone(): Lru<K, V> {
    const copy = new Lru<K, V>(this.limits);
    for (const [key, entry] of this.map) copy.set(key, entry.value, entry.weight);
    return copy;
  }
}
