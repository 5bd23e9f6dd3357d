import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_KEY, createTestContext, type TestContext } from '../../../test/helper.ts';
import { downloadOverHttp } from '../../../test/http-download.ts';
import { makePdf, storedPath, uploadPdf } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';
import { PRINT_ALL_SDS_MSG, printAllSdsTempDir, sweepPrintAllSdsTemp } from './print-all-sds.service.ts';

/**
 * A merge made to fail once it has written past its header (`failAfterFirstBytes`): it is stopped
 * as a failing worker stops it, with an error, while the response is already sending its bytes. (A
 * real out-of-memory in a worker with a small heap was tried first: under load pdf-lib sometimes
 * meets an ArrayBuffer that cannot be allocated instead, catches it and names the file
 * "unreadable", and the merge then ends whole.)
 */
const merges = vi.hoisted(() => ({ failAfterFirstBytes: false }));
vi.mock('./print-all-sds/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./print-all-sds/index.ts')>();
  return {
    ...original,
    mergeSdsFilesToHandle: (
      ...[input, handle, options]: Parameters<typeof original.mergeSdsFilesToHandle>
    ) => {
      if (!merges.failAfterFirstBytes) return original.mergeSdsFilesToHandle(input, handle, options);
      const failing = new AbortController();
      return original.mergeSdsFilesToHandle(input, handle, {
        ...options,
        signal: options?.signal ? AbortSignal.any([options.signal, failing.signal]) : failing.signal,
        onWritten: (bytes) => {
          options?.onWritten?.(bytes);
          // Past the 16-byte header: the first source's pages are written, and the answer has begun.
          if (bytes > 16) failing.abort(new original.SdsMergeError('the merge failed after its first bytes'));
        },
      });
    },
  };
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function indexText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const { pages } = await parser.getText();
    return (pages[0]?.text ?? '').replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** A catalog product with the SDS given (uploaded and attached), or none. */
async function productWithSds(name: string, sds?: Buffer) {
  const file = sds ? await uploadPdf(ctx, `${name}.pdf`, sds) : undefined;
  return create.product(ctx, {
    name,
    ...(file ? { sds: { filepath: file.filepath, original_name: file.original_name } } : {}),
  });
}

async function blankPages(count: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage().drawText(`Page ${i + 1}`);
  return Buffer.from(await pdf.save());
}

/**
 * A PDF of 100,000 small objects: a few megabytes that pdf-lib needs well over 32 MB of heap to
 * parse (hand-written: pdf-lib's own writer packs objects into object streams).
 */
