/**
 * The report PDF's text engine (decisions 019 and 025): how lines of text reach the page quickly
 * and in the bytes pdfkit would write. It reaches into parts of pdfkit that are not its public
 * API, written against pdfkit `PDFKIT_VERSION` exactly (pinned in package.json; the test beside
 * this file fails when the installed pdfkit differs). After an upgrade, re-check each part below
 * in pdfkit's source, then the byte comparisons of `pdf.test.ts` (cached and uncached font work,
 * runs and `batchText: false`):
 *
 * - `PDFDocument._font` and `PDFDocument._fontSize`: the current font and size, read by `line`
 *   for the run's font id, ascender and glyphs; `PDFDocument.font` is wrapped so each font
 *   selected gets its per-word cache (`pdf-font-work.ts`) and its parsed font kept
 *   (`pdf-fonts.ts`, reading `EmbeddedFont.font`, fontkit's parsed font).
 * - `PDFDocument.registerFont` given fontkit's parsed font instead of bytes (`PDFFontFactory.open`
 *   accepts both; its type says bytes).
 * - `PDFDocument.addContent`, replaced: every operator pdfkit draws passes through it as the text
 *   "op" it would write as "op\n"; kept as strings and written once per page.
 * - The embedded font, read and partly replaced by the per-word cache: `EmbeddedFont.layoutRun`
 *   (a word's glyphs and positions), `EmbeddedFont.widthOfString` and `EmbeddedFont.encode` (both
 *   replaced by per-word versions; codes are four hex digits of the subset id),
 *   `EmbeddedFont.subset` (`includeGlyph`), `EmbeddedFont.widths`, `EmbeddedFont.unicode`,
 *   `EmbeddedFont.scale`, `EmbeddedFont.name` (the cache's key), `EmbeddedFont.id`,
 *   `EmbeddedFont.ascender` and `EmbeddedFont.ref`; `EmbeddedFont.layout`'s words (cut after a
 *   space or a tab), whose `layoutCache` is no longer filled.
 * - `PDFDocument._fragment`'s marks, imitated by `line`: `q`, the flip `1 0 0 -1 0 h cm`, `BT`,
 *   `1 0 0 1 x y Tm` at the baseline (page height - y - ascender / 1000 × size), `/F size Tf`,
 *   `[<codes> adjust …] TJ` cut after each kerned glyph, `ET`, `Q`; numbers rounded as
 *   `PDFObject.number` does (`pdfNumber`).
 * - `PDFPage.fonts` (the page's font resources, filled by `line`), `PDFPage.content` (the page's
 *   `PDFReference`: `write`, `end`) and `PDFPage.dictionary` (its `Contents` made an array of two
 *   streams for the footer of a page already sent).
 * - `PDFReference.compress`, `PDFReference.buffer` and `PDFReference.finalize`: a page's stream
 *   deflated at level 1 by `deflateFast` instead of pdfkit's level 6.
 * - The `pageAdded` event, also fired for the page breaks pdfkit makes itself in a long paragraph.
 */
import { deflateSync } from 'node:zlib';
import {
  cacheFontWork,
  type GlyphPosition,
  pdfNumber,
  TEXT_CACHE_MAX_LENGTH,
  WORD_CACHE_MAX,
} from './pdf-font-work.ts';
import { registerReportFonts } from './pdf-fonts.ts';

/** The pdfkit this engine was written against: `package.json` pins it exactly. */
export const PDFKIT_VERSION = '0.20.2';

/** The pdfkit parts the header above explains, named by the test that checks the installed version. */
export const PDFKIT_PRIVATE_PARTS = [
  'PDFDocument._font',
  'PDFDocument._fontSize',
  'PDFDocument.font',
  'PDFDocument.registerFont',
  'PDFDocument.addContent',
  'PDFDocument._fragment',
  'EmbeddedFont.font',
  'EmbeddedFont.layoutRun',
  'EmbeddedFont.widthOfString',
  'EmbeddedFont.encode',
  'EmbeddedFont.subset',
  'EmbeddedFont.widths',
  'EmbeddedFont.unicode',
  'EmbeddedFont.scale',
  'EmbeddedFont.name',
  'EmbeddedFont.id',
  'EmbeddedFont.ascender',
  'EmbeddedFont.ref',
  'EmbeddedFont.layout',
  'PDFObject.number',
  'PDFPage.fonts',
  'PDFPage.content',
  'PDFPage.dictionary',
  'PDFReference.compress',
  'PDFReference.buffer',
  'PDFReference.finalize',
] as const;

/** What `PdfTextEngine.line` reads of pdfkit's current font. */
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
 * are long runs of text operators, which level 1 compresses to slightly more bytes in far less
 * time (figures in decision 019). The stream is the same to a reader (FlateDecode either way).
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

export interface PdfTextEngineOptions {
  /**
   * Off only in the test that proves the cache reaches into pdfkit's private font without
   * changing a byte of the file (`cacheFontWork` patches `_font`'s width and encoding calls).
   */
  cacheFontWork?: boolean;
  /**
   * Off only in the test that proves a report reads the same when its lines and cells go
   * through pdfkit's `text` one text object each (`PdfTextEngine.line` batches them).
   */
  batchText?: boolean;
}

/**
 * One document's text engine: its fonts registered, each page's operators batched and sent when
 * the drawing leaves the page, and one-line texts written as runs (`line`). Whatever else is drawn
 * goes through pdfkit as usual; `flush` before the document ends.
 */
export class PdfTextEngine {
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly options: PdfTextEngineOptions = {},
  ) {
    registerReportFonts(doc);
    if (this.options.cacheFontWork !== false) cacheFontWork(doc);
    this.batchOperators();
    this.sendPagesAsDrawn();
  }

  /** Pages whose drawing went out with the page (their footer goes in a second content stream). */
  private readonly sent = new Set<PDFKit.PDFPage>();

  /**
   * The pages stay open to the end for their "Page N of M" footer (`bufferPages`), and pdfkit
   * holds an open page's drawing as one small buffer per operator, uncompressed: the inventory
   * index's 300 pages held over a million of them (decision 019). When the drawing
   * moves to a new page (ours or pdfkit's own for a long paragraph), the page left is finished
   * now: its content stream compressed and written to the file. Only the page's dictionary waits
   * for the footer, which the layout (`pdf.ts`'s `footers`) draws into a second content stream of
   * the page (a page's content may be an array of streams, read as one: the same marks in the
   * same order).
   */
  private sendPagesAsDrawn() {
    let drawing = this.doc.page;
    this.doc.on('pageAdded', () => {
      this.flush();
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
      this.flush();
      this.operatorsPage = this.doc.page;
    }
  }

  /** The open run closed and the page's operators written to its content; before the document ends. */
  flush() {
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
  line(text: string, x: number, y: number) {
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

  /** A page the layout's footer goes on, drawable again: a second content stream if it was sent. */
  reopen(page: PDFKit.PDFPage) {
    if (!this.sent.has(page)) return;
    const more = this.doc.ref({});
    (page.dictionary.data as { Contents?: unknown }).Contents = [page.content, more];
    page.content = more;
    this.sent.delete(page);
  }
}
