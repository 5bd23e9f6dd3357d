import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { GrowingFileReadable } from '../../lib/growing-file-stream.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import { selectInventorySdsFiles } from './inventory-products.repository.ts';
import { mergeSdsFilesToHandle, type SdsMergeItem, type SdsMergeReport } from './print-all-sds/index.ts';

/**
 * Merges run in worker threads, each busy for seconds on a core: two at a time keeps a burst of
 * clicks from taking the machine from everyone else, and a third is told to retry.
 */
const MAX_CONCURRENT_MERGES = 2;
let runningMerges = 0;

export const PRINT_ALL_SDS_MSG = {
  noProducts: 'This inventory has no products to print.',
  busy: 'Print All SDS is busy with other inventories. Try again in a moment.',
} as const;

/**
 * `undefined` for a product with no SDS on file; a stored file the store no longer holds rejects
 * (`FileNotStoredError`), so the index says "file missing" for a storage fault only.
 */
async function readStored(store: FileStore, key: string | null): Promise<Uint8Array | undefined> {
  if (key === null) return undefined;
  return buffer(await store.read(key));
}

/**
 * The SDS as the merge reads it: from the local store, the worker reads the file itself (no turn
 * of this thread per chunk while it serves other requests, no bytes copied between threads);
 * from an object store, this thread reads it when the worker asks.
 */
function sdsItem(store: FileStore, item: { name: string; storageKey: string | null }): SdsMergeItem {
  const merged = { name: item.name, read: () => readStored(store, item.storageKey) };
  if (item.storageKey === null || store.localPath === undefined) return merged;
  try {
    return { ...merged, file: store.localPath(item.storageKey) };
  } catch {
    // A key the store would not accept: `read` rejects the same way and the index says so.
    return merged;
  }
}

/**
 * The HTTP trailers (sent after the PDF's last byte) with how many SDS the file includes and
 * how many its index names as not included.
 */
export const PRINT_ALL_SDS_TRAILERS = {
  included: 'x-sds-included',
  notIncluded: 'x-sds-not-included',
} as const;

/** Merged files are written here, next to the data and outside the store. */
export function printAllSdsTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'print-all-sds');
}

/**
 * Removes merged files left in the folder by an earlier version, which kept each one there until
 * it was sent (a crash left it for good). Today's are unlinked as soon as they are open; the age
 * spares one another process sharing the folder has only just created.
 */
export async function sweepPrintAllSdsTemp(dataDir: string, olderThanMs = 60_000): Promise<number> {
  const folder = printAllSdsTempDir(dataDir);
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs > cutoff) continue;
    await fs.promises.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** What Print All SDS answers once the merge has written its first bytes. */
export interface PrintAllSdsDownload {
  title: { customer: string; facility: string; year: number };
  /** The PDF as the merge writes it; destroyed with the merge's error if the merge fails. */
  pdf: Readable;
  /** The merge's summary (the counts of included SDS), once the last byte is written. */
  report: Promise<SdsMergeReport>;
}

/** Chunks of the growing file the response reads at most: fewer turns of this thread for tens of megabytes. */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * Spec 02 §7 print-all-sds-v2: one PDF of the SDS of every distinct product on the inventory, an
 * index page first. A product with no SDS on file, or one that is unreadable or encrypted, is
 * listed on the index as not included (see print-all-sds/merge.ts).
 *
 * The merge writes the PDF to a temporary file, unlinked as soon as it is open (POSIX keeps an
 * unlinked file readable and writable through its open descriptor, so it goes away with the
 * descriptor whatever becomes of the merge, the response or the process). This answers as soon
 * as the merge has written its first bytes, with the file read as it grows (decision 039): a
 * failure before that is thrown, one after it destroys `pdf`. The merge runs at its own pace, not
 * the client's: a slow download holds a descriptor, not a worker nor one of the merge places.
 */
export async function printAllSds(
  db: Db,
  store: FileStore,
  dataDir: string,
  inventoryId: number,
  signal?: AbortSignal,
): Promise<PrintAllSdsDownload> {
  const { inventory, customer, facility } = await findInventoryRow(db, inventoryId);
  const items = await selectInventorySdsFiles(db, inventoryId);
  if (items.length === 0) throw fieldError('inventory', PRINT_ALL_SDS_MSG.noProducts);
  if (runningMerges >= MAX_CONCURRENT_MERGES) {
    throw new AppError('BUSY', PRINT_ALL_SDS_MSG.busy, undefined, { 'Retry-After': '10' });
  }
  runningMerges += 1;
  // Settles when the merge is over (or never started): the place is the merge's until then,
  // however long the download takes after it.
  let merging: Promise<unknown> = Promise.resolve();
  try {
    const title = { customer: customer.name, facility: facility.name, year: inventory.year };
    const folder = printAllSdsTempDir(dataDir);
    await fs.promises.mkdir(folder, { recursive: true });
    const file = path.join(folder, `${randomUUID()}.pdf`);
    const handle = await fs.promises.open(file, 'w+');
    // Stops the merge when the download is destroyed (the client went away, or it never started).
    const stop = new AbortController();
    let merge: Promise<SdsMergeReport> | undefined;
    const pdf = new GrowingFileReadable(handle, {
      chunkBytes: READ_CHUNK_BYTES,
      close: async () => {
        stop.abort(new Error('The download was closed before the merge finished'));
        await merge?.catch(() => {});
      },
    });
    // The merge's error reaches the response through the stream's end (the reply listens for it
    // once sent); this keeps one that comes before that from being an uncaught exception.
    pdf.on('error', () => {});
    try {
      await fs.promises.rm(file, { force: true });
      let firstBytes = () => {};
      const written = new Promise<void>((resolve) => {
        firstBytes = resolve;
      });
      merge = mergeSdsFilesToHandle({ title, items: items.map((item) => sdsItem(store, item)) }, handle, {
        // A read from an object store is a buffer of its own: moved to the worker, not copied.
        transferReads: true,
        signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
        onWritten: (bytes) => {
          pdf.grewTo(bytes);
          firstBytes();
        },
      });
      merging = merge.then(
        (report) => pdf.finish(report.byteLength),
        (error: unknown) => pdf.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      await Promise.race([written, merge]);
      return { title, pdf, report: merge };
    } catch (error) {
      // Before the first byte: the caller answers an error, and nothing is left open.
      pdf.destroy();
      if (!pdf.closed) await once(pdf, 'close').catch(() => {});
      throw error;
    }
  } finally {
    void merging.finally(() => {
      runningMerges -= 1;
    });
  }
}
