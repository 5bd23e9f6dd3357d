/**
 * Any report as a PDF (issue 11): the header of rules §0.6 (customer, facility with address,
 * year, generation time, the upload date of each list used), the rule in one paragraph, the
 * notes, each table with the contributing lines under each reported or near-threshold figure,
 * the totals, the data warnings and "Page N of M" on every page.
 *
 * Drawn in DejaVu Sans Condensed (as wide as Helvetica, so the columns keep their layout), embedded (subset) from `fonts/`: pdfkit's built-in Helvetica speaks only
 * WinAnsi, so "≥ TPQ" printed as ">=" and a Greek, Cyrillic or Polish name as "?". The font is
 * shipped with the code (its licence beside it) so a server never depends on the fonts of its host.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  compliance,
  formatReportCell,
  type ReportColumn,
  type ReportDocument,
  type ReportExplanation,
  type ReportRow,
  type ReportTable,
  type ReportTotal,
  toTableDate,
} from '@chemtrack/domain';
import PDFDocument from 'pdfkit';
import { SERVER_ROOT } from '../../../runtime/server-root.ts';

const MARGIN = 36;
const FOOTER_HEIGHT = 18;
const CELL_PADDING = 2;
const TABLE_FONT_SIZE = 7.5;
/** The smallest a cell's text shrinks to so that a figure or a word stays whole. */
const MIN_FONT_SIZE = 5.5;
const DETAIL_FONT_SIZE = 7;
const DETAIL_INDENT = 14;
const FONT_DIR = path.join(SERVER_ROOT, 'src/modules/reports/documents/fonts');
const FONT = 'DejaVuSansCondensed';
const BOLD = 'DejaVuSansCondensed-Bold';
// Read once: each document registers the same bytes and embeds only the glyphs it uses.
const FONT_FILES = {
  [FONT]: readFileSync(path.join(FONT_DIR, 'DejaVuSansCondensed.ttf')),
  [BOLD]: readFileSync(path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf')),
};

/**
 * Unicode blocks DejaVu Sans draws in full: Latin with its extensions, IPA, Greek, Cyrillic,
 * Armenian, Latin Extended Additional, Greek Extended, punctuation, currency, letterlike symbols,
 * arrows, mathematical operators, box drawing and geometric shapes.
 */
const DRAWN_BLOCKS: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x58f],
  [0x1e00, 0x1fff],
  [0x2000, 0x22ff],
  [0x2500, 0x25ff],
];

/** Printable ASCII only: already what the font draws, and unchanged by NFC. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Text the embedded font can draw: tabs and line breaks as spaces, anything else outside it "?". */
export function pdfText(text: string): string {
  // Most of a report's text (figures, CAS numbers, names): returned as it is, without the loop.
  if (PLAIN_ASCII.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (DRAWN_BLOCKS.some(([low, high]) => code >= low && code <= high)) out += char;
    else if (char === '\n' || char === '\t' || char === '\r') out += ' ';
    else out += '?';
  }
  return out;
}

/** Generation time as the header prints it: "2026-11-23 15:06 UTC". */
function formatTimestamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** How much of the table's width a column takes: names and lists of names wider than figures. */
function columnWeight(column: ReportColumn): number {
  if (column.kind === 'flag') return 0.95;
  // Amounts reach seven digits with separators and decimals ("1,596,376.60").
  if (column.kind === 'pounds' || column.kind === 'gallons' || column.kind === 'amount') return 1.25;
  if (column.kind !== 'text') return 1;
  return /name|categor|locations|chemicals|notify|qualifier|count_basis|form_a/.test(column.key) ? 2 : 1.1;
}

function contributionLine(c: ReportExplanation['contributions'][number]): string {
  const where = c.location_stored ? ` at ${c.location_stored}` : '';
  const state = c.physical_state ? `, ${c.physical_state}` : '';
  return (
    `${c.product_name} (line ${c.inventory_product_id})${where}${state}, ${c.container}: ` +
    `${compliance.formatPounds(c.line_pounds)} lb × ${compliance.formatPercent(c.percent_weight)}%` +
    `${c.percent_range ? ` (SDS ${c.percent_range})` : ''} = ` +
    `${compliance.formatPounds(c.pounds_contributed)} lb [${c.pounds_basis}]`
  );
}

