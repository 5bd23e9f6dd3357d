import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { loadConfig } from '../lib/config.ts';
import { createFileStore } from './create-file-store.ts';
import { FileNotStoredError, type FileStore, StorageUrlError } from './file-store.ts';
import { createS3FileStore, parseS3StorageUrl } from './s3-file-store.ts';

let s3: TestS3Server;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chemtrack-stores-'));
const stores: FileStore[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  for (const store of stores) store.close?.();
  await s3.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The store STORAGE_URL gives: both drivers are made the way the app makes them. */
async function storeFor(driver: 'local' | 's3', prefix?: string): Promise<FileStore> {
  const env = { DATA_DIR: dataDir, STORAGE_URL: driver === 's3' ? s3.storageUrl({ prefix }) : '' };
  const store = await createFileStore(loadConfig(env));
  stores.push(store);
  return store;
}

/** A stream of `size` bytes that never exists whole in memory: 64 KiB chunks, made as read. */
function generated(size: number): { stream: Readable; sha256: string } {
  const chunk = Buffer.alloc(64 * 1024, 0x2a);
  const hash = createHash('sha256');
  for (let sent = 0; sent < size; sent += chunk.length)
    hash.update(chunk.subarray(0, Math.min(chunk.length, size - sent)));
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const next = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += next.length;
      this.push(next);
    },
  });
  return { stream, sha256: hash.digest('hex') };
}

const KEY = /^sds\/2026\/11\/[0-9a-f-]{36}\.pdf$/;
const BAD_KEYS = ['../../etc/passwd', '/etc/passwd', 'sds/2026/11/../../../x.pdf', 'sds/x.pdf'];

