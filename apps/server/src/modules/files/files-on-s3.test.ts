import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helper.ts';
import { type Cell, toCsv } from '../../../test/reference-files.ts';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.ts';
import { createListEntry, makePdf, upload, uploadPdf } from '../../../test/uploads.ts';
import { files } from '../../db/schema/index.ts';
import { create } from '../../seed/factories.ts';
import { deleteUnrecordedBytes, deleteUnreferencedFiles } from './files.service.ts';

/**
 * The files area with `STORAGE_URL=s3://…` (an s3rver in this process): uploads, downloads,
 * deletes, the sweep, Print All SDS and a reference list all go through the bucket, and nothing
 * lands in the local data folder but the upload's temporary copy, which is gone afterwards.
 */
let s3: TestS3Server;
let ctx: TestContext;
beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext({ storageUrl: s3.storageUrl({ prefix: 'chemtrack' }) });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.stop();
});

/** Every key of ours the bucket holds. */
function objects(): Promise<string[]> {
  return ctx.app.files.listWrittenBefore(new Date(Date.now() + 60_000)).then((keys) => keys.sort());
}

/** The object's bytes as s3rver keeps them on its disk: proof they are in the bucket, not ours. */
function bucketBytes(key: string): Buffer {
  return fs.readFileSync(path.join(s3.directory, s3.bucket, 'chemtrack', `${key}._S3rver_object`));
}

async function countFiles(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(files);
  return row?.n ?? 0;
}

