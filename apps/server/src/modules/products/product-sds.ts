import type { Readable } from 'node:stream';
import { PRODUCT_MSG, type SaveProduct, type SdsStatus } from '@chemtrack/domain';
import type { Db, Tx } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/app-error.ts';
import { FileNotStoredError, type FileStore } from '../../storage/file-store.ts';
import { PDF_MIME_TYPE } from '../files/file-types.ts';
import { type FileRow, findFileByKey } from '../files/files.repository.ts';
import { findProduct, findSdsHolder } from './products.repository.ts';

/**
 * A product's SDS file: which file a save attaches, the status that follows from it, and its
 * bytes. The product saves (products.service) and a line naming a new product use the same rules.
 */

export interface SdsChange {
  fileId: number | null;
  /** A file other than the current one is attached. */
  isAttached: boolean;
  /** The current file is let go (detached or replaced). */
  isReleased: boolean;
  /** The attached file is a photo of the label, which is not an SDS (issue 33 point 9). */
  isLabelPhoto: boolean;
}

/**
 * `sds` omitted keeps the file; null detaches it; `{ filepath }` attaches an upload that no
 * other product holds.
 */
export async function resolveSds(
  tx: Tx,
  currentFileId: number | null,
  sds: SaveProduct['sds'],
): Promise<SdsChange> {
  if (sds === undefined)
    return { fileId: currentFileId, isAttached: false, isReleased: false, isLabelPhoto: false };
  if (sds === null) {
    return { fileId: null, isAttached: false, isReleased: currentFileId !== null, isLabelPhoto: false };
  }
  const file = await findFileByKey(tx, sds.filepath);
  if (!file || file.mimeType !== PDF_MIME_TYPE) throw fieldError('sds', PRODUCT_MSG.sdsFileUnknown);
  const isLabelPhoto = file.isLabelPhoto;
  if (file.id === currentFileId)
    return { fileId: file.id, isAttached: false, isReleased: false, isLabelPhoto };
  if ((await findSdsHolder(tx, file.id)) !== undefined) throw fieldError('sds', PRODUCT_MSG.sdsFileUnknown);
  return { fileId: file.id, isAttached: true, isReleased: currentFileId !== null, isLabelPhoto };
}

/**
 * The status the body asks for, or else what the file change implies: a new product is `sds`
 * with a file and `pending` without; an update turns `sds` when a file is attached, `pending`
 * when it is removed, and otherwise keeps what the staff set (e.g. `update`).
 */
export function resolveSdsStatus(
  requested: SdsStatus | null | undefined,
  current: SdsStatus | null,
  change: SdsChange,
): SdsStatus {
  if (requested) {
    if (requested === 'sds' && change.fileId === null) {
      throw fieldError('sds_status', PRODUCT_MSG.sdsStatusNeedsFile);
    }
    return requested;
  }
  // A photo of the label is kept as the product's file but is not an SDS: the product stays in
  // the Pending SDS filter until staff attach the real one or set the status (issue 33 point 9).
  if (current === null) return change.fileId === null || change.isLabelPhoto ? 'pending' : 'sds';
  if (change.isAttached) return change.isLabelPhoto ? 'pending' : 'sds';
  if (change.fileId === null && change.isReleased) return 'pending';
  return current;
}

/** The product's SDS bytes and what to call them; 404 when it has none (or the bytes are gone). */
export async function openSds(
  db: Db,
  store: FileStore,
  id: number,
): Promise<{ file: FileRow; stream: Readable }> {
  const { file } = await findProduct(db, id);
  if (!file) throw notFound('SDS file');
  let stream: Readable;
  try {
    stream = await store.read(file.storageKey);
  } catch (error) {
    if (error instanceof FileNotStoredError) throw notFound('SDS file');
    throw error;
  }
  return { file, stream };
}
