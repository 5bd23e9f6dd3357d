/**
 * SDS files for Print All SDS benchmarks: the demo SDS rendered for `files` products, its pages
 * repeated up to `pages` (a real SDS has 8 to 16 sections over about ten pages), then given an
 * incompressible image-sized stream on its first page so the file is about `sizeKb` (the size of a
 * real scanned or logo-heavy SDS), written to a folder and read back one at a time as the route
 * reads the store.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { DEMO_PRODUCTS } from '../apps/server/src/seed/demo-products-data.ts';
import { renderDemoSdsPdf } from '../apps/server/src/seed/sds-pdf.ts';

/** Repeats the pages to `pages`, then adds a Form XObject of random text to reach about `sizeKb`. */
async function shape(bytes: Uint8Array, pages: number, sizeKb: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  const original = pdf.getPageIndices();
  while (pdf.getPageCount() < pages) {
    const missing = pages - pdf.getPageCount();
    for (const page of await pdf.copyPages(pdf, original.slice(0, missing))) pdf.addPage(page);
  }
  const withPages = await pdf.save();
  const extraKb = Math.max(0, sizeKb - withPages.length / 1024);
  if (extraKb === 0) return withPages;
  const filler = `% ${randomBytes(Math.ceil((extraKb * 1024 * 3) / 4)).toString('base64')}\n`;
  const form = pdf.context.flateStream(filler, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1] });
  pdf.getPage(0).node.setXObject(PDFName.of('Filler'), pdf.context.register(form));
  return pdf.save();
}

export interface SdsFile {
  name: string;
  file: string;
}

/** Writes `files` SDS into `folder` (0.pdf, 1.pdf, …) and answers their names and total bytes. */
export async function writeSdsFiles(
  folder: string,
  files: number,
  sizeKb: number,
  pages = 10,
): Promise<{ items: SdsFile[]; bytes: number }> {
  const items: SdsFile[] = [];
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const product = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length]!;
    const name = `${product.name} (${i + 1})`;
    const rendered = await renderDemoSdsPdf({ ...product, name });
    const content = await shape(rendered, pages, sizeKb);
    bytes += content.length;
    const file = path.join(folder, `${i}.pdf`);
    await fs.writeFile(file, content);
    items.push({ name, file });
  }
  await fs.writeFile(path.join(folder, 'index.json'), JSON.stringify(items));
  return { items, bytes };
}

export async function readSdsIndex(folder: string): Promise<SdsFile[]> {
  return JSON.parse(await fs.readFile(path.join(folder, 'index.json'), 'utf8')) as SdsFile[];
}
