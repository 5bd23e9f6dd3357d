import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { findInventoryRow } from '../inventories/inventories.repository.ts';
import { selectInventorySdsFiles } from './inventory-products.repository.ts';
import { mergeSdsFiles, type SdsMergeResult } from './print-all-sds/index.ts';

/**
 * Merges run in worker threads and each holds its output in memory until it is sent: two at a
 * time keeps a burst of clicks from taking the machine's memory, and a third is told to retry.
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
 * Spec 02 §7 print-all-sds-v2: one PDF of the SDS of every distinct product on the inventory, an
 * index page first. A product with no SDS on file, or one that is unreadable or encrypted, is
 * listed on the index as not included (see lib/print-all-sds).
 */
export async function printAllSds(
  db: Db,
  store: FileStore,
  inventoryId: number,
  signal?: AbortSignal,
): Promise<SdsMergeResult & { title: { customer: string; facility: string; year: number } }> {
  const { inventory, customer, facility } = await findInventoryRow(db, inventoryId);
  const items = await selectInventorySdsFiles(db, inventoryId);
  if (items.length === 0) throw fieldError('inventory', PRINT_ALL_SDS_MSG.noProducts);
  if (runningMerges >= MAX_CONCURRENT_MERGES) {
    throw new AppError('BUSY', PRINT_ALL_SDS_MSG.busy, undefined, { 'Retry-After': '10' });
  }
  runningMerges += 1;
  try {
    const title = { customer: customer.name, facility: facility.name, year: inventory.year };
    const result = await mergeSdsFiles(
      {
        title,
        items: items.map((item) => ({ name: item.name, read: () => readStored(store, item.storageKey) })),
      },
      signal ? { signal } : {},
    );
    return { ...result, title };
  } finally {
    runningMerges -= 1;
  }
}
