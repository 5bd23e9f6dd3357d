import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from 'pdf-lib';
import { PDFParse } from 'pdf-parse';
import PDFKitDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/helper.ts';
import { DEMO_PRODUCTS } from '../../../seed/demo-products-data.ts';
import { renderDemoSdsPdf } from '../../../seed/sds-pdf.ts';
import { FileNotStoredError } from '../../../storage/file-store.ts';
import {
  INDEX_BOOKMARK,
  keepSdsMergeWorkerReady,
  mergeSdsFilesInProcess,
  mergeSdsFilesToFile,
  mergeSdsFilesToHandle,
  type SdsMergeInput,
  type SdsMergeItem,
  type SdsMergeOptions,
  type SdsMergeResult,
  sdsMergeWorkerIsReady,
  stopSdsMergeWorkerReady,
} from './index.ts';

const TITLE = { customer: 'Acme Plating Co.', facility: 'Riverside Plant', year: 2025 };

/** The server's merge (worker thread, output to a file), with the file read back to check it. */
async function mergeSdsFiles(input: SdsMergeInput, options: SdsMergeOptions = {}): Promise<SdsMergeResult> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'chemtrack-print-all-sds-'));
  try {
    const file = path.join(folder, 'merged.pdf');
    const { byteLength: _byteLength, ...report } = await mergeSdsFilesToFile(input, file, options);
    return { ...report, pdf: await fs.promises.readFile(file) };
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

async function pageTexts(data: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the array it is given: hand it a copy.
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return result.pages.map((page) => page.text);
  } finally {
    await parser.destroy();
  }
}

/** The outline's items in order: title and 1-based page, read from the low-level objects. */
async function bookmarks(data: Uint8Array): Promise<{ title: string; page: number }[]> {
  const pdf = await PDFDocument.load(data);
  const pageRefs = pdf.getPages().map((page) => page.ref);
  const outlines = pdf.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  if (!outlines) return [];
  const found: { title: string; page: number }[] = [];
  let ref = outlines.get(PDFName.of('First'));
  while (ref instanceof PDFRef) {
    const item = pdf.context.lookup(ref, PDFDict);
    const title = item.lookup(PDFName.of('Title'));
    const destination = item.lookup(PDFName.of('Dest'), PDFArray);
    const target = destination.get(0);
    found.push({
      title: title instanceof PDFHexString || title instanceof PDFString ? title.decodeText() : '?',
      page: pageRefs.indexOf(target as PDFRef) + 1,
    });
    ref = item.get(PDFName.of('Next'));
  }
  expect(outlines.lookup(PDFName.of('Count'))?.toString()).toBe(String(found.length));
  return found;
}

async function pageCount(data: Uint8Array): Promise<number> {
  return (await PDFDocument.load(data)).getPageCount();
}

