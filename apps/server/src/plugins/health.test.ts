import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { makePdf, upload, uploadPdf } from '../../test/uploads.ts';
import { files } from '../db/schema/index.ts';
import { create } from '../seed/factories.ts';
import { FAULT_MSG } from './errors.ts';

/** Anonymous, without the app key: what a load balancer sends. */
function probe(ctx: TestContext, url: '/healthz' | '/readyz') {
  return ctx.app.inject({ method: 'GET', url });
}

describe('/healthz and /readyz on the local store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers /healthz 200 without the app key or a session', async () => {
    const res = await probe(ctx, '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when the database and the data folder are usable', async () => {
    const res = await probe(ctx, '/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
  });

  it('answers /readyz 503 naming the database once it is gone', async () => {
    const gone = await createTestContext();
    await gone.database.close();
    const res = await probe(gone, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'unavailable', storage: 'ok' } });
    // The process itself is up: /healthz says so, a balancer restarts only what is dead.
    expect((await probe(gone, '/healthz')).statusCode).toBe(200);
    await gone.app.close();
    fs.rmSync(gone.dataDir, { recursive: true, force: true });
  });
});

describe('an S3 bucket that stops answering', () => {
  let s3: TestS3Server;
  let ctx: TestContext;
  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestContext({ storageUrl: s3.storageUrl() });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.stop();
  });

  it('turns /readyz to 503 naming the storage, with no address or key, and uploads and downloads to 503s that keep nothing', async () => {
    const ready = await probe(ctx, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    const pdf = await makePdf('Kept SDS');
    const file = await uploadPdf(ctx, 'kept.pdf', pdf);
    const product = await create.product(ctx, {
      name: 'Kept Product',
      sds: { filepath: file.filepath, original_name: file.original_name },
    });

    await s3.stop();
    const refused = await upload(ctx, [{ filename: 'late.pdf', content: pdf }]);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ message: FAULT_MSG.fileStoreUnavailable });
    const [rows] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
    expect(rows?.n).toBe(1);
    expect(fs.readdirSync(path.join(ctx.dataDir, 'tmp', 'uploads'))).toEqual([]);
    const download = await ctx.call('staff', { method: 'GET', url: `/products/${product.id}/sds-download` });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toEqual({ message: FAULT_MSG.fileStoreUnavailable });

    const res = await probe(ctx, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } });
    expect(res.body).not.toContain(String(s3.port));
    expect(res.body).not.toContain('S3RVER');
  });
});
