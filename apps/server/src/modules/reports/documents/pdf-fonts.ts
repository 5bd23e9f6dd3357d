/**
 * The report PDF's fonts, part of the text engine (`pdf-text-engine.ts`, whose header lists the
 * pdfkit parts it relies on): DejaVu Sans Condensed (as wide as Helvetica, so the columns keep their
 * layout), embedded (subset) from `fonts/`. pdfkit's built-in Helvetica speaks only WinAnsi, so
 * "≥ TPQ" printed as ">=" and a Greek, Cyrillic or Polish name as "?". The font is shipped with
 * the code (its licence beside it) so a server never depends on the fonts of its host.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../../runtime/server-root.ts';

const FONT_DIR = path.join(SERVER_ROOT, 'src/modules/reports/documents/fonts');
export const REGULAR_FONT = 'DejaVuSansCondensed';
export const BOLD_FONT = 'DejaVuSansCondensed-Bold';
// Read once: each document registers the same bytes and embeds only the glyphs it uses.
const FONT_FILES = {
  [REGULAR_FONT]: readFileSync(path.join(FONT_DIR, 'DejaVuSansCondensed.ttf')),
  [BOLD_FONT]: readFileSync(path.join(FONT_DIR, 'DejaVuSansCondensed-Bold.ttf')),
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
 * The report fonts registered in `doc`, as fontkit already parsed them when a document before
 * this one did; the first document of the process leaves its parsed fonts for the next ones
 * (read from pdfkit's private `_font.font` when a font is first selected).
 */
export function registerReportFonts(doc: PDFKit.PDFDocument) {
  for (const [name, bytes] of Object.entries(FONT_FILES)) {
    // pdfkit takes a parsed font as well as its bytes (`PDFFontFactory.open`); its type says bytes.
    const parsed = parsedFonts.get(name) as Buffer | undefined;
    doc.registerFont(name, parsed ?? bytes);
  }
  const parts = doc as unknown as {
    _font: { font: unknown } | null;
    font(...args: unknown[]): unknown;
  };
  const selectFont = parts.font.bind(doc);
  parts.font = (...args: unknown[]) => {
    const result = selectFont(...args);
    const [name] = args;
    if (typeof name === 'string' && name in FONT_FILES && !parsedFonts.has(name) && parts._font)
      parsedFonts.set(name, parts._font.font);
    return result;
  };
}

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
