import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { printAllSdsTempDir } from '../src/modules/inventory-products/print-all-sds.service.ts';
import { create } from '../src/seed/factories.ts';
import { APP_KEY, type TestContext } from './helper.ts';
import { downloadOverHttp } from './http-download.ts';
import { uploadPdf } from './uploads.ts';

/** A catalog product with the SDS given (uploaded and attached), or none. */
export async function productWithSds(ctx: TestContext, name: string, sds?: Buffer) {
  const file = sds ? await uploadPdf(ctx, `${name}.pdf`, sds) : undefined;
  return create.product(ctx, {
    name,
    ...(file ? { sds: { filepath: file.filepath, original_name: file.original_name } } : {}),
  });
}

export async function blankPages(count: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage().drawText(`Page ${i + 1}`);
  return Buffer.from(await pdf.save());
}

/**
 * A PDF of `count` small objects: with 100,000, a few megabytes that pdf-lib takes a while to
 * parse (hand-written: pdf-lib's own writer packs objects into object streams).
 */
export function manyObjectsPdf(count: number): Buffer {
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

/** This process's descriptors open on a merged file (unlinked, so shown as "(deleted)"). */
export function openMerges(ctx: TestContext): string[] {
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

export async function until(what: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The app listening on a free port of 127.0.0.1 (started on first use), and the staff's headers. */
export async function listeningApp(ctx: TestContext) {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  return { port, headers: { 'x-app-key': APP_KEY, authorization: `Bearer ${ctx.users.staff.token}` } };
}

/** The print over HTTP on a listening app, read with node's client (trailers, a cut-off body). */
export async function printOverHttp(ctx: TestContext, inventoryId: number) {
  const { port, headers } = await listeningApp(ctx);
  return downloadOverHttp(
    `http://127.0.0.1:${port}/api/admin/v1/inventories/${inventoryId}/print-all-sds-v2`,
    headers,
  );
}