function exclusionLine(e: ReportExplanation['excluded'][number]): string {
  const where = e.location_stored ? ` at ${e.location_stored}` : '';
  return `Not counted: ${e.product_name} (line ${e.inventory_product_id})${where}: ${e.reason}`;
}

/** The lines printed under a row: its rule text, and for a reported or near figure where it came from. */
function detailLines(row: ReportRow): { text: string; bold?: boolean }[] {
  const lines: { text: string; bold?: boolean }[] = [];
  const { explanation } = row;
  const full = row.reported === true || row.near_threshold;
  if (explanation) {
    lines.push({
      text: `${explanation.rule_text}${row.near_threshold ? ' (near threshold: within 10% below)' : ''}`,
      bold: true,
    });
    if (full) {
      if (explanation.contributions.length > 0) lines.push({ text: 'Contributing products:' });
      for (const c of explanation.contributions) lines.push({ text: `  ${contributionLine(c)}` });
      for (const e of explanation.excluded) lines.push({ text: `  ${exclusionLine(e)}` });
    } else if (explanation.contributions.length > 0) {
      lines.push({
        text: `${explanation.contributions.length} contributing line(s); see the preview or the spreadsheet.`,
      });
    }
    for (const note of explanation.notes) lines.push({ text: note });
  }
  if (full || !explanation) for (const detail of row.details) lines.push({ text: detail });
  return lines;
}

/** Information warnings by code and CAS: "Water 7732-18-5: CAS is on none of the reference lists (3 lines: …)". */
function groupInfo(warnings: ReportDocument['warnings']): string[] {
  const groups = new Map<string, { head: string; lines: string[] }>();
  for (const warning of warnings) {
    if (warning.severity !== 'info') continue;
    const key = `${warning.code} ${warning.cas_number ?? ''}`;
    const group = groups.get(key) ?? {
      head: `${warning.component_name ?? ''} ${warning.cas_number ?? ''}`.trim(),
      lines: [],
    };
    const where = warning.location_stored ? ` at ${warning.location_stored}` : '';
    group.lines.push(`${warning.product_name}${where} (line ${warning.inventory_product_id})`);
    groups.set(key, group);
  }
  return [...groups.entries()].map(([key, group]) => {
    const detail = key.startsWith('cas_not_listed')
      ? 'CAS is on none of the reference lists'
      : key.split(' ')[0];
    const shown = group.lines.slice(0, 5).join('; ');
    const more = group.lines.length > 5 ? `; and ${group.lines.length - 5} more` : '';
    return `${group.head}: ${detail} (${group.lines.length} line(s): ${shown}${more})`;
  });
}

/** The parts of pdfkit's embedded font the caches wrap (not in its type definitions). */
interface EmbeddedFontParts {
  layout(text: string, features: unknown, onlyWidth: boolean): { advanceWidth: number };
  widthOfString(text: string, size: number, features?: unknown): number;
  encode(text: string, features?: unknown): unknown;
  cached?: true;
}

/**
 * pdfkit lays a string's glyphs out again at every call: a cell is measured up to five times
 * (its size, its height, whether it wraps, then twice while drawn) and encoded once, and a
 * report repeats the same texts (figures, units, names) thousands of times; the profile of a
 * 2,000-line report spent a third of its time there. Both results depend only on the font and
 * the text, so each font keeps them (calls with OpenType features go through as before), and the
 * width is scaled with pdfkit's own arithmetic: the file is the same, byte for byte.
 * `encode` also adds the glyphs to the font's subset, which the first call of a text has done.
 */
/** Texts longer than this are encoded every time (see `cacheFontWork`). */
const ENCODE_CACHE_MAX_LENGTH = 48;

