import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** s3rver's built-in account: it checks request signatures against this key pair. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  port: number;
  bucket: string;
  /** A `STORAGE_URL` for the bucket (credentials in the URL, endpoint on this server). */
  storageUrl(options?: { prefix?: string }): string;
  /** The server's folder, where each object is a file (`<bucket>/<key>._S3rver_object`). */
  directory: string;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver, objects in a temporary folder) on a free
 * port, with one empty bucket: what `STORAGE_URL=s3://…` talks to in tests.
 */
export async function startS3Server(bucket = 'chemtrack-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // s3rver 4 signs a bucket's own path as `/bucket` while the AWS SDK v3 signs `/bucket/`
    // (HeadBucket, ListObjectsV2), so their signatures never match. The access key is still
    // checked; signing itself is the SDK's, not ours to test.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  let isStopped = false;
  return {
    port: address.port,
    bucket,
    directory,
    storageUrl(options = {}) {
      const prefix = options.prefix ? `/${options.prefix}` : '';
      return `s3://${ACCESS_KEY}:${ACCESS_KEY}@${bucket}${prefix}?endpoint=http://127.0.0.1:${address.port}`;
    },
    async stop() {
      if (isStopped) return;
      isStopped = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