describe.each(['local', 's3'] as const)('the %s file store', (driver) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await storeFor(driver);
  });

  it('describes where it keeps files without a secret', () => {
    expect(store.description).toBe(
      driver === 'local'
        ? `local folder ${path.join(dataDir, 'files')}`
        : `S3 bucket ${s3.bucket} at http://127.0.0.1:${s3.port}`,
    );
    expect(store.description).not.toContain('S3RVER');
  });

  it('stores a buffer under a generated key, reads it back, deletes it, and refuses keys it did not make', async () => {
    const key = await store.put(Buffer.from('%PDF-1.7 test'), {
      folder: 'sds',
      extension: '.pdf',
      now: new Date('2026-11-05T12:00:00Z'),
    });
    expect(key).toMatch(KEY);
    expect(await store.exists(key)).toBe(true);
    expect((await buffer(await store.read(key))).toString()).toBe('%PDF-1.7 test');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    // Deleting what is gone is not an error; reading it is FileNotStoredError, never a raw 404.
    await store.delete(key);
    await expect(store.read(key)).rejects.toBeInstanceOf(FileNotStoredError);
    for (const bad of BAD_KEYS) {
      await expect(store.read(bad)).rejects.toThrow('Invalid storage key');
      await expect(store.delete(bad)).rejects.toThrow('Invalid storage key');
      await expect(store.exists(bad)).rejects.toThrow('Invalid storage key');
    }
    await expect(store.put(Buffer.from('x'), { folder: '../up', extension: '.pdf' })).rejects.toThrow();
    await expect(store.put(Buffer.from('x'), { folder: 'sds', extension: '/../x' })).rejects.toThrow();
  });

  it('streams 12 MB in and out unchanged', async () => {
    const size = 12 * 1024 * 1024 + 5;
    const { stream, sha256 } = generated(size);
    const key = await store.put(stream, { folder: 'sds', extension: '.pdf', size });
    const hash = createHash('sha256');
    let read = 0;
    for await (const chunk of await store.read(key)) {
      hash.update(chunk as Buffer);
      read += (chunk as Buffer).length;
    }
    expect(read).toBe(size);
    expect(hash.digest('hex')).toBe(sha256);
    await store.delete(key);
  });

  it('lists the files written before a cutoff, for the sweep', async () => {
    const first = await store.put(Buffer.from('one'), { folder: 'sds', extension: '.pdf' });
    const second = await store.put(Buffer.from('two'), { folder: 'database', extension: '.csv' });
    expect(await store.listWrittenBefore(new Date(Date.now() - 60_000))).toEqual([]);
    const listed = await store.listWrittenBefore(new Date(Date.now() + 60_000));
    expect(listed).toEqual(expect.arrayContaining([first, second]));
    await store.delete(first);
    await store.delete(second);
    expect(await store.listWrittenBefore(new Date(Date.now() + 60_000))).not.toContain(first);
  });

  it('is ready when it can be written to', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('the S3 file store', () => {
  it('keeps every key under the URL prefix and sweeps nothing outside it', async () => {
    const prefixed = await storeFor('s3', 'install-a/');
    const whole = await storeFor('s3');
    const key = await prefixed.put(Buffer.from('prefixed'), { folder: 'sds', extension: '.pdf' });
    // The whole bucket sees the object only under the prefix, which is no key of its own.
    expect(await whole.exists(key)).toBe(false);
    const wholeListing = await whole.listWrittenBefore(new Date(Date.now() + 60_000));
    expect(wholeListing).not.toContain(key);
    expect(await prefixed.listWrittenBefore(new Date(Date.now() + 60_000))).toEqual([key]);
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'install-a', `${key}._S3rver_object`))).toBe(
      true,
    );
    await prefixed.delete(key);
  });

  it('refuses a stream of unknown size rather than buffering it', async () => {
    const store = await storeFor('s3');
    await expect(
      store.put(Readable.from([Buffer.from('x')]), { folder: 'sds', extension: '.pdf' }),
    ).rejects.toThrow('A streamed put needs the size of its bytes');
  });

  it('is not ready when the bucket does not exist or the server does not answer', async () => {
    const missing = createS3FileStore({ ...parseS3StorageUrl(s3.storageUrl()), bucket: 'no-such-bucket' });
    stores.push(missing);
    await expect(missing.check()).rejects.toThrow();
    const stopped = await startS3Server('gone-bucket');
    const store = createS3FileStore(parseS3StorageUrl(stopped.storageUrl()), { maxAttempts: 1 });
    stores.push(store);
    await expect(store.check()).resolves.toBeUndefined();
    await stopped.stop();
    await expect(store.check()).rejects.toThrow();
  });

  it('reads the bucket, prefix, endpoint, region and credentials from STORAGE_URL', () => {
    expect(
      parseS3StorageUrl(
        's3://AKIA%2Fkey:s%3Acret@sds-files/chemtrack/prod?endpoint=https://minio.example:9000&region=eu-west-3',
      ),
    ).toEqual({
      bucket: 'sds-files',
      prefix: 'chemtrack/prod/',
      endpoint: 'https://minio.example:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIA/key', secretAccessKey: 's:cret' },
    });
    // On AWS itself: region and credentials from the AWS_* variables (the SDK's chain).
    expect(parseS3StorageUrl('s3://sds-files')).toEqual({
      bucket: 'sds-files',
      prefix: '',
      endpoint: undefined,
      region: undefined,
      credentials: undefined,
    });
  });

  it.each([
    ['https://bucket', 'STORAGE_URL must start with s3://'],
    ['bucket', 'STORAGE_URL is not a URL: expected s3://bucket?endpoint=…'],
    ['s3://B_ad', 'STORAGE_URL names no valid bucket: expected s3://bucket'],
    ['s3://bucket?endpoint=minio:9000', 'STORAGE_URL endpoint must be http(s)://host[:port]'],
    ['s3://bucket?endpont=http://minio:9000', 'STORAGE_URL has an unknown setting: endpont'],
    ['s3://key@bucket', 'STORAGE_URL must give both an access key and a secret, or neither'],
  ])('refuses STORAGE_URL=%s with a message that shows no secret', (value, message) => {
    expect(() => parseS3StorageUrl(value)).toThrow(new StorageUrlError(message));
  });

  it('is what an s3:// STORAGE_URL makes, and its client talks path-style to the endpoint', async () => {
    const store = await storeFor('s3');
    const key = await store.put(Buffer.from('path style'), { folder: 'sds', extension: '.pdf' });
    // A client of our own, addressed the same way, finds the object where the store says it is.
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${s3.port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(await answer.Body?.transformToString()).toBe('path style');
    client.destroy();
    await store.delete(key);
  });
});
