import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helper.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';

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
  });
});

describe('/readyz on S3', () => {
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

  it('answers 200 while the bucket answers, and 503 naming the storage once it does not, with no address or key', async () => {
    const ready = await probe(ctx, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });

    await s3.stop();
    const res = await probe(ctx, '/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'unavailable' } });
    expect(res.body).not.toContain(String(s3.port));
    expect(res.body).not.toContain('S3RVER');
  });
});
