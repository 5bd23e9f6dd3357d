import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { NamedObjects } from './named-objects.ts';

/**
 * Where uploaded files live. Keys are generated here (`sds/2026/11/<uuid>.pdf`) and never derived
 * from a client's file name, so a name cannot choose or escape its location. Local disk by
 * default (below); an S3-compatible bucket (`s3-file-store.ts`) when `STORAGE_URL` names one.
 */
export interface FileStore {
  /** Where the files are, for the start-up lines and logs: never a secret. */
  readonly description: string;
  /** Stores the bytes under a new key and returns the key. */
  put(source: Buffer | Readable, options: PutOptions): Promise<string>;
  /**
   * Stores the bytes under a key given by the caller, one this store generated before: a restore
   * (`backup/restore.ts`) puts an archive's files back under their own keys. The local store has
   * none (a restore writes a new folder and swaps it in).
   */
  putAt?(key: string, source: Readable, size: number): Promise<void>;
  /** The stored bytes; rejects with `FileNotStoredError` when the key holds nothing. */
  read(key: string): Promise<Readable>;
  /**
   * Where the key's bytes are on this machine, for a reader on another thread (the Print All SDS
   * worker reads them there without the event loop's help); only the local store has one. Throws
   * for a key this store would not accept, like `read`.
   */
  localPath?(key: string): string;
  /** Removes the file; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Keys of the files last written before `cutoff`, for the sweep to compare with the database;
   * partial writes older than the cutoff (a process that died mid-write) are removed on the way.
   */
  listWrittenBefore(cutoff: Date): Promise<string[]>;
  /** Resolves when the store can be written to now; rejects with the reason otherwise (`/readyz`). */
  check(): Promise<void>;
  /**
   * Objects by plain name under `prefix` (after the store's own), beside the uploaded files: where
   * backups go with `STORAGE_URL=s3://…`. Only the bucket has it; the local store's files are
   * not the place for archives (`BACKUP_DIR` is its own folder).
   */
  under?(prefix: string): NamedObjects;
  /** Frees what the store holds open (an HTTP agent), once the app closes. */
  close?(): void;
}

export interface PutOptions {
  /** First key segment, e.g. `sds`. */
  folder: string;
  /** With the dot, e.g. `.pdf`: the type we checked the content against, not the client's. */
  extension: string;
  /** The date the year/month segments come from; now by default. */
  now?: Date;
  /**
   * The byte count of a streamed source: an object store sends it up front so the stream goes
   * through without being buffered. A Buffer's own length is used when this is unset.
   */
  size?: number;
}

export class FileNotStoredError extends Error {
  constructor(key: string) {
    super(`No stored file for key ${key}`);
  }
}

/** `STORAGE_URL` names no store we can use: the start stops with this message (it repeats no secret). */
export class StorageUrlError extends Error {}

/**
 * The store could not be reached or refused the call (an object store down, unreachable, or
 * misconfigured): a condition of the moment for the client (503), the reason in `cause` for the log.
 */
export class FileStoreUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`The file store failed to ${operation}`, { cause });
  }
}

const FOLDER = /^[a-z][a-z0-9-]{0,30}$/;
const EXTENSION_PATTERN = /^\.[a-z0-9]{1,8}$/;
const KEY =
  /^[a-z][a-z0-9-]{0,30}\/\d{4}\/\d{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,8}$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function generateStorageKey(options: PutOptions): string {
  if (!FOLDER.test(options.folder)) throw new Error(`Invalid storage folder: ${options.folder}`);
  if (!EXTENSION_PATTERN.test(options.extension)) {
    throw new Error(`Invalid storage extension: ${options.extension}`);
  }
  const now = options.now ?? new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${options.folder}/${now.getUTCFullYear()}/${month}/${randomUUID()}${options.extension}`;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'ENOENT';
}

/** Files under `<dataDir>/files/<key>`. */
export function createLocalFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'files');

  // Only keys this store generated are accepted: the pattern allows no `..`, no absolute path
  // and no separators but the three it puts there, and the resolved path is checked again.
  function locate(key: string): string {
    const target = path.resolve(root, key);
    if (!isStorageKey(key) || !target.startsWith(`${root}${path.sep}`)) {
      throw new Error('Invalid storage key');
    }
    return target;
  }

  return {
    description: `local folder ${root}`,

    async put(source, options) {
      const key = generateStorageKey(options);
      const target = locate(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
        await pipeline(input, fs.createWriteStream(partial, { flags: 'wx' }));
        await fs.promises.rename(partial, target);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      return key;
    },

    async read(key) {
      // Opening first turns a missing file into a rejection here, not an error mid-response.
      const handle = await fs.promises.open(locate(key), 'r').catch((error: unknown) => {
        throw isMissing(error) ? new FileNotStoredError(key) : error;
      });
      return handle.createReadStream();
    },

    localPath: locate,

    async delete(key) {
      await fs.promises.rm(locate(key), { force: true });
    },

    async listWrittenBefore(cutoff) {
      const keys: string[] = [];
      const entries = await fs.promises
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch((error: unknown) => {
          if (isMissing(error)) return [];
          throw error;
        });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stat = await fs.promises.stat(file).catch(() => undefined);
        if (!stat || stat.mtime >= cutoff) continue;
        const key = path.relative(root, file).split(path.sep).join('/');
        if (isStorageKey(key)) keys.push(key);
        else if (entry.name.endsWith('.partial')) await fs.promises.rm(file, { force: true });
      }
      return keys;
    },

    async exists(key) {
      try {
        return (await fs.promises.stat(locate(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true });
      await fs.promises.access(root, fs.constants.W_OK);
    },
  };
}
