import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StoredFile, UploadKind } from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../lib/audit.ts';
import { sanitizeFileName } from '../../lib/file-names.ts';
import { isPdf } from '../../lib/file-signature.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { FILE_TYPES, PDF_MIME_TYPE, type ReceivedUpload } from './file-types.ts';
import {
  deleteFileRows,
  deleteUnreferencedFileRows,
  type FileRow,
  insertFileRow,
  selectRecordedKeys,
} from './files.repository.ts';

/** The content types we store, with the extension their key and name are given. */
const EXTENSION_BY_MIME_TYPE: Record<string, string> = Object.fromEntries(
  Object.values(FILE_TYPES).map(({ mimeType, extension }) => [mimeType, extension]),
);

/** Unreferenced uploads are kept this long: a form may still be open with the file chosen. */
export const UNREFERENCED_FILE_TTL_MS = 24 * 60 * 60 * 1000;

/** The slice of a logger a file clean-up needs (Fastify's `request.log` or `app.log`). */
export type WarnLog = { warn: (details: object, message: string) => void };

/** Temporary upload copies sit next to the data, on the same disk, and outside the store. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

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

interface SaveFileInput {
  source: Buffer | Readable;
  size: number;
  sha256: string;
  /** The client's name; sanitised here. */
  originalName: string;
  mimeType: string;
  uploadedBy?: number | null | undefined;
  /** Storage folder; `sds` by default. */
  folder?: string;
  isLabelPhoto?: boolean;
}

/**
 * Puts already checked bytes into the store and records them, with whatever else the caller
 * writes in the same transaction (its audit row). If the transaction fails the stored copy is
 * removed, so the store never holds a file the database does not know.
 */
async function saveFile(
  db: Db,
  store: FileStore,
  input: SaveFileInput,
  alongside?: (tx: Tx, row: FileRow) => Promise<void>,
): Promise<FileRow> {
  const extension = extensionFor(input.mimeType);
  const storageKey = await store.put(input.source, {
    folder: input.folder ?? 'sds',
    extension,
    size: input.size,
  });
  try {
    return await db.transaction(async (tx) => {
      const row = await insertFileRow(tx, {
        storageKey,
        originalName: sanitizeFileName(input.originalName, extension),
        mimeType: input.mimeType,
        sizeBytes: input.size,
        sha256: input.sha256,
        uploadedBy: input.uploadedBy ?? null,
        isLabelPhoto: input.isLabelPhoto ?? false,
      });
      await alongside?.(tx, row);
      return row;
    });
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}

/**
 * Moves a checked upload into the store and records it with its audit row; the temporary copy
 * is removed whatever happens.
 */
export async function storeUpload(
  db: Db,
  store: FileStore,
  actor: Actor,
  upload: ReceivedUpload,
  kind: UploadKind,
): Promise<StoredFile> {
  try {
    const row = await saveFile(
      db,
      store,
      {
        source: fs.createReadStream(upload.tempPath),
        size: upload.size,
        sha256: upload.sha256,
        originalName: upload.originalName,
        mimeType: upload.mimeType,
        uploadedBy: actor.userId,
        isLabelPhoto: upload.isLabelPhoto ?? false,
        // An SDS is an SDS whichever way it came (a photo is stored as its PDF); the store's
        // folders are lower-case words.
        folder: kind === 'sds-photo' ? 'sds' : kind,
      },
      (tx, saved) =>
        recordAudit(tx, actor, {
          action: 'create',
          entity: 'file',
          entityId: saved.id,
          details: { kind, size: saved.sizeBytes },
        }),
    );
    return toStoredFile(row);
  } finally {
    await fs.promises.rm(upload.tempPath, { force: true });
  }
}

/**
 * Stores a file held in memory (the demo seeder's SDS sheets). PDFs are checked by content the
 * same way uploads are.
 */
export async function storeFile(
  db: Db,
  store: FileStore,
  input: {
    buffer: Buffer;
    originalName: string;
    mimeType: string;
    uploadedBy?: number | null;
    folder?: string;
  },
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
    folder: input.folder,
  });
  return { id: row.id, storageKey: row.storageKey };
}

/**
 * Drops the rows of files a record has let go (a replaced or detached SDS), in the caller's
 * transaction; returns their storage keys, for `removeStoredFiles` once it has committed.
 */
export function releaseFiles(tx: Db | Tx, ids: number[]): Promise<string[]> {
  return deleteFileRows(tx, ids);
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
  const keys = await deleteUnreferencedFileRows(db, cutoff);
  await removeStoredFiles(store, keys, options.log);
  return keys.length;
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
    const known = await selectRecordedKeys(db, batch);
    unrecorded.push(...batch.filter((key) => !known.has(key)));
  }
  await removeStoredFiles(store, unrecorded, options.log);
  return unrecorded.length;
}
