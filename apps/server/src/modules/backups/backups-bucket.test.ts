import fs from 'node:fs';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { uploadPdf } from '../../../test/uploads.ts';
import { verifyArchive } from '../../backup/read-archive.ts';
import { auditLog } from '../../db/schema/index.ts';
import { loadConfig } from '../../lib/config.ts';

/**
 * Issue 32: with `STORAGE_URL=s3://…` archives are kept in the bucket under `BACKUP_DIR` read as
 * a prefix (`backups/`, after the URL's own `install-a/`): written, listed, pruned to
 * `BACKUP_KEEP` and downloaded from there; the local folder only spools them.
 */
let s3: TestS3Server;
let ctx: TestContext;

beforeAll(async () => {
  s3 = await startS3Server();
  const storageUrl = s3.storageUrl({ prefix: 'install-a/' });
  const { backupPrefix } = loadConfig({ DATA_DIR: '/unused', STORAGE_URL: storageUrl });
  ctx = await createTestContext({ storageUrl, backupPrefix, backupKeep: 1 });
  await uploadPdf(ctx, 'in-the-bucket.pdf');
});

afterAll(async () => {
  await ctx?.close();
  await s3?.stop();
});

/** Every key in the bucket, as another S3 client sees them. */
async function bucketKeys(): Promise<string[]> {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${s3.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  client.destroy();
  return (page.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('backups in the bucket', () => {
  it('keeps archives under the prefix, lists and prunes them there, and downloads a complete one', async () => {
    expect(ctx.config.backupPrefix).toBe('backups/');
    const first = await ctx.call('admin', { method: 'POST', url: '/backups/create' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await ctx.call('admin', { method: 'POST', url: '/backups/create' });
    expect(second.statusCode, second.body).toBe(201);
    const item = second.json().resource;
    expect(item.files).toBe(1);

    const list = (await ctx.call('admin', { method: 'GET', url: '/backups/list' })).json().resource;
    expect(list.items).toEqual([item]);
    const keys = await bucketKeys();
    expect(keys.filter((key) => key.startsWith('install-a/backups/'))).toEqual([
      `install-a/backups/${item.name}`,
      `install-a/backups/${item.name}.json`,
    ]);
    // The uploaded file is still there, beside the archives; nothing is left in the local spool.
    expect(keys.filter((key) => key.startsWith('install-a/sds/'))).toHaveLength(1);
    expect(fs.readdirSync(ctx.config.backupDir)).toEqual([]);

    const download = await ctx.call('admin', { method: 'GET', url: `/backups/${item.name}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-length']).toBe(String(item.size_bytes));
    expect(download.rawPayload.length).toBe(item.size_bytes);
    const manifest = await verifyArchive(Readable.from([download.rawPayload]));
    expect(manifest.files).toHaveLength(1);

    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'backup'), eq(auditLog.action, 'create')));
    expect(audited).toHaveLength(2);

    const pruned = first.json().resource.name;
    const missing = await ctx.call('admin', { method: 'GET', url: `/backups/${pruned}/download` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Backup not found.' });
  }, 180_000);
});
