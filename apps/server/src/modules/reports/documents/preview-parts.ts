/**
 * The parts of a drawn report's preview (issue 37): the first answer, a page of one table (sorted,
 * searched) and one row's explanation, each as the JSON text the route sends. They read the
 * document the report worker keeps, so a page or an explanation runs neither the engine nor a
 * read of the lines again; the same functions run in process (tests compare the two).
 */
import {
  formatReportCell,
  type ListMeta,
  type OrderDirection,
  previewWarnings,
  REPORT_MSG,
  type ReportCell,
  type ReportDocument,
  type ReportPreviewExplanationResponse,
  type ReportPreviewInfoGroupsResponse,
  type ReportPreviewResponse,
  type ReportPreviewRowsResponse,
  type ReportPreviewWarningsResponse,
  type ReportTable,
  reportPreviewDocument,
  toPreviewRow,
} from '@chemtrack/domain';

export interface PreviewRowsQuery {
  table: string;
  page: number;
  ipp: number;
  search?: string | undefined;
  order_by?: string | undefined;
  order_dir?: OrderDirection | undefined;
}

export interface PageQuery {
  page: number;
  ipp: number;
}

export type PreviewPart =
  | { part: 'first'; version: string }
  | { part: 'rows'; query: PreviewRowsQuery }
  | { part: 'explanation'; table: string; row: number }
  | ({ part: 'warnings' } & PageQuery)
  | ({ part: 'info_groups' } & PageQuery);

/** The part's JSON text, or why it cannot be answered (the service turns it into the 422 or 404). */
export type PreviewPartAnswer =
  | { ok: true; body: string }
  | { ok: false; status: 404 | 422; field: string; message: string };

export function previewPartAnswer(report: ReportDocument, part: PreviewPart): PreviewPartAnswer {
  if (part.part === 'first') {
    const body: ReportPreviewResponse = { resource: reportPreviewDocument(report, part.version) };
    return { ok: true, body: JSON.stringify(body) };
  }
  if (part.part === 'warnings') {
    const body: ReportPreviewWarningsResponse = { resource: pageOf(warningsOf(report).warnings, part) };
    return { ok: true, body: JSON.stringify(body) };
  }
  if (part.part === 'info_groups') {
    const body: ReportPreviewInfoGroupsResponse = { resource: pageOf(warningsOf(report).info_groups, part) };
    return { ok: true, body: JSON.stringify(body) };
  }
  const name = part.part === 'rows' ? part.query.table : part.table;
  const table = report.tables.find((candidate) => candidate.key === name);
  if (!table) return { ok: false, status: 422, field: 'table', message: REPORT_MSG.previewTableUnknown };
  if (part.part === 'rows') return rowsAnswer(table, part.query);
  const row = table.rows[part.row];
  if (!row) return { ok: false, status: 404, field: 'row', message: REPORT_MSG.previewRowUnknown };
  const body: ReportPreviewExplanationResponse = {
    resource: { explanation: row.explanation, details: row.details },
  };
  return { ok: true, body: JSON.stringify(body) };
}

/** "The order by must be one of: name, cas_number, …", as a list says of its own columns. */
function orderByMessage(table: ReportTable): string {
  return `The order by must be one of: ${table.columns.map((column) => column.key).join(', ')}`;
}

function rowsAnswer(table: ReportTable, query: PreviewRowsQuery): PreviewPartAnswer {
  const { order_by: orderBy } = query;
  if (orderBy !== undefined && !table.columns.some((column) => column.key === orderBy))
    return { ok: false, status: 422, field: 'order_by', message: orderByMessage(table) };
  let order = orderBy === undefined ? undefined : sortedIndexes(table, orderBy, query.order_dir ?? 'asc');
  const search = query.search ? searchKey(query.search) : '';
  if (search !== '') {
    const texts = rowTexts(table);
    const matches = (index: number) => texts[index]!.includes(search);
    order = order ? order.filter(matches) : texts.flatMap((_, index) => (matches(index) ? [index] : []));
  }
  const indexes = order ?? table.rows.map((_, index) => index);
  const body: ReportPreviewRowsResponse = {
    resource: pageOf(indexes, query, (index) => toPreviewRow(table.rows[index]!, index)),
  };
  return { ok: true, body: JSON.stringify(body) };
}

/** A page of a list as the lists answer it: its items and `meta`. */
function pageOf<Item>(items: readonly Item[], query: PageQuery): { items: Item[]; meta: ListMeta };
function pageOf<Item, Shown>(
  items: readonly Item[],
  query: PageQuery,
  show: (item: Item) => Shown,
): { items: Shown[]; meta: ListMeta };
function pageOf<Item, Shown>(items: readonly Item[], query: PageQuery, show?: (item: Item) => Shown) {
  const start = (query.page - 1) * query.ipp;
  const slice = items.slice(start, start + query.ipp);
  return {
    items: show ? slice.map(show) : slice,
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(items.length / query.ipp)),
      per_page: query.ipp,
      total: items.length,
    },
  };
}

/** The warnings to fix and the information groups, kept per document's warnings (shared by its copies). */
const warningLists = new WeakMap<ReportDocument['warnings'], ReturnType<typeof previewWarnings>>();
function warningsOf(report: ReportDocument) {
  let lists = warningLists.get(report.warnings);
  if (!lists) {
    lists = previewWarnings(report);
    warningLists.set(report.warnings, lists);
  }
  return lists;
}

/** Lower case without accents, so "Acetone", "acétone" and "ACETONE" find each other. */
function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Each row's shown cells as one searchable text, per table: a kept document is searched again and
 * again while someone types. Kept beside the table (a WeakMap), gone with it.
 */
const searchTexts = new WeakMap<ReportTable, string[]>();
function rowTexts(table: ReportTable): string[] {
  let texts = searchTexts.get(table);
  if (!texts) {
    texts = table.rows.map((row) =>
      searchKey(
        table.columns.map((column) => formatReportCell(row.cells[column.key], column.kind)).join('\u001f'),
      ),
    );
    searchTexts.set(table, texts);
  }
  return texts;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Empty figures last whichever the direction (a reader sorts to see figures), numbers by value,
 * flags false before true, text as a reader sorts it; ties keep the report's order.
 */
function compareCells(a: ReportCell | undefined, b: ReportCell | undefined): number {
  const aEmpty = isEmpty(a);
  const bEmpty = isEmpty(b);
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The rows' indexes sorted by one column, kept per table, column and direction. */
const sortedTables = new WeakMap<ReportTable, Map<string, number[]>>();
function sortedIndexes(table: ReportTable, key: string, direction: OrderDirection): number[] {
  let sorts = sortedTables.get(table);
  if (!sorts) {
    sorts = new Map();
    sortedTables.set(table, sorts);
  }
  const name = `${direction} ${key}`;
  let order = sorts.get(name);
  if (!order) {
    const sign = direction === 'asc' ? 1 : -1;
    const cells = table.rows.map((row) => row.cells[key]);
    order = cells
      .map((_, index) => index)
      .sort((a, b) => {
        // Empty last in both directions: the sign turns only the figures.
        const either = isEmpty(cells[a]) || isEmpty(cells[b]);
        const compared = (either ? 1 : sign) * compareCells(cells[a], cells[b]);
        return compared === 0 ? a - b : compared;
      });
    sorts.set(name, order);
  }
  return order;
}

function isEmpty(cell: ReportCell | undefined): boolean {
  return cell === null || cell === undefined || cell === '';
}