/** A real encrypted PDF: pdfkit's AES-256 (PDF 1.7 extension level 3) with a user password. */
function encryptedPdf(): Promise<Buffer> {
  const doc = new PDFKitDocument({ pdfVersion: '1.7ext3', userPassword: 'secret', ownerPassword: 'owner' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.text('Encrypted safety data sheet');
  doc.end();
  return done;
}

/** Loads with pages, but the first page's content stream points at an object that is not there. */
async function pdfWithMissingContent(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage();
  page.drawText('soon gone');
  page.node.set(PDFName.of('Contents'), PDFRef.of(9999));
  return pdf.save();
}

const products = DEMO_PRODUCTS.filter((product) => product.sdsStatus !== 'pending').slice(0, 3);
const sds = new Map<string, Buffer>();

beforeAll(async () => {
  for (const product of products) sds.set(product.name, await renderDemoSdsPdf(product));
});

function fileOf(name: string): Buffer {
  const bytes = sds.get(name);
  if (!bytes) throw new Error(`no SDS for ${name}`);
  return bytes;
}

describe('Print All SDS merge', () => {
  it('opens with an index, then every readable SDS; missing, corrupt and encrypted files are listed as not included', async () => {
    const [first, second, third] = products.map((product) => product.name) as [string, string, string];
    const corrupt = fileOf(second).subarray(0, Math.floor(fileOf(second).length / 2));
    const encrypted = await encryptedPdf();
    await expect(PDFDocument.load(encrypted)).rejects.toThrow(/is encrypted/);
    const items: SdsMergeItem[] = [
      { name: first, read: async () => fileOf(first) },
      { name: 'Missing Degreaser', read: async () => undefined },
      { name: second, read: async () => fileOf(second) },
      { name: 'Truncated Solvent', read: async () => corrupt },
      { name: third, read: async () => fileOf(third) },
      { name: 'Locked Coolant', read: async () => encrypted },
    ];
    const progress: number[] = [];

    const result = await mergeSdsFiles({
      title: TITLE,
      items,
      onProgress: ({ done }) => progress.push(done),
    });

    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    const sizes = [
      await pageCount(fileOf(first)),
      await pageCount(fileOf(second)),
      await pageCount(fileOf(third)),
    ];
    const starts = [2, 2 + sizes[0]!, 2 + sizes[0]! + sizes[1]!];
    expect(result.indexPageCount).toBe(1);
    expect(await pageCount(result.pdf)).toBe(1 + sizes[0]! + sizes[1]! + sizes[2]!);
    expect(result.pageCount).toBe(1 + sizes[0]! + sizes[1]! + sizes[2]!);
    expect(result.entries).toEqual([
      { name: first, included: true, startPage: starts[0], pageCount: sizes[0] },
      { name: 'Missing Degreaser', included: false, reason: 'no SDS on file' },
      { name: second, included: true, startPage: starts[1], pageCount: sizes[1] },
      { name: 'Truncated Solvent', included: false, reason: 'unreadable' },
      { name: third, included: true, startPage: starts[2], pageCount: sizes[2] },
      { name: 'Locked Coolant', included: false, reason: 'encrypted' },
    ]);

    expect(await bookmarks(result.pdf)).toEqual([
      { title: INDEX_BOOKMARK, page: 1 },
      { title: first, page: starts[0] },
      { title: second, page: starts[1] },
      { title: third, page: starts[2] },
    ]);

    const texts = await pageTexts(result.pdf);
    const index = texts[0]!.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
    expect(index.slice(0, 6)).toEqual([
      'Safety Data Sheets',
      'Customer: Acme Plating Co.',
      'Facility: Riverside Plant',
      'Year: 2025',
      '3 of 6 safety data sheets included',
      'Product Page',
    ]);
    expect(index.slice(6, 12)).toEqual([
      `${first} ${starts[0]}`,
      'Missing Degreaser Not included (no SDS on file)',
      `${second} ${starts[1]}`,
      'Truncated Solvent Not included (unreadable)',
      `${third} ${starts[2]}`,
      'Locked Coolant Not included (encrypted)',
    ]);
    expect(index).toContain('Index page 1 of 1');
    // Each start page really is that product's SDS, and no page of the file is blank.
    [first, second, third].forEach((name, i) => {
      expect(texts[starts[i]! - 1]).toContain('Safety Data Sheet');
      expect(texts[starts[i]! - 1]).toContain(name);
    });
    for (const text of texts) expect(text.trim().length).toBeGreaterThan(50);
  });

  it('tells a file the store does not hold from one it cannot read, and rejects pages whose content is gone', async () => {
    const brokenPages = await pdfWithMissingContent();
    const [first] = products.map((product) => product.name) as [string];
    const result = await mergeSdsFiles({
      title: TITLE,
      items: [
        { name: 'Not stored', read: () => Promise.reject(new FileNotStoredError('sds/2025/01/x.pdf')) },
        { name: 'Disk error', read: () => Promise.reject(Object.assign(new Error('EIO'), { code: 'EIO' })) },
        { name: 'Dangling content', read: async () => brokenPages },
        { name: 'Not a PDF', read: async () => new TextEncoder().encode('hello, I am a text file') },
        { name: first, read: async () => fileOf(first) },
      ],
    });
    expect(result.entries.map((entry) => (entry.included ? entry.startPage : entry.reason))).toEqual([
      'file missing',
      'unreadable',
      'unreadable',
      'unreadable',
      2,
    ]);
    expect(await pageCount(result.pdf)).toBe(1 + (await pageCount(fileOf(first))));
  });

  it('spreads a long index over several pages and numbers the SDS pages after it', async () => {
    const [first] = products.map((product) => product.name) as [string];
    const size = await pageCount(fileOf(first));
    const items = Array.from({ length: 130 }, (_, i) => ({
      name: `Product ${String(i + 1).padStart(3, '0')} — Ünïcode ✓`,
      read: async () => fileOf(first),
    }));

    // In process: the same engine the worker runs.
    const result = await mergeSdsFilesInProcess({ title: TITLE, items });

    expect(result.indexPageCount).toBe(4);
    expect(await pageCount(result.pdf)).toBe(4 + 130 * size);
    const texts = await pageTexts(result.pdf);
    expect(texts[0]).toContain('Index page 1 of 4');
    expect(texts[1]).toContain('Safety Data Sheets (continued)');
    // WinAnsi draws 'Ü' and 'ï' but has no check mark: it is printed as '?'; the bookmark keeps it.
    expect(texts[0]).toMatch(/Product 001 — Ünïcode \?\s+5/);
    expect(texts[3]).toMatch(new RegExp(`Product 130 — Ünïcode \\?\\s+${5 + 129 * size}`));
    const marks = await bookmarks(result.pdf);
    expect(marks).toHaveLength(131);
    expect(marks[130]).toEqual({ title: 'Product 130 — Ünïcode ✓', page: 5 + 129 * size });
  });
});

/** A PDF of `pages` pages, each saying which file and page it is. */
async function markedPdf(file: number, pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let page = 1; page <= pages; page++) pdf.addPage().drawText(`MARK-${file}-${page} of file ${file}`);
  return pdf.save();
}

/**
 * The classic cross-reference table the merge writes: each in-use entry's object number and
 * byte offset, read from `startxref` as a strict reader does (no recovery by scanning).
 */
function crossReferences(data: Uint8Array): { objectNumber: number; offset: number }[] {
  const text = Buffer.from(data).toString('latin1');
  const start = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(start, start + 5)).toBe('xref\n');
  const entries: { objectNumber: number; offset: number }[] = [];
  let position = start + 5;
  for (;;) {
    const header = /^(\d+) (\d+)\n/.exec(text.slice(position, position + 40));
    if (!header) break;
    position += header[0].length;
    const [first, count] = [Number(header[1]), Number(header[2])];
    for (let i = 0; i < count; i++) {
      const entry = text.slice(position, position + 20);
      expect(entry).toMatch(/^\d{10} \d{5} [nf] \n$/);
      if (entry[17] === 'n') entries.push({ objectNumber: first + i, offset: Number(entry.slice(0, 10)) });
      position += 20;
    }
  }
  expect(text.slice(position)).toMatch(/^\s*trailer/);
  return entries;
}

