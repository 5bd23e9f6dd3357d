/**
 * Any report as a PDF (issue 11), its pages laid out: the header of rules §0.6 (customer, facility
 * with address, year, generation time, the upload date of each list used), the rule in one
 * paragraph, the notes, each table with the contributing lines under each reported or
 * near-threshold figure, the totals, a Tier II file's changes since the previous year, the data
 * warnings and "Page N of M" on every page. The sentences are `report-sentences.ts`'s; the text
 * reaches the page through the text engine (`pdf-text-engine.ts`, which relies on pdfkit's private
 * parts), everything else through pdfkit's public drawing calls.
 */
import {
  compliance,
  formatReportCell,
  type ReportCell,
  type ReportChanges,
  type ReportColumn,
  type ReportDocument,
  type ReportTable,
  type ReportTotal,
  yearChangesHeading,
} from '@chemtrack/domain';
import PDFDocument from 'pdfkit';
import { BOLD_FONT, pdfText, REGULAR_FONT } from './pdf-fonts.ts';
import { PdfTextEngine, type PdfTextEngineOptions } from './pdf-text-engine.ts';
import {
  detailLines,
  headerLines,
  NO_WARNINGS_LINE,
  pageNumberLine,
  reportLabel,
  totalLine,
  warningLines,
  warningsHeading,
  yearChangeLines,
} from './report-sentences.ts';

const MARGIN = 36;
const FOOTER_HEIGHT = 18;
const CELL_PADDING = 2;
const TABLE_FONT_SIZE = 7.5;
/** The smallest a cell's text shrinks to so that a figure or a word stays whole. */
const MIN_FONT_SIZE = 5.5;
const DETAIL_FONT_SIZE = 7;
const DETAIL_INDENT = 14;

/**
 * A cell as the PDF prints it. An undetermined verdict in a flag column prints "cannot be
 * determined" alone: the narrow column cannot hold "determined:" whole even at the smallest size,
 * and the input it lacks stands in the amount cells beside it, the header and the row's note
 * (issue 33); the preview and the spreadsheet keep the whole text.
 */
function cellText(value: ReportCell | undefined, column: ReportColumn): string {
  const text = formatReportCell(value ?? null, column.kind);
  return column.kind === 'flag' && text.startsWith(`${compliance.CANNOT_BE_DETERMINED}: `)
    ? compliance.CANNOT_BE_DETERMINED
    : text;
}

/** How much of the table's width a column takes: names and lists of names wider than figures. */
function columnWeight(column: ReportColumn): number {
  if (column.kind === 'flag') return 0.95;
  // Amounts reach seven digits with separators and decimals ("1,596,376.60").
  if (column.kind === 'pounds' || column.kind === 'gallons' || column.kind === 'amount') return 1.25;
  if (column.kind !== 'text') return 1;
  return /name|categor|locations|chemicals|notify|qualifier|count_basis|form_a/.test(column.key) ? 2 : 1.1;
}

class ReportPdf {
  readonly doc: PDFKit.PDFDocument;
  private readonly engine: PdfTextEngine;
  private y = MARGIN;

  constructor(
    private readonly report: ReportDocument,
    options: ReportPdfOptions = {},
  ) {
    this.doc = new PDFDocument({
      size: 'LETTER',
      layout: 'landscape',
      // The footer's band is part of the bottom margin, so text that runs on breaks above it.
      margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
      // Kept until the end so each page's footer can say how many pages there are.
      bufferPages: true,
      info: {
        Title: pdfText(reportLabel(report)),
        Author: 'ChemTrack',
        Subject: pdfText(report.title),
      },
    });
    this.engine = new PdfTextEngine(this.doc, options);
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
    this.doc.font(bold ? BOLD_FONT : REGULAR_FONT).fontSize(size);
    // Laid out once: the first line must fit here, and pdfkit carries a long paragraph on to the
    // next page itself (measuring first and drawing after doubled the time of a large report).
    const line = this.doc.currentLineHeight(true);
    this.ensure(line);
    if (this.doc.widthOfString(safe) <= width) {
      // One line (most detail lines): no line wrapper, the largest cost of a long report.
      this.engine.line(safe, this.left + indent, this.y);
      this.y += line + gap;
      return;
    }
    this.doc.text(safe, this.left + indent, this.y, { width });
    this.y = this.doc.y + gap;
  }

