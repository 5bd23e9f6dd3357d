/**
 * The per-word font work of the text engine (`pdf-text-engine.ts`, whose header lists every
 * pdfkit part this file reaches: the current font `_font`, and its `layoutRun`, `widthOfString`,
 * `encode`, `subset`, `widths`, `unicode`, `scale` and `name`; the word cutting of
 * `EmbeddedFont.layout`, `_fragment`'s `TJ` pieces and `PDFObject.number`, imitated here).
 */

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
  /** Set by `cacheFontWork`: the `TJ` of a text, as `PdfTextEngine.textShown` would build it. */
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
export const WORD_CACHE_MAX = 20_000;
/** Texts up to this length also keep their whole width: a table cell is measured several times. */
export const TEXT_CACHE_MAX_LENGTH = 48;

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
export function pdfNumber(n: number): string {
  return `${Math.round(n * 1e6) / 1e6}`;
}

/** A glyph's place as fontkit lays it out, in font units. */
export interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
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
export function cacheFontWork(doc: PDFKit.PDFDocument) {
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

      // A line measured is drawn next (`pdf.ts`'s `paragraph`): its words are looked up once for both.
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
