import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { StoredFile } from '@chemtrack/domain';
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { databaseEntries, files, products } from '../../db/schema/index.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import { isPdf } from '../../lib/file-signature.ts';
import type { FileStore } from '../../storage/file-store.ts';

export const PDF_MIME_TYPE = 'application/pdf';

/** The content types we store, with the extension their key and name are given. */
const EXTENSION_BY_MIME_TYPE: Record<string, string> = {
  [PDF_MIME_TYPE]: '.pdf',
};

/** Unreferenced uploads are kept this long: a form may still be open with the file chosen. */
export const UNREFERENCED_FILE_TTL_MS = 24 * 60 * 60 * 1000;

type FileRow = typeof files.$inferSelect;
/** The slice of a logger a file clean-up needs (Fastify's `request.log` or `app.log`). */
export type WarnLog = { warn: (details: object, message: string) => void };

export function toStoredFile(row: FileRow): StoredFile {
  return {
    filepath: row.storageKey,
    original_name: row.originalName,
    mime_type: row.mimeType,
    size: row.sizeBytes,
  };
}

function extensionFor(mimeType: string): string {
  const extension = EXTENSION_BY_MIME_TYPE[mimeType];
  if (!extension) throw new Error(`Unsupported file type: ${mimeType}`);
  return extension;
}

export interface SaveFileInput {
  source: Buffer | Readable;
  size: number;
  sha256: string;
  /** The client's name; sanitised here. */
  originalName: string;
  mimeType: string;
  uploadedBy?: number | null | undefined;
  /** Storage folder; `sds` by default. */
  folder?: string;
}

/**
 * Puts already checked bytes into the store and records them. If the row cannot be written the
 * stored copy is removed, so the store never holds a file the database does not know.
 */
export async function saveFile(db: Db, store: FileStore, input: SaveFileInput): Promise<FileRow> {
  const extension = extensionFor(input.mimeType);
  const storageKey = await store.put(input.source, { folder: input.folder ?? 'sds', extension });
  try {
    const [row] = await db
      .insert(files)
      .values({
        storageKey,
        originalName: sanitizeFileName(input.originalName, extension),
        mimeType: input.mimeType,
        sizeBytes: input.size,
        sha256: input.sha256,
        uploadedBy: input.uploadedBy ?? null,
      })
      .returning();
    return row!;
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}

/**
 * Stores a file held in memory (the demo seeder's SDS sheets). PDFs are checked by content the
 * same way uploads are.
 */
export async function storeFile(
  db: Db,
  store: FileStore,
  input: { buffer: Buffer; originalName: string; mimeType: string; uploadedBy?: number | null },
): Promise<{ id: number; storageKey: string }> {
  if (input.mimeType === PDF_MIME_TYPE && !isPdf(input.buffer)) {
    throw new Error(`${input.originalName} is not a PDF`);
  }
  const row = await saveFile(db, store, {
    source: input.buffer,
    size: input.buffer.length,
    sha256: createHash('sha256').update(input.buffer).digest('hex'),
    originalName: input.originalName,
    mimeType: input.mimeType,
    uploadedBy: input.uploadedBy,
  });
  return { id: row.id, storageKey: row.storageKey };
}

export async function findFileByKey(db: Db, storageKey: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey)).limit(1);
  return row;
}

/** Deletes file rows and returns their storage keys, for `removeStoredFiles` once committed. */
export async function deleteFileRows(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(inArray(files.id, ids))
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/**
 * Removes stored bytes after the rows that pointed at them are gone for good. A failure is
 * logged, not thrown: the user's change is committed, and a stray file only costs disk space.
 */
export async function removeStoredFiles(store: FileStore, keys: string[], log?: WarnLog): Promise<void> {
  for (const key of keys) {
    try {
      await store.delete(key);
    } catch (error) {
      log?.warn({ err: error, key }, 'could not delete a stored file');
    }
  }
}

/**
 * Uploads that nothing points at (no product's SDS, no database entry) and that are older than
 * the grace period: their rows and their bytes. Returns how many were removed.
 */
export async function deleteUnreferencedFiles(
  db: Db,
  store: FileStore,
  options: { olderThan?: Date; log?: WarnLog } = {},
): Promise<number> {
  const cutoff = options.olderThan ?? new Date(Date.now() - UNREFERENCED_FILE_TTL_MS);
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
  await removeStoredFiles(
    store,
    rows.map((row) => row.storageKey),
    options.log,
  );
  return rows.length;
}

/**
 * Stored bytes with no row at all (the process died between writing a file and recording it),
 * written before the cutoff. Returns how many were removed.
 */
export async function deleteUnrecordedBytes(
  db: Db,
  store: FileStore,
  options: { olderThan?: Date; log?: WarnLog } = {},
): Promise<number> {
  const cutoff = options.olderThan ?? new Date(Date.now() - UNREFERENCED_FILE_TTL_MS);
  const keys = await store.listWrittenBefore(cutoff);
  const unrecorded: string[] = [];
  for (let start = 0; start < keys.length; start += 500) {
    const batch = keys.slice(start, start + 500);
    const recorded = await db
      .select({ storageKey: files.storageKey })
      .from(files)
      .where(inArray(files.storageKey, batch));
    const known = new Set(recorded.map((row) => row.storageKey));
    unrecorded.push(...batch.filter((key) => !known.has(key)));
  }
  await removeStoredFiles(store, unrecorded, options.log);
  return unrecorded.length;
}
