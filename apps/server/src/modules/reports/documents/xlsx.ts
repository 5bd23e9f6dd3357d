/**
 * Any report as an XLSX workbook (issue 11): a "Report" sheet with the header, rule and notes,
 * one sheet per table (its header row frozen and filtered, figures as numbers with number
 * formats, flags Y/N, the totals under it), a "Contributions" sheet with every figure's
 * contributing and excluded lines, a Tier II file's "Changes since {year}" and a "Warnings" sheet.
 *
 * Every value is written as a plain cell value: a string is always a text cell, so a product
 * named "=cmd|' /C calc'!A0" stays text and never becomes a formula (exceljs writes a formula
 * only from a `{ formula }` object, which this file never builds).
 */
import { PassThrough, type Readable } from 'node:stream';
import {
  CHANGE_FIELD_LABELS,
  NO_EARLIER_INVENTORY_LINE,
  type ReportCell,
  type ReportChanges,
  type ReportColumnKind,
  type ReportDocument,
  type ReportExplanation,
  type ReportTable,
  type ReportTotal,
  YEAR_CHANGE_GROUP_LABELS,
  YEAR_CHANGES_BASIS_LINE,
  yearChangesHeading,
  yearChangeValue,
} from '@chemtrack/domain';
import ExcelJS from 'exceljs';

const NUMBER_FORMATS: Record<ReportColumnKind, string | null> = {
  text: null,
  pounds: '#,##0.00',
  gallons: '#,##0.00',
  amount: '#,##0.00',
  threshold: '#,##0.##',
  percent: '0.00##',
  ratio: '0.00',
  count: '0',
  flag: null,
};

/** The format of one figure: whole thresholds without a trailing dot. */
function numberFormat(kind: ReportColumnKind, value: number): string | undefined {
  if (kind === 'threshold') return Number.isInteger(value) ? '#,##0' : '#,##0.00';
  return NUMBER_FORMATS[kind] ?? undefined;
}

function cellValue(value: ReportCell | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  return value;
}

/** Excel's sheet name rules: at most 31 characters, none of []:*?/\, unique in the book. */
function sheetNamer() {
  const used = new Set<string>();
  return (title: string): string => {
    const base =
      title
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++)
      name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
    used.add(name.toLowerCase());
    return name;
  };
}

const BOLD = { bold: true } as const;
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6E6E6' } } as const;
const REPORTED_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF4CC' } } as const;

type Sheet = ExcelJS.Worksheet;

/**
 * One style object per look, shared by every cell that has it. exceljs turns a cell's style into
 * its style id by rendering it as XML, unless it has seen that very object before (a WeakMap):
 * a style per cell rendered every cell of a 2,000-line report. The id also depends on whether the
 * cell is a number (General format) when no format is given, so numbers and other values get
 * separate objects: the workbook's styles are the ones a style per cell gave.
 */
function sharedStyles() {
  const styles = new Map<string, Partial<ExcelJS.Style>>();
  return (value: unknown, numFmt?: string, fill?: ExcelJS.Fill): Partial<ExcelJS.Style> => {
    const key = `${typeof value === 'number' ? 'n' : 'o'}|${numFmt ?? ''}|${fill ? 'fill' : ''}`;
    let style = styles.get(key);
    if (!style) {
      style = {};
      if (numFmt) style.numFmt = numFmt;
      if (fill) style.fill = fill;
      styles.set(key, style);
    }
    return style;
  };
}

/** A row whose cells take their style from `styleOf` (values as written, `formats` by 1-based column). */
function styledRow(
  sheet: Sheet,
  values: (string | number | null)[],
  styleOf: ReturnType<typeof sharedStyles>,
  formats: Record<number, string> = {},
  fill?: ExcelJS.Fill,
) {
  const row = sheet.addRow(values);
  values.forEach((value, i) => {
    row.getCell(i + 1).style = styleOf(value, formats[i + 1], fill);
  });
  row.commit();
}

/** A header row, frozen, with a filter over the columns. */
function headerRow(sheet: Sheet, labels: string[]) {
  const row = sheet.addRow(labels);
  row.font = BOLD;
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  row.commit();
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: labels.length } };
}

function newSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, widths: number[], frozen: boolean) {
  const sheet = book.addWorksheet(name, {
    views: frozen ? [{ state: 'frozen', xSplit: 0, ySplit: 1 }] : [],
  });
  sheet.columns = widths.map((width) => ({ width }));
  return sheet;
}

