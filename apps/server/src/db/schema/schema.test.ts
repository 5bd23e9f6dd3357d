import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from './index.ts';
import { productDataColumns } from './product-data.ts';

const DRIZZLE_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

function lastSnapshot(): DrizzleSnapshotJSON {
  const journal = JSON.parse(fs.readFileSync(path.join(DRIZZLE_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number }[];
  };
  const last = Math.max(...journal.entries.map((entry) => entry.idx));
  const file = path.join(DRIZZLE_FOLDER, 'meta', `${String(last).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DrizzleSnapshotJSON;
}

describe('schema', () => {
  // What `drizzle-kit generate` checks: a schema edit without its migration would leave the
  // database the tests run on different from the one the code describes.
  it('matches the last migration: drizzle-kit would generate nothing', async () => {
    const current = generateDrizzleJson(schema, undefined, undefined, 'snake_case');
    expect(await generateMigration(lastSnapshot(), current)).toEqual([]);
  });

  // Both spread productDataColumns(); this catches a key redefined after the spread in one table.
  it('gives products and the inventory_products snapshot the same product data columns', () => {
    const describeShared = (table: typeof schema.products | typeof schema.inventoryProducts) => {
      const columns = getTableColumns(table);
      return Object.keys(productDataColumns()).map((key) => {
        const column = columns[key as keyof typeof columns];
        return {
          key,
          name: column.name,
          type: column.getSQLType(),
          notNull: column.notNull,
          default: column.default,
        };
      });
    };
    expect(describeShared(schema.inventoryProducts)).toEqual(describeShared(schema.products));
  });
});
