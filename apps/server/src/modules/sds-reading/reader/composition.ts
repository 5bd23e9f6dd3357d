import {
  type ConcentrationBasis,
  findPrintedCas,
  parseBasis,
  parseConcentration,
  SDS_READ_MSG,
  type SdsReadComponent,
} from '@chemtrack/domain';
import { itemAt, type TextItem, type TextLine } from './text-lines.ts';

/**
 * Reads the composition table of section 3 row by row: a row is a line with a CAS number (or a
 * withheld identity with a concentration), its name the text of the name column on that line and
 * the lines wrapped around it, its concentration the printed figure in the concentration column.
 */

/** Header words of each column a composition table may have. */
const HEADER = {
  name: /\b(?:chemical name|component|ingredient|name|substance|description|material|identity)s?\b/i,
  cas: /\bcas\b|cas[- ]?(?:no|number|#|rn)/i,
  concentration: /%|\bweight\b|\bwt\b|concentration|percent|amount|content|\bconc\b/i,
};

/** Words that mark a row whose identity is withheld. */
const WITHHELD = /trade secret|proprietary|confidential|mixture|withheld|not applicable|^-$|^n\/?a$/i;

/** A concentration as it sits inside a line (never inside a word, a CAS or an EC number). */
const CONCENTRATION_IN_TEXT =
  /(?<![\w.,\-–/])(?:(?:>=|=>|≥|>|<=|=<|≤|<)\s*)?\d{1,3}(?:[.,]\d+)?\s*%?(?:\s*(?:-|–|to)?\s*(?:(?:<=|=<|≤|<)\s*)\d{1,3}(?:[.,]\d+)?\s*%?|\s*(?:-|–|to)\s*\d{1,3}(?:[.,]\d+)?\s*%?)?(?![\w\-–/]|[.,]\d)|(?<![\w])(?:\*+|proprietary|trade secret)(?!\w)/gi;

interface Columns {
  line: TextLine;
  name?: { x: number; end: number };
  cas?: { x: number; end: number };
  concentration?: { x: number; end: number; basis: ConcentrationBasis | null };
}

interface Row {
  anchor: TextLine;
  number: string | null;
  casPrinted: string | null;
  casValid: boolean;
  nameParts: string[];
  concentration: string | null;
  /** By weight or volume as the table's header says. */
  headerBasis: ConcentrationBasis | null;
  extraLines: TextLine[];
}

/** A header line's cells: runs of items with no wide gap between them. */
function headerCells(line: TextLine): { text: string; x: number; right: number }[] {
  const cells: { text: string; x: number; right: number }[] = [];
  for (const item of line.items) {
    const last = cells.at(-1);
    if (last && item.x - last.right < Math.max(item.height, 6) * 0.9) {
      last.text += ` ${item.text}`;
      last.right = item.right;
    } else cells.push({ text: item.text, x: item.x, right: item.right });
  }
  return cells;
}

/**
 * The columns a header line names: each cell of the header is a column, its zone running from
 * the middle of the gap before it to the middle of the gap after it (values are left-aligned,
 * right-aligned or centred under their heading).
 */
function readHeader(line: TextLine): Columns | undefined {
  const cells = headerCells(line);
  const keys = cells.map((cell) =>
    HEADER.cas.test(cell.text)
      ? ('cas' as const)
      : HEADER.concentration.test(cell.text)
        ? ('concentration' as const)
        : HEADER.name.test(cell.text)
          ? ('name' as const)
          : undefined,
  );
  if (!keys.includes('concentration') || keys.filter((key) => key !== undefined).length < 2) return undefined;
  const columns: Columns = { line };
  cells.forEach((cell, index) => {
    const key = keys[index];
    if (!key || columns[key]) return;
    const previous = cells[index - 1];
    const next = cells[index + 1];
    const x = previous ? (previous.right + cell.x) / 2 : Number.NEGATIVE_INFINITY;
    const end = next ? (cell.right + next.x) / 2 : Number.POSITIVE_INFINITY;
    if (key === 'concentration') columns.concentration = { x, end, basis: parseBasis(cell.text) };
    else columns[key] = { x, end };
  });
  return columns;
}

/** An approximate x for a character offset (items hold several words). */
function xOfOffset(line: TextLine, offset: number): number {
  let index = 0;
  line.starts.forEach((start, i) => {
    if (start <= offset) index = i;
  });
  const item = line.items[index];
  if (!item) return 0;
  const start = line.starts[index] ?? 0;
  const width = item.right - item.x;
  const share = item.text.length > 0 ? (offset - start) / item.text.length : 0;
  return item.x + Math.max(0, Math.min(1, share)) * width;
}

function inColumn(x: number, column: { x: number; end: number }): boolean {
  return x >= column.x && x < column.end;
}

/** The printed concentrations of a line with their positions, CAS and EC numbers blanked out. */
function concentrationsOf(line: TextLine): { printed: string; x: number }[] {
  const blanked = line.text
    .replace(/(?<![\d-])0*\d{2,7}\s?-\s?\d{2}\s?-\s?\d(?![\d-])/g, (text) => ' '.repeat(text.length))
    .replace(/\b\d{3}-\d{3}-\d\b/g, (text) => ' '.repeat(text.length))
    .replace(/\b[HR]\d{2,3}\b/g, (text) => ' '.repeat(text.length));
  return [...blanked.matchAll(CONCENTRATION_IN_TEXT)]
    .map((match) => ({ printed: match[0].trim(), x: xOfOffset(line, match.index) }))
    .filter((found) => found.printed !== '' && parseConcentration(found.printed) !== null);
}

/** The concentration of a row's line: in the concentration column when there is a header. */
function pickConcentration(line: TextLine, columns: Columns | undefined): string | null {
  const found = concentrationsOf(line);
  if (found.length === 0) return null;
  const column = columns?.concentration;
  if (column) {
    const inside = found.filter((candidate) => inColumn(candidate.x, column));
    if (inside.length > 0) return inside[0]?.printed ?? null;
    if (columns) return null;
  }
  return (found.find((candidate) => /[%<>≤≥]/.test(candidate.printed)) ?? found.at(-1))?.printed ?? null;
}

/** The text of a line's items inside the name column (or, without a header, before the CAS). */
function nameOf(line: TextLine, columns: Columns | undefined, casX: number | undefined): string {
  const column = columns?.name;
  const items = line.items.filter((item) => {
    if (column) return inColumn(item.x, column);
    return casX === undefined || item.right <= casX + 1;
  });
  return cleanName(joinItems(items));
}

function joinItems(items: TextItem[]): string {
  let text = '';
  items.forEach((item, index) => {
    const previous = items[index - 1];
    const gap = previous ? item.x - previous.right : 0;
    text += previous && gap > Math.max(item.height, 4) * 0.18 ? ` ${item.text}` : item.text;
  });
  return text;
}

function cleanName(text: string): string {
  return text
    .replace(/(?<![\d-])0*\d{2,7}\s?-\s?\d{2}\s?-\s?\d(?![\d-])/g, ' ')
    .replace(/\b\d{3}-\d{3}-\d\b/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[·•\s:]+|[\s:]+$/g, '')
    .trim();
}

/**
 * A row without CAS is a row of the table only when its name and its concentration each sit in
 * their own column: a sentence under the table ("see Section 16") runs across the columns.
 */
function isCellRow(line: TextLine, columns: Columns, concentration: string): boolean {
  const nameColumn = columns.name;
  const concentrationColumn = columns.concentration;
  if (!nameColumn || !concentrationColumn) return false;
  const offset = line.text.lastIndexOf(concentration);
  const item = itemAt(line, offset);
  if (!item || !inColumn(item.x, concentrationColumn)) return false;
  return line.items.every((cell) => !inColumn(cell.x, nameColumn) || cell.right <= nameColumn.end + 4);
}

/** A row's text without its CAS and concentration, for a table whose columns are not named. */
function remainderName(text: string, concentration: string | null): string {
  const rest = concentration === null ? text : text.replace(concentration, ' ');
  return cleanName(rest.replace(/\(\s*\)/g, ' '));
}

const LABELLED_CAS = /\bCAS(?:[- ]?(?:No|Number|#|RN))?\.?\s*:/i;

/** The nearest header above a row, on its page, within the block. */
function headerAbove(lines: TextLine[], index: number): Columns | undefined {
  for (let i = index - 1; i >= 0 && i >= index - 12; i--) {
    const line = lines[i];
    if (!line) break;
    if (findPrintedCas(line.text).length > 0 && !LABELLED_CAS.test(line.text)) continue;
    const header = readHeader(line);
    if (header) return header;
  }
  return undefined;
}

function lineHeight(line: TextLine): number {
  return Math.max(...line.items.map((item) => item.height), 6);
}

/**
 * The components of a section 3 block: rows in order, two tables of the same components
 * (e.g. the 2012 and 1994 HCS) merged by CAS number, each row with the text it was read from.
 */
export function readComposition(lines: TextLine[]): SdsReadComponent[] {
  const rows: Row[] = [];
  const rowOfLine = new Map<TextLine, Row>();
  let columns: Columns | undefined;
  lines.forEach((line, index) => {
    const header = readHeader(line);
    if (header && findPrintedCas(line.text).length === 0) {
      columns = header;
      return;
    }
    const cas = findPrintedCas(line.text);
    if (cas.length > 0) {
      columns = headerAbove(lines, index) ?? columns;
      const first = cas[0];
      if (!first) return;
      const casX = xOfOffset(line, first.index);
      const labelled = LABELLED_CAS.test(line.text);
      const concentration = labelled ? null : pickConcentration(line, columns);
      const name = labelled ? '' : nameOf(line, columns, casX) || remainderName(line.text, concentration);
      const row: Row = {
        anchor: line,
        number: first.number,
        casPrinted: first.printed.trim(),
        casValid: first.isValid,
        nameParts: name === '' ? [] : [name],
        concentration,
        headerBasis: columns?.concentration?.basis ?? null,
        extraLines: [],
      };
      rows.push(row);
      rowOfLine.set(line, row);
      return;
    }
    // A withheld identity: a name and a concentration in their columns, no CAS.
    if (columns?.concentration && columns.name && columns.cas && line.page === columns.line.page) {
      const concentration = pickConcentration(line, columns);
      const name = nameOf(line, columns, undefined);
      const casColumn = columns.cas;
      const casCell = line.items.filter((item) => inColumn(item.x, casColumn));
      const casText = joinItems(casCell).trim();
      const isWithheldCas = casText === '' || WITHHELD.test(casText);
      if (concentration && name !== '' && isWithheldCas && isCellRow(line, columns, concentration)) {
        const row: Row = {
          anchor: line,
          number: null,
          casPrinted: casText || null,
          casValid: true,
          nameParts: [name],
          concentration,
          headerBasis: columns.concentration.basis,
          extraLines: [],
        };
        rows.push(row);
        rowOfLine.set(line, row);
      }
    }
  });
  attachWrappedLines(lines, rows, rowOfLine);
  attachLabelledConcentrations(lines, rows);
  const blockBasis = parseBasis(
    lines
      .map((line) => line.text)
      .join(' ')
      .match(/(?:percent|%)\s*by\s*\w+|\bw\/w\b|\bv\/v\b/i)?.[0] ?? '',
  );
  return mergeRows(rows).map((row) => toComponent(row, blockBasis));
}

/**
 * Lines between rows that hold only name-column text are a wrapped name: joined to the nearest
 * row on the same page (above or below), in reading order; a sentence running across the
 * columns is not a cell and ends the table.
 */
function attachWrappedLines(lines: TextLine[], rows: Row[], rowOfLine: Map<TextLine, Row>): void {
  if (rows.length === 0) return;
  lines.forEach((line, index) => {
    if (rowOfLine.has(line)) return;
    const nearest = nearestRow(line, rows);
    if (!nearest) return;
    const { row, distance } = nearest;
    if (distance > lineHeight(row.anchor) * 1.45) return;
    if (LABELLED_CAS.test(row.anchor.text)) return;
    const header = headerAbove(lines, index + 1);
    const name = header?.line === line ? '' : nameOf(line, header, casXOf(row));
    if (name === '' || (/[.:]$/.test(name) && name.split(' ').length > 6)) return;
    const tooWide = header?.name && line.items.some((item) => item.right > (header.name?.end ?? 0) + 40);
    if (tooWide) return;
    row.extraLines.push(line);
    if (line.y > row.anchor.y) row.nameParts.unshift(name);
    else row.nameParts.push(name);
  });
}

function casXOf(row: Row): number | undefined {
  if (row.number === null) return undefined;
  const found = findPrintedCas(row.anchor.text)[0];
  return found ? xOfOffset(row.anchor, found.index) : undefined;
}

function nearestRow(line: TextLine, rows: Row[]): { row: Row; distance: number } | undefined {
  let best: { row: Row; distance: number } | undefined;
  for (const row of rows) {
    if (row.anchor.page !== line.page) continue;
    const distance = Math.abs(row.anchor.y - line.y);
    if (!best || distance < best.distance) best = { row, distance };
  }
  return best;
}

/**
 * A substance's CAS printed as a label (`CAS-No. : 408-35-5`) with its concentration in a
 * components table without a CAS column further down: the first concentration after the label.
 */
function attachLabelledConcentrations(lines: TextLine[], rows: Row[]): void {
  for (const row of rows) {
    if (!LABELLED_CAS.test(row.anchor.text) || row.concentration !== null) continue;
    const start = lines.indexOf(row.anchor);
    let columns: Columns | undefined;
    for (const line of lines.slice(start + 1)) {
      if (findPrintedCas(line.text).length > 0) break;
      const header = readHeader(line);
      if (header) {
        columns = header;
        continue;
      }
      if (!columns?.concentration) continue;
      const concentration = pickConcentration(line, columns);
      const name = nameOf(line, columns, undefined);
      if (name !== '' && row.nameParts.length === 0) row.nameParts.push(name);
      if (concentration) {
        row.concentration = concentration;
        row.extraLines.push(line);
        break;
      }
    }
  }
}

/** One row per CAS number: a second table's row fills what the first left empty. */
function mergeRows(rows: Row[]): Row[] {
  const kept: Row[] = [];
  const byNumber = new Map<string, Row>();
  for (const row of rows) {
    const existing = row.number === null ? undefined : byNumber.get(row.number);
    if (!existing) {
      kept.push(row);
      if (row.number !== null) byNumber.set(row.number, row);
      continue;
    }
    if (existing.concentration === null && row.concentration !== null)
      existing.concentration = row.concentration;
    if (existing.nameParts.length === 0) existing.nameParts = row.nameParts;
  }
  return kept;
}

function toComponent(row: Row, blockBasis: ConcentrationBasis | null): SdsReadComponent {
  const warnings: string[] = [];
  if (row.number !== null && !row.casValid)
    warnings.push(SDS_READ_MSG.casCheckDigit(row.casPrinted ?? row.number));
  if (row.number === null) warnings.push(SDS_READ_MSG.casWithheld);
  const parsed = row.concentration === null ? null : parseConcentration(row.concentration);
  if (row.concentration === null) warnings.push(SDS_READ_MSG.concentrationMissing);
  else if (parsed === null) warnings.push(SDS_READ_MSG.concentrationUnread(row.concentration));
  const source = [row.anchor, ...row.extraLines].sort((a, b) => b.y - a.y).map((line) => line.text);
  return {
    name: row.nameParts.join(' ').replace(/\s+/g, ' ').trim() || (row.number ?? ''),
    number: row.number,
    percentage_weight_low: parsed?.low ?? null,
    percentage_weight_high: parsed?.high ?? null,
    basis: parsed?.basis ?? row.headerBasis ?? blockBasis,
    page: row.anchor.page,
    source_text: source.join('\n'),
    warnings,
  };
}
