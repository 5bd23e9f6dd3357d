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
import { deflateSync } from 'node:zlib';
import {
  compliance,
  formatReportCell,
  groupInfoWarnings,
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
 * The fonts as fontkit parsed them, by name, kept by the process: pdfkit parses a registered
 * font's bytes again for every document, and fontkit decodes its tables (cmap, metrics, the
 * substitution and positioning lookups) lazily on first use, which was about a tenth of a report
 * worker's drawing time. A parsed font is read-only to pdfkit (each document makes its own
 * subset of it), so documents share it.
 */
const parsedFonts = new Map<string, unknown>();

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
/** Only characters of `DRAWN_BLOCKS` (no surrogate: a character beyond them is never drawn). */
const ALL_DRAWN = /^[\x20-\x7e\xa0-\u058f\u1e00-\u1fff\u2000-\u22ff\u2500-\u25ff]*$/;

/** Text the embedded font can draw: tabs and line breaks as spaces, anything else outside it "?". */
export function pdfText(text: string): string {
  // Most of a report's text (figures, CAS numbers, names): returned as it is, without the loop.
  if (PLAIN_ASCII.test(text)) return text;
  const normalized = text.normalize('NFC');
  // Every contributing line has a "×": drawn as it is, without a string built a character at a time.
  if (ALL_DRAWN.test(normalized)) return normalized;
  let out = '';
  for (const char of normalized) {
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
  return groupInfoWarnings(warnings).map((group) => {
    const shown = group.lines
      .map((line) => {
        const where = line.location_stored ? ` at ${line.location_stored}` : '';
        return `${line.product_name}${where} (line ${line.inventory_product_id})`;
      })
      .join('; ');
    const more = group.count > group.lines.length ? `; and ${group.count - group.lines.length} more` : '';
    const head = `${group.component_name} ${group.cas_number}`.trim();
    return `${head}: ${group.message} (${group.count} line(s): ${shown}${more})`;
  });
}

/** A glyph as fontkit lays it out (the fields pdfkit's `encode` reads). */
interface LaidGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

/** The parts of pdfkit's embedded font the caches wrap (not in its type definitions). */
interface EmbeddedFontParts {
  layoutRun(text: string): { glyphs: LaidGlyph[]; positions: unknown[]; advanceWidth: number };
  widthOfString(text: string, size: number, features?: unknown): number;
  encode(text: string, features?: unknown): [string[], unknown[]];
  subset: { includeGlyph(id: number): number };
  widths: (number | undefined)[];
  unicode: (number[] | undefined)[];
  scale: number;
  name: string;
  cached?: true;
  /** Set by `cacheFontWork`: the `TJ` of a text, as `ReportPdf.textShown` would build it. */
  shown?: (text: string) => string | null;
}

/** One word's layout as pdfkit would find it: the font file's, the same in every document. */
interface WordLayout {
  advanceWidth: number;
  positions: unknown[];
  glyphs: LaidGlyph[];
}

/** A word in one document: its layout, and its glyphs' codes in that document's subset once drawn. */
interface WordWork {
  advanceWidth: number;
  positions: unknown[];
  glyphs: LaidGlyph[];
  hex: string[] | null;
  pieces: WordPieces | null;
}

/**
 * A word's codes as `TJ` pieces: each closed one ends with a kerned glyph and its adjustment, the
 * open rest joins the next word's first piece; `offset` when a glyph leaves its baseline.
 */
interface WordPieces {
  closed: { hex: string; adjust: string }[];
  open: string;
  offset: boolean;
}

/**
 * Word layouts and short texts' widths per font (by PostScript name), kept by the process between
 * documents: a layout depends only on the font file, and a report worker draws report after report
 * of the same facility, whose names, units and figures repeat (fontkit laying out a word met the
 * first time was 14 % of a 304's drawing). Only the glyph codes, which depend on the order glyphs
 * joined a document's subset, stay per document.
 */
const fontWork = new Map<string, { words: Map<string, WordLayout>; widths: Map<string, number> }>();

/**
 * Words kept per font before the cache starts again: the inventory index has ~100,000 distinct
 * figures, and pdfkit's own per-word cache (which this one replaces) kept every one of them.
 */
const WORD_CACHE_MAX = 20_000;
/** Texts up to this length also keep their whole width: a table cell is measured several times. */
const TEXT_CACHE_MAX_LENGTH = 48;

/**
 * pdfkit's words as `EmbeddedFont.layout` cuts them: each ends after a space or a tab, the rest is
 * the last. Width and glyphs of a text are those of its words in this order.
 */
function forEachWord(text: string, visit: (word: string) => void): void {
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9) {
      visit(text.slice(last, i + 1));
      last = i + 1;
    }
  }
  if (last < text.length) visit(text.slice(last));
}

