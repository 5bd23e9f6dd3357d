import {
  isValidCasNumber,
  normalizeCasNumber,
  type RegulatoryEntryValues,
  type RegulatoryListType,
} from '@chemtrack/domain';
import type { Table, TableRow } from './read-table.ts';

/**
 * The rules that turn the rows of a reference list into entries of one type, the same for CSV,
 * XLS and XLSX. Pure: rows in, entries (with warnings) or row problems out.
 *
 * Two layouts are understood:
 * - one list per file, columns found by header under their usual spellings ("CAS #", "CAS Number",
 *   "Threshold Quantity (lbs)", "TPQ", "Final RQ (lb)", "Reportable Quantity", …);
 * - EPA's Consolidated List of Lists, where one sheet holds every programme: a file uploaded as
 *   `ehs` takes the rows with a Section 302 TPQ, `cercla` those with a CERCLA RQ, `313` those
 *   marked for Section 313, `rmp` those with a CAA 112(r) TQ. (PSM, an OSHA list, is not in it.)
 *
 * Only structural problems refuse a file: no name or identifier column, a threshold that is not a
 * number, a cell that starts like a spreadsheet formula, an empty or header-only file. Doubts are
 * warnings and the row is kept: official lists carry a few identifiers that fail the CAS check digit.
 */

/** At most this many problems are reported (with how many there were in all). */
export const MAX_PROBLEMS = 20;
/** The header row is looked for in the first rows (the List of Lists has title rows above it). */
const HEADER_SEARCH_ROWS = 20;

export const PARSE_MSG = {
  empty: 'The file is empty',
  headersOnly: 'The file has a header row but no entries',
  noNameColumn: 'The file has no Chemical Name column',
  noCasColumn: 'The file has no CAS # column',
  noThresholdColumn: 'The file has no Threshold Quantity column',
  noRqColumn: 'The file has no Final Reportable Quantity column',
  noListOfListsColumn: (type: string) => `The List of Lists layout has no column for the ${type} list`,
  wrongListShape: (chosen: string, fits: string, found: string, expected: string) =>
    `The file's columns (${found}) fit the ${fits} list, not the ${chosen} list, which needs ${expected}`,
  noRowsOfType: (type: string) => `No row of the file belongs to the ${type} list`,
  notNumber: (value: string) => `"${value}" is not a number`,
  tooLarge: (value: string) => `${value} is too large`,
  formula: (value: string) =>
    `"${value.slice(0, 30)}" starts like a spreadsheet formula (=, +, -, @); files with formula cells are refused`,
  nameEmpty: 'the chemical name is empty',
  tooLong: (max: number) => `longer than ${max} characters`,
  notPercent: (value: string) => `"${value}" is not a percentage`,
  moreProblems: (count: number) => `and ${count} more ${count === 1 ? 'problem' : 'problems'}`,
} as const;

/** The file cannot become a list: what is wrong, by row and column, first 20. */
export class ListParseError extends Error {
  constructor(readonly problems: string[]) {
    super(problems[0] ?? 'The file could not be read');
  }
}

export interface ParsedList {
  entries: RegulatoryEntryValues[];
  /** The file's row number of each entry, in the same order (the summary names rows by it). */
  rowNumbers: number[];
  warnings: string[];
  /** Where the header was found, for the logs. */
  sheet: string;
}

type Role =
  | 'name'
  | 'cas'
  | 'category'
  | 'condition'
  | 'threshold'
  | 'tpqText'
  | 'rq'
  | 'note'
  | 'deMinimis'
  | 'pbt'
  | 'pfas'
  | 'qualifier'
  | 'kind'
  | 'concentration'
  | 'lolEhsTpq'
  | 'lolEhsRq'
  | 'lolCerclaRq'
  | 'lol313'
  | 'lolRmpTq'
  | 'alias';

/** Header text reduced to lower-case words: "CAS/ 313 Category Codes" → "cas 313 category codes". */
export function headerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim();
}

