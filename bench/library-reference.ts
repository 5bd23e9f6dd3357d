/**
 * The references a report file is measured against (issue 24): pdfkit and exceljs alone writing
 * the report facility's 2,000 rows, with none of the app's layout. Used by the suite and by
 * report-path.ts.
 */
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { REPORT_LINES } from './data.ts';

/** pdfkit alone drawing the report's rows as a table of 8 columns, the reference for the PDF. */
export function pdfkitRows(): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 36, bufferPages: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
    doc.fontSize(8);
    let y = 36;
    for (let i = 0; i < REPORT_LINES; i++) {
      if (y > doc.page.height - 48) {
        doc.addPage();
        y = 36;
      }
      const cells = [
        `Bench Product ${i}`,
        'Bench Supply',
        `${100000 + i}-00-0`,
        'liquid',
        String(55 * (1 + (i % 7))),
        `${(55 * 8.34).toFixed(2)}`,
        `BUILDING ${i % 12}`,
        'F, A',
      ];
      for (const [c, cell] of cells.entries())
        doc.text(cell, 36 + c * 90, y, { width: 86, lineBreak: false });
      y += 12;
    }
    doc.end();
  });
}

/** exceljs alone writing the report's rows, the reference for the XLSX. */
export async function exceljsRows(): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rows');
  for (let i = 0; i < REPORT_LINES; i++) {
    sheet.addRow([
      `Bench Product ${i}`,
      'Bench Supply',
      `${100000 + i}-00-0`,
      'liquid',
      55 * (1 + (i % 7)),
      55 * 8.34,
      `BUILDING ${i % 12}`,
      'F, A',
      i % 2 === 0,
      2025,
    ]);
  }
  await workbook.xlsx.writeBuffer();
}