describe('Print All SDS output written as it goes', () => {
  it('holds every page of every SDS in order, and its cross-reference table points at every object', async () => {
    const sizes = [3, 1, 4, 2, 5, 1, 2, 3];
    const sources = await Promise.all(sizes.map((pages, file) => markedPdf(file, pages)));
    const items: SdsMergeItem[] = sources.map((bytes, file) => ({
      name: `File ${file}`,
      // A buffer of its own each time, as the store answers: moved to the worker.
      read: async () => new Uint8Array(bytes),
    }));
    // A file that loads but fails halfway leaves nothing of itself behind.
    items.splice(3, 0, { name: 'Truncated', read: async () => sources[2]!.slice(0, 400) });
    const handedOver: Uint8Array[] = [];
    const result = await mergeSdsFiles(
      {
        title: TITLE,
        items: items.map((item) => ({
          name: item.name,
          read: async () => {
            const bytes = await item.read();
            if (bytes) handedOver.push(bytes);
            return bytes;
          },
        })),
      },
      { transferReads: true },
    );

    const total = sizes.reduce((sum, pages) => sum + pages, 0);
    expect(result.pageCount).toBe(1 + total);
    expect(await pageCount(result.pdf)).toBe(1 + total);
    const texts = await pageTexts(result.pdf);
    const expected = sizes.flatMap((pages, file) =>
      Array.from({ length: pages }, (_, page) => `MARK-${file}-${page + 1} of file ${file}`),
    );
    expect(texts.slice(1).map((text) => text.trim())).toEqual(expected);
    expect(result.entries.filter((entry) => !entry.included)).toEqual([
      { name: 'Truncated', included: false, reason: 'unreadable' },
    ]);

    const references = crossReferences(result.pdf);
    const text = Buffer.from(result.pdf).toString('latin1');
    for (const { objectNumber, offset } of references) {
      expect(text.slice(offset, offset + `${objectNumber} 0 obj`.length)).toBe(`${objectNumber} 0 obj`);
    }
    const loaded = await PDFDocument.load(result.pdf);
    expect(references).toHaveLength(loaded.context.enumerateIndirectObjects().length);
    // Moved, not copied: the caller's buffers are detached.
    expect(handedOver.every((bytes) => bytes.byteLength === 0)).toBe(true);
  });
});

