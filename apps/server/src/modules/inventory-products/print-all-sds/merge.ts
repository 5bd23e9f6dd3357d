import {
  ParseSpeeds,
  PDFArray,
  PDFDocument,
  type PDFFont,
  PDFName,
  PDFNumber,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
  rgb,
  StandardFonts,
} from 'pdf-lib';
import { FileNotStoredError } from '../../../storage/file-store.ts';
import { addOutline } from './outline.ts';
import { type PdfSink, PdfStreamWriter } from './pdf-stream-writer.ts';

/**
 * Print All SDS: one PDF of an inventory's safety data sheets, opening with an index (customer,
 * facility, year, each product and the page its SDS starts on) and a bookmark per product. A product
 * with no SDS on file, and a file that is missing, unreadable or encrypted, is listed as not included: it never becomes blank pages
 * and never fails the whole file. Sources are read one at a time, and each one's pages are written
 * out and dropped once copied (pdf-stream-writer.ts), so memory holds one source file, not the output.
 *
 * This module is the in-process engine; `mergeSdsFiles` (worker.ts's caller, index.ts) runs it in
 * a worker thread so the server keeps answering while it works.
 */

export interface SdsMergeTitle {
  customer: string;
  facility: string;
  year: number | string;
}

export interface SdsMergeItem {
  /** The product name shown on the index and as the bookmark. */
  name: string;
  /**
   * The SDS bytes; `undefined` when the product has no SDS on file, a rejection with
   * `FileNotStoredError` / ENOENT when it has one the store does not hold (a storage fault, told
   * apart on the index). Called once, in order, never two at a time.
   */
  read: () => Promise<Uint8Array | undefined>;
  /**
   * The SDS as a file on this machine (the local store's), when there is one: the merge worker
   * reads it itself instead of asking the calling thread for `read`, so a busy event loop does not
   * hold the merge up and no bytes cross between threads. `read` still answers for the in-process
   * merge. A missing file is told as 'file missing', like `read`'s ENOENT.
   */
  file?: string;
}

export interface SdsMergeProgress {
  /** Items handled so far (included or not). */
  done: number;
  total: number;
}

export interface SdsMergeInput {
  title: SdsMergeTitle;
  items: SdsMergeItem[];
  onProgress?: (progress: SdsMergeProgress) => void;
}

/**
 * 'no SDS on file': the product has none (the user's to attach); 'file missing': it has one and
 * the store lost its bytes (an administrator's to restore). Issue 22: the first must not read as the second.
 */
export type NotIncludedReason = 'no SDS on file' | 'file missing' | 'unreadable' | 'encrypted';

/** A read that failed for a reason already known (the worker's answer from the main thread). */
export class NotIncludedError extends Error {
  constructor(readonly reason: NotIncludedReason) {
    super(reason);
  }
}

export type SdsMergeEntry =
  | { name: string; included: true /** 1-based, in the merged file. */; startPage: number; pageCount: number }
  | { name: string; included: false; reason: NotIncludedReason };

export interface SdsMergeResult {
  pdf: Uint8Array;
  /** One per item, in the input's order. */
  entries: SdsMergeEntry[];
  indexPageCount: number;
  pageCount: number;
}

export const INDEX_HEADING = 'Safety Data Sheets';
export const INDEX_BOOKMARK = 'Index';

export function notIncludedText(reason: NotIncludedReason): string {
  return `Not included (${reason})`;
}

// US Letter, the size of the demo SDS files and of most US ones.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 50;
const ROW_HEIGHT = 16;
const BODY_SIZE = 10;
const STATUS_COLUMN = 170;
// Title block (heading, three title lines, summary, column headings) on the first index page.
const FIRST_PAGE_HEADER = 150;
const NEXT_PAGE_HEADER = 60;
const FOOTER = 30;

function rowsOnPage(first: boolean): number {
  const header = first ? FIRST_PAGE_HEADER : NEXT_PAGE_HEADER;
  return Math.floor((PAGE_HEIGHT - MARGIN * 2 - header - FOOTER) / ROW_HEIGHT);
}

/** Index pages needed for `count` rows: known before any file is read, so start pages are too. */
export function indexPageCount(count: number): number {
  const first = rowsOnPage(true);
  if (count <= first) return 1;
  return 1 + Math.ceil((count - first) / rowsOnPage(false));
}

type Loaded = { pdf: PDFDocument } | { reason: NotIncludedReason };

