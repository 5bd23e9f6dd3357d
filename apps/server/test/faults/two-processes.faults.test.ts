import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../../src/seed/factories.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import {
  ADMIN,
  apiClient,
  call,
  cleanUp,
  PrivateCluster,
  paddedPdf,
  type ServerProcess,
  signIn,
  startReadyServer,
  tempDir,
  uploadFile,
} from './harness.ts';

/**
 * Two app processes behind one load balancer (README "Several processes"): one PostgreSQL, one
 * bucket, a data folder each, so nothing can pass between them but through what they share.
 */
let cluster: PrivateCluster;
let s3: TestS3Server;

beforeAll(async () => {
  cluster = await PrivateCluster.create();
  s3 = await startS3Server();
});
afterAll(async () => {
  await cleanUp();
  await s3?.stop();
});

async function download(server: ServerProcess, token: string, productId: number): Promise<Uint8Array> {
  const res = await fetch(`${server.base}/api/admin/v1/products/${productId}/sds-download`, {
    headers: { 'x-app-key': 'faults-key', authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('two app processes on one PostgreSQL and one bucket', () => {
  it('start together, share files, sessions and sign-in limits', async () => {
    const databaseUrl = cluster.url(await cluster.createDatabase('shared'));
    const env = { STORAGE_URL: s3.storageUrl({ prefix: 'chemtrack' }) };
    // Started at the same moment: they take turns to migrate and create the first admin.
    const [a, b] = await Promise.all([
      startReadyServer({ dataDir: tempDir('a'), databaseUrl, env }),
      startReadyServer({ dataDir: tempDir('b'), databaseUrl, env }),
    ]);
    const outputs = [a.output(), b.output()];
    expect(outputs.filter((output) => output.includes(`First admin: ${ADMIN.email}`))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes('Sign in with an existing account.'))).toHaveLength(1);
    for (const output of outputs)
      expect(output).toContain(`Files: S3 bucket ${s3.bucket} (under chemtrack/)`);
    for (const server of [a, b]) {
      const ready = await fetch(`${server.base}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([
        200,
        { status: 'ok', checks: { database: 'ok', storage: 'ok' } },
      ]);
    }

    // A session signed in on A works on B.
    const token = await signIn(a);
    const me = await call(b, 'GET', '/auth/me', { token });
    expect(me.status, me.body).toBe(200);
    expect(me.body).toContain(ADMIN.email);

    // A file uploaded through A downloads through B, byte for byte.
    const sds = await paddedPdf(2);
    const uploaded = await uploadFile(a, token, 'sds', {
      name: 'shared.pdf',
      type: 'application/pdf',
      content: sds,
    });
    expect(uploaded.status, uploaded.body).toBe(201);
    const file = uploaded.json().file as { filepath: string; original_name: string };
    const product = await create.product(apiClient(b, token), {
      name: 'Shared Solvent',
      sds: { filepath: file.filepath, original_name: file.original_name },
    });
    expect(Buffer.from(await download(b, token, product.id)).equals(Buffer.from(sds))).toBe(true);
    expect(Buffer.from(await download(a, token, product.id)).equals(Buffer.from(sds))).toBe(true);

    // Deleted through B: gone for A too.
    const deleted = await call(b, 'DELETE', `/products/${product.id}/sds-delete`, { token });
    expect(deleted.status, deleted.body).toBe(200);
    expect((await call(a, 'GET', `/products/${product.id}/sds-download`, { token })).status).toBe(404);

    // Sign-in failures count across processes: five for one e-mail, spread over both, lock it on either.
    const wrong = { email: ADMIN.email, password: 'Not-The-Password-1' };
    for (const server of [a, b, a, b, a]) {
      expect((await call(server, 'POST', '/auth/sign-in', { body: wrong })).status).toBe(401);
    }
    const locked = await call(b, 'POST', '/auth/sign-in', { body: ADMIN });
    expect(locked.status).toBe(429);
    expect(locked.json().message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);

    // Logging out on B ends the session on A.
    expect((await call(b, 'POST', '/auth/logout', { token })).status).toBe(200);
    expect((await call(a, 'GET', '/auth/me', { token })).status).toBe(401);
  });
});