/** Each column role with the header spellings it takes, most specific first. */
const ROLE_PATTERNS: [Role, RegExp][] = [
  ['lolEhsTpq', /^(section )?302 (ehs )?tpq|^ehs tpq/],
  ['lolEhsRq', /^(section )?304 (ehs )?rq|^ehs rq/],
  ['lolCerclaRq', /^cercla rq/],
  ['lol313', /^(section |sec )?313$/],
  ['lolRmpTq', /^(caa )?(112 ?r )?rmp tq|^caa 112 ?r tq/],
  ['tpqText', /^tpq text$/],
  [
    'name',
    /^(chemical|substance|chemical substance|hazardous substance|listed (chemical|substance)|chemical or category)( name)?$|^name$/,
  ],
  ['cas', /^cas( ?#| no| number| rn| registry number| 313 category codes?)?$|^cas /],
  ['category', /^(313 |tri )?category( code)?s?$/],
  ['condition', /^conditions?$/],
  ['qualifier', /^(listing |chemical )?qualifiers?$/],
  [
    'threshold',
    /^(threshold( planning)? quantity|tpq|tq|(reporting )?threshold)( lbs?| pounds| in pounds)?$/,
  ],
  [
    'rq',
    /^(final )?(rq|reportable quantity|reportable quantities)( lbs?| pounds)?$|^final reportable quantity lb$/,
  ],
  ['note', /^(ehs )?(notes?|footnotes?)$/],
  ['deMinimis', /^de minimis/],
  ['pbt', /^pbt/],
  ['pfas', /^pfas|^(chemical of )?special concern/],
  ['kind', /^(toxic (or )?flammable|substance (type|kind)|rmp (type|category))$/],
  ['concentration', /^(listed |minimum |min )?concentration( pct| %| percent)?$/],
  ['alias', /^(alias|also counts?)( cas)?( numbers?| nos?| #)?$|^alias cas numbers$/],
];

type Columns = Partial<Record<Role, number>>;

function rolesOf(cells: string[]): Columns {
  const columns: Columns = {};
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    if (!key) return;
    const match = ROLE_PATTERNS.find(([, pattern]) => pattern.test(key));
    if (match && columns[match[0]] === undefined) columns[match[0]] = index;
  });
  return columns;
}

const LOL_ROLES: Role[] = ['lolEhsTpq', 'lolEhsRq', 'lolCerclaRq', 'lol313', 'lolRmpTq'];

/** The List of Lists has several programme columns side by side; one list file has at most one. */
function isListOfLists(columns: Columns): boolean {
  return LOL_ROLES.filter((role) => columns[role] !== undefined).length >= 2;
}

interface Header {
  table: Table;
  index: number;
  columns: Columns;
  labels: string[];
}

function isBlank(row: TableRow): boolean {
  return row.cells.every((cell) => cell.trim() === '');
}

/** The first sheet whose first rows hold a name and an identifier column; otherwise why not. */
function findHeader(tables: Table[]): Header {
  let firstRow: { table: Table; index: number } | undefined;
  for (const table of tables) {
    const limit = Math.min(table.rows.length, HEADER_SEARCH_ROWS);
    for (let index = 0; index < limit; index++) {
      const row = table.rows[index]!;
      if (isBlank(row)) continue;
      firstRow ??= { table, index };
      const columns = rolesOf(row.cells);
      if (columns.name !== undefined && columns.cas !== undefined) {
        return { table, index, columns, labels: row.cells };
      }
    }
  }
  if (!firstRow) throw new ListParseError([PARSE_MSG.empty]);
  const columns = rolesOf(firstRow.table.rows[firstRow.index]!.cells);
  const problems: string[] = [];
  if (columns.name === undefined) problems.push(PARSE_MSG.noNameColumn);
  if (columns.cas === undefined) problems.push(PARSE_MSG.noCasColumn);
  throw new ListParseError(problems);
}

/** OWASP CSV injection: a cell starting with =, +, -, @, tab or CR runs as a formula in a spreadsheet. */
function looksLikeFormula(value: string): boolean {
  return /^[=+@\t\r]/.test(value) || /^-(?![\d.])/.test(value);
}

const NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/;
/** numeric(14, 4) holds less than 10^10. */
const MAX_QUANTITY = 9_999_999_999;

function toNumber(text: string): number | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!NUMBER.test(compact)) return undefined;
  return Number(compact.replace(/,/g, ''));
}

interface Quantity {
  value: number | null;
  upper: number | null;
  /** A footnote mark after the figure ("1,000 (a)", "100*"). */
  mark: string;
}

