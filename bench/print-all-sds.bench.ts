/**
 * Print All SDS over many generated SDS files: wall time, output size, the process's peak RSS
 * (the worker's heap is part of it) and the longest stall of the main thread's event loop while
 * the worker merges. Files are written to a temporary folder and read one at a time, as the
 * route reads them from the file store.
 * Usage: npm run bench:print-all-sds -w @chemtrack/bench [-- --files 300 --extra-kb 0]
 * The demo SDS files are a few kilobytes; `--extra-kb 500` gives each one an incompressible
 * image-sized stream on its first page, the size of a real scanned or logo-heavy SDS.
 */

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument, PDFName } from 'pdf-lib';
import { mergeSdsFiles } from '../apps/server/src/modules/inventory-products/print-all-sds/index.ts';
import { DEMO_PRODUCTS } from '../apps/server/src/seed/demo-products-data.ts';
import { renderDemoSdsPdf } from '../apps/server/src/seed/sds-pdf.ts';

const { values } = parseArgs({
  options: { files: { type: 'string', default: '300' }, 'extra-kb': { type: 'string', default: '0' } },
});
const files = Number(values.files);
const extraKb = Number(values['extra-kb']);

/** Adds an unused-looking but referenced Form XObject whose content is a comment of random text. */
async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  const filler = `% ${randomBytes(Math.ceil((extraKb * 1024 * 3) / 4)).toString('base64')}\n`;
  const form = pdf.context.flateStream(filler, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, 1, 1],
  });
  const page = pdf.getPage(0);
  page.node.setXObject(PDFName.of('Filler'), pdf.context.register(form));
  return pdf.save();
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'chemtrack-bench-sds-'));
try {
  const generated = performance.now();
  const items = [];
  let sourceBytes = 0;
  for (let i = 0; i < files; i++) {
    const product = DEMO_PRODUCTS[i % DEMO_PRODUCTS.length]!;
    const name = `${product.name} (${i + 1})`;
    const rendered = await renderDemoSdsPdf({ ...product, name });
    const bytes = extraKb > 0 ? await inflate(rendered) : rendered;
    sourceBytes += bytes.length;
    const file = path.join(folder, `${i}.pdf`);
    await fs.writeFile(file, bytes);
    items.push({ name, read: () => fs.readFile(file) });
  }
  console.log(
    `${files} SDS files generated in ${(performance.now() - generated).toFixed(0)} ms, ${mb(sourceBytes)} in all`,
  );

  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let longestGap = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);

  const started = performance.now();
  const result = await mergeSdsFiles({
    title: { customer: 'Bench Customer', facility: 'Bench Plant', year: 2025 },
    items,
  });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const included = result.entries.filter((entry) => entry.included).length;
  console.log(
    `merged ${included}/${files} SDS into ${result.pageCount} pages (${result.indexPageCount} index) in ${elapsed.toFixed(0)} ms, output ${mb(result.pdf.length)}`,
  );
  console.log(
    `RSS before ${mb(baseline)}, peak ${mb(peak)} (+${mb(peak - baseline)}); longest main-thread stall ${longestGap.toFixed(0)} ms`,
  );
} finally {
  await fs.rm(folder, { recursive: true, force: true });
}