function manyObjectsPdf(count: number): Buffer {
  const parts = ['%PDF-1.7\n'];
  const offsets: number[] = [];
  let size = parts[0]!.length;
  const add = (objectNumber: number, body: string) => {
    offsets[objectNumber] = size;
    const text = `${objectNumber} 0 obj\n${body}\nendobj\n`;
    parts.push(text);
    size += text.length;
  };
  add(1, '<< /Type /Catalog /Pages 2 0 R >>');
  add(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  for (let n = 4; n < count + 4; n++) add(n, `[${n} ${n} ${n} ${n}]`);
  const xref = size;
  parts.push(`xref\n0 ${count + 4}\n0000000000 65535 f \n`);
  for (let n = 1; n < count + 4; n++) parts.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  parts.push(`trailer\n<< /Size ${count + 4} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.from(parts.join(''));
}

function print(inventoryId: number, role: 'admin' | 'staff' = 'staff') {
  return ctx.call(role, { method: 'GET', url: `/inventories/${inventoryId}/print-all-sds-v2` });
}

/** This process's descriptors open on a merged file (unlinked, so shown as "(deleted)"). */
function openMerges(): string[] {
  const folder = printAllSdsTempDir(ctx.dataDir);
  return fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(`${folder}${path.sep}`));
}

async function until(what: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The print over HTTP on a listening app, read with node's client (trailers, a cut-off body). */
async function printOverHttp(inventoryId: number) {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  return downloadOverHttp(
    `http://127.0.0.1:${port}/api/admin/v1/inventories/${inventoryId}/print-all-sds-v2`,
    {
      'x-app-key': APP_KEY,
      authorization: `Bearer ${ctx.users.staff.token}`,
    },
  );
}

describe('GET /inventories/:id/print-all-sds-v2', () => {
  it('merges each distinct product SDS once behind an index, listing the ones it cannot include', async () => {
    const facility = await create.facility(ctx, { name: 'Riverside Plant' });
    const inventory = await create.inventory(ctx, {
      customer_id: facility.customerId,
      facility_id: facility.id,
      year: 2024,
    });
    const twoPages = await productWithSds('Alpha Degreaser', await blankPages(2));
    const gone = await productWithSds('Beta Coolant', await makePdf('Beta Coolant SDS'));
    const none = await productWithSds('Gamma Wax');
    // Beta's bytes are gone from the store (a disk restored from an older backup).
    const key = String((gone.resource.sds_file as { filepath: string }).filepath);
    fs.rmSync(storedPath(ctx, key));
    const container = await create.container(ctx);
    for (const [productId, size] of [
      [twoPages.id, '5'],
      [twoPages.id, '55'],
      [gone.id, '5'],
      [none.id, '5'],
    ] as const) {
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: productId,
        container_id: container.id,
        container_size: size,
      });
    }

    const res = await print(inventory.id);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const customer = String(
      (await ctx.call('admin', { method: 'GET', url: `/customers/${facility.customerId}/get` })).json()
        .resource.name,
    );
    const expectedName = `SDS ${customer} Riverside Plant 2024`.replace(/[\s.]/g, '_');
    expect(res.headers['content-disposition']).toContain(`filename="${expectedName}.pdf"`);
    // Sent as the merge writes it: no length up front, the counts after the last byte.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers.trailer).toBe('x-sds-included x-sds-not-included');
    expect(res.trailers).toEqual({ 'x-sds-included': '1', 'x-sds-not-included': '2' });
    const pdf = res.rawPayload;
    // One index page, then Alpha's two pages: Alpha appears once though two lines hold it.
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
    const index = await indexText(pdf);
    expect(index).toContain('Riverside Plant');
    expect(index).toContain('2024');
    expect(index).toMatch(/Alpha Degreaser\s+2/);
    expect(index).toContain('Beta Coolant Not included (file missing)');
    // No SDS attached is not a storage fault: the index says which is which.
    expect(index).toContain('Gamma Wax Not included (no SDS on file)');
  });

  it('answers 422 for an inventory without products and 404 for one that does not exist', async () => {
    const inventory = await create.inventory(ctx);
    const empty = await print(inventory.id);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(PRINT_ALL_SDS_MSG.noProducts);
    const missing = await print(2_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Inventory not found.');
  });

  it('keeps answering list requests while a 300-page merge runs', async () => {
    const inventory = await create.inventory(ctx);
    const container = await create.container(ctx);
    const big = await blankPages(100);
    for (const name of ['Delta One', 'Delta Two', 'Delta Three']) {
      const product = await productWithSds(name, big);
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: product.id,
        container_id: container.id,
      });
    }
    let running = true;
    const printing = print(inventory.id).finally(() => {
      running = false;
    });
    const answeredWhileRunning: number[] = [];
    while (running) {
      const list = await ctx.call('staff', { method: 'GET', url: `/inventories/${inventory.id}/products` });
      if (running) answeredWhileRunning.push(list.statusCode);
      // Real requests arrive as socket events, between which the worker's messages are handled.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await printing;
    expect(res.statusCode).toBe(200);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1 + 300);
    expect(answeredWhileRunning.length).toBeGreaterThanOrEqual(1);
    expect(new Set(answeredWhileRunning)).toEqual(new Set([200]));
  });

  it('leaves no temporary file nor open descriptor when the client goes away mid-merge', async () => {
    const inventory = await create.inventory(ctx);
    const container = await create.container(ctx);
    const big = await blankPages(100);
    for (const name of ['Epsilon One', 'Epsilon Two', 'Epsilon Three']) {
      const product = await productWithSds(name, big);
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: product.id,
        container_id: container.id,
      });
    }
    const folder = printAllSdsTempDir(ctx.dataDir);
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const headers = { 'x-app-key': APP_KEY, authorization: `Bearer ${ctx.users.staff.token}` };
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: `/api/admin/v1/inventories/${inventory.id}/print-all-sds-v2`,
      headers,
    });
    request.on('error', () => {});
    // Opened, then unlinked before the merge starts: being written, and already gone from the folder.
    await until(() => openMerges().some((target) => target.endsWith(' (deleted)')));
    expect(openMerges()).toHaveLength(1);
    expect(openMerges()[0]).toMatch(/[0-9a-f-]{36}\.pdf \(deleted\)$/);
    expect(fs.readdirSync(folder)).toEqual([]);
    request.destroy();
    await until(() => openMerges().length === 0);
    expect(fs.readdirSync(folder)).toEqual([]);

    // The next request merges normally.
    const res = await print(inventory.id);
    expect(res.statusCode).toBe(200);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1 + 300);
    expect(openMerges()).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});