function cacheFontWork(doc: PDFKit.PDFDocument) {
  const parts = doc as unknown as { _font: EmbeddedFontParts | null; font(...args: unknown[]): unknown };
  const selectFont = parts.font.bind(doc);
  parts.font = (...args: unknown[]) => {
    const result = selectFont(...args);
    const font = parts._font;
    if (font && !font.cached) {
      font.cached = true;
      const widths = new Map<string, number>();
      const widthOfString = font.widthOfString.bind(font);
      font.widthOfString = (text, size, features) => {
        if (features) return widthOfString(text, size, features);
        let width = widths.get(text);
        if (width === undefined) {
          width = font.layout(text, undefined, true).advanceWidth;
          widths.set(text, width);
        }
        return width * (size / 1000);
      };
      const encoded = new Map<string, unknown>();
      const encode = font.encode.bind(font);
      font.encode = (text, features) => {
        // Long texts (detail lines, notes) seldom repeat: kept, they would only hold memory.
        if (features || text.length > ENCODE_CACHE_MAX_LENGTH) return encode(text, features);
        let result = encoded.get(text);
        if (result === undefined) {
          result = encode(text);
          encoded.set(text, result);
        }
        return result;
      };
    }
    return result;
  };
}

class ReportPdf {
  readonly doc: PDFKit.PDFDocument;
  private y = MARGIN;

  constructor(
    private readonly report: ReportDocument,
    private readonly options: ReportPdfOptions = {},
  ) {
    this.doc = new PDFDocument({
      size: 'LETTER',
      layout: 'landscape',
      // The footer's band is part of the bottom margin, so text that runs on breaks above it.
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
      // Kept until the end so each page's footer can say how many pages there are.
      bufferPages: true,
      info: {
        Title: pdfText(`${report.name} - ${report.customer.name} - ${report.year}`),
        Author: 'ChemTrack',
        Subject: pdfText(report.title),
      },
    });
    for (const [name, bytes] of Object.entries(FONT_FILES)) this.doc.registerFont(name, bytes);
    if (this.options.cacheFontWork !== false) cacheFontWork(this.doc);
  }

  private get left() {
    return MARGIN;
  }