function totalRows(sheet: Sheet, totals: ReportTotal[], plain: boolean) {
  if (totals.length === 0) return;
  sheet.addRow([]).commit();
  const title = sheet.addRow(['Totals']);
  title.font = BOLD;
  title.commit();
  for (const item of totals) {
    const row = sheet.addRow([item.label, item.value]);
    const format = plain ? undefined : numberFormat(item.kind, item.value);
    if (format) row.getCell(2).numFmt = format;
    row.commit();
  }
}

function columnWidth(kind: ReportColumnKind, label: string): number {
  if (kind === 'flag') return Math.max(8, label.length + 2);
  if (kind !== 'text') return Math.max(14, label.length + 2);
  return 30;
}

function tableSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, table: ReportTable) {
  const sheet = newSheet(
    book,
    name,
    table.columns.map((column) => columnWidth(column.kind, column.label)),
    true,
  );
  headerRow(
    sheet,
    table.columns.map((column) => column.label),
  );
  const styleOf = sharedStyles();
  for (const reportRow of table.rows) {
    const formats: Record<number, string> = {};
    table.columns.forEach((column, i) => {
      const value = reportRow.cells[column.key];
      if (typeof value === 'number' && table.plain_numbers !== true) {
        const format = numberFormat(column.kind, value);
        if (format) formats[i + 1] = format;
      }
    });
    styledRow(
      sheet,
      table.columns.map((column) => cellValue(reportRow.cells[column.key])),
      styleOf,
      formats,
      reportRow.reported === true ? REPORTED_FILL : undefined,
    );
  }
  totalRows(sheet, table.totals, table.plain_numbers === true);
  sheet.commit();
}

const CONTRIBUTION_COLUMNS = [
  ['Table', 22],
  ['CAS', 14],
  ['Chemical or product', 34],
  ['Rule', 36],
  ['Product', 30],
  ['Line', 8],
  ['Location', 18],
  ['Physical state', 14],
  ['Container', 22],
  ['Product (lb)', 14],
  ['wt %', 9],
  ['Contributed (lb)', 16],
  ['How the pounds were found', 50],
  ['Not counted because', 30],
  ['SDS percent range', 30],
] as const;

function contributionSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, report: ReportDocument) {
  const sheet = newSheet(
    book,
    name,
    CONTRIBUTION_COLUMNS.map(([, width]) => width),
    true,
  );
  headerRow(
    sheet,
    CONTRIBUTION_COLUMNS.map(([label]) => label),
  );
  const styleOf = sharedStyles();
  const add = (values: (string | number | null)[], formats: Record<number, string> = {}) =>
    styledRow(sheet, values, styleOf, formats);
  for (const table of report.tables) {
    for (const row of table.rows) {
      const explanation: ReportExplanation | null = row.explanation;
      if (!explanation) continue;
      const cas = cellValue(row.cells.cas_number);
      const name = cellValue(row.cells.chemical_name ?? row.cells.name);
      for (const c of explanation.contributions) {
        add(
          [
            table.title,
            cas,
            name,
            explanation.rule_text,
            c.product_name,
            c.inventory_product_id,
            c.location_stored,
            c.physical_state,
            c.container,
            c.line_pounds,
            c.percent_weight,
            c.pounds_contributed,
            c.pounds_basis,
            null,
            c.percent_range,
          ],
          { 10: '#,##0.00', 11: '0.00##', 12: '#,##0.00' },
        );
      }
      for (const e of explanation.excluded) {
        add(
          [
            table.title,
            cas,
            name,
            explanation.rule_text,
            e.product_name,
            e.inventory_product_id,
            e.location_stored,
            null,
            null,
            null,
            e.percent_weight,
            null,
            null,
            e.reason,
            null,
          ],
          { 11: '0.00##' },
        );
      }
    }
  }
  sheet.commit();
}

function warningSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, report: ReportDocument) {
  const sheet = newSheet(book, name, [10, 22, 90, 8, 30, 18, 14, 30], true);
  headerRow(sheet, ['Severity', 'Code', 'Message', 'Line', 'Product', 'Location', 'CAS', 'Component']);
  const styleOf = sharedStyles();
  for (const w of report.warnings) {
    styledRow(
      sheet,
      [
        w.severity,
        w.code,
        w.message,
        w.inventory_product_id,
        w.product_name,
        w.location_stored,
        w.cas_number ?? null,
        w.component_name ?? null,
      ],
      styleOf,
    );
  }
  sheet.commit();
}