describe('GET /inventories/:id/print-all-sds-v2 when the merge fails after its first bytes', () => {
  it('cuts the download off (no final chunk, no trailers) and leaves nothing open nor in the folder', async () => {
    const inventory = await create.inventory(ctx);
    const container = await create.container(ctx);
    // Merged in name order: the small one is written (and sent) before the other is read.
    for (const [name, sds] of [
      ['Kappa Small', await blankPages(1)],
      ['Lambda Many Objects', manyObjectsPdf(100_000)],
    ] as const) {
      const product = await productWithSds(name, sds);
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: product.id,
        container_id: container.id,
      });
    }
    merges.failAfterFirstBytes = true;
    try {
      const { response, body, error } = await printOverHttp(inventory.id);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      // The reader is told: the body errors, the message is incomplete, and no counts came.
      // Node's client says a body cut off before its end by `complete: false`, and by an
      // 'aborted' error when its timing lets the error event come (a loaded machine may not).
      expect(response.complete).toBe(false);
      expect([undefined, 'aborted']).toContain(error?.message);
      expect(response.trailers).toEqual({});
      // The PDF's end (its cross-reference table and %%EOF) never came.
      expect(body.includes('startxref')).toBe(false);
      expect(body.includes('%%EOF')).toBe(false);
    } finally {
      merges.failAfterFirstBytes = false;
    }
    await until(() => openMerges().length === 0);
    expect(fs.readdirSync(printAllSdsTempDir(ctx.dataDir))).toEqual([]);

    // The merge's place is free again: the next print is whole, its counts in the trailers.
    const again = await printOverHttp(inventory.id);
    expect(again.error).toBeUndefined();
    expect(again.response.trailers).toEqual({ 'x-sds-included': '2', 'x-sds-not-included': '0' });
    expect((await PDFDocument.load(again.body)).getPageCount()).toBe(1 + 2);
  });
});

describe('sweepPrintAllSdsTemp', () => {
  it('removes merged files an earlier process left, and spares one just created', async () => {
    const folder = printAllSdsTempDir(ctx.dataDir);
    fs.mkdirSync(folder, { recursive: true });
    const old = path.join(folder, 'left-by-a-crash.pdf');
    const fresh = path.join(folder, 'just-opened.pdf');
    fs.writeFileSync(old, '%PDF-1.7');
    fs.writeFileSync(fresh, '%PDF-1.7');
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    fs.utimesSync(old, twoMinutesAgo, twoMinutesAgo);
    expect(await sweepPrintAllSdsTemp(ctx.dataDir)).toBe(1);
    expect(fs.readdirSync(folder)).toEqual(['just-opened.pdf']);
    fs.rmSync(fresh);
  });

  it('does nothing when there is no folder', async () => {
    expect(await sweepPrintAllSdsTemp(path.join(ctx.dataDir, 'elsewhere'))).toBe(0);
  });
});
