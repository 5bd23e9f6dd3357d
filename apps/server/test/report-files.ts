import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';

/** A PDF's text, pages joined, runs of white space as one space, and its page count. */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText();
    return {
      text: result.pages
        .map((page) => page.text)
        .join('\n')
        .replace(/\s+/g, ' '),
      pages: result.pages.length,
    };
  } finally {
    await parser.destroy();
  }
}

/** A `/report/generate` answer read as a PDF (200, application/pdf). */
export async function pdfOf(res: LightMyRequestResponse): Promise<{ text: string; pages: number }> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return readPdf(new Uint8Array(res.rawPayload));
}

/** A `/report/generate` answer read as a workbook (200, the XLSX content type). */
export async function workbookOf(res: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}
