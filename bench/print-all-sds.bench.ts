/**
 * Print All SDS over many generated SDS files: wall time, output size, the process's peak RSS
 * (the worker's heap is part of it) and the longest stall of the main thread's event loop while
 * the worker merges. The app mode merges as the route does from the local store: the worker reads
 * the files itself and writes the PDF to a file (which the route sends while it grows, decision
 * 039); `--mode bare` times a bare pdf-lib merge of the same files instead (the
 * reference issue 24 compares with). The suite (suite.ts) runs each mode in a process of its own
 * on one folder, so each peak is that merge's alone.
 * Usage: npm run bench:print-all-sds -w @chemtrack/bench [-- --files 300 --size-kb 300 --pages 10]
 *        [--folder DIR (reuse files written there)] [--mode app|bare] [--json]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { mergeSdsFilesToFile } from '../apps/server/src/modules/inventory-products/print-all-sds/index.ts';
import { readSdsIndex, writeSdsFiles } from './sds.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '300' },
    'size-kb': { type: 'string', default: '300' },
    pages: { type: 'string', default: '10' },
    folder: { type: 'string' },
    mode: { type: 'string', default: 'app' },
    json: { type: 'boolean', default: false },
  },
});
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const folder = values.folder ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'chemtrack-bench-sds-')));
try {
  let files = values.folder ? await readSdsIndex(folder).catch(() => undefined) : undefined;
  if (!files) {
    const generated = performance.now();
    const written = await writeSdsFiles(
      folder,
      Number(values.files),
      Number(values['size-kb']),
      Number(values.pages),
    );
    files = written.items;
    if (!values.json) {
      console.log(
        `${files.length} SDS files generated in ${(performance.now() - generated).toFixed(0)} ms, ${mb(written.bytes)} in all`,
      );
    }
  }

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
  let pages = 0;
  let outputBytes = 0;
  let included = 0;
  if (values.mode === 'bare') {
    const merged = await PDFDocument.create();
    for (const item of files) {
      const source = await PDFDocument.load(await fs.readFile(item.file));
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
      included++;
    }
    const bytes = await merged.save();
    pages = merged.getPageCount();
    outputBytes = bytes.length;
  } else {
    const output = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'chemtrack-bench-merged-')),
      'merged.pdf',
    );
    try {
      const result = await mergeSdsFilesToFile(
        {
          title: { customer: 'Bench Customer', facility: 'Bench Plant', year: 2025 },
          items: files.map((item) => ({
            name: item.name,
            file: item.file,
            read: () => fs.readFile(item.file),
          })),
        },
        output,
        { transferReads: true },
      );
      pages = result.pageCount;
      outputBytes = (await fs.stat(output)).size;
      included = result.entries.filter((entry) => entry.included).length;
    } finally {
      await fs.rm(path.dirname(output), { recursive: true, force: true });
    }
  }
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);

  if (values.json) {
    console.log(
      JSON.stringify({
        mode: values.mode,
        files: files.length,
        included,
        pages,
        ms: elapsed,
        outputBytes,
        peakRss: peak,
        baselineRss: baseline,
        longestStallMs: longestGap,
      }),
    );
  } else {
    console.log(
      `${values.mode}: merged ${included}/${files.length} SDS into ${pages} pages in ${elapsed.toFixed(0)} ms, output ${mb(outputBytes)}`,
    );
    console.log(
      `RSS before ${mb(baseline)}, peak ${mb(peak)} (+${mb(peak - baseline)}); longest main-thread stall ${longestGap.toFixed(0)} ms`,
    );
  }
} finally {
  if (!values.folder) await fs.rm(folder, { recursive: true, force: true });
}
