import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  FileNotStoredError,
  type FileStore,
  FileStoreUnavailableError,
  generateStorageKey,
  isStorageKey,
  StorageUrlError,
} from './file-store.ts';
import { checkedObjectName, type NamedObjects } from './named-objects.ts';

/** What `STORAGE_URL=s3://…` says, parsed (see `parseS3StorageUrl`). */
export interface S3StorageTarget {
  bucket: string;
  /** Prepended to every key (`s3://bucket/chemtrack/` → `chemtrack/`): one bucket can hold several installs. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, R2 …); unset → AWS. Addressed path-style. */
  endpoint: string | undefined;
  region: string | undefined;
  /** From the URL's user part; unset → the AWS SDK's own chain (AWS_ACCESS_KEY_ID …, profile, role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * `s3://[ACCESS_KEY:SECRET@]bucket[/prefix/]?endpoint=https://host:port&region=…`. Everything but
 * the bucket is optional: on AWS the region and credentials come from the usual AWS_* variables.
 */
export function parseS3StorageUrl(value: string): S3StorageTarget {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError('STORAGE_URL is not a URL: expected s3://bucket?endpoint=…');
  }
  if (url.protocol !== 's3:') throw new StorageUrlError('STORAGE_URL must start with s3://');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new StorageUrlError('STORAGE_URL names no valid bucket: expected s3://bucket');
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+/, '');
  const prefix = path === '' || path.endsWith('/') ? path : `${path}/`;
  const known = new Set(['endpoint', 'region']);
  for (const name of url.searchParams.keys()) {
    if (!known.has(name)) throw new StorageUrlError(`STORAGE_URL has an unknown setting: ${name}`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    throw new StorageUrlError('STORAGE_URL endpoint must be http(s)://host[:port]');
  }
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new StorageUrlError('STORAGE_URL must give both an access key and a secret, or neither');
  }
  return {
    bucket,
    prefix,
    endpoint,
    region: url.searchParams.get('region') ?? undefined,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/** The S3 SDK's "no such object" answers (GetObject says NoSuchKey, HeadObject only 404). */
function isNoSuchKey(error: unknown): boolean {
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error('Invalid storage key');
  return key;
}

/** Waits this long at most for the store to answer a readiness check. */
const CHECK_TIMEOUT_MS = 5_000;

/**
 * Uploaded files as objects in an S3 bucket, shared by every app process that points at it.
 * A PUT is atomic (a reader sees the whole object or none), so there are no partial writes to
 * clean up; bytes stream both ways, never held whole in memory.
 */
export function createS3FileStore(
  target: S3StorageTarget,
  overrides: Partial<S3ClientConfig> = {},
): FileStore {
  const client = new S3Client({
    // A custom endpoint gets a region anyway: the SDK will not sign without one, and such servers ignore it.
    region: target.region ?? (target.endpoint ? (process.env.AWS_REGION ?? 'us-east-1') : undefined),
    ...(target.endpoint ? { endpoint: target.endpoint, forcePathStyle: true } : {}),
    ...(target.credentials ? { credentials: target.credentials } : {}),
    // The SDK's default checksums send a streamed body in aws-chunked encoding with a trailer,
    // which many S3-compatible servers refuse; the body is hashed (SHA-256) at upload anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...overrides,
  });
  const { bucket, prefix } = target;
  const objectKey = (key: string) => `${prefix}${checkedKey(key)}`;
  // Every failure but "no such object" is the store's, not the request's (plugins/errors: 503).
  const unavailable = (operation: string) => (error: unknown) => {
    throw new FileStoreUnavailableError(operation, error);
  };
  const writeObject = async (key: string, source: Buffer | Readable, size: number) => {
    await client
      .send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: source,
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      )
      .catch(unavailable('store a file'));
  };

  return {
    description: `S3 bucket ${bucket}${prefix ? ` (under ${prefix})` : ''}${target.endpoint ? ` at ${target.endpoint}` : ''}`,

    async put(source, options) {
      const key = generateStorageKey(options);
      const size = Buffer.isBuffer(source) ? source.length : options.size;
      // Without a length the SDK would have to buffer the stream; every caller knows it.
      if (size === undefined) throw new Error('A streamed put needs the size of its bytes');
      await writeObject(key, source, size);
      return key;
    },

    // A restore puts each file back under the key its records name (backup/restore.ts).
    putAt: writeObject,

    async read(key) {
      const Key = objectKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
        if (!(answer.Body instanceof Readable)) throw new Error(`No body for stored file ${key}`);
        return answer.Body;
      } catch (error) {
        if (isNoSuchKey(error)) throw new FileNotStoredError(key);
        throw new FileStoreUnavailableError('read a file', error);
      }
    },

    async delete(key) {
      // S3 answers 204 for a key that holds nothing, as the interface asks.
      await client
        .send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
        .catch(unavailable('delete a file'));
    },

    async exists(key) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return true;
      } catch (error) {
        if (isNoSuchKey(error)) return false;
        throw new FileStoreUnavailableError('look up a file', error);
      }
    },

    async listWrittenBefore(cutoff) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
          .catch(unavailable('list files'));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          // Objects another program put in the bucket are not ours to sweep.
          if (key && isStorageKey(key) && object.LastModified && object.LastModified < cutoff) keys.push(key);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    },

    under(area) {
      return bucketObjects(`${prefix}${area}`);
    },

    close() {
      client.destroy();
    },
  };

  /**
   * Objects under `base` in the bucket by plain name (backup archives). A PUT is atomic, so a
   * process killed mid-upload leaves no object; a local file goes up as a stream, its length
   * sent first (one PUT: up to 5 GB on AWS).
   */
  function bucketObjects(base: string): NamedObjects {
    const Key = (name: string) => `${base}${checkedObjectName(name)}`;
    const get = async (name: string) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key(name) }));
        if (!(answer.Body instanceof Readable)) throw new Error(`No body for object ${name}`);
        return { stream: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNoSuchKey(error)) return undefined;
        throw new FileStoreUnavailableError('read a backup', error);
      }
    };
    const put = async (name: string, body: Readable | string, size: number) => {
      await client
        .send(new PutObjectCommand({ Bucket: bucket, Key: Key(name), Body: body, ContentLength: size }))
        .catch(unavailable('store a backup'));
    };
    return {
      description: `S3 bucket ${bucket} under ${base}`,
      async list() {
        const found: { name: string; size: number }[] = [];
        let token: string | undefined;
        do {
          const page = await client
            .send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }))
            .catch(unavailable('list backups'));
          for (const object of page.Contents ?? []) {
            const name = object.Key?.slice(base.length);
            // Deeper keys are another area's (or another program's): not listed.
            if (name && !name.includes('/')) found.push({ name, size: object.Size ?? 0 });
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return found;
      },
      async moveIn(name, file) {
        const { size } = await fs.promises.stat(file);
        await put(name, fs.createReadStream(file), size);
        await fs.promises.rm(file, { force: true });
      },
      putText: (name, text) => put(name, text, Buffer.byteLength(text)),
      read: get,
      async readText(name) {
        const found = await get(name);
        if (!found) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of found.stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks).toString('utf8');
      },
      async delete(name) {
        await client
          .send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(name) }))
          .catch(unavailable('delete a backup'));
      },
    };
  }
}
