import { deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/**
 * Reference list files made in the tests: the same rows as CSV, as an .xlsx written by exceljs and
 * as an .xls written by SheetJS, and the hostile ones (a zip bomb posing as a workbook).
 */

export type Cell = string | number;

/** RFC 4180: a cell with a comma, quote or line break is quoted, quotes doubled. */
export function toCsv(rows: Cell[][]): Buffer {
  const line = (row: Cell[]) =>
    row
      .map((cell) => {
        const text = String(cell);
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',');
  return Buffer.from(`${rows.map(line).join('\r\n')}\r\n`, 'utf8');
}

/** A number-looking cell is written as a number, as a person typing it into Excel would get. */
function typed(cell: Cell): Cell {
  return typeof cell === 'string' && /^\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
}

export async function toXlsx(rows: Cell[][], sheetName = 'List'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row.map(typed));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function toXls(rows: Cell[][], sheetName = 'List'): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    workbook,
    XLSX.utils.aoa_to_sheet(rows.map((row) => row.map(typed))),
    sheetName,
  );
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** The rows of a CSV file (the shipped lists, to rewrite as workbooks). */
export function csvRows(bytes: Buffer): string[][] {
  return parseCsv(bytes.toString('utf8'), { record_delimiter: ['\r\n', '\n'] }) as string[][];
}

interface ZipEntryInput {
  name: string;
  data: Buffer;
  /** The size the directory declares; the true size unless a test makes it lie. */
  declaredSize?: number;
}

/** A zip written by hand (deflated entries), so a test can make its directory lie. */
export function makeZip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A zip bomb posing as an .xlsx: the parts of a workbook, and a sheet of 64 MB of zeros that
 * deflates to about 64 KB while its directory claims 1 KB.
 */
export function zipBombXlsx(): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1024 },
  ]);
}

/** A zip whose directory honestly declares more than any list inflates to (about 1 GB). */
export function oversizedXlsx(): Buffer {
  return makeZip([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('x'), declaredSize: 1_000_000_000 },
  ]);
}