/** "10,000" → 10000; "500/10,000" → 500 and 10000; "" → null; anything else → a problem. */
function parseQuantity(raw: string): Quantity | string {
  const text = raw.trim();
  if (text === '') return { value: null, upper: null, mark: '' };
  const marked = /^(.*?)\s*(\*+|\([a-z]\))$/i.exec(text);
  const figure = marked ? marked[1]! : text;
  const mark = marked ? marked[2]!.replace(/[()]/g, '') : '';
  const [low, high, ...rest] = figure.split('/');
  const value = toNumber(low ?? '');
  const upper = high === undefined ? null : (toNumber(high) ?? Number.NaN);
  if (value === undefined || rest.length > 0 || Number.isNaN(upper)) return PARSE_MSG.notNumber(text);
  if (value > MAX_QUANTITY || (upper ?? 0) > MAX_QUANTITY) return PARSE_MSG.tooLarge(text);
  return { value, upper, mark };
}

function parsePercent(raw: string): number | null | string {
  const text = raw.trim().replace(/%$/, '').trim();
  if (text === '') return null;
  const value = toNumber(text);
  if (value === undefined || value > 100) return PARSE_MSG.notPercent(raw);
  return value;
}

/** The concentration a listing starts at: "conc 20% or greater" → 20. */
function percentIn(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*%/.exec(text);
  return match ? Number(match[1]) : null;
}

function isMarked(text: string): boolean {
  return !['', 'no', 'n', '-', '0', 'false'].includes(text.trim().toLowerCase());
}

const CATEGORY_CODE = /^N\d{3}$/i;
const CAS_SHAPE = /^\d{2,7}-\d{2}-\d$/;

/** A column as the problems name it: the file's own header text. */
function columnLabel(header: Header, index: number | undefined): string {
  if (index === undefined) return 'column';
  return header.labels[index]?.trim() || `column ${index + 1}`;
}

const TEXT_LIMITS: Partial<Record<Role, number>> = {
  name: 1000,
  condition: 200,
  qualifier: 200,
  note: 200,
  tpqText: 100,
  alias: 200,
};

/**
 * A 313 listing's qualifier as EPA writes it in the name's parenthesis (40 CFR 372.65): a form
 * ("acid aerosols …", "fume or dust", "friable", "fibrous forms", "solution", "yellow or white"),
 * a limit ("except when contained in an alloy", "only persons who manufacture …") or ammonia's
 * "includes …". Other parentheses are synonyms ("(HCFC-22)", "(mixed isomers)") and stay names.
 */
const QUALIFIER_IN_NAME =
  /\((acid aerosols[^()]*|fume or dust|friable|fibrous forms?|solutions?|yellow or white|except [^()]*|only [^()]*|includes? [^()]*)\)\s*$/i;

export function qualifierInName(name: string): string {
  return QUALIFIER_IN_NAME.exec(name)?.[1]?.trim().slice(0, 200) ?? '';
}

/** What each list needs, as the refusal of a file shaped for another list says it (issue 33 point 16). */
export const EXPECTED_COLUMNS: Record<RegulatoryListType, string> = {
  ehs: 'Chemical Name, CAS # and Threshold Quantity (TPQ) columns',
  cercla: 'Chemical Name, CAS # and Final Reportable Quantity columns',
  '313':
    'Chemical Name and CAS # (or a 313 category code) columns, with De Minimis, PBT, PFAS or Qualifier where the list has them, and no reportable quantity',
  rmp: 'Chemical Name, CAS # and Threshold Quantity (TQ) columns',
  psm: 'Chemical Name, CAS # and Threshold Quantity (TQ) columns',
};

/** The columns that only a 313 list carries; a file with one of them is a 313 list whatever else it has. */
const TRI_ROLES: Role[] = ['deMinimis', 'pbt', 'pfas', 'qualifier', 'category'];

/**
 * A one-list file whose columns plainly belong to another list type: a CERCLA file (a reportable
 * quantity and no threshold) chosen as 313, EHS, RMP or PSM; a threshold list chosen as CERCLA or
 * as 313. Loaded as chosen it would pass with the wrong figures (a 313 list of CERCLA rows tests
 * every hazardous substance for TRI), so it is refused with the columns the chosen list needs.
 */