describe('Print All SDS in a worker', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('keeps the server answering while a 300-page merge runs', async () => {
    const sources = await Promise.all(
      DEMO_PRODUCTS.filter((product) => product.sdsStatus !== 'pending')
        .slice(0, 12)
        .map(async (product) => ({ name: product.name, bytes: await renderDemoSdsPdf(product) })),
    );
    const sized = await Promise.all(
      sources.map(async (source) => ({ ...source, pages: await pageCount(source.bytes) })),
    );
    const items: SdsMergeItem[] = [];
    let pages = 0;
    for (let i = 0; pages < 300; i++) {
      const source = sized[i % sized.length]!;
      if (pages + source.pages > 300) continue;
      pages += source.pages;
      items.push({ name: `${source.name} #${i}`, read: async () => source.bytes });
    }
    expect(pages).toBe(300);

    let running = true;
    let progressEvents = 0;
    const merge = mergeSdsFiles({ title: TITLE, items, onProgress: () => progressEvents++ }).finally(() => {
      running = false;
    });

    const answeredWhileRunning: number[] = [];
    while (running) {
      const response = await ctx.call('staff', { method: 'GET', url: '/products/list' });
      if (running) answeredWhileRunning.push(response.statusCode);
      // inject on PGlite can resolve on microtasks alone; real requests arrive as socket events,
      // between which the worker's messages are handled: wait for the next turn like they do.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const result = await merge;

    expect(await pageCount(result.pdf)).toBe(result.indexPageCount + 300);
    expect(result.entries.every((entry) => entry.included)).toBe(true);
    expect(progressEvents).toBe(items.length);
    expect(answeredWhileRunning.length).toBeGreaterThanOrEqual(3);
    expect(new Set(answeredWhileRunning)).toEqual(new Set([200]));
  });

  it('tells how far the file is written as it goes, each count there in the file when told', async () => {
    const [first, second] = products.map((product) => product.name) as [string, string];
    const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'chemtrack-print-all-sds-'));
    try {
      const file = path.join(folder, 'merged.pdf');
      const told: { bytes: number; onDisk: number; done: number }[] = [];
      let done = 0;
      const report = await mergeSdsFilesToFile(
        {
          title: TITLE,
          items: [first, second, first].map((name) => ({ name, read: async () => fileOf(name) })),
          onProgress: (progress) => {
            done = progress.done;
          },
        },
        file,
        { onWritten: (bytes) => told.push({ bytes, onDisk: fs.statSync(file).size, done }) },
      );
      // The header (%PDF-1.7, a line of binary bytes, a blank line: 16 bytes) before any source
      // is merged, then a part per source, then the index and the end.
      expect(told[0]).toEqual({ bytes: 16, onDisk: 16, done: 0 });
      expect(told.length).toBeGreaterThanOrEqual(1 + 3 + 1);
      for (const [index, { bytes, onDisk }] of told.entries()) {
        expect(onDisk).toBeGreaterThanOrEqual(bytes);
        if (index > 0) expect(bytes).toBeGreaterThan(told[index - 1]!.bytes);
      }
      expect(told.at(-1)!.bytes).toBe(report.byteLength);
      expect(fs.statSync(file).size).toBe(report.byteLength);
    } finally {
      await fs.promises.rm(folder, { recursive: true, force: true });
    }
  });

  it('stops the worker when the caller aborts', async () => {
    const [first] = products.map((product) => product.name) as [string];
    const controller = new AbortController();
    const merge = mergeSdsFiles(
      {
        title: TITLE,
        items: Array.from({ length: 50 }, (_, i) => ({ name: `P${i}`, read: async () => fileOf(first) })),
        onProgress: ({ done }) => {
          if (done === 2) controller.abort(new Error('client went away'));
        },
      },
      { signal: controller.signal },
    );
    await expect(merge).rejects.toThrow('client went away');
  });
});

