import type { Config } from '../lib/config.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';

/**
 * The store `STORAGE_URL` names: unset → `DATA_DIR/files`; `s3://bucket?…` → that bucket. The S3
 * driver (and the AWS SDK, a large module graph) is loaded only when a bucket is configured.
 */
export async function createFileStore(config: Pick<Config, 'dataDir' | 'storageUrl'>): Promise<FileStore> {
  if (config.storageUrl === undefined) return createLocalFileStore(config.dataDir);
  const { createS3FileStore, parseS3StorageUrl } = await import('./s3-file-store.ts');
  return createS3FileStore(parseS3StorageUrl(config.storageUrl));
}
