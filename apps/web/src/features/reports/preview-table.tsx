import {
  formatReportCell,
  type OrderDirection,
  PREVIEW_PAGE_SIZE,
  type ReportCell,
  type ReportColumn,
  type ReportColumnKind,
  type ReportPreviewRow,
  type ReportPreviewTable,
} from '@chemtrack/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, ChevronRight } from 'lucide-react';
import { type CSSProperties, Fragment, useState } from 'react';
import { Pagination } from '../../components/data-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { type PreviewPartBase, reportPreviewExplanationOptions, reportPreviewRowsOptions } from './api.ts';
import { PendingLine, PreviewPartError } from './query-lines.tsx';
import { ReportExplanationView } from './report-explanation.tsx';

const NUMERIC_KINDS: readonly ReportColumnKind[] = [
  'pounds',
  'gallons',
  'amount',
  'threshold',
  'percent',
  'ratio',
  'count',
];

/** The row's name for its Explain button: its first text cell (the chemical or product). */
function rowName(table: ReportPreviewTable, row: ReportPreviewRow): string {
  for (const column of table.columns) {
    const value = row.cells[column.key];
    if (column.kind === 'text' && typeof value === 'string' && value !== '') return value;
  }
  return 'this row';
}

/**
 * The columns that say whether a row is reported, by their key in the report documents: the Tier
 * II "Reportable" (and "Near threshold" below it), the 313 "Threshold exceeded", the PSM/RMP
 * "Covered". The preview keeps the first of them beside the row's name (issue 33 point 12).
 */
const VERDICT_KEYS: readonly string[] = ['reportable', 'exceeds', 'covered', 'near_threshold'];

/** Widths of the pinned columns, in rem: the row's name, its verdict, its Explain button. */
const PINNED_WIDTH = { name: 12, verdict: 7, explain: 7 } as const;

/** A CAS number reads as one token: 7647-01-0 never breaks at its hyphens. */
function isCasColumn(column: ReportColumn): boolean {
  return column.key === 'cas_number' || column.label === 'CAS';
}

const PINNED_CELL = 'sticky z-10 bg-inherit';
/** The last pinned column draws a line the scrolled figures pass under. */
const PINNED_EDGE = 'shadow-[inset_-1px_0_0_theme(colors.slate.200)]';

/**
 * The table's columns as the preview draws them (issue 33 point 12): a Tier II table has 16, wider
 * than a 1366×768 screen, so the row's name, its verdict and its Explain button are pinned on the
 * left (sticky, the name wrapped in a fixed width) and the other figures scroll beside them. The
 * page itself never scrolls sideways, and opening an explanation never moves the name away.
 */
function pinnedLayout(table: ReportPreviewTable, hasExplanations: boolean) {
  const name = table.columns.find((column) => column.kind === 'text');
  const verdict = table.columns.find((column) => VERDICT_KEYS.includes(column.key));
  const rest = table.columns.filter((column) => column !== name && column !== verdict);
  let left = 0;
  const place = (width: number) => {
    const at = left;
    left += width;
    return { left: `${at}rem`, width: `${width}rem`, minWidth: `${width}rem`, maxWidth: `${width}rem` };
  };
  const pinned = [
    ...(name ? [{ column: name, style: place(PINNED_WIDTH.name), wrap: 'break-words' }] : []),
    ...(verdict ? [{ column: verdict, style: place(PINNED_WIDTH.verdict), wrap: undefined }] : []),
  ].map((column, index, all) => ({
    ...column,
    edge: !hasExplanations && index === all.length - 1 ? PINNED_EDGE : undefined,
  }));
  return {
    pinned,
    rest,
    explain: hasExplanations ? { style: place(PINNED_WIDTH.explain), edge: PINNED_EDGE } : undefined,
  };
}

interface TableView {
  page: number;
  order: { by: string; dir: OrderDirection } | null;
  /** The search the page belongs to: another search starts again at page 1. */
  search: string;
}

/**
 * One table of the preview, a page of 50 rows at a time (issue 37): the first page comes with the
 * preview; another page, a sort by a column and the report's search are asked of the server,
 * which keeps the drawn report. A row's explanation is asked when it is opened.
 */