  private header() {
    const r = this.report;
    this.paragraph(r.title, { size: 15, bold: true, gap: 4 });
    for (const line of headerLines(r)) this.paragraph(line.text, { bold: line.bold ?? false });
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

  /**
   * How a row's cells are drawn: each at the table's size, or smaller until the cell's unbreakable
   * part fits its column: the whole of a figure, code, flag or CAS number ("15,950.\n00" split
   * over two lines reads as two numbers), the longest word of a text (never "Threshol\nd"); on one
   * line when it fits (most cells: no line wrapper), else wrapped to the column; and the row's
   * height. Each cell is measured once at the table's size (a text that fits whole has no wider
   * word) and again only when it shrinks or wraps.
   */
  private rowLayout(texts: string[], widths: number[], font: string, wraps: boolean[]): RowLayout {
    const doc = this.doc;
    doc.font(font).fontSize(TABLE_FONT_SIZE);
    const line = doc.currentLineHeight(true);
    const sizes: number[] = [];
    const oneLine: boolean[] = [];
    let height = line;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] ?? '';
      const room = (widths[i] ?? 0) - 2 * CELL_PADDING;
      const whole = doc.widthOfString(text);
      let size = TABLE_FONT_SIZE;
      if (whole > room) {
        const widest = wraps[i]
          ? Math.max(0, ...text.split(' ').map((word) => doc.widthOfString(word)))
          : whole;
        if (widest > room)
          size = Math.max(MIN_FONT_SIZE, Math.floor(((TABLE_FONT_SIZE * room) / widest) * 10) / 10);
      }
      sizes.push(size);
      if (!wraps[i] || whole <= room) {
        oneLine.push(true);
        continue;
      }
      doc.fontSize(size);
      const fits = doc.widthOfString(text) <= room;
      oneLine.push(fits);
      if (!fits) height = Math.max(height, doc.heightOfString(text, { width: room }));
      doc.fontSize(TABLE_FONT_SIZE);
    }
    return { height: height + 2 * CELL_PADDING, sizes, oneLine };
  }

  private cells(texts: string[], widths: number[], font: string, fill: string | null, layout: RowLayout) {
    const { height, sizes, oneLine } = layout;
    if (fill) this.doc.save().rect(this.left, this.y, this.width, height).fill(fill).restore();
    this.doc.font(font).fillColor('black');
    let x = this.left;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] ?? '';
      const width = widths[i] ?? 0;
      if (text !== '') {
        this.doc.fontSize(sizes[i] ?? TABLE_FONT_SIZE);
        if (oneLine[i]) this.engine.line(text, x + CELL_PADDING, this.y + CELL_PADDING);
        else
          this.doc.text(text, x + CELL_PADDING, this.y + CELL_PADDING, { width: width - 2 * CELL_PADDING });
      }
      x += width;
    }
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
    const layout = this.rowLayout(
      texts,
      widths,
      BOLD_FONT,
      texts.map(() => true),
    );
    this.ensure(layout.height + 12);
    this.cells(texts, widths, BOLD_FONT, '#e6e6e6', layout);
  }

  private table(table: ReportTable) {
    this.paragraph(table.title, { size: 11, bold: true, gap: 3 });
    const widths = this.columnWidths(table);
    this.tableHeader(table, widths);
    if (table.rows.length === 0) this.paragraph('None.', { size: 8.5 });
    const textColumns = table.columns.map((column) => column.kind === 'text' && column.key !== 'cas_number');
    for (const row of table.rows) {
      const texts = table.columns.map((column) => pdfText(cellText(row.cells[column.key], column)));
      // A figure, flag or threshold column holding words ("cannot be determined: …", issue 33)
      // wraps inside its cell like a text column, never running on over the next ones.
      const wraps = table.columns.map(
        (column, i) =>
          textColumns[i] || (typeof row.cells[column.key] === 'string' && /\s/.test(texts[i] ?? '')),
      );
      const font = row.reported === true ? BOLD_FONT : REGULAR_FONT;
      const layout = this.rowLayout(texts, widths, font, wraps);
      if (this.ensure(layout.height)) this.tableHeader(table, widths);
      this.cells(texts, widths, font, row.reported === true ? '#fff4cc' : null, layout);
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
    for (const item of totals) this.paragraph(totalLine(item), { size: 8.5, indent: 6, gap: 0.5 });
  }

  /** A Tier II file's "Changes since {year}" (issue 36), after the tables, before the data warnings. */
  private yearChanges(changes: ReportChanges) {
    // The heading with its first lines on one page.
    this.ensure(48);
    this.paragraph(yearChangesHeading(changes), { size: 11, bold: true, gap: 3 });
    for (const line of yearChangeLines(changes)) {
      if (line.bold) this.paragraph(line.text, { size: 9, bold: true, gap: 1 });
      else this.paragraph(line.text, { size: 8.5, indent: 6, gap: 0.5 });
    }
    this.y += 8;
  }

  private warnings() {
    const { warnings } = this.report;
    this.paragraph(warningsHeading(warnings), { size: 11, bold: true, gap: 3 });
    if (warnings.length === 0) {
      this.paragraph(NO_WARNINGS_LINE, { size: 8.5 });
      return;
    }
    const style = { size: DETAIL_FONT_SIZE + 0.5, indent: 6, gap: 0.5 };
    for (const line of warningLines(warnings)) this.paragraph(line, style);
  }

  private footers() {
    const range = this.doc.bufferedPageRange();
    const label = pdfText(reportLabel(this.report));
    for (let i = 0; i < range.count; i++) {
      this.engine.reopen(this.doc.switchToPage(range.start + i));
      // Writing below the bottom margin would start a new page: the footer sits in the margin.
      const { margins } = this.doc.page;
      const bottom = margins.bottom;
      margins.bottom = 0;
      const y = this.doc.page.height - MARGIN - FOOTER_HEIGHT + 6;
      this.doc.font(REGULAR_FONT).fontSize(7.5).fillColor('#444444');
      this.doc.text(label, this.left, y, { width: this.width * 0.7, lineBreak: false });
      this.doc.text(pageNumberLine(i + 1, range.count), this.left, y, { width: this.width, align: 'right' });
      margins.bottom = bottom;
    }
  }

  draw(): PDFKit.PDFDocument {
    this.header();
    for (const table of this.report.tables) this.table(table);
    if (this.report.changes) this.yearChanges(this.report.changes);
    this.warnings();
    this.footers();
    this.engine.flush();
    this.doc.end();
    return this.doc;
  }
}

/** A table row as `ReportPdf.rowLayout` measured it: its height, and each cell's size and whether it is one line. */
interface RowLayout {
  height: number;
  sizes: number[];
  oneLine: boolean[];
}

export type ReportPdfOptions = PdfTextEngineOptions;

/** The report as a PDF stream, ready to send: drawn in full, then flushed as the client reads. */
export function reportPdf(report: ReportDocument, options?: ReportPdfOptions): PDFKit.PDFDocument {
  return new ReportPdf(report, options).draw();
}
