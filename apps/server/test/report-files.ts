import type { RegulatoryListType } from '@chemtrack/domain';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import { databaseEntries } from '../src/db/schema/index.ts';
import { create } from '../src/seed/factories.ts';
import type { TestContext } from './helper.ts';

/**
 * Reading generated reports back, for the tests that check their figures: a PDF's text, an
 * XLSX's cells, and a reference list's upload row as the reference-lists service leaves it.
 */

/** The PDF's text, pages joined, runs of white space as one space, and its page count. */
export async function pdfTextOf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
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

export async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  // exceljs types its argument as its own Buffer; a Uint8Array view of the same bytes is one.
  await book.xlsx.load(new Uint8Array(bytes).buffer);
  return book;
}

/** A `/report/generate` answer read as a PDF (200, application/pdf). */
export async function pdfOf(res: LightMyRequestResponse): Promise<{ text: string; pages: number }> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfTextOf(new Uint8Array(res.rawPayload));
}

/** A `/report/generate` answer read as a workbook (200, the XLSX content type). */
export async function xlsxOf(res: LightMyRequestResponse): Promise<ExcelJS.Workbook> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  return workbookOf(res.rawPayload);
}

/** An upload of a list (its rows are inserted under the id returned), dated as given. */
export async function uploadedList(
  ctx: TestContext,
  type: RegulatoryListType,
  date: string,
): Promise<number> {
  const [row] = await ctx.database.db
    .insert(databaseEntries)
    .values({ type, name: `${type}.csv`, createdAt: new Date(date), updatedAt: new Date(date) })
    .returning({ id: databaseEntries.id });
  return row!.id;
}

/** A table sheet's rows (down to the empty row before its totals) as the named columns' values. */
export function sheetRows(sheet: ExcelJS.Worksheet, columns: string[]): unknown[][] {
  const header = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const at = columns.map((label) => header.indexOf(label));
  expect(at, `columns of ${sheet.name}`).not.toContain(-1);
  const rows: unknown[][] = [];
  for (let number = 2; number <= sheet.rowCount; number++) {
    const row = sheet.getRow(number);
    if (row.getCell(1).value === null) break;
    rows.push(at.map((index) => row.getCell(index).value));
  }
  return rows;
}

/** Label → value of the "Report" sheet (header lines) and the totals under a table sheet. */
export function labelledValues(sheet: ExcelJS.Worksheet): Map<string, unknown> {
  const values = new Map<string, unknown>();
  sheet.eachRow((row) => {
    const label = row.getCell(1).value;
    if (typeof label === 'string') values.set(label, row.getCell(2).value);
  });
  return values;
}

/** The PDF without what pdfkit stamps on every file: its creation date and its random id. */
export function pdfWithoutStamps(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');
}

export const CHLORINE_CAS = '7782-50-5';

/**
 * A facility-year with one product, chlorine tablets (95% chlorine, 5% water: a solid, so pounds
 * come from the lines as recorded), a Bag container and a Pound unit, and no lines yet: the
 * report-path tests add lines and count what the next report reads.
 */
export async function chlorineTabletsYear(ctx: TestContext, year: number) {
  const inventory = await create.inventory(ctx, { year });
  const product = await create.productWithComponents(
    ctx,
    'Chlorine Tablets',
    { physical_state: 'solid', pounds_per_gallon: '', specific_gravity: '' },
    [
      { name: 'Chlorine', number: CHLORINE_CAS, percentage_weight: '95' },
      { name: 'Water', number: '7732-18-5', percentage_weight: '5' },
    ],
  );
  return {
    customer: inventory.customerId,
    facility: inventory.facilityId,
    inventory: inventory.id,
    product,
    bag: (await create.container(ctx, { name: 'Bag' })).id,
    pound: (await create.containerUnit(ctx, { name: 'Pound', unit_type: 'lb' })).id,
  };
}