/** A text pdfkit lays out as one word: no space or tab but maybe a last one. */
function isOneWord(text: string): boolean {
  const last = text.length - 1;
  const space = text.indexOf(' ');
  const tab = text.indexOf('\t');
  return last >= 0 && (space === -1 || space === last) && (tab === -1 || tab === last);
}

/** A number as pdfkit writes it in an operator (`PDFObject.number`). */
function pdfNumber(n: number): string {
  return `${Math.round(n * 1e6) / 1e6}`;
}

/** A glyph's place as fontkit lays it out, in font units. */
interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** What `ReportPdf.line` reads of pdfkit's current font. */
interface ShownFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], unknown[]];
  ref(): unknown;
  shown?: (text: string) => string | null;
}

/** The parts of a pdfkit stream object `deflateFast` reaches (not in its type definitions). */
interface StreamParts {
  compress: boolean;
  buffer: Uint8Array[];
  finalize(): void;
  fastDeflate?: true;
}

/**
 * A page's drawing compressed at zlib's level 1 rather than pdfkit's default 6: a report's pages
 * are long runs of text operators, which level 1 compresses to about 13 % more bytes in a third of
 * the time (the inventory index's 11 MB of operators: 150 → 48 ms, 1.12 → 1.27 MB). The stream
 * is the same to a reader (FlateDecode either way).
 */
function deflateFast(content: unknown) {
  const stream = content as StreamParts;
  if (stream.fastDeflate || !stream.compress) return;
  stream.fastDeflate = true;
  const finalize = stream.finalize.bind(stream);
  stream.finalize = () => {
    if (stream.buffer.length > 0) {
      // pdfkit set the FlateDecode filter when the operators were written.
      stream.buffer = [deflateSync(Buffer.concat(stream.buffer), { level: 1 })];
      stream.compress = false;
    }
    finalize();
  };
}

/**
 * pdfkit measures and encodes a text by laying out each of its words (cached per word), then
 * concatenating the words' glyph arrays one `concat` at a time and, to encode, turning every glyph
 * into its subset code again. A table cell is measured up to five times (its size, its height,
 * whether it wraps, then twice while drawn), a contributing line is a long text of twenty words,
 * and a report repeats the same words (figures, units, names) thousands of times: the profile of
 * a 2,000-line report spent half its drawing time there. Here each font keeps, per word, the
 * width and positions pdfkit's own layout gives and, once the word is drawn, its glyph codes, so a
 * text costs a lookup per word. Sums run in pdfkit's order with its arithmetic and a word's glyphs
 * join the font's subset when the word is first drawn, in the text's order, as pdfkit does: the
 * file is the same, byte for byte (calls with OpenType features go through to pdfkit).
 */
