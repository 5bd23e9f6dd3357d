import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import { selectInventorySdsFiles } from './inventory-products.repository.ts';
import { mergeSdsFilesToFile, type SdsMergeReport } from './print-all-sds/index.ts';

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

/** Merged files wait here, next to the data and outside the store, until they are sent. */
export function printAllSdsTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'print-all-sds');
}

/**
 * Spec 02 §7 print-all-sds-v2: one PDF of the SDS of every distinct product on the inventory, an
 * index page first. A product with no SDS on file, or one that is unreadable or encrypted, is
 * listed on the index as not included (see lib/print-all-sds).
 *
 * The PDF is written to a temporary file as it is built and answered as a stream of it: the file
 * is unlinked as soon as it is open, so it goes away with the stream whatever becomes of the
 * response (POSIX keeps an unlinked file readable through its open descriptor).
 */
export async function printAllSds(
  db: Db,
  store: FileStore,
  dataDir: string,
  inventoryId: number,
  signal?: AbortSignal,
): Promise<SdsMergeReport & { pdf: Readable; title: { customer: string; facility: string; year: number } }> {
  const { inventory, customer, facility } = await findInventoryRow(db, inventoryId);
  const items = await selectInventorySdsFiles(db, inventoryId);
  if (items.length === 0) throw fieldError('inventory', PRINT_ALL_SDS_MSG.noProducts);
  if (runningMerges >= MAX_CONCURRENT_MERGES) {
    throw new AppError('BUSY', PRINT_ALL_SDS_MSG.busy, undefined, { 'Retry-After': '10' });
  }
  runningMerges += 1;
  try {
    const title = { customer: customer.name, facility: facility.name, year: inventory.year };
    const folder = printAllSdsTempDir(dataDir);
    await fs.promises.mkdir(folder, { recursive: true });
    const file = path.join(folder, `${randomUUID()}.pdf`);
    try {
      const report = await mergeSdsFilesToFile(
        {
          title,
          items: items.map((item) => ({ name: item.name, read: () => readStored(store, item.storageKey) })),
        },
        file,
        // Each read is a buffer of its own: moved to the worker, not copied.
        { transferReads: true, ...(signal ? { signal } : {}) },
      );
      const handle = await fs.promises.open(file, 'r');
      // Large chunks: the main thread takes fewer turns to send tens of megabytes.
      return { ...report, pdf: handle.createReadStream({ highWaterMark: 1024 * 1024 }), title };
    } finally {
      await fs.promises.rm(file, { force: true });
    }
  } finally {
    runningMerges -= 1;
  }
}
