import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  createDraftStore,
  type DraftBackend,
  type DraftRef,
  indexedDbBackend,
  newIdempotencyKey,
} from './drafts.ts';

/** A database of its own per test: fake-indexeddb keeps databases for the whole file. */
let databases = 0;
function freshStore(now?: () => number) {
  databases += 1;
  return createDraftStore(indexedDbBackend(`drafts-test-${databases}`), now);
}

const line = (userId: number, record = '7/new'): DraftRef => ({ userId, form: 'inventory-line', record });

describe('the draft store on IndexedDB', () => {
  it('keeps a form’s values per user and record until they are discarded', async () => {
    const store = freshStore(() => 1_700_000_000_000);
    expect(await store.keep(line(1), 1, { quantity: '4', size: '55' }, true)).toBe(true);

    expect(await store.load(line(1), 1)).toEqual({
      key: '1/inventory-line/7/new',
      userId: 1,
      version: 1,
      values: { quantity: '4', size: '55' },
      queued: true,
      savedAt: 1_700_000_000_000,
    });
    // Another record of the form, another form, another user: nothing.
    expect(await store.load(line(1, '7/12'), 1)).toBeUndefined();
    expect(await store.load({ ...line(1), form: 'product' }, 1)).toBeUndefined();
    expect(await store.load(line(2), 1)).toBeUndefined();

    await store.discard(line(1));
    expect(await store.load(line(1), 1)).toBeUndefined();
  });

  it('replaces a record’s draft with the latest values', async () => {
    const store = freshStore();
    await store.keep(line(1), 1, { quantity: '4' }, false);
    await store.keep(line(1), 1, { quantity: '5' }, true);
    const draft = await store.load<{ quantity: string }>(line(1), 1);
    expect(draft?.values).toEqual({ quantity: '5' });
    expect(draft?.queued).toBe(true);
  });

  it('drops a draft of another form shape instead of restoring it', async () => {
    const store = freshStore();
    await store.keep(line(1), 1, { qty: '4' }, true);
    expect(await store.load(line(1), 2)).toBeUndefined();
    // Gone for good, not only hidden from the newer form.
    expect(await store.load(line(1), 1)).toBeUndefined();
  });

  it('signing out clears every draft of that user and no other', async () => {
    const store = freshStore();
    await store.keep(line(1, '7/new'), 1, { quantity: '1' }, true);
    await store.keep(line(1, '7/12'), 1, { quantity: '2' }, false);
    await store.keep(line(2, '7/new'), 1, { quantity: '3' }, true);

    await store.clearUser(1);

    expect(await store.load(line(1, '7/new'), 1)).toBeUndefined();
    expect(await store.load(line(1, '7/12'), 1)).toBeUndefined();
    expect((await store.load(line(2, '7/new'), 1))?.values).toEqual({ quantity: '3' });
  });

  it('survives the store being opened again, as after a reload', async () => {
    databases += 1;
    const name = `drafts-test-${databases}`;
    await createDraftStore(indexedDbBackend(name)).keep(line(1), 1, { quantity: '9' }, true);
    const reopened = createDraftStore(indexedDbBackend(name));
    expect((await reopened.load(line(1), 1))?.values).toEqual({ quantity: '9' });
  });
});

describe('the draft store when the device cannot keep anything', () => {
  const broken: DraftBackend = {
    get: () => Promise.reject(new DOMException('blocked', 'SecurityError')),
    put: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
    delete: () => Promise.reject(new DOMException('blocked', 'SecurityError')),
    deleteUser: () => Promise.reject(new DOMException('blocked', 'SecurityError')),
    listUser: () => Promise.reject(new DOMException('blocked', 'SecurityError')),
  };

  it('says nothing was kept and never throws into the form', async () => {
    const store = createDraftStore(broken);
    expect(await store.keep(line(1), 1, { quantity: '4' }, true)).toBe(false);
    expect(await store.load(line(1), 1)).toBeUndefined();
    await expect(store.discard(line(1))).resolves.toBeUndefined();
    await expect(store.clearUser(1)).resolves.toBeUndefined();
  });
});

describe('newIdempotencyKey', () => {
  it('makes a version 4 UUID, a new one each time, without crypto.randomUUID (plain HTTP has none)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys)
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
