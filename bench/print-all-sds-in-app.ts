/**
 * Print All SDS through the running app (issue 24: the merge within 2× a bare pdf-lib merge, peak
 * memory ≤ 400 MB, "while list p99 stays within its target during the merge"). Before the app
 * starts, `addSdsInventory` puts every generated SDS file into the app's store (the local folder
 * under the bench's data directory), gives one product each and makes an inventory of one line per
 * product; with the app running, the suite asks `GET /inventories/{id}/print-all-sds-v2` while
 * autocannon loads the inventories list. Issue 37 tightened the targets (1.5× the bare merge, the
 * list p99 within 100 ms meanwhile) and the suite records when the PDF's first byte arrives.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createLocalFileStore } from '../apps/server/src/storage/file-store.ts';
import type { RawClient } from './data.ts';
import type { SdsFile } from './sds.ts';

type Rows<T> = { rows: T[] };

/**
 * A copy of the report inventory one year on, holding one line per SDS file: each line is a copy
 * of one report line with another product (and that product's own name and data), and each of
 * those products has one of the files as its SDS. Answers the new inventory's id.
 */
export async function addSdsInventory(
  client: RawClient,
  dataDir: string,
  reportInventoryId: number,
  items: SdsFile[],
): Promise<number> {
  const store = createLocalFileStore(dataDir);
  const products = (
    (await client.query('SELECT id FROM products WHERE sds_file_id IS NULL ORDER BY id LIMIT $1', [
      items.length,
    ])) as Rows<{ id: number }>
  ).rows;
  if (products.length < items.length)
    throw new Error(`only ${products.length} products for ${items.length} SDS`);
  for (const [index, item] of items.entries()) {
    const bytes = await fs.readFile(item.file);
    const key = await store.put(bytes, { folder: 'sds', extension: '.pdf' });
    const file = (
      (await client.query(
        `INSERT INTO files (storage_key, original_name, mime_type, size_bytes, sha256)
         VALUES ($1, $2, 'application/pdf', $3, $4) RETURNING id`,
        [key, `${index}.pdf`, bytes.length, createHash('sha256').update(bytes).digest('hex')],
      )) as Rows<{ id: number }>
    ).rows[0]!;
    await client.query('UPDATE products SET sds_file_id = $1 WHERE id = $2', [file.id, products[index]!.id]);
  }

  const inventory = (
    (await client.query(
      `INSERT INTO inventories (year, customer_id, facility_id)
       SELECT year + 1, customer_id, facility_id FROM inventories WHERE id = $1 RETURNING id`,
      [reportInventoryId],
    )) as Rows<{ id: number }>
  ).rows[0]!;
  // The line's product data comes from its product where both tables have the column; the rest
  // (container, quantities, location) from one line of the report inventory.
  const columnsOf = async (table: string) =>
    new Set(
      (
        (await client.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
          [table],
        )) as Rows<{ column_name: string }>
      ).rows.map((row) => row.column_name),
    );
  const lineColumns = await columnsOf('inventory_products');
  const productColumns = await columnsOf('products');
  const own = new Set(['id', 'inventory_id', 'product_id', 'created_at', 'updated_at', 'source_line_id']);
  const copied = [...lineColumns].filter((column) => !own.has(column));
  const select = copied.map((column) => (productColumns.has(column) ? `p."${column}"` : `t."${column}"`));
  await client.query(
    `INSERT INTO inventory_products (inventory_id, product_id, ${copied.map((c) => `"${c}"`).join(', ')})
     SELECT $1, p.id, ${select.join(', ')}
     FROM products p
     CROSS JOIN (SELECT * FROM inventory_products WHERE inventory_id = $2 ORDER BY id LIMIT 1) t
     WHERE p.id = ANY($3::int[])`,
    [inventory.id, reportInventoryId, products.map((product) => product.id)],
  );
  return inventory.id;
}
