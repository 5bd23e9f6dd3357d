import type { Db, Tx } from '../../db/client.ts';
import { PRODUCT_DATA_KEYS, type ProductDataKey } from '../../db/schema/product-data.ts';
import { findProduct, selectProductHazardIds } from '../products/products.repository.ts';
import type { CatalogProductRow } from '../products/products.service.ts';
import { type LineRow, selectComponentCopies, selectLineHazardIds } from './inventory-products.repository.ts';

/** The product data a line copies, as the catalog product holds it. */
export type ProductData = Pick<CatalogProductRow, ProductDataKey>;

/** A stored value in a comparable form: lists as sets (hazard ids, Tier II categories), dates as ISO. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map(canonical).sort());
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value ?? null);
}

/**
 * The same stored value. A line's copy and its product share their column types
 * (`productDataColumns`, `componentDetailColumns`), so equal figures read as equal text.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

export const wireName = (key: ProductDataKey): string =>
  key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The product data `keys` of `source`, and nothing else. */
export function pickProductData(source: ProductData, keys: readonly ProductDataKey[]): Partial<ProductData> {
  const picked: Partial<ProductData> = {};
  for (const key of keys) Object.assign(picked, { [key]: source[key] });
  return picked;
}

/**
 * Where the line's copy differs from its catalog product today, by wire name: the product data
 * fields, then `hazards` and `chemical_components` for the lists the line copied.
 */
export async function catalogDifferences(db: Db | Tx, line: LineRow['line']): Promise<string[]> {
  const { product } = await findProduct(db, line.productId);
  const fields = PRODUCT_DATA_KEYS.filter((key) => !sameValue(line[key], product[key])).map(wireName);
  const lineHazards = await selectLineHazardIds(db, line.id);
  if (!sameValue(lineHazards, await selectProductHazardIds(db, line.productId))) fields.push('hazards');
  const components = await selectComponentCopies(db, line.id, line.productId);
  if (!sameValue(components.ofLine, components.ofProduct)) fields.push('chemical_components');
  return fields;
}
