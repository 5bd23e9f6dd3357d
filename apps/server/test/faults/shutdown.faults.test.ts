import { once } from 'node:events';
import http from 'node:http';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '../../src/seed/factories.ts';
import {
  APP_KEY,
  apiClient,
  call,
  cleanUp,
  eventually,
  logLines,
  PrivateCluster,
  paddedPdf,
  type ServerProcess,
  signIn,
  startReadyServer,
  tempDir,
  uploadFile,
} from './harness.ts';

const SHUTTING_DOWN = 'The server is restarting. Try again in a moment.';

let cluster: PrivateCluster;

beforeAll(async () => {
  cluster = await PrivateCluster.create();
});
afterAll(cleanUp);

/** SIGTERM, then the log line that says how many requests it found open. */
async function terminate(server: ServerProcess): Promise<unknown> {
  server.child.kill('SIGTERM');
  const line = await eventually('the shutdown log line', () =>
    logLines(server).find((entry) => entry.msg === 'shutting down: finishing open requests'),
  );
  return line.openRequests;
}

async function expectRefusedWhileDraining(server: ServerProcess, token: string) {
  const refused = await call(server, 'GET', '/customers/list', { token });
  expect(refused.status).toBe(503);
  expect(refused.json()).toEqual({ message: SHUTTING_DOWN });
  expect(refused.headers.get('retry-after')).toBe('5');
}

describe('SIGTERM', () => {
  it('during Print All SDS: the merge is sent whole, new requests get 503, the process exits 0', async () => {
    const database = await cluster.createDatabase('sigterm_print_all_sds');
    const server = await startReadyServer({ dataDir: tempDir('sds'), databaseUrl: cluster.url(database) });
    const token = await signIn(server);
    const api = apiClient(server, token);
    const inventory = await create.inventory(api);
    // Three 8 MB sheets merge into a PDF larger than the sockets can buffer, so the answer cannot
    // finish while the client reads nothing: it is certainly in progress when the signal comes.
    for (let n = 0; n < 3; n++) {
      const uploaded = await uploadFile(server, token, 'sds', {
        name: `large-${n}.pdf`,
        type: 'application/pdf',
        content: await paddedPdf(8),
      });
      expect(uploaded.status, uploaded.body).toBe(201);
      const { file } = uploaded.json() as { file: { filepath: string; original_name: string } };
      const product = await create.product(api, { sds: file });
      await create.inventoryProduct(api, inventory.id, { product_id: product.id });
    }

    const request = http.get({
      host: '127.0.0.1',
      port: server.port,
      path: `/api/admin/v1/inventories/${inventory.id}/print-all-sds-v2`,
      headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${token}` },
    });
    const [response] = (await once(request, 'response')) as [http.IncomingMessage];
    // Read nothing yet: the server is still writing the PDF when the signal comes.
    response.pause();
    expect(response.statusCode).toBe(200);
    // Sent as the merge writes it: no length up front, the counts in the trailers at the end.
    expect(response.headers['transfer-encoding']).toBe('chunked');

    expect(await terminate(server)).toBe(1);
    await expectRefusedWhileDraining(server, token);

    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.resume();
    await once(response, 'end');
    const pdf = Buffer.concat(chunks);
    expect(response.complete).toBe(true);
    expect(pdf.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.trailers).toEqual({ 'x-sds-included': '3', 'x-sds-not-included': '0' });
    // Readable, with the index page and the three sheets.
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(4);
    expect(await server.exited).toBe(0);
  });

  it('during a report: the report is generated and sent, new requests get 503, the process exits 0', async () => {
    const database = await cluster.createDatabase('sigterm_report');
    const server = await startReadyServer({ dataDir: tempDir('report'), databaseUrl: cluster.url(database) });
    const token = await signIn(server);
    const api = apiClient(server, token);
    const inventory = await create.inventory(api);
    await create.inventoryProduct(api, inventory.id);
    const body = Buffer.from(
      JSON.stringify({
        type: 'epcra_311_312_tier2',
        customer_id: inventory.customerId,
        facility_id: inventory.facilityId,
        year: Number(inventory.resource.year),
        format: 'xlsx',
      }),
    );

    // The request is in progress from its headers on: half its body is sent before the signal
    // and the rest after, so the report is generated entirely while the server drains.
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/admin/v1/report/generate',
      headers: {
        'x-app-key': APP_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    const responded = once(request, 'response') as Promise<[http.IncomingMessage]>;
    request.write(body.subarray(0, 20));
    await eventually('the server to receive the report request', () =>
      logLines(server).some(
        (entry) =>
          entry.msg === 'incoming request' &&
          (entry.req as { url?: string } | undefined)?.url === '/api/admin/v1/report/generate',
      ),
    );

    expect(await terminate(server)).toBe(1);
    await expectRefusedWhileDraining(server, token);

    request.end(body.subarray(20));
    const [response] = await responded;
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks);
    expect(response.statusCode, file.toString().slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(file.subarray(0, 2).toString()).toBe('PK');
    expect(await server.exited).toBe(0);
  });
});
