import { UPLOAD_MSG } from '@chemtrack/domain';
import * as XLSX from '@e965/xlsx';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { hasSignature } from '../../lib/file-signature.ts';
import { inspectZip, isXlsxPackage, ZipRefusedError } from '../../lib/zip-guard.ts';

/**
 * Reads a reference list file into rows of text cells, whatever its format: .csv through a real
 * CSV parser (quoted commas and line breaks, never a split on lines), .xlsx through exceljs after
 * the zip guard, .xls (BIFF in an OLE2 container) through the maintained SheetJS 0.20 build.
 * What the cells mean is decided in parse-list.ts, the same way for the three formats.
 */

export type TableFormat = 'csv' | 'xlsx' | 'xls';

export interface TableRow {
  /** The row number a person sees when opening the file (1 = the first line). */
  rowNumber: number;
  cells: string[];
}

export interface Table {
  sheet: string;
  rows: TableRow[];
}

/** The file cannot be read at all; the message says why, for the 422. */
export class UnreadableFileError extends Error {}

export const UNREADABLE = {
  csv: 'The file is not a readable CSV file',
  xlsx: 'The file is not a readable XLSX workbook',
  xls: 'The file is not a readable XLS workbook',
  zipBomb: UPLOAD_MSG.xlsxTooLarge,
  noSheet: 'The workbook has no worksheet',
} as const;

/** UTF-8 when the bytes are UTF-8 (with or without BOM); otherwise Windows-1252, which Excel writes. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsv(bytes: Buffer): Table[] {
  try {
    const records = parseCsv(decodeText(bytes), {
      relax_column_count: true,
      skip_empty_lines: false,
      // Files mix line ends (the shipped CERCLA sample ends its header with CRLF, its rows with
      // LF): accept each, rather than the one the first line happens to use.
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as string[][];
    return [{ sheet: 'csv', rows: records.map((cells, index) => ({ rowNumber: index + 1, cells })) }];
  } catch (error) {
    if (error instanceof CsvError) throw new UnreadableFileError(`${UNREADABLE.csv}: ${error.message}`);
    throw error;
  }
}

/** A cell as text: numbers as written by `String`, formulas by their cached result. */
function excelCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    return excelCellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  }
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<Table[]> {
  let names: string[];
  try {
    names = inspectZip(bytes);
  } catch (error) {
    if (error instanceof ZipRefusedError) throw new UnreadableFileError(UNREADABLE.zipBomb);
    throw error;
  }
  if (!isXlsxPackage(names)) throw new UnreadableFileError(UNREADABLE.xlsx);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFileError(UNREADABLE.xlsx);
  }
  return workbook.worksheets.map((sheet) => {
    const rows: TableRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = excelCellText(cell.value).trim();
      });
      rows.push({ rowNumber, cells: Array.from(cells, (cell) => cell ?? '') });
    });
    return { sheet: sheet.name, rows };
  });
}

function readXls(bytes: Buffer): Table[] {
  // SheetJS guesses the format of whatever it is given (text reads as a sheet): only an OLE2
  // compound file goes in.
  if (!hasSignature(bytes, 'xls')) throw new UnreadableFileError(UNREADABLE.xls);
  let workbook: XLSX.WorkBook;
  try {
    // Values only: no formulas, no HTML, no formatted text, no dates turned into objects.
    workbook = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
    });
  } catch {
    throw new UnreadableFileError(UNREADABLE.xls);
  }
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name];
    if (!sheet?.['!ref']) return { sheet: name, rows: [] };
    const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
    const records = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
      header: 1,
      raw: true,
      defval: '',
      blankrows: true,
    });
    const rows = records.map((record, index) => ({
      rowNumber: first + index + 1,
      cells: record.map((value) => (value === null || value === undefined ? '' : String(value).trim())),
    }));
    return { sheet: name, rows };
  });
}

export async function readTables(bytes: Buffer, format: TableFormat): Promise<Table[]> {
  const tables =
    format === 'csv' ? readCsv(bytes) : format === 'xlsx' ? await readXlsx(bytes) : readXls(bytes);
  if (tables.length === 0) throw new UnreadableFileError(UNREADABLE.noSheet);
  return tables;
}