  private get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom() {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** A new page when `height` does not fit below the cursor; true when one was added. */
  private ensure(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage();
    this.y = MARGIN;
    return true;
  }

  private paragraph(
    text: string,
    options: { size?: number; bold?: boolean; indent?: number; gap?: number } = {},
  ) {
    const { size = 9, bold = false, indent = 0, gap = 2 } = options;
    const width = this.width - indent;
    const safe = pdfText(text);
    this.doc.font(bold ? BOLD : FONT).fontSize(size);
    // Laid out once: the first line must fit here, and pdfkit carries a long paragraph on to the
    // next page itself (measuring first and drawing after doubled the time of a large report).
    const line = this.doc.currentLineHeight(true);
    this.ensure(line);
    if (this.doc.widthOfString(safe) <= width) {
      // One line (most detail lines): no line wrapper, the largest cost of a long report.
      this.doc.text(safe, this.left + indent, this.y, { lineBreak: false });
      this.y += line + gap;
      return;
    }
    this.doc.text(safe, this.left + indent, this.y, { width });
    this.y = this.doc.y + gap;
  }

  private header() {
    const r = this.report;
    this.paragraph(r.title, { size: 15, bold: true, gap: 4 });
    this.paragraph(`Report: ${r.name}`, { size: 9 });
    this.paragraph(`Customer: ${r.customer.name}`, { bold: true });
    this.paragraph(`Facility: ${r.facility.name}${r.facility.address ? `, ${r.facility.address}` : ''}`, {
      bold: true,
    });
    this.paragraph(`Reporting year: ${r.year}`, { bold: true });
    this.paragraph(`Generated: ${formatTimestamp(r.generated_at)}`);
    for (const item of r.header) this.paragraph(`${item.label}: ${item.value}`, { bold: true });
    const lists = r.lists_used
      .map(
        (list) =>
          `${list.label} uploaded ${list.uploaded_at ? toTableDate(list.uploaded_at) : 'never (not uploaded)'}`,
      )
      .join('; ');
    this.paragraph(`Reference lists used: ${lists || 'none'}`);
    // A report with units of its own (the fire code's cubic feet) prints them in its header instead.
    if (!r.header.some((item) => item.label === 'Units')) {
      this.paragraph(
        'Units: pounds (lb) and US gallons (gal); liquids converted by pounds per gallon or specific gravity × 8.34.',
      );
    }
    if (r.is_screening) {
      this.paragraph(
        'SCREENING: figures stand in for data the rule needs (see the notes); not a final determination.',
        {
          bold: true,
        },
      );
    }
    this.y += 4;
    this.paragraph('Rule applied', { size: 10, bold: true });
    this.paragraph(r.rule, { size: 8.5, gap: 4 });
    if (r.notes.length > 0) {
      this.paragraph('Notes', { size: 10, bold: true });
      for (const note of r.notes) this.paragraph(`• ${note}`, { size: 8.5, indent: 6 });
    }
    this.y += 6;
  }

  private columnWidths(table: ReportTable): number[] {
    const weights = table.columns.map(columnWeight);
    const sum = weights.reduce((a, b) => a + b, 0);
    return weights.map((weight) => (weight / sum) * this.width);
  }

  /** Whether a cell's text fits on one line: most figures do, and skip the line wrapper. */
  private fitsOneLine(text: string, width: number): boolean {
    return this.doc.widthOfString(text) <= width - 2 * CELL_PADDING;
  }

  /**
   * The size each cell is drawn at: the table's, or smaller until the cell's unbreakable part fits
   * its column: the whole of a figure, code, flag or CAS number ("15,950.\n00" split over two
   * lines reads as two numbers), the longest word of a text (never "Threshol\nd").
   */
  private cellSizes(texts: string[], widths: number[], font: string, wraps: boolean[]): number[] {
    this.doc.font(font).fontSize(TABLE_FONT_SIZE);
    return texts.map((text, i) => {
      const room = (widths[i] ?? 0) - 2 * CELL_PADDING;
      const words = wraps[i] ? text.split(' ') : [text];
      const widest = Math.max(0, ...words.map((word) => this.doc.widthOfString(word)));
      if (widest <= room) return TABLE_FONT_SIZE;
      return Math.max(MIN_FONT_SIZE, Math.floor(((TABLE_FONT_SIZE * room) / widest) * 10) / 10);
    });
  }

  private rowHeight(
    texts: string[],
    widths: number[],
    font: string,
    sizes: number[],
    wraps: boolean[],
  ): number {
    this.doc.font(font).fontSize(TABLE_FONT_SIZE);
    const line = this.doc.currentLineHeight(true);
    const heights = texts.map((text, i) => {
      const width = widths[i] ?? 0;
      this.doc.fontSize(sizes[i] ?? TABLE_FONT_SIZE);
      return !wraps[i] || this.fitsOneLine(text, width)
        ? line
        : this.doc.heightOfString(text, { width: width - 2 * CELL_PADDING });
    });
    return Math.max(line, ...heights) + 2 * CELL_PADDING;
  }

  private cells(
    texts: string[],
    widths: number[],
    font: string,
    fill: string | null,
    layout: { height: number; sizes: number[]; wraps: boolean[] },
  ) {
    const { height, sizes, wraps } = layout;
    if (fill) this.doc.save().rect(this.left, this.y, this.width, height).fill(fill).restore();
    this.doc.font(font).fillColor('black');
    let x = this.left;
    texts.forEach((text, i) => {
      const width = widths[i] ?? 0;
      if (text !== '') {
        this.doc.fontSize(sizes[i] ?? TABLE_FONT_SIZE);
        const options =
          !wraps[i] || this.fitsOneLine(text, width)
            ? { lineBreak: false }
            : { width: width - 2 * CELL_PADDING };
        this.doc.text(text, x + CELL_PADDING, this.y + CELL_PADDING, options);
      }
      x += width;
    });
    this.doc
      .save()
      .moveTo(this.left, this.y + height)
      .lineTo(this.left + this.width, this.y + height)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke()
      .restore();
    this.y += height;
  }

  private tableHeader(table: ReportTable, widths: number[]) {
    const texts = table.columns.map((column) => pdfText(column.label));
    const wraps = texts.map(() => true);
    const sizes = this.cellSizes(texts, widths, BOLD, wraps);
    const height = this.rowHeight(texts, widths, BOLD, sizes, wraps);
    this.ensure(height + 12);
    this.cells(texts, widths, BOLD, '#e6e6e6', { height, sizes, wraps });
  }

  private table(table: ReportTable) {
    this.paragraph(table.title, { size: 11, bold: true, gap: 3 });
    const widths = this.columnWidths(table);
    this.tableHeader(table, widths);
    if (table.rows.length === 0) this.paragraph('None.', { size: 8.5 });
    const wraps = table.columns.map((column) => column.kind === 'text' && column.key !== 'cas_number');
    for (const row of table.rows) {
      const texts = table.columns.map((column) =>
        pdfText(formatReportCell(row.cells[column.key] ?? null, column.kind)),
      );
      const font = row.reported === true ? BOLD : FONT;
      const sizes = this.cellSizes(texts, widths, font, wraps);
      const height = this.rowHeight(texts, widths, font, sizes, wraps);
      if (this.ensure(height)) this.tableHeader(table, widths);
      this.cells(texts, widths, font, row.reported === true ? '#fff4cc' : null, { height, sizes, wraps });
      for (const line of detailLines(row)) {
        this.paragraph(line.text, {
          size: DETAIL_FONT_SIZE,
          bold: line.bold ?? false,
          indent: DETAIL_INDENT,
          gap: 0.5,
        });
      }
      this.y += 2;
    }
    this.totals(table.totals);
    this.y += 8;
  }

  private totals(totals: ReportTotal[]) {
    if (totals.length === 0) return;
    // The heading and its figures on one page.
    this.ensure((totals.length + 1) * 12);
    this.y += 3;
    this.paragraph('Totals', { size: 9, bold: true, gap: 1 });
    for (const item of totals) {
      const unit = item.kind === 'pounds' ? ' lb' : item.kind === 'gallons' ? ' gal' : '';
      this.paragraph(`${item.label}: ${formatReportCell(item.value, item.kind)}${unit}`, {
        size: 8.5,
        indent: 6,
        gap: 0.5,
      });
    }
  }

  private warnings() {
    const { warnings } = this.report;
    this.paragraph(`Data warnings (${warnings.length})`, { size: 11, bold: true, gap: 3 });
    if (warnings.length === 0) {
      this.paragraph('None: every line and component could be used.', { size: 8.5 });
      return;
    }
    const style = { size: DETAIL_FONT_SIZE + 0.5, indent: 6, gap: 0.5 };
    for (const warning of warnings) {
      if (warning.severity !== 'info') this.paragraph(`Warning: ${warning.message}`, style);
    }
    // Facts, not faults (water is on no list): one line per CAS, however many lines hold it.
    for (const info of groupInfo(warnings)) this.paragraph(`Info: ${info}`, style);
  }

  private footers() {
    const range = this.doc.bufferedPageRange();
    const label = pdfText(`${this.report.name} - ${this.report.customer.name} - ${this.report.year}`);
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      // Writing below the bottom margin would start a new page: the footer sits in the margin.
      const { margins } = this.doc.page;
      const bottom = margins.bottom;
      margins.bottom = 0;
      const y = this.doc.page.height - MARGIN - FOOTER_HEIGHT + 6;
      this.doc.font(FONT).fontSize(7.5).fillColor('#444444');
      this.doc.text(label, this.left, y, { width: this.width * 0.7, lineBreak: false });
      this.doc.text(`Page ${i + 1} of ${range.count}`, this.left, y, { width: this.width, align: 'right' });
      margins.bottom = bottom;
    }
  }

  draw(): PDFKit.PDFDocument {
    this.header();
    for (const table of this.report.tables) this.table(table);
    this.warnings();
    this.footers();
    this.doc.end();
    return this.doc;
  }
}

export interface ReportPdfOptions {
  /**
   * Off only in the test that proves the cache reaches into pdfkit's private font without
   * changing a byte of the file (`cacheFontWork` patches `_font`'s width and encoding calls).
   */
  cacheFontWork?: boolean;
}

/** The report as a PDF stream, ready to send: drawn in full, then flushed as the client reads. */
export function reportPdf(report: ReportDocument, options?: ReportPdfOptions): PDFKit.PDFDocument {
  return new ReportPdf(report, options).draw();
}
