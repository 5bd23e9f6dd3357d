import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { databaseEntries, files, products } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type FileValues = Pick<
  typeof files.$inferInsert,
  'storageKey' | 'originalName' | 'mimeType' | 'sizeBytes' | 'sha256' | 'uploadedBy' | 'isLabelPhoto'
>;

export async function insertFileRow(db: Db | Tx, values: FileValues): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('file insert returned no row');
  return row;
}

export async function findFileByKey(db: Db | Tx, storageKey: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey)).limit(1);
  return row;
}

/** Deletes file rows and returns their storage keys, for the bytes to go once committed. */
export async function deleteFileRows(db: Db | Tx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(inArray(files.id, ids))
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/**
 * Deletes the rows of uploads nothing points at (no product's SDS, no database entry) created
 * before the cutoff; returns their storage keys.
 */
export async function deleteUnreferencedFileRows(db: Db, cutoff: Date): Promise<string[]> {
  // One statement, no read-then-delete gap. A save attaching a day-old upload at this very moment
  // could still lose it (the FK sets its reference to null); the grace period makes that moot.
  const rows = await db
    .delete(files)
    .where(
      and(
        lt(files.createdAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(products).where(eq(products.sdsFileId, files.id))),
        notExists(
          db.select({ one: sql`1` }).from(databaseEntries).where(eq(databaseEntries.fileId, files.id)),
        ),
      ),
    )
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/** Which of these storage keys have a row. */
export async function selectRecordedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(inArray(files.storageKey, keys));
  return new Set(rows.map((row) => row.storageKey));
}