/** Files under the local data folder (the store's folder and the upload temp folder). */
function localFiles(): string[] {
  return ['files', 'tmp']
    .map((dir) => path.join(ctx.dataDir, dir))
    .filter((dir) => fs.existsSync(dir))
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function productWithSds(name: string, sds: Buffer) {
  const file = await uploadPdf(ctx, `${name}.pdf`, sds);
  const product = await create.product(ctx, {
    name,
    sds: { filepath: file.filepath, original_name: file.original_name },
  });
  return { product, key: file.filepath };
}

describe('files on S3', () => {
  it('refuses an executable posing as a PDF and puts nothing in the bucket', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]), Buffer.alloc(300, 1)]);
    const res = await upload(ctx, [{ filename: 'x.pdf', content: elf }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: 'Only PDF files are allowed',
      errors: { file: ['Only PDF files are allowed'] },
    });
    expect(await objects()).toEqual([]);
    expect(await countFiles()).toBe(0);
    expect(localFiles()).toEqual([]);
  });

  it('stores an upload in the bucket under its key and nowhere on local disk', async () => {
    const pdf = await makePdf('Acetone safety data sheet', 200 * 1024);
    const file = await uploadPdf(ctx, 'Acetone SDS.pdf', pdf);
    expect(file).toEqual({
      filepath: expect.stringMatching(/^sds\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/),
      original_name: 'Acetone SDS.pdf',
      mime_type: 'application/pdf',
      size: pdf.length,
    });
    expect(await objects()).toEqual([file.filepath]);
    expect(bucketBytes(file.filepath).equals(pdf)).toBe(true);
    // The checked temporary copy is removed once the object is written.
    expect(localFiles()).toEqual([]);
  });

  it('downloads an SDS from the bucket, and deleting it removes the object', async () => {
    const pdf = await makePdf('Toluene SDS');
    const { product, key } = await productWithSds('Toluene', pdf);
    const download = await ctx.call('staff', { method: 'GET', url: `/products/${product.id}/sds-download` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(pdf.length));
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const deleted = await ctx.call('staff', { method: 'DELETE', url: `/products/${product.id}/sds-delete` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await objects()).not.toContain(key);
    expect(await ctx.app.files.exists(key)).toBe(false);
    const gone = await ctx.call('staff', { method: 'GET', url: `/products/${product.id}/sds-download` });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404, not 500, for an SDS whose object is gone from the bucket', async () => {
    const { product, key } = await productWithSds('Xylene', await makePdf('Xylene SDS'));
    await ctx.app.files.delete(key);
    const res = await ctx.call('staff', { method: 'GET', url: `/products/${product.id}/sds-download` });
    expect(res.statusCode).toBe(404);
  });

  it('merges Print All SDS from the bucket', async () => {
    const threePages = await PDFDocument.create();
    for (let i = 0; i < 3; i++) threePages.addPage().drawText(`Page ${i + 1}`);
    const alpha = await productWithSds('Alpha Degreaser', Buffer.from(await threePages.save()));
    const beta = await productWithSds('Beta Coolant', await makePdf('Beta Coolant SDS'));
    const inventory = await create.inventory(ctx);
    const container = await create.container(ctx);
    for (const { product } of [alpha, beta]) {
      await create.inventoryProduct(ctx, inventory.id, {
        product_id: product.id,
        container_id: container.id,
        container_size: '5',
      });
    }
    const res = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${inventory.id}/print-all-sds-v2`,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.trailers).toEqual({ 'x-sds-included': '2', 'x-sds-not-included': '0' });
    // The index page, Alpha's three pages and Beta's one.
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBe(5);

    await ctx.app.files.delete(beta.key);
    const missing = await ctx.call('staff', {
      method: 'GET',
      url: `/inventories/${inventory.id}/print-all-sds-v2`,
    });
    expect(missing.trailers).toEqual({ 'x-sds-included': '1', 'x-sds-not-included': '1' });
    expect((await PDFDocument.load(missing.rawPayload)).getPageCount()).toBe(4);
  });

  it('reads a reference list upload back from the bucket to import it', async () => {
    const rows: Cell[][] = [
      ['Chemical Name', 'CAS #', 'Condition', 'Threshold Quantity (lbs)'],
      ['Chlorine', '7782-50-5', '', '2,500'],
      ['Bromine', '7726-95-6', '', '10,000'],
    ];
    const res = await createListEntry(ctx, 'rmp', 'rmp.csv', toCsv(rows));
    expect(res.statusCode, res.body).toBe(201);
    const list = await ctx.call('admin', { method: 'GET', url: '/db-entry-data/rmp/list?ipp=100' });
    const cas = list
      .json()
      .resource.items.map((item: { cas_number: string }) => item.cas_number)
      .sort();
    expect(cas).toEqual(['7726-95-6', '7782-50-5']);
  });

  it('sweeps unreferenced uploads and unrecorded objects from the bucket, and keeps the rest', async () => {
    const { db } = ctx.database;
    const attached = await productWithSds('Holder', await makePdf('Holder SDS'));
    const orphan = await uploadPdf(ctx, 'orphan.pdf', await makePdf('orphan'));
    const unrecorded = await ctx.app.files.put(Buffer.from('%PDF-1.7 stray'), {
      folder: 'sds',
      extension: '.pdf',
    });
    const before = await objects();
    expect(before).toEqual(expect.arrayContaining([attached.key, orphan.filepath, unrecorded]));

    // Everything written so far counts as old: a cutoff a minute ahead.
    const olderThan = new Date(Date.now() + 60_000);
    // Unreferenced: this orphan and the Acetone upload of an earlier test, never attached.
    expect(await deleteUnreferencedFiles(db, ctx.app.files, { olderThan })).toBe(2);
    expect(await deleteUnrecordedBytes(db, ctx.app.files, { olderThan })).toBe(1);

    const after = await objects();
    expect(after).toContain(attached.key);
    expect(after).not.toContain(orphan.filepath);
    expect(after).not.toContain(unrecorded);
    // Whatever is left in the bucket is recorded in the database.
    const recorded = (await db.select({ key: files.storageKey }).from(files)).map((row) => row.key);
    expect(after.filter((key) => !recorded.includes(key))).toEqual([]);
    const [row] = await db.select().from(files).where(eq(files.storageKey, attached.key));
    expect((await buffer(await ctx.app.files.read(attached.key))).length).toBe(row?.sizeBytes);
  });
});
