import {
  formatReportCell,
  type ReportCell,
  type ReportColumn,
  type ReportColumnKind,
  type ReportRow,
  type ReportTable,
} from '@chemtrack/domain';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { type CSSProperties, Fragment, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { ReportExplanationView } from './report-explanation.tsx';
import { PREVIEW_ROW_LIMIT, ShowMore } from './show-more.tsx';

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
function rowName(table: ReportTable, row: ReportRow): string {
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
function pinnedLayout(table: ReportTable, hasExplanations: boolean) {
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

export function PreviewTable({ table, inventoryId }: { table: ReportTable; inventoryId: number }) {
  const [shown, setShown] = useState(PREVIEW_ROW_LIMIT);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const rows = table.rows.slice(0, shown);
  const hasExplanations = table.rows.some((row) => row.explanation !== null);
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  // Status, the table's columns and the Explain button.
  const span = table.columns.length + 1 + (hasExplanations ? 1 : 0);
  const layout = pinnedLayout(table, hasExplanations);

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-md border border-slate-200" data-preview-scroll="">
        <table className="w-full text-left text-sm">
          <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-800">
            {table.title}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              {layout.pinned.map(({ column, style, edge }) => (
                <th key={column.key} scope="col" style={style} className={cn('px-3 py-2', PINNED_CELL, edge)}>
                  {column.label}
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
                  className={cn('px-3 py-2', NUMERIC_KINDS.includes(column.kind) && 'text-right')}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="px-3 py-4 text-center text-slate-500">
                  No results.
                </td>
              </tr>
            ) : null}
            {rows.map((row, index) => {
              const isOpen = open.has(index);
              const name = rowName(table, row);
              const detailsId = `${table.key}-explain-${index}`;
              return (
                // Rows have no id of their own; their order is the report's and does not change.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Fragment key={index}>
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
                        {row.explanation ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-expanded={isOpen}
                            aria-controls={isOpen ? detailsId : undefined}
                            aria-label={`Explain ${name}`}
                            onClick={() => toggle(index)}
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
                  {isOpen && row.explanation ? (
                    <tr id={detailsId} className="bg-slate-50">
                      <td colSpan={span} className="px-3 py-3">
                        {/* Pinned to the frame's left edge too: read where the row's name is. */}
                        <div className="sticky left-3 max-w-[min(56rem,calc(100vw-4rem))]">
                          <ReportExplanationView
                            explanation={row.explanation}
                            details={row.details}
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
      <ShowMore shown={shown} total={table.rows.length} what="rows" onMore={setShown} />
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
    </div>
  );
}

function RowStatus({ row }: { row: ReportRow }) {
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
