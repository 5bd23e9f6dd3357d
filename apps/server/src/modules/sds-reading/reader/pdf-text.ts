import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { groupLines, type TextItem, type TextLine } from './text-lines.ts';

export interface PdfText {
  pageCount: number;
  /** Pages read (reading stops once section 9 is behind). */
  lines: TextLine[];
  /** How many characters the pages read hold: none on a scan. */
  characters: number;
}

/** Section 10's heading: the pages after it hold nothing the reader wants. */
const AFTER_SECTION_9 = /^(?:section\s*)?(?:10|x)\s*[.:)\-–]?\s*stability and reactivity/i;

/**
 * The text of a PDF with each run's position (pdf.js, its legacy build: no canvas and no browser
 * API needed for text). Fonts and scripts of the file are never run: no eval, no font loading.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const task = getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const lines: TextLine[] = [];
    let characters = 0;
    for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      const items: (TextItem & { y: number })[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        characters += item.str.trim().length;
        const x = item.transform[4] ?? 0;
        const height = Math.abs(item.height || item.transform[3] || 0);
        items.push({ text: item.str, x, right: x + item.width, height, y: item.transform[5] ?? 0 });
      }
      page.cleanup();
      const pageLines = groupLines(pageNumber, items);
      lines.push(...pageLines);
      if (pageLines.some((line) => AFTER_SECTION_9.test(line.text))) break;
    }
    return { pageCount: document.numPages, lines, characters };
  } finally {
    await task.destroy();
  }
}