/**
 * A Tier II file's "Changes since {year}" sheet (issue 36), the PDF's section in columns: a row per
 * field that moved, and an added or removed chemical's maximum amount code and Tier II coverage
 * (its Before or After empty, the side it is absent from); the reading both years share under them.
 */
function changesSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, changes: ReportChanges) {
  const sheet = newSheet(book, name, [12, 34, 14, 34, 40, 40], true);
  headerRow(sheet, ['Change', 'Chemical or product', 'CAS', 'Field', 'Before', 'After']);
  const styleOf = sharedStyles();
  const add = (values: (string | null)[]) => styledRow(sheet, values, styleOf);
  if (changes.previous_year === null) add([NO_EARLIER_INVENTORY_LINE]);
  const facts = (chemical: ReportChanges['added'][number]) =>
    [
      [CHANGE_FIELD_LABELS.max_amount_code, chemical.max_amount_code],
      [CHANGE_FIELD_LABELS.covered_tier2, chemical.reported_on_tier2],
    ] as const;
  for (const chemical of changes.added) {
    for (const [label, value] of facts(chemical))
      add([YEAR_CHANGE_GROUP_LABELS.added, chemical.name, chemical.cas_number, label, null, value]);
  }
  for (const chemical of changes.removed) {
    for (const [label, value] of facts(chemical))
      add([YEAR_CHANGE_GROUP_LABELS.removed, chemical.name, chemical.cas_number, label, value, null]);
  }
  for (const change of changes.changed) {
    add([
      YEAR_CHANGE_GROUP_LABELS.changed,
      change.name,
      change.cas_number,
      change.label,
      yearChangeValue(change.before),
      yearChangeValue(change.after),
    ]);
  }
  if (changes.previous_year !== null) {
    sheet.addRow([]).commit();
    add([YEAR_CHANGES_BASIS_LINE]);
  }
  sheet.commit();
}

function summarySheet(book: ExcelJS.stream.xlsx.WorkbookWriter, name: string, report: ReportDocument) {
  const sheet = newSheet(book, name, [30, 120], false);
  const line = (label: string, value: string | number | Date | null, format?: string) => {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = BOLD;
    row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
    if (format) row.getCell(2).numFmt = format;
    row.commit();
  };
  const title = sheet.addRow([report.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  line('Report', report.name);
  line('Customer', report.customer.name);
  line('Facility', report.facility.name);
  line('Address', report.facility.address);
  line('Reporting year', report.year, '0');
  line('Generated (UTC)', new Date(report.generated_at), 'yyyy-mm-dd hh:mm');
  for (const item of report.header) line(item.label, item.value);
  for (const list of report.lists_used) {
    line(
      `${list.label} uploaded`,
      list.uploaded_at ? new Date(list.uploaded_at) : 'not uploaded',
      list.uploaded_at ? 'mm-dd-yyyy' : undefined,
    );
  }
  line('Screening', report.is_screening ? 'Y' : 'N');
  if (!report.header.some((item) => item.label === 'Units'))
    line('Units', 'pounds (lb) and US gallons (gal)');
  line('Rule applied', report.rule);
  report.notes.forEach((note, i) => {
    line(i === 0 ? 'Notes' : '', note);
  });
  line('Data warnings', report.warnings.length, '0');
  sheet.commit();
}

/**
 * The report as an XLSX stream: rows are committed as they are written, and the workbook's
 * zip streams out while the client reads.
 */
export function reportXlsx(report: ReportDocument): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  book.creator = 'ChemTrack';
  const name = sheetNamer();
  summarySheet(book, name('Report'), report);
  for (const table of report.tables) tableSheet(book, name(table.sheet ?? table.title), table);
  if (report.tables.some((table) => table.rows.some((row) => row.explanation !== null))) {
    contributionSheet(book, name('Contributions'), report);
  }
  if (report.changes) changesSheet(book, name(yearChangesHeading(report.changes)), report.changes);
  warningSheet(book, name('Warnings'), report);
  book
    .commit()
    .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
