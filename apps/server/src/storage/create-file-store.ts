import type { Config } from '../lib/config.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore, parseS3StorageUrl } from './s3-file-store.ts';

/** The store `STORAGE_URL` names: unset → `DATA_DIR/files`; `s3://bucket?…` → that bucket. */
export function createFileStore(config: Pick<Config, 'dataDir' | 'storageUrl'>): FileStore {
  if (config.storageUrl === undefined) return createLocalFileStore(config.dataDir);
  return createS3FileStore(parseS3StorageUrl(config.storageUrl));
}