export function PreviewTable({
  table,
  inventoryId,
  part,
  search,
}: {
  table: ReportPreviewTable;
  inventoryId: number;
  part: PreviewPartBase;
  search: string;
}) {
  const [kept, setView] = useState<TableView>({ page: 1, order: null, search });
  const view = kept.search === search ? kept : { ...kept, page: 1, search };
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const asked = view.page !== 1 || view.order !== null || search !== '';
  const query = useQuery({
    ...reportPreviewRowsOptions({
      ...part,
      table: table.key,
      page: view.page,
      ipp: PREVIEW_PAGE_SIZE,
      ...(search === '' ? {} : { search }),
      ...(view.order ? { order_by: view.order.by, order_dir: view.order.dir } : {}),
    }),
    enabled: asked,
    placeholderData: keepPreviousData,
  });
  const answer = query.data?.resource;
  // Until the first asked page comes, the first page stays (marked busy).
  const rows = asked && answer ? answer.items : table.rows;
  const total = asked && answer ? answer.meta.total : table.row_count;
  const lastPage = Math.max(1, Math.ceil(total / PREVIEW_PAGE_SIZE));
  const loading = asked && (query.isPending || query.isPlaceholderData);
  const hasExplanations = table.rows.some((row) => row.explained) || rows.some((row) => row.explained);
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  // A column's header cycles its sort: ascending, descending, then the report's own order.
  const sortBy = (key: string) => {
    const order: TableView['order'] =
      view.order?.by !== key
        ? { by: key, dir: 'asc' }
        : view.order.dir === 'asc'
          ? { by: key, dir: 'desc' }
          : null;
    setView({ ...view, page: 1, order });
  };
  // Status, the table's columns and the Explain button.
  const span = table.columns.length + 1 + (hasExplanations ? 1 : 0);
  const layout = pinnedLayout(table, hasExplanations);
  const header = (column: ReportColumn) => (
    <SortButton column={column} order={view.order} onSort={() => sortBy(column.key)} />
  );
  // The page shown: the one asked once its answer came (until then the previous rows stay, busy).
  const first = ((asked && answer ? answer.meta.current_page : 1) - 1) * PREVIEW_PAGE_SIZE;

  return (
    // A section per table: its pager and range line are told apart from the other tables'.
    <section aria-label={table.title} className="flex flex-col gap-2">
      <div
        className="overflow-x-auto rounded-md border border-slate-200"
        data-preview-scroll=""
        aria-busy={loading || undefined}
      >
        <table className="w-full text-left text-sm">
          <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-800">
            {table.title}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              {layout.pinned.map(({ column, style, edge }) => (
                <th
                  key={column.key}
                  scope="col"
                  style={style}
                  aria-sort={ariaSort(column, view.order)}
                  className={cn('px-3 py-2', PINNED_CELL, edge)}
                >
                  {header(column)}
                </th>
              ))}
              {layout.explain ? (
                <th
                  scope="col"
                  style={layout.explain.style}
                  className={cn('px-3 py-2', PINNED_CELL, layout.explain.edge)}
                >
                  <span className="sr-only">Explanation</span>
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              {layout.rest.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={ariaSort(column, view.order)}
                  className={cn('px-3 py-2', NUMERIC_KINDS.includes(column.kind) && 'text-right')}
                >
                  {header(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="px-3 py-4 text-center text-slate-500">
                  No results.
                </td>
              </tr>
            ) : null}
            {rows.map((row) => {
              const isOpen = open.has(row.index);
              const name = rowName(table, row);
              const detailsId = `${table.key}-explain-${row.index}`;
              return (
                <Fragment key={row.index}>
                  <tr
                    data-reported={row.reported === true || undefined}
                    className={cn(
                      // The pinned cells take the row's colour, so the scrolled figures pass under them.
                      'border-t border-slate-100 bg-white',
                      row.reported === true && 'bg-amber-50 font-medium',
                      row.near_threshold && 'bg-sky-50',
                    )}
                  >
                    {layout.pinned.map(({ column, style, wrap, edge }) => (
                      <Cell
                        key={column.key}
                        column={column}
                        value={row.cells[column.key] ?? null}
                        style={style}
                        className={cn(PINNED_CELL, wrap, edge)}
                      />
                    ))}
                    {layout.explain ? (
                      <td
                        style={layout.explain.style}
                        className={cn('px-3 py-2 text-right', PINNED_CELL, layout.explain.edge)}
                      >
                        {row.explained ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-expanded={isOpen}
                            aria-controls={isOpen ? detailsId : undefined}
                            aria-label={`Explain ${name}`}
                            onClick={() => toggle(row.index)}
                          >
                            {isOpen ? (
                              <ChevronDown className="h-4 w-4" aria-hidden />
                            ) : (
                              <ChevronRight className="h-4 w-4" aria-hidden />
                            )}
                            Explain
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                    <td className="whitespace-nowrap px-3 py-2">
                      <RowStatus row={row} />
                    </td>
                    {layout.rest.map((column) => (
                      <Cell key={column.key} column={column} value={row.cells[column.key] ?? null} />
                    ))}
                  </tr>
                  {isOpen && row.explained ? (
                    <tr id={detailsId} className="bg-slate-50">
                      <td colSpan={span} className="px-3 py-3">
                        {/* Pinned to the frame's left edge too: read where the row's name is. */}
                        <div className="sticky left-3 max-w-[min(56rem,calc(100vw-4rem))]">
                          <RowExplanation
                            part={part}
                            table={table.key}
                            row={row.index}
                            inventoryId={inventoryId}
                            name={name}
                          />
                        </div>
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {loading ? <PendingLine text="Loading rows..." /> : null}
      {query.error ? <PreviewPartError error={query.error} request={part} /> : null}
      {total > 0 && (lastPage > 1 || search !== '') ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          <p>
            Rows {count(first + 1)}–{count(Math.min(first + PREVIEW_PAGE_SIZE, total))} of {count(total)}
            {search === '' ? '' : ` matching “${search}”`}; the PDF and Excel files hold every row.
          </p>
          {lastPage > 1 ? (
            <Pagination
              label={`Pages of ${table.title}`}
              page={view.page}
              lastPage={lastPage}
              onPageChange={(page) => setView({ ...view, page })}
            />
          ) : null}
        </div>
      ) : null}
      {table.totals.length > 0 ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          {table.totals.map((total) => (
            <div key={total.label} className="flex gap-1">
              <dt className="font-medium">{total.label}:</dt>
              <dd>{formatReportCell(total.value, total.kind)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

function ariaSort(column: ReportColumn, order: TableView['order']) {
  if (order?.by !== column.key) return undefined;
  return order.dir === 'asc' ? 'ascending' : 'descending';
}

/** A column's header as a button that sorts the whole table by it, across pages (issue 37). */
function SortButton({
  column,
  order,
  onSort,
}: {
  column: ReportColumn;
  order: TableView['order'];
  onSort: () => void;
}) {
  const Icon = order?.by !== column.key ? ArrowUpDown : order.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={onSort}
      className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
    >
      {column.label}
      <Icon className="h-3 w-3 shrink-0" aria-hidden />
    </button>
  );
}

/** A row's explanation, asked of the drawn report when it is opened. */
function RowExplanation({
  part,
  table,
  row,
  inventoryId,
  name,
}: {
  part: PreviewPartBase;
  table: string;
  row: number;
  inventoryId: number;
  name: string;
}) {
  const query = useQuery(reportPreviewExplanationOptions({ ...part, table, row }));
  if (query.isPending) return <PendingLine text="Loading the explanation..." />;
  if (query.isError) return <PreviewPartError error={query.error} request={part} />;
  const { explanation, details } = query.data.resource;
  if (!explanation) return null;
  return (
    <ReportExplanationView
      explanation={explanation}
      details={details}
      inventoryId={inventoryId}
      name={name}
    />
  );
}

function RowStatus({ row }: { row: ReportPreviewRow }) {
  if (row.reported === true)
    return <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs text-amber-950">Reported</span>;
  if (row.near_threshold)
    return <span className="rounded bg-sky-200 px-1.5 py-0.5 text-xs text-sky-950">near threshold</span>;
  return null;
}

function Cell({
  column,
  value,
  style,
  className,
}: {
  column: ReportColumn;
  value: ReportCell;
  style?: CSSProperties | undefined;
  className?: string | undefined;
}) {
  const isNumeric = NUMERIC_KINDS.includes(column.kind);
  return (
    <td
      style={style}
      className={cn(
        'px-3 py-2',
        isNumeric && 'whitespace-nowrap text-right tabular-nums',
        isCasColumn(column) && 'whitespace-nowrap',
        className,
      )}
    >
      {formatReportCell(value, column.kind)}
    </td>
  );
}