export function isMissingError(error: unknown): boolean {
  return (
    error instanceof FileNotStoredError ||
    (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT')
  );
}

/**
 * pdf-lib skips what it cannot parse, so a truncated file can load with pages whose content
 * stream is gone: those would print blank. A page counts only if all its content is there.
 */
function everyPageHasContent(pdf: PDFDocument): boolean {
  const pages = pdf.getPages();
  if (pages.length === 0) return false;
  return pages.every((page) => {
    const contents = page.node.get(PDFName.of('Contents'));
    if (contents === undefined) return true; // an intentionally empty page is valid PDF
    const resolved = pdf.context.lookup(contents);
    if (resolved instanceof PDFStream || resolved instanceof PDFRawStream) return true;
    if (resolved instanceof PDFArray) {
      return resolved.asArray().every((part) => {
        const stream = pdf.context.lookup(part);
        return stream instanceof PDFStream || stream instanceof PDFRawStream;
      });
    }
    return false;
  });
}

async function loadSource(item: SdsMergeItem): Promise<Loaded> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await item.read();
  } catch (error) {
    if (error instanceof NotIncludedError) return { reason: error.reason };
    return { reason: isMissingError(error) ? 'file missing' : 'unreadable' };
  }
  if (bytes === undefined) return { reason: 'no SDS on file' };
  try {
    // pdf-lib cannot decrypt: an encrypted file would copy as pages of ciphertext. It is loaded
    // anyway to be told apart from a broken one (pdf-lib's EncryptedPDFError, compiled to ES5,
    // fails `instanceof`).
    const pdf = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
      // pdf-lib pauses a timer tick every 100 objects to let an event loop breathe; the merge
      // runs in a worker of its own, where that pause is only time lost.
      parseSpeed: ParseSpeeds.Fastest,
    });
    if (pdf.isEncrypted) return { reason: 'encrypted' };
    return everyPageHasContent(pdf) ? { pdf } : { reason: 'unreadable' };
  } catch {
    return { reason: 'unreadable' };
  }
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** The standard fonts draw WinAnsi only: anything else would throw, so it becomes '?'. */
function printable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (supported === undefined) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  const known = supported;
  return Array.from(text.replace(/[\r\n\t]+/g, ' '), (char) =>
    known.has(char.codePointAt(0) ?? 0) ? char : '?',
  ).join('');
}

function fit(font: PDFFont, text: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let end = text.length;
  while (end > 0 && font.widthOfTextAtSize(`${text.slice(0, end)}…`, size) > width) end--;
  return `${text.slice(0, end)}…`;
}

function drawIndex(
  pages: PDFPage[],
  fonts: { regular: PDFFont; bold: PDFFont },
  title: SdsMergeTitle,
  entries: SdsMergeEntry[],
): void {
  const { regular, bold } = fonts;
  const contentWidth = PAGE_WIDTH - MARGIN * 2;
  const nameWidth = contentWidth - STATUS_COLUMN - 10;
  const grey = rgb(0.3, 0.3, 0.3);
  const red = rgb(0.6, 0.1, 0.1);
  const included = entries.filter((entry) => entry.included).length;
  let row = 0;

  pages.forEach((page, pageIndex) => {
    const first = pageIndex === 0;
    let y = PAGE_HEIGHT - MARGIN;
    const text = (value: string, x: number, size: number, font: PDFFont, color = rgb(0, 0, 0)) =>
      page.drawText(printable(font, value), { x, y, size, font, color });
    const right = (value: string, size: number, font: PDFFont, color = rgb(0, 0, 0)) => {
      const safe = printable(font, value);
      page.drawText(safe, {
        x: MARGIN + contentWidth - font.widthOfTextAtSize(safe, size),
        y,
        size,
        font,
        color,
      });
    };

    y -= 18;
    text(first ? INDEX_HEADING : `${INDEX_HEADING} (continued)`, MARGIN, 18, bold);
    if (first) {
      for (const [label, value] of [
        ['Customer', title.customer],
        ['Facility', title.facility],
        ['Year', String(title.year)],
      ] as const) {
        y -= 20;
        text(`${label}:`, MARGIN, 11, bold);
        text(fit(regular, printable(regular, value), 11, contentWidth - 70), MARGIN + 70, 11, regular);
      }
      y -= 22;
      text(`${included} of ${entries.length} safety data sheets included`, MARGIN, BODY_SIZE, regular, grey);
    }
    y -= 26;
    text('Product', MARGIN, BODY_SIZE, bold);
    right('Page', BODY_SIZE, bold);
    page.drawLine({
      start: { x: MARGIN, y: y - 4 },
      end: { x: MARGIN + contentWidth, y: y - 4 },
      thickness: 0.5,
      color: grey,
    });

    const last = Math.min(entries.length, row + rowsOnPage(first));
    if (entries.length === 0 && first) {
      y -= ROW_HEIGHT + 2;
      text('No safety data sheets', MARGIN, BODY_SIZE, regular, grey);
    }
    for (; row < last; row++) {
      const entry = entries[row]!;
      y -= ROW_HEIGHT;
      text(fit(regular, printable(regular, entry.name), BODY_SIZE, nameWidth), MARGIN, BODY_SIZE, regular);
      if (entry.included) right(String(entry.startPage), BODY_SIZE, regular);
      else right(notIncludedText(entry.reason), BODY_SIZE, regular, red);
    }

    y = MARGIN;
    page.drawText(`Index page ${pageIndex + 1} of ${pages.length}`, {
      x: MARGIN,
      y,
      size: 8,
      font: regular,
      color: grey,
    });
  });
}