function cacheFontWork(doc: PDFKit.PDFDocument) {
  const parts = doc as unknown as { _font: EmbeddedFontParts | null; font(...args: unknown[]): unknown };
  const selectFont = parts.font.bind(doc);
  parts.font = (...args: unknown[]) => {
    const result = selectFont(...args);
    const font = parts._font;
    // Only an embedded font has a subset (the standard fonts pdfkit starts with measure otherwise).
    if (font && !font.cached && font.subset) {
      font.cached = true;
      let shared = fontWork.get(font.name);
      if (shared === undefined) {
        shared = { words: new Map(), widths: new Map() };
        fontWork.set(font.name, shared);
      }
      const layouts = shared.words;
      const texts = shared.widths;
      let words = new Map<string, WordWork>();
      const wordWork = (word: string): WordWork => {
        let work = words.get(word);
        if (work === undefined) {
          let layout = layouts.get(word);
          if (layout === undefined) {
            const run = font.layoutRun(word);
            // Plain copies of fontkit's glyphs: a kept fontkit glyph would keep its document's font.
            const glyphs = run.glyphs.map(({ id, advanceWidth, codePoints }) => ({
              id,
              advanceWidth,
              codePoints,
            }));
            layout = { advanceWidth: run.advanceWidth, positions: run.positions, glyphs };
            if (layouts.size >= WORD_CACHE_MAX) layouts.clear();
            layouts.set(word, layout);
          }
          work = { ...layout, hex: null, pieces: null };
          if (words.size >= WORD_CACHE_MAX) words = new Map();
          words.set(word, work);
        }
        return work;
      };
      const glyphCodes = (work: WordWork): string[] => {
        if (work.hex) return work.hex;
        const hex: string[] = [];
        for (const glyph of work.glyphs) {
          const gid = font.subset.includeGlyph(glyph.id);
          hex.push(`0000${gid.toString(16)}`.slice(-4));
          if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * font.scale;
          if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints;
        }
        work.hex = hex;
        return hex;
      };

      // A line measured is drawn next (`paragraph`): its words are looked up once for both.
      let lastWorksText = '';
      let lastWorks: WordWork[] = [];
      const worksOf = (text: string): WordWork[] => {
        if (text === lastWorksText) return lastWorks;
        const works: WordWork[] = [];
        if (isOneWord(text)) works.push(wordWork(text));
        else forEachWord(text, (word) => works.push(wordWork(word)));
        lastWorksText = text;
        lastWorks = works;
        return works;
      };

      /** A word's glyph codes cut where pdfkit's `_fragment` cuts a `TJ` (after a kerned glyph). */
      const piecesOf = (work: WordWork): WordPieces => {
        if (work.pieces) return work.pieces;
        const hex = glyphCodes(work);
        const closed: { hex: string; adjust: string }[] = [];
        let start = 0;
        let offset = false;
        for (let i = 0; i < work.positions.length; i++) {
          const position = work.positions[i] as GlyphPosition;
          if (position.xOffset || position.yOffset) offset = true;
          const kerning = position.xAdvance - position.advanceWidth;
          if (kerning !== 0) {
            closed.push({ hex: hex.slice(start, i + 1).join(''), adjust: pdfNumber(-kerning) });
            start = i + 1;
          }
        }
        work.pieces = { closed, open: hex.slice(start).join(''), offset };
        return work.pieces;
      };

      font.shown = (text) => {
        const commands: string[] = [];
        let open = '';
        for (const work of worksOf(text)) {
          const pieces = piecesOf(work);
          if (pieces.offset) return null;
          for (const piece of pieces.closed) {
            commands.push(`<${open}${piece.hex}> ${piece.adjust}`);
            open = '';
          }
          open += pieces.open;
        }
        // The last glyph is not kerned (else its piece is closed): pdfkit writes its advance, 0.
        if (open !== '') commands.push(`<${open}> 0`);
        return commands.length > 0 ? `[${commands.join(' ')}] TJ` : '';
      };

      // A long line (a contributing line, a note) is measured by us, then twice by pdfkit drawing it.
      let lastText = '';
      let lastWidth = 0;
      const widthOfString = font.widthOfString.bind(font);
      font.widthOfString = (text, size, features) => {
        if (features) return widthOfString(text, size, features);
        if (text === lastText) return lastWidth * (size / 1000);
        let width = text.length <= TEXT_CACHE_MAX_LENGTH ? texts.get(text) : undefined;
        if (width === undefined) {
          let sum = 0;
          for (const work of worksOf(text)) sum += work.advanceWidth;
          width = sum;
          if (text.length <= TEXT_CACHE_MAX_LENGTH) {
            if (texts.size >= WORD_CACHE_MAX) texts.clear();
            texts.set(text, width);
          }
        }
        lastText = text;
        lastWidth = width;
        return width * (size / 1000);
      };

      const encode = font.encode.bind(font);
      font.encode = (text, features) => {
        if (features) return encode(text, features);
        // pdfkit only reads what `encode` returns, so a word's own arrays can be handed out.
        if (isOneWord(text)) {
          const work = wordWork(text);
          return [glyphCodes(work), work.positions];
        }
        const hex: string[] = [];
        const positions: unknown[] = [];
        forEachWord(text, (word) => {
          const work = wordWork(word);
          for (const code of glyphCodes(work)) hex.push(code);
          for (const position of work.positions) positions.push(position);
        });
        return [hex, positions];
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
    for (const [name, bytes] of Object.entries(FONT_FILES)) {
      // pdfkit takes a parsed font as well as its bytes (`PDFFontFactory.open`); its type says bytes.
      const parsed = parsedFonts.get(name) as Buffer | undefined;
      this.doc.registerFont(name, parsed ?? bytes);
    }
    this.keepParsedFonts();
    if (this.options.cacheFontWork !== false) cacheFontWork(this.doc);
    this.batchOperators();
    this.sendPagesAsDrawn();
  }

  /** The first document of the process leaves its parsed fonts for the next ones. */
  private keepParsedFonts() {
    const parts = this.doc as unknown as {
      _font: { font: unknown } | null;
      font(...args: unknown[]): unknown;
    };
    const selectFont = parts.font.bind(this.doc);
    parts.font = (...args: unknown[]) => {
      const result = selectFont(...args);
      const [name] = args;
      if (typeof name === 'string' && name in FONT_FILES && !parsedFonts.has(name) && parts._font)
        parsedFonts.set(name, parts._font.font);
      return result;
    };
  }

  /** Pages whose drawing went out with the page (their footer goes in a second content stream). */
  private readonly sent = new Set<PDFKit.PDFPage>();

  /**
   * The pages stay open to the end for their "Page N of M" footer (`bufferPages`), and pdfkit
   * holds an open page's drawing as one small buffer per operator, uncompressed: the inventory
   * index's 300 pages held 1.4 million of them (peak RSS +241 MB in the suite). When the drawing
   * moves to a new page (ours or pdfkit's own for a long paragraph), the page left is finished
   * now: its content stream compressed and written to the file. Only the page's dictionary waits
   * for the footer, which `footers` draws into a second content stream of the page (a page's
   * content may be an array of streams, read as one: the same marks in the same order).
   */
  private sendPagesAsDrawn() {
    let drawing = this.doc.page;
    this.doc.on('pageAdded', () => {
      this.flushOperators();
      drawing.content.end(null);
      this.sent.add(drawing);
      drawing = this.doc.page;
    });
  }

  /** The page whose operators `operators` holds, not yet in its content stream. */
  private operatorsPage: PDFKit.PDFPage | null = null;
  private operators: string[] = [];

  /**
   * pdfkit turns every operator it draws into a byte array of its own with a JavaScript loop, then
   * joins them when the page ends (14 per table cell). Held as strings and written as one chunk
   * per page, "operator\n" each: the same bytes.
   */
  private batchOperators() {
    const doc = this.doc;
    doc.addContent = (data: unknown) => {
      this.onDrawingPage();
      // Anything pdfkit draws (a fill, a line, a colour, its own text) comes after our text run.
      if (this.textRun) this.endTextRun();
      this.operators.push(String(data));
      return doc;
    };
  }

  /** `operators` collects for the page being drawn on. */
  private onDrawingPage() {
    if (this.doc.page !== this.operatorsPage) {
      this.flushOperators();
      this.operatorsPage = this.doc.page;
    }
  }

  private flushOperators() {
    if (this.textRun) this.endTextRun();
    if (this.operatorsPage && this.operators.length > 0) {
      deflateFast(this.operatorsPage.content);
      this.operators.push('');
      this.operatorsPage.content.write(Buffer.from(this.operators.join('\n'), 'latin1'));
    }
    this.operators = [];
  }

  /** Whether a `BT` of ours is open (with the `q` and the flip back to PDF space before it). */
  private textRun = false;
  /** The `Tf` in force in the open run. */
  private runFont = '';
  /** Each font's `TJ` per short text (figures, flags, names repeat down a table), by font id. */
  private readonly shown = new Map<string, Map<string, string>>();

  private endTextRun() {
    this.operators.push('ET', 'Q');
    this.textRun = false;
  }

  /**
   * One line of text at (x, y), top-left as `doc.text` takes it, in the current font and size:
   * the marks pdfkit's `_fragment` makes (the same `Tm` position, `Tf` and `TJ` glyphs and
   * kerning), but texts drawn one after the other share one `q … BT … ET Q` and a `Tf` that does
   * not change is not repeated. pdfkit wraps every text in its own `q`, flip, `BT`, `Tm`, `Tf`,
   * `TJ`, `ET` and `Q`, built through its option merging and matrix arithmetic: a table cell cost
   * as much as eight, and the inventory index draws 140,000 of them (decision 025).
   */
  private line(text: string, x: number, y: number) {
    const doc = this.doc;
    if (this.options.batchText === false) {
      doc.text(text, x, y, { lineBreak: false });
      return;
    }
    const font = (doc as unknown as { _font: ShownFont })._font;
    const size = (doc as unknown as { _fontSize: number })._fontSize;
    const shown = this.textShown(font, text);
    if (shown === null) {
      // Glyphs placed off their baseline (combining marks): pdfkit's own repositioning.
      doc.text(text, x, y, { lineBreak: false });
      return;
    }
    if (shown === '') return;
    this.onDrawingPage();
    const page = doc.page;
    const fonts = page.fonts as Record<string, unknown>;
    if (fonts[font.id] == null) fonts[font.id] = font.ref();
    const operators = this.operators;
    if (!this.textRun) {
      operators.push('q', `1 0 0 -1 0 ${pdfNumber(page.height)} cm`, 'BT');
      this.textRun = true;
      this.runFont = '';
    }
    const tf = `/${font.id} ${pdfNumber(size)} Tf`;
    if (tf !== this.runFont) {
      operators.push(tf);
      this.runFont = tf;
    }
    const baseline = page.height - y - (font.ascender / 1000) * size;
    operators.push(`1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm`, shown);
  }

  /** The `TJ` pdfkit writes for a text (`_fragment`), or null when a glyph has an offset. */
  private textShown(font: ShownFont, text: string): string | null {
    let texts = this.shown.get(font.id);
    if (texts === undefined) {
      texts = new Map();
      this.shown.set(font.id, texts);
    }
    const known = texts.get(text);
    if (known !== undefined) return known;
    if (text === '') return '';
    const shown = font.shown ? font.shown(text) : this.encodeShown(font, text);
    if (shown !== null && text.length <= TEXT_CACHE_MAX_LENGTH) {
      if (texts.size >= WORD_CACHE_MAX) texts.clear();
      texts.set(text, shown);
    }
    return shown;
  }

  /** `textShown` from pdfkit's own encoding (the font not cached: the test comparing the bytes). */
  private encodeShown(font: ShownFont, text: string): string | null {
    const [encoded, positions] = font.encode(text);
    const commands: string[] = [];
    let last = 0;
    const segment = (end: number) => {
      if (last < end) {
        const position = positions[end - 1] as GlyphPosition;
        commands.push(
          `<${encoded.slice(last, end).join('')}> ${pdfNumber(-(position.xAdvance - position.advanceWidth))}`,
        );
      }
      last = end;
    };
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i] as GlyphPosition;
      if (position.xOffset || position.yOffset) return null;
      if (position.xAdvance - position.advanceWidth !== 0) segment(i + 1);
    }
    segment(positions.length);
    return commands.length > 0 ? `[${commands.join(' ')}] TJ` : '';
  }

  /** The page `footers` is on, ready to be drawn on again. */
  private reopen(page: PDFKit.PDFPage) {
    if (!this.sent.has(page)) return;
    const more = this.doc.ref({});
    (page.dictionary.data as { Contents?: unknown }).Contents = [page.content, more];
    page.content = more;
    this.sent.delete(page);
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
      this.line(safe, this.left + indent, this.y);
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
        if (oneLine[i]) this.line(text, x + CELL_PADDING, this.y + CELL_PADDING);
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
      BOLD,
      texts.map(() => true),
    );
    this.ensure(layout.height + 12);
    this.cells(texts, widths, BOLD, '#e6e6e6', layout);
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
      this.reopen(this.doc.switchToPage(range.start + i));
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
    this.flushOperators();
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

export interface ReportPdfOptions {
  /**
   * Off only in the test that proves the cache reaches into pdfkit's private font without
   * changing a byte of the file (`cacheFontWork` patches `_font`'s width and encoding calls).
   */
  cacheFontWork?: boolean;
  /**
   * Off only in the test that proves a report reads the same when its lines and cells go
   * through pdfkit's `text` one text object each (`ReportPdf.line` batches them).
   */
  batchText?: boolean;
}

/** The report as a PDF stream, ready to send: drawn in full, then flushed as the client reads. */
export function reportPdf(report: ReportDocument, options?: ReportPdfOptions): PDFKit.PDFDocument {
  return new ReportPdf(report, options).draw();
}
