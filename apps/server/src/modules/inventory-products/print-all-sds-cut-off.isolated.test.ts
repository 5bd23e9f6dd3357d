import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import {
  blankPages,
  manyObjectsPdf,
  openMerges,
  printOverHttp,
  productWithSds,
  until,
} from '../../../test/print-all-sds.ts';
import { create } from '../../seed/factories.ts';
import { printAllSdsTempDir } from './print-all-sds.service.ts';

/**
 * A merge made to fail once it has written past its header (`failAfterFirstBytes`): it is stopped
 * as a failing worker stops it, with an error, while the response is already sending its bytes. (A
 * real out-of-memory in a worker with a small heap was tried first: under load pdf-lib sometimes
 * meets an ArrayBuffer that cannot be allocated instead, catches it and names the file
 * "unreadable", and the merge then ends whole.)
 *
 * A mock applies only to modules loaded after it: in the server project, whose workers keep the
 * modules of earlier files (isolate: false), the service would keep the real merge and the download
 * would end whole. Hence `.isolated.test.ts`: the server-isolated project loads this file afresh.
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

describe('GET /inventories/:id/print-all-sds-v2 when the merge fails after its first bytes', () => {
  it('cuts the download off (no final chunk, no trailers) and leaves nothing open nor in the folder', async () => {
    const inventory = await create.inventory(ctx);
    const container = await create.container(ctx);
    // Merged in name order: the small one is written (and sent) before the other is read.
    for (const [name, sds] of [
      ['Kappa Small', await blankPages(1)],
      ['Lambda Many Objects', manyObjectsPdf(100_000)],
    ] as const) {
      const product = await productWithSds(ctx, name, sds);
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: product.id,
        container_id: container.id,
      });
    }
    merges.failAfterFirstBytes = true;
    try {
      const { response, body, error } = await printOverHttp(ctx, inventory.id);
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
    await until(() => openMerges(ctx).length === 0);
    expect(fs.readdirSync(printAllSdsTempDir(ctx.dataDir))).toEqual([]);

    // The merge's place is free again: the next print is whole, its counts in the trailers.
    const again = await printOverHttp(ctx, inventory.id);
    expect(again.error).toBeUndefined();
    expect(again.response.trailers).toEqual({ 'x-sds-included': '2', 'x-sds-not-included': '0' });
    expect((await PDFDocument.load(again.body)).getPageCount()).toBe(1 + 2);
  });
});
