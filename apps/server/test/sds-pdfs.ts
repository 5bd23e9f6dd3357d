import PDFDocument from 'pdfkit';
import { makePng } from './images.ts';

/** A run of text at a place on the page (points from the top left), as an SDS's table draws it. */
export interface PlacedText {
  x: number;
  y: number;
  text: string;
}

/** Cells of one table row at the columns' x, on one baseline. */
export function row(y: number, cells: [number, string][]): PlacedText[] {
  return cells.map(([x, text]) => ({ x, y, text }));
}

/** A line of text at the left margin. */
export function line(y: number, text: string, x = 50): PlacedText[] {
  return [{ x, y, text }];
}

/** A PDF whose pages hold the runs given, each drawn where it is placed (9 pt Helvetica). */
export function placedPdf(pages: PlacedText[][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const page of pages) {
      doc.addPage({ margin: 0 });
      doc.font('Helvetica').fontSize(9);
      for (const text of page) doc.text(text.text, text.x, text.y, { lineBreak: false });
    }
    doc.end();
  });
}

/** A scanned SDS: pages holding only an image, no text. */
export function scannedPdf(pageCount = 2): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const image = makePng(60, 80, (x, y) => ((x + y) % 7 === 0 ? [0, 0, 0] : [255, 255, 255]));
    for (let page = 0; page < pageCount; page++) {
      doc.addPage({ margin: 0 });
      doc.image(image, 0, 0, { width: 612, height: 792 });
    }
    doc.end();
  });
}