function wrongShape(type: RegulatoryListType, columns: Columns, header: Header): string | null {
  const has = (role: Role) => columns[role] !== undefined;
  const label = (role: Role) => columnLabel(header, columns[role]);
  const isTri = TRI_ROLES.some(has);
  const refuse = (fits: string, roles: Role[]) =>
    PARSE_MSG.wrongListShape(
      type.toUpperCase(),
      fits,
      roles.filter(has).map(label).join(', '),
      EXPECTED_COLUMNS[type],
    );
  if (type === '313' && !isTri) {
    if (has('rq') && !has('threshold')) return refuse('CERCLA', ['name', 'cas', 'rq']);
    if (has('threshold')) return refuse('EHS, RMP or PSM', ['name', 'cas', 'threshold']);
  }
  if (type === 'cercla' && !has('rq') && has('threshold')) {
    return refuse('EHS, RMP or PSM', ['name', 'cas', 'threshold']);
  }
  if (type !== '313' && type !== 'cercla' && !has('threshold')) {
    if (has('rq')) return refuse('CERCLA', ['name', 'cas', 'rq']);
    if (isTri) return refuse('313', ['name', 'cas', ...TRI_ROLES]);
  }
  return null;
}

/**
 * Which column holds this type's figure, and whether a row belongs to the type, in either layout.
 */
function typeColumns(type: RegulatoryListType, header: Header, isLol: boolean) {
  const { columns } = header;
  if (!isLol) {
    const mismatch = wrongShape(type, columns, header);
    if (mismatch !== null) throw new ListParseError([mismatch]);
    if (type === 'cercla') {
      if (columns.rq === undefined && columns.lolCerclaRq === undefined)
        throw new ListParseError([PARSE_MSG.noRqColumn]);
      return { threshold: undefined, rq: columns.rq ?? columns.lolCerclaRq, select: undefined };
    }
    if (type === '313') return { threshold: columns.threshold, rq: columns.rq, select: undefined };
    const threshold =
      columns.threshold ??
      (type === 'ehs' ? columns.lolEhsTpq : type === 'rmp' ? columns.lolRmpTq : undefined);
    if (threshold === undefined) throw new ListParseError([PARSE_MSG.noThresholdColumn]);
    return {
      threshold,
      rq: columns.rq ?? (type === 'ehs' ? columns.lolEhsRq : undefined),
      select: undefined,
    };
  }
  const byType: Record<RegulatoryListType, Role | undefined> = {
    ehs: 'lolEhsTpq',
    cercla: 'lolCerclaRq',
    '313': 'lol313',
    rmp: 'lolRmpTq',
    psm: undefined,
  };
  const selectRole = byType[type];
  const select = selectRole === undefined ? undefined : columns[selectRole];
  if (select === undefined) throw new ListParseError([PARSE_MSG.noListOfListsColumn(type.toUpperCase())]);
  return {
    threshold: type === 'ehs' || type === 'rmp' ? select : undefined,
    rq: type === 'cercla' ? select : type === 'ehs' ? columns.lolEhsRq : undefined,
    select,
  };
}

