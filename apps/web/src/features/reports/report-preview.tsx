import {
  compliance,
  formatReportCell,
  type InventoryProductWorklist,
  type ReportCell,
  type ReportColumn,
  type ReportColumnKind,
  type ReportExplanation,
  type ReportInfoGroup,
  type ReportPreviewDocument,
  type ReportRow,
  type ReportTable,
  type ReportWarning,
  toTableDate,
} from '@chemtrack/domain';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { type CSSProperties, Fragment, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

/**
 * Rows drawn per table before "Show more": a facility can hold thousands of lines and the
 * preview is for reading figures, the PDF and XLSX files hold every row.
 */
export const PREVIEW_ROW_LIMIT = 200;

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

/** The inventory's line list filtered to one worklist (the unchecked carry-overs, the open questions). */
function worklistLink(inventoryId: number, worklist: InventoryProductWorklist) {
  return {
    to: '/inventories/$inventoryId/products',
    params: { inventoryId: String(inventoryId) },
    search: { worklist },
  } as const;
}

function lineLink(inventoryId: number, inventoryProductId: number) {
  return {
    to: '/inventories/$inventoryId/products/$inventoryProductId',
    params: { inventoryId: String(inventoryId), inventoryProductId: String(inventoryProductId) },
  } as const;
}

function productLink(productId: number) {
  return { to: '/products/$productId', params: { productId: String(productId) } } as const;
}

/**
 * Where a warning's Fix goes: a missing density or conversion factor is the product's (issue 33
 * point 2), so it opens the product; the rest open the line.
 */
function warningLink(inventoryId: number, inventoryProductId: number, warning: ReportWarning) {
  return compliance.isProductInputWarning(warning.code) && warning.product_id !== null
    ? productLink(warning.product_id)
    : lineLink(inventoryId, inventoryProductId);
}

/**
 * Issue 11 "Preview and explain": the report as it will be filed, under the form, before the
 * download. Each figure opens the inventory lines it came from, with links to fix them.
 */
export function ReportPreview({ report }: { report: ReportPreviewDocument }) {
  return (
    <section
      aria-labelledby="report-preview-title"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <header className="flex flex-col gap-1">
        <h2 id="report-preview-title" className="text-lg font-semibold text-slate-900">
          {report.title}
        </h2>
        <p className="text-sm text-slate-600">
          {report.customer.name} · {report.facility.name}
          {report.facility.address ? `, ${report.facility.address}` : ''} · {report.year}
        </p>
        {report.header.length > 0 ? (
          <dl
            aria-label="Report settings"
            className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700"
          >
            {report.header.map((item) => (
              <div key={item.label} className="contents">
                <dt className="font-medium text-slate-800">{item.label}</dt>
                {item.label === compliance.UNVERIFIED_HEADER_LABEL ? (
                  <dd className="font-medium text-amber-900">
                    <UnverifiedLinks report={report} />
                  </dd>
                ) : (
                  <dd>{item.value}</dd>
                )}
              </div>
            ))}
          </dl>
        ) : null}
      </header>
      {report.is_screening ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">Screening:</span> some figures stand in for data the rule needs (see
          the notes); file them only after checking.
        </p>
      ) : null}
      <p className="text-sm text-slate-800">{report.rule}</p>
      {report.notes.length > 0 ? (
        <ul aria-label="Notes" className="list-disc pl-5 text-sm text-slate-700">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {report.lists_used.length > 0 ? (
        <div className="text-sm text-slate-700">
          <h3 className="font-medium text-slate-800">Reference lists used</h3>
          <ul className="list-disc pl-5">
            {report.lists_used.map((list) => (
              <li key={list.list_type}>
                {list.label}:{' '}
                {list.uploaded_at ? `uploaded ${toTableDate(list.uploaded_at)}` : 'never uploaded'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.tables.map((table) => (
        <PreviewTable key={table.key} table={table} inventoryId={report.inventory_id} />
      ))}
      <Warnings warnings={report.warnings} inventoryId={report.inventory_id} />
      <InfoGroups groups={report.info_groups} inventoryId={report.inventory_id} />
    </section>
  );
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
  return {
    name,
    verdict,
    rest,
    nameStyle: name ? place(PINNED_WIDTH.name) : undefined,
    verdictStyle: verdict ? place(PINNED_WIDTH.verdict) : undefined,
    explainStyle: hasExplanations ? place(PINNED_WIDTH.explain) : undefined,
  };
}

const PINNED_CELL = 'sticky z-10 bg-inherit';
/** The last pinned column draws a line the scrolled figures pass under. */
const PINNED_EDGE = 'shadow-[inset_-1px_0_0_theme(colors.slate.200)]';

function PreviewTable({ table, inventoryId }: { table: ReportTable; inventoryId: number }) {
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
  const lastPinned = hasExplanations ? 'explain' : layout.verdict ? 'verdict' : 'name';
  const edge = (which: 'name' | 'verdict' | 'explain') => (which === lastPinned ? PINNED_EDGE : undefined);

  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-md border border-slate-200" data-preview-scroll="">
        <table className="w-full text-left text-sm">
          <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-800">
            {table.title}
          </caption>
          <thead className="bg-slate-50 text-xs uppercase text-slate-600">
            <tr>
              {layout.name ? (
                <th
                  scope="col"
                  style={layout.nameStyle}
                  className={cn('px-3 py-2', PINNED_CELL, edge('name'))}
                >
                  {layout.name.label}
                </th>
              ) : null}
              {layout.verdict ? (
                <th
                  scope="col"
                  style={layout.verdictStyle}
                  className={cn('px-3 py-2', PINNED_CELL, edge('verdict'))}
                >
                  {layout.verdict.label}
                </th>
              ) : null}
              {hasExplanations ? (
                <th
                  scope="col"
                  style={layout.explainStyle}
                  className={cn('px-3 py-2', PINNED_CELL, edge('explain'))}
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
                    {layout.name ? (
                      <Cell
                        column={layout.name}
                        value={row.cells[layout.name.key] ?? null}
                        style={layout.nameStyle}
                        className={cn(PINNED_CELL, 'break-words', edge('name'))}
                      />
                    ) : null}
                    {layout.verdict ? (
                      <Cell
                        column={layout.verdict}
                        value={row.cells[layout.verdict.key] ?? null}
                        style={layout.verdictStyle}
                        className={cn(PINNED_CELL, edge('verdict'))}
                      />
                    ) : null}
                    {hasExplanations ? (
                      <td
                        style={layout.explainStyle}
                        className={cn('px-3 py-2 text-right', PINNED_CELL, edge('explain'))}
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
                          <ExplanationView
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

/** Under a capped list: how much of it shows, and a button for the next PREVIEW_ROW_LIMIT. */
function ShowMore({
  shown,
  total,
  what,
  onMore,
}: {
  shown: number;
  total: number;
  what: string;
  onMore: (next: number) => void;
}) {
  if (total <= shown) return null;
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
      <p>
        Showing the first {shown} of {total} {what}
        {what === 'rows' ? '; the PDF and Excel files hold every row.' : '.'}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onMore(shown + PREVIEW_ROW_LIMIT)}>
        Show more
      </Button>
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

/** Where one figure came from: the rule it met and each inventory line's share. */
function ExplanationView({
  explanation,
  details,
  inventoryId,
  name,
}: {
  explanation: ReportExplanation;
  details: string[];
  inventoryId: number;
  name: string;
}) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-800">
      <p>
        <span className="font-semibold">Rule: </span>
        {explanation.rule_text}
      </p>
      {explanation.contributions.length > 0 ? (
        <table className="w-full text-left text-sm" aria-label={`Contributing lines of ${name}`}>
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Product
              </th>
              <th scope="col" className="py-1 pr-3">
                Location
              </th>
              <th scope="col" className="py-1 pr-3">
                Container
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Line pounds
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                % by weight
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Pounds contributed
              </th>
              <th scope="col" className="py-1">
                How the pounds were found
              </th>
            </tr>
          </thead>
          <tbody>
            {explanation.contributions.map((line) => (
              <tr key={`${line.inventory_product_id}-${line.percent_weight}`} className="border-t">
                <td className="py-1 pr-3">
                  <Link
                    {...lineLink(inventoryId, line.inventory_product_id)}
                    className="text-brand-700 underline"
                  >
                    {line.product_name}
                  </Link>
                </td>
                <td className="py-1 pr-3">{line.location_stored}</td>
                <td className="py-1 pr-3">{line.container}</td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {compliance.formatPounds(line.line_pounds)}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {compliance.formatPercent(line.percent_weight)}%
                  {line.percent_range ? (
                    <span className="block text-xs text-slate-500">SDS {line.percent_range}</span>
                  ) : null}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">
                  {compliance.formatPounds(line.pounds_contributed)}
                </td>
                <td className="py-1 text-slate-700">{line.pounds_basis}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {explanation.excluded.length > 0 ? (
        <div>
          <p className="font-medium">Left out</p>
          <ul className="list-disc pl-5">
            {explanation.excluded.map((line) => (
              <li key={`${line.inventory_product_id}-${line.reason}`}>
                <Link
                  {...lineLink(inventoryId, line.inventory_product_id)}
                  className="text-brand-700 underline"
                >
                  {line.product_name}
                </Link>
                : {line.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {[...details, ...explanation.notes].length > 0 ? (
        <ul className="list-disc pl-5 text-slate-700">
          {[...details, ...explanation.notes].map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "3 lines carried over from 2025 not yet checked; 1 open question", each count opening its lines. */
function UnverifiedLinks({ report }: { report: ReportPreviewDocument }) {
  return report.unverified.map((group, index) => (
    <Fragment key={group.code}>
      {index > 0 ? '; ' : null}
      <Link {...worklistLink(report.inventory_id, group.worklist)} className="underline">
        {group.text}
      </Link>
    </Fragment>
  ));
}

/**
 * Data the engine could not use, each naming the line to fix (a list warning names none); the
 * unverified lines' warnings open the line list filtered to them.
 */
function Warnings({ warnings, inventoryId }: { warnings: ReportWarning[]; inventoryId: number }) {
  const [shown, setShown] = useState(PREVIEW_ROW_LIMIT);
  if (warnings.length === 0) return null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <h3 className="font-semibold">Warnings ({warnings.length})</h3>
      <ul aria-label="Warnings" className="mt-1 flex flex-col gap-1">
        {warnings.slice(0, shown).map((warning, index) => (
          // The same line can carry the same code twice (two components): the index keeps keys apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            {warning.message}{' '}
            {compliance.isUnverifiedCode(warning.code) ? (
              <Link
                {...worklistLink(inventoryId, compliance.UNVERIFIED_WORKLISTS[warning.code])}
                className="text-brand-700 underline"
              >
                Show these lines
              </Link>
            ) : null}
            {warning.inventory_product_id === null ? null : (
              <Link
                {...warningLink(inventoryId, warning.inventory_product_id, warning)}
                className="text-brand-700 underline"
              >
                Fix {warning.product_name}
                {warning.location_stored ? ` at ${warning.location_stored}` : ''}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <ShowMore shown={shown} total={warnings.length} what="warnings" onMore={setShown} />
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** A line holding the CAS twice (two components) is named twice: its second key counts it apart. */
function keyedLines(lines: ReportInfoGroup['lines']) {
  const seen = new Map<number, number>();
  return lines.map((line) => {
    const times = (seen.get(line.inventory_product_id) ?? 0) + 1;
    seen.set(line.inventory_product_id, times);
    return { key: `${line.inventory_product_id}-${times}`, line };
  });
}

/**
 * Information warnings (water on no list), one entry per code and CAS with its count of lines
 * and links to the first ones (issue 24): a facility has thousands, which nobody reads one by one.
 * The heading counts warnings, as the Warnings heading does, so the two add up to the engine's.
 */
function InfoGroups({ groups, inventoryId }: { groups: ReportInfoGroup[]; inventoryId: number }) {
  const [shown, setShown] = useState(PREVIEW_ROW_LIMIT);
  if (groups.length === 0) return null;
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      <h3 className="font-semibold">
        Information ({count(total)} {total === 1 ? 'warning' : 'warnings'} in {count(groups.length)}{' '}
        {groups.length === 1 ? 'group' : 'groups'})
      </h3>
      <ul aria-label="Information" className="mt-1 flex flex-col gap-1">
        {groups.slice(0, shown).map((group) => (
          <li key={`${group.code} ${group.cas_number}`}>
            {`${group.component_name} ${group.cas_number}`.trim()}: {group.message} — {count(group.count)}{' '}
            {group.count === 1 ? 'line' : 'lines'}:{' '}
            {keyedLines(group.lines).map(({ key, line }, index) => (
              <Fragment key={key}>
                {index > 0 ? '; ' : null}
                <Link
                  {...lineLink(inventoryId, line.inventory_product_id)}
                  className="text-brand-700 underline"
                >
                  {line.product_name}
                  {line.location_stored ? ` at ${line.location_stored}` : ''}
                </Link>
              </Fragment>
            ))}
            {group.count > group.lines.length
              ? `; and ${count(group.count - group.lines.length)} more`
              : null}
          </li>
        ))}
      </ul>
      <ShowMore shown={shown} total={groups.length} what="groups" onMore={setShown} />
    </div>
  );
}