/** What a merge written to a sink tells besides its bytes. */
export type SdsMergeReport = Omit<SdsMergeResult, 'pdf'> & {
  /** The size of the PDF written. */
  byteLength: number;
};

/**
 * Builds the file and writes it to `sink` as it goes: each source's pages are written (and let
 * go) as soon as they are copied, so memory holds one source, never the output. The index pages
 * come first in the page order but their content is written last, once every start page is known.
 */
export async function writeSdsMerge(input: SdsMergeInput, sink: PdfSink): Promise<SdsMergeReport> {
  const { title, items, onProgress } = input;
  const out = await PDFDocument.create();
  out.setTitle(`${INDEX_HEADING}: ${title.customer}, ${title.facility}, ${title.year}`);
  out.setProducer('ChemTrack');
  out.setCreator('ChemTrack');
  const { context } = out;
  const writer = new PdfStreamWriter(context, sink);
  await writer.start();

  // The index goes first but is drawn last, once every start page is known: its length depends
  // only on the number of items, so the pages are reserved now.
  const indexPages = Array.from({ length: indexPageCount(items.length) }, () =>
    out.addPage([PAGE_WIDTH, PAGE_HEIGHT]),
  );
  // The copied pages join the page tree here rather than through `addPage`, which looks up every
  // page already in the tree (they are written and gone from the context by then).
  const tree = out.catalog.Pages();
  const treeRef = out.catalog.get(PDFName.of('Pages'));
  if (!(treeRef instanceof PDFRef))
    throw new Error('pdf-lib created a catalog without a page tree reference');
  let pageCount = indexPages.length;

  const entries: SdsMergeEntry[] = [];
  const bookmarks: { title: string; page: PDFRef }[] = [{ title: INDEX_BOOKMARK, page: indexPages[0]!.ref }];
  for (const [index, item] of items.entries()) {
    const loaded = await loadSource(item);
    if ('reason' in loaded) {
      entries.push({ name: item.name, included: false, reason: loaded.reason });
    } else {
      const before = context.largestObjectNumber;
      let copied: PDFPage[] | undefined;
      try {
        copied = await out.copyPages(loaded.pdf, loaded.pdf.getPageIndices());
      } catch {
        // Copying resolves every object a page uses: a broken reference shows up here.
        copied = undefined;
      }
      if (copied === undefined) {
        writer.discardAfter(before);
        entries.push({ name: item.name, included: false, reason: 'unreadable' });
      } else {
        const startPage = pageCount + 1;
        for (const page of copied) {
          page.node.setParent(treeRef);
          tree.Kids().push(page.ref);
        }
        pageCount += copied.length;
        entries.push({ name: item.name, included: true, startPage, pageCount: copied.length });
        bookmarks.push({ title: item.name, page: copied[0]!.ref });
        await writer.writeAfter(before);
      }
    }
    onProgress?.({ done: index + 1, total: items.length });
  }
  tree.set(PDFName.of('Count'), PDFNumber.of(pageCount));

  const regular = await out.embedFont(StandardFonts.Helvetica);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);
  drawIndex(indexPages, { regular, bold }, title, entries);
  addOutline(out, bookmarks);
  // Embedded fonts are written into the context on flush (save() does it too).
  await out.flush();
  await writer.finish();
  return { entries, indexPageCount: indexPages.length, pageCount, byteLength: writer.bytesWritten };
}

/** The whole file in memory (tests and small merges); the server writes to a file instead. */
export async function mergeSdsFilesInProcess(input: SdsMergeInput): Promise<SdsMergeResult> {
  const chunks: Uint8Array[] = [];
  const report = await writeSdsMerge(input, (chunk) => {
    chunks.push(chunk);
  });
  const pdf = new Uint8Array(report.byteLength);
  let offset = 0;
  for (const chunk of chunks) {
    pdf.set(chunk, offset);
    offset += chunk.length;
  }
  const { byteLength: _byteLength, ...result } = report;
  return { ...result, pdf };
}
