import type { Db, Tx } from '../../db/client.ts';
import { PRODUCT_DATA_KEYS, type ProductDataKey } from '../../db/schema/product-data.ts';
import type { CatalogProductRow } from '../products/products.service.ts';
import { type LineRow, selectCatalogSide, selectLineLists } from './inventory-products.repository.ts';

type LineLists = Awaited<ReturnType<typeof selectLineLists>>;

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
 * fields, then `hazards` and `chemical_components` for the lists the line copied. `lineLists` is
 * what `selectLineLists` read for the record already; the catalog side is one more statement.
 */
export async function catalogDifferences(
  db: Db | Tx,
  line: LineRow['line'],
  lineLists?: LineLists,
): Promise<string[]> {
  const [catalog, ofLine] = await Promise.all([
    selectCatalogSide(db, line.productId),
    lineLists ?? selectLineLists(db, line.id),
  ]);
  const fields = PRODUCT_DATA_KEYS.filter((key) => !sameValue(line[key], catalog.product[key])).map(wireName);
  const lineHazardIds = ofLine.hazards.map((hazard) => hazard.id);
  if (!sameValue(lineHazardIds, catalog.hazardIds)) fields.push('hazards');
  if (!sameValue(ofLine.components, catalog.components)) fields.push('chemical_components');
  return fields;
}