/** The page count poppler reads from the file (its own parser, not pdf-lib's). */
function pdfinfoPages(file: string): number {
  const pages = /^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
  return Number(pages);
}

describe('Print All SDS from local files', () => {
  it('reads them in the worker without calling read, and tells a missing file from an unreadable one', async () => {
    const [first, second] = products.map((product) => product.name) as [string, string];
    const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'chemtrack-print-all-sds-local-'));
    try {
      await fs.promises.writeFile(path.join(folder, 'first.pdf'), fileOf(first));
      await fs.promises.mkdir(path.join(folder, 'a-folder.pdf'));
      const calledRead: string[] = [];
      const local = (name: string, file: string): SdsMergeItem => ({
        name,
        file: path.join(folder, file),
        read: async () => {
          calledRead.push(name);
          return fileOf(first);
        },
      });
      const output = path.join(folder, 'merged.pdf');
      const report = await mergeSdsFilesToFile(
        {
          title: TITLE,
          items: [
            local(first, 'first.pdf'),
            local('Gone', 'gone.pdf'),
            local('A folder', 'a-folder.pdf'),
            { name: second, read: async () => fileOf(second) },
          ],
        },
        output,
      );

      expect(calledRead).toEqual([]);
      const firstPages = await pageCount(fileOf(first));
      expect(report.entries.map((entry) => (entry.included ? entry.startPage : entry.reason))).toEqual([
        2,
        'file missing',
        'unreadable',
        2 + firstPages,
      ]);
      const total = 1 + firstPages + (await pageCount(fileOf(second)));
      expect(report.pageCount).toBe(total);
      expect(report.byteLength).toBe((await fs.promises.stat(output)).size);
      expect(pdfinfoPages(output)).toBe(total);
    } finally {
      await fs.promises.rm(folder, { recursive: true, force: true });
    }
  });
});

describe('Print All SDS with a merge worker kept ready', () => {
  afterAll(async () => {
    await stopSdsMergeWorkerReady();
  });

  it('merges in the waiting worker, starts the next once the merge is over, and stops it on request', async () => {
    const [first] = products.map((product) => product.name) as [string];
    const input: SdsMergeInput = { title: TITLE, items: [{ name: first, read: async () => fileOf(first) }] };
    const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'chemtrack-print-all-sds-ready-'));
    const merge = async () => {
      const file = path.join(folder, 'merged.pdf');
      const handle = await fs.promises.open(file, 'w');
      try {
        const merging = mergeSdsFilesToHandle(input, handle);
        // The waiting worker, if any, is taken before the merge's first await.
        expect(sdsMergeWorkerIsReady()).toBe(false);
        const report = await merging;
        expect(report.pageCount).toBe(1 + (await pageCount(fileOf(first))));
        expect(pdfinfoPages(file)).toBe(report.pageCount);
      } finally {
        await handle.close();
      }
    };
    try {
      expect(sdsMergeWorkerIsReady()).toBe(false);
      keepSdsMergeWorkerReady();
      expect(sdsMergeWorkerIsReady()).toBe(true);
      await merge();
      // The next one is started on the turn after the merge.
      await new Promise((resolve) => setImmediate(resolve));
      expect(sdsMergeWorkerIsReady()).toBe(true);
      await merge();
      await new Promise((resolve) => setImmediate(resolve));
      await stopSdsMergeWorkerReady();
      expect(sdsMergeWorkerIsReady()).toBe(false);
      // Without a spare a merge starts its own worker, and none is kept after it.
      await merge();
      await new Promise((resolve) => setImmediate(resolve));
      expect(sdsMergeWorkerIsReady()).toBe(false);
    } finally {
      await fs.promises.rm(folder, { recursive: true, force: true });
    }
  });
});
