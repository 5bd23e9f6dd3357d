import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Form drafts kept on the device (issue 22 point 8): what a form holds that the server has not
 * acknowledged yet, so a lost connection, a reload or a closed tab loses nothing. Keyed per
 * signed-in user, form and record: a shared device never shows one user's draft to another, and
 * signing out clears the user's drafts (see `clearUser`).
 */

/** Which draft: the user it belongs to, the form, and the record ("12/34" or "12/new"). */
export interface DraftRef {
  userId: number;
  form: string;
  record: string;
}

export interface Draft<T> {
  key: string;
  userId: number;
  /** The form's shape at the time: a draft of another shape is dropped, never forced into the form. */
  version: number;
  values: T;
  /** Save was pressed: the values wait to be sent, not only typed. */
  queued: boolean;
  /** When the device kept it (ms since the epoch). */
  savedAt: number;
}

/** Where drafts live: IndexedDB in the browser, anything with the same four calls in a test. */
export interface DraftBackend {
  get(key: string): Promise<Draft<unknown> | undefined>;
  put(draft: Draft<unknown>): Promise<void>;
  delete(key: string): Promise<void>;
  deleteUser(userId: number): Promise<void>;
  /** Every draft of one user. */
  listUser(userId: number): Promise<Draft<unknown>[]>;
}

export function draftKey(ref: DraftRef): string {
  return `${ref.userId}/${ref.form}/${ref.record}`;
}

export interface DraftStore {
  /** The draft, if one of this shape is kept; one of another shape is removed. */
  load<T>(ref: DraftRef, version: number): Promise<Draft<T> | undefined>;
  /** Keeps the values; false when the device could not (no IndexedDB, storage full). */
  keep<T>(ref: DraftRef, version: number, values: T, queued: boolean): Promise<boolean>;
  discard(ref: DraftRef): Promise<void>;
  /** Every draft of one user on this device: signing out. */
  clearUser(userId: number): Promise<void>;
  /** The user's drafts of one form that wait to be sent (Save was pressed), with their refs. */
  queued(userId: number, form: string): Promise<{ ref: DraftRef; draft: Draft<unknown> }[]>;
}

/**
 * The store over a backend. A draft is a safety net: a backend that fails (private browsing,
 * storage full) never blocks the form, it only means nothing is kept, which `keep` reports.
 */
export function createDraftStore(backend: DraftBackend, now: () => number = Date.now): DraftStore {
  return {
    async load<T>(ref: DraftRef, version: number) {
      const key = draftKey(ref);
      try {
        const draft = await backend.get(key);
        if (!draft) return undefined;
        if (draft.version !== version || draft.userId !== ref.userId) {
          await backend.delete(key);
          return undefined;
        }
        // The backend holds what `keep` put under this key and version: values of the form's shape.
        return draft as Draft<T>;
      } catch {
        return undefined;
      }
    },
    async keep(ref, version, values, queued) {
      try {
        await backend.put({
          key: draftKey(ref),
          userId: ref.userId,
          version,
          values,
          queued,
          savedAt: now(),
        });
        return true;
      } catch {
        return false;
      }
    },
    async discard(ref) {
      try {
        await backend.delete(draftKey(ref));
      } catch {
        // Nothing kept, or nowhere to keep it: either way no draft is left to restore.
      }
    },
    async clearUser(userId) {
      try {
        await backend.deleteUser(userId);
      } catch {
        // As above.
      }
    },
    async queued(userId, form) {
      const prefix = `${userId}/${form}/`;
      try {
        const all = await backend.listUser(userId);
        return all
          .filter((draft) => draft.queued && draft.key.startsWith(prefix))
          .map((draft) => ({ ref: { userId, form, record: draft.key.slice(prefix.length) }, draft }));
      } catch {
        return [];
      }
    },
  };
}

interface DraftDatabase extends DBSchema {
  drafts: { key: string; value: Draft<unknown>; indexes: { byUser: number } };
}

/** The browser's backend: one IndexedDB object store, indexed by user for signing out. */
export function indexedDbBackend(name = 'chemtrack-drafts'): DraftBackend {
  let database: Promise<IDBPDatabase<DraftDatabase>> | undefined;
  const open = () => {
    database ??= openDB<DraftDatabase>(name, 1, {
      upgrade(db) {
        const store = db.createObjectStore('drafts', { keyPath: 'key' });
        store.createIndex('byUser', 'userId');
      },
    });
    return database;
  };
  return {
    get: async (key) => (await open()).get('drafts', key),
    put: async (draft) => {
      await (await open()).put('drafts', draft);
    },
    delete: async (key) => (await open()).delete('drafts', key),
    listUser: async (userId) => (await open()).getAllFromIndex('drafts', 'byUser', userId),
    deleteUser: async (userId) => {
      const tx = (await open()).transaction('drafts', 'readwrite');
      const keys = await tx.store.index('byUser').getAllKeys(userId);
      await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
    },
  };
}

/** The app's store; the database opens on first use. */
export const drafts: DraftStore = createDraftStore(indexedDbBackend());

/**
 * A random (version 4) UUID naming one create a draft will send, so sending it again finds the
 * record the first send made (`Idempotency-Key`, issue 22). `crypto.randomUUID` exists only in a
 * secure context, and a phone may open the app over plain HTTP on the office network;
 * `getRandomValues` works everywhere.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
