import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { blankPages, listeningApp, openMerges, productWithSds, until } from '../../../test/print-all-sds.ts';
import { makePdf, storedPath } from '../../../test/uploads.ts';
import { create } from '../../seed/factories.ts';
import { PRINT_ALL_SDS_MSG, printAllSdsTempDir, sweepPrintAllSdsTemp } from './print-all-sds.service.ts';

// A merge failing once it has begun to answer is print-all-sds-cut-off.isolated.test.ts: it mocks a module.

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

function print(inventoryId: number, role: 'admin' | 'staff' = 'staff') {
  return ctx.call(role, { method: 'GET', url: `/inventories/${inventoryId}/print-all-sds-v2` });
}

describe('GET /inventories/:id/print-all-sds-v2', () => {
  it('merges each distinct product SDS once behind an index, listing the ones it cannot include', async () => {
    const facility = await create.facility(ctx, { name: 'Riverside Plant' });
    const inventory = await create.inventory(ctx, {
      customer_id: facility.customerId,
      facility_id: facility.id,
      year: 2024,
    });
    const twoPages = await productWithSds(ctx, 'Alpha Degreaser', await blankPages(2));
    const gone = await productWithSds(ctx, 'Beta Coolant', await makePdf('Beta Coolant SDS'));
    const none = await productWithSds(ctx, 'Gamma Wax');
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
      const product = await productWithSds(ctx, name, big);
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
      const product = await productWithSds(ctx, name, big);
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: product.id,
        container_id: container.id,
      });
    }
    const folder = printAllSdsTempDir(ctx.dataDir);
    const { port, headers } = await listeningApp(ctx);
    const request = http.get({
      host: '127.0.0.1',
      port,
      path: `/api/admin/v1/inventories/${inventory.id}/print-all-sds-v2`,
      headers,
    });
    request.on('error', () => {});
    // Opened, then unlinked before the merge starts: being written, and already gone from the folder.
    await until(() => openMerges(ctx).some((target) => target.endsWith(' (deleted)')));
    expect(openMerges(ctx)).toHaveLength(1);
    expect(openMerges(ctx)[0]).toMatch(/[0-9a-f-]{36}\.pdf \(deleted\)$/);
    expect(fs.readdirSync(folder)).toEqual([]);
    request.destroy();
    await until(() => openMerges(ctx).length === 0);
    expect(fs.readdirSync(folder)).toEqual([]);

    // The next request merges normally.
    const res = await print(inventory.id);
    expect(res.statusCode).toBe(200);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(1 + 300);
    expect(openMerges(ctx)).toEqual([]);
    expect(fs.readdirSync(folder)).toEqual([]);
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