export function parseReferenceList(tables: Table[], type: RegulatoryListType): ParsedList {
  const header = findHeader(tables);
  const { columns } = header;
  const isLol = isListOfLists(columns);
  const picked = typeColumns(type, header, isLol);
  const problems: string[] = [];
  const warnings: string[] = [];
  const entries: RegulatoryEntryValues[] = [];
  const rowNumbers: number[] = [];
  const dataRows = header.table.rows.slice(header.index + 1).filter((row) => !isBlank(row));
  if (dataRows.length === 0) throw new ListParseError([PARSE_MSG.headersOnly]);

  const headerFormula = header.labels.find((cell) => looksLikeFormula(cell.trim()));
  if (headerFormula !== undefined) {
    problems.push(`Row ${header.table.rows[header.index]!.rowNumber}: ${PARSE_MSG.formula(headerFormula)}`);
  }

  for (const row of dataRows) {
    const at = `Row ${row.rowNumber}`;
    const cell = (role: Role | number | undefined) => {
      const index = typeof role === 'number' ? role : role === undefined ? undefined : columns[role];
      return index === undefined ? '' : (row.cells[index] ?? '').trim();
    };
    const problemsBefore = problems.length;
    const problemAt = (index: number | undefined, text: string) =>
      problems.push(`${at}, ${columnLabel(header, index)}: ${text}`);
    const problem = (role: Role, text: string) => problemAt(columns[role], text);

    row.cells.forEach((value, index) => {
      if (looksLikeFormula(value.trim())) problemAt(index, PARSE_MSG.formula(value.trim()));
    });
    if (problems.length > problemsBefore) continue;
    if (picked.select !== undefined && !isMarked(cell(picked.select))) continue;

    const name = cell('name');
    if (name === '') problem('name', PARSE_MSG.nameEmpty);
    for (const [role, max] of Object.entries(TEXT_LIMITS) as [Role, number][]) {
      if (cell(role).length > max) problem(role, PARSE_MSG.tooLong(max));
    }

    // The identifier: a CAS number (dashes restored, leading zeros dropped) or a category code.
    let casNumber = '';
    let category = CATEGORY_CODE.test(cell('category')) ? cell('category').toUpperCase() : '';
    const identifier = cell('cas');
    if (CATEGORY_CODE.test(identifier)) category = identifier.toUpperCase();
    else if (identifier !== '') {
      const cas = normalizeCasNumber(identifier).replace(/^0+(?=\d)/, '');
      if (CAS_SHAPE.test(cas)) {
        casNumber = cas;
        if (!isValidCasNumber(cas))
          warnings.push(`${at}: CAS ${cas} (${name}) fails the CAS check digit; the row is kept`);
      } else {
        warnings.push(
          `${at}: "${identifier.slice(0, 40)}" (${name}) is not a CAS number; the row is kept without one`,
        );
      }
    }

    const threshold = parseQuantity(cell(picked.threshold));
    if (typeof threshold === 'string') problemAt(picked.threshold, threshold);
    const tpqTextCell = cell('tpqText');
    const dual = tpqTextCell ? parseQuantity(tpqTextCell) : undefined;
    if (typeof dual === 'string') problem('tpqText', dual);
    const rq = parseQuantity(cell(picked.rq));
    if (typeof rq === 'string') problemAt(picked.rq, rq);
    const deMinimis = parsePercent(cell('deMinimis'));
    if (typeof deMinimis === 'string') problem('deMinimis', deMinimis);
    // "52% by weight or greater": the figure is what counts.
    const concentration = parsePercent(cell('concentration').replace(/[^\d.,%]+.*$/, ''));
    if (typeof concentration === 'string') problem('concentration', concentration);
    if (
      problems.length > problemsBefore ||
      typeof threshold === 'string' ||
      typeof dual === 'string' ||
      typeof rq === 'string' ||
      typeof deMinimis === 'string' ||
      typeof concentration === 'string'
    ) {
      continue;
    }

    // 313: the qualifier column, else the name's parenthesis; other lists: the condition column.
    const condition = cell('condition') || (type === '313' ? cell('qualifier') || qualifierInName(name) : '');
    const kindText = cell('kind').toLowerCase();
    const marks = [threshold.mark, rq.mark].filter(Boolean);
    rowNumbers.push(row.rowNumber);
    entries.push({
      chemical_name: name,
      cas_number: casNumber,
      category,
      condition,
      threshold_quantity_lbs: threshold.value,
      threshold_quantity_upper_lbs: dual?.upper ?? threshold.upper,
      tpq_text: tpqTextCell || (type === 'ehs' ? cell(picked.threshold) : ''),
      final_reportable_quantity_lb: rq.value,
      substance_kind: kindText.includes('toxic') ? 'toxic' : kindText.includes('flam') ? 'flammable' : '',
      min_concentration_pct:
        concentration ?? percentIn(condition) ?? (type === 'psm' || type === 'rmp' ? percentIn(name) : null),
      de_minimis_pct: deMinimis,
      is_pbt: isMarked(cell('pbt')),
      is_pfas: isMarked(cell('pfas')),
      note: [cell('note'), ...marks].filter(Boolean).join('; ').slice(0, 200),
      // Only RMP counts a CAS under another's listing (rules §8); EPCRA keeps them apart (§0.2).
      alias_cas_numbers: type === 'rmp' ? cell('alias') : '',
    });
  }

  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    if (problems.length > MAX_PROBLEMS) shown.push(PARSE_MSG.moreProblems(problems.length - MAX_PROBLEMS));
    throw new ListParseError(shown);
  }
  if (entries.length === 0) throw new ListParseError([PARSE_MSG.noRowsOfType(type.toUpperCase())]);
  return { entries, rowNumbers, warnings, sheet: header.table.sheet };
}
