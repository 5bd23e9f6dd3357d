import 'fake-indexeddb/auto';
import { MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api.ts';
import { createDraftStore, type DraftRef, indexedDbBackend } from '../../lib/drafts.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { EMPTY_INVENTORY_PRODUCT_FORM, type InventoryProductFormValues } from './inventory-product-values.ts';
import { LINE_DRAFT_FORM, LINE_DRAFT_VERSION, sendKeptLines } from './send-kept-lines.ts';

const save = vi.fn();
vi.mock('./api.ts', () => ({
  inventoryProductsApi: (inventoryId: number) => ({
    save,
    keys: { all: ['/inventories', inventoryId, 'products'] },
  }),
}));

let databases = 0;
function freshStore() {
  databases += 1;
  return createDraftStore(indexedDbBackend(`send-kept-lines-test-${databases}`));
}

const NEW_LINE: DraftRef = { userId: 4, form: LINE_DRAFT_FORM, record: '7/new' };
const VALUES: InventoryProductFormValues = {
  ...EMPTY_INVENTORY_PRODUCT_FORM,
  product_id: 12,
  name: 'Basement Coolant',
  container_size: '55',
  container_quantity: '3',
  location_stored: 'basement',
  idempotency_key: '5b0c1c9e-8f0a-4c7e-9d1e-2a3b4c5d6e7f',
};

afterEach(() => {
  save.mockReset();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** Issue 33 point 8: a save made without a connection. */
describe('a save made offline', () => {
  it('fails at once with NetworkError instead of waiting paused for the connection', async () => {
    onlineManager.setOnline(false);
    const observer = new MutationObserver(appQueryClient, {
      mutationFn: () => Promise.reject(new NetworkError()),
      meta: { handlesErrors: true },
    });
    await expect(observer.mutate()).rejects.toBeInstanceOf(NetworkError);
    expect(observer.getCurrentResult().isPaused).toBe(false);
  });

  it('is sent once by the background sender, with its idempotency key, and let go of', async () => {
    const store = freshStore();
    await store.keep(NEW_LINE, LINE_DRAFT_VERSION, VALUES, true);
    save.mockResolvedValue({ resource: { id: 1 } });
    expect(await sendKeptLines(4, new QueryClient(), store)).toBe(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(
      undefined,
      expect.objectContaining({ product_id: 12, container_size: 55, container_quantity: 3 }),
      false,
      { version: null, idempotencyKey: VALUES.idempotency_key },
    );
    expect(await store.load(NEW_LINE, LINE_DRAFT_VERSION)).toBeUndefined();
  });

  it('waits on the device while there is still no connection', async () => {
    const store = freshStore();
    await store.keep(NEW_LINE, LINE_DRAFT_VERSION, VALUES, true);
    save.mockRejectedValue(new NetworkError());
    expect(await sendKeptLines(4, new QueryClient(), store)).toBe(0);
    expect((await store.load(NEW_LINE, LINE_DRAFT_VERSION))?.queued).toBe(true);
  });

  it('stays on the device as typing, not sent again, when the server refuses it', async () => {
    const store = freshStore();
    await store.keep(NEW_LINE, LINE_DRAFT_VERSION, VALUES, true);
    save.mockRejectedValue(new ApiError(422, { message: 'The given data was invalid.' }));
    expect(await sendKeptLines(4, new QueryClient(), store)).toBe(0);
    const kept = await store.load<InventoryProductFormValues>(NEW_LINE, LINE_DRAFT_VERSION);
    expect(kept?.queued).toBe(false);
    expect(kept?.values.container_quantity).toBe('3');
    save.mockReset();
    expect(await sendKeptLines(4, new QueryClient(), store)).toBe(0);
    expect(save).not.toHaveBeenCalled();
  });

  it('leaves alone the drafts of another user and those not queued', async () => {
    const store = freshStore();
    await store.keep({ ...NEW_LINE, userId: 5 }, LINE_DRAFT_VERSION, VALUES, true);
    await store.keep({ ...NEW_LINE, record: '7/9' }, LINE_DRAFT_VERSION, VALUES, false);
    expect(await sendKeptLines(4, new QueryClient(), store)).toBe(0);
    expect(save).not.toHaveBeenCalled();
  });
});
