import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { getPageItems, nextSort, type SortState } from '../lib/pagination.ts';
import { Button } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** The API's order_by value; columns without it are not sortable. */
    sortKey?: string;
    className?: string;
    _unused?: [TData, TValue];
  }
}

/**
 * A column a phone leaves out (`meta.className`), so a list's link and actions are in view
 * without sideways scrolling (issue 22 point 9); what it shows goes under another column there.
 */
export const WIDE_ONLY = 'hidden md:table-cell';

export interface DataTableProps<T> {
  columns: ColumnDef<T>[];
  data: T[] | undefined;
  isLoading: boolean;
  page: number;
  lastPage: number;
  /**
   * The page the rows are from (the answer's meta.current_page). When it is the page asked for
   * and lies past the last page (`?page=999`, or the last row of the last page removed), the
   * table moves to the last page. Lists keep the previous answer while the next one loads, so
   * without it a stale last page could move the table.
   */
  servedPage?: number;
  onPageChange: (page: number) => void;
  /**
   * The big lists (decision 041): the answer's `next_cursor`, and going to the next page by it, so
   * Next finds the page from the last row's keys where a page number skips every row before it.
   * The numbers still jump (`onPageChange`, which drops the cursor).
   */
  nextCursor?: string | undefined;
  onNextCursor?: (cursor: string) => void;
  /** The list call refused its cursor (a 422 on `cursor`: made by an earlier server, say): the table goes to its page by number. */
  isCursorRefused?: boolean;
  sort: SortState | undefined;
  /** Called with the next sort; the caller resets to page 1. */
  onSortChange: (sort: SortState | undefined) => void;
  isRowArchived?: (row: T) => boolean;
  isRowHighlighted?: (row: T) => boolean;
  label: string;
}

/** What a list page hands its table: the list query's page of rows and the URL list state. */
export function listTableProps<T>(
  query: {
    data?:
      | { resource: { items: T[]; meta: { current_page: number; last_page: number; next_cursor?: string } } }
      | undefined;
    isPending: boolean;
    error?: unknown;
  },
  list: {
    page: number;
    setPage: (page: number) => void;
    goNext?: (cursor: string) => void;
    sort: SortState | undefined;
    setSort: (sort: SortState | undefined) => void;
  },
) {
  return {
    data: query.data?.resource.items,
    isLoading: query.isPending,
    page: list.page,
    lastPage: query.data?.resource.meta.last_page ?? 1,
    servedPage: query.data?.resource.meta.current_page,
    onPageChange: list.setPage,
    nextCursor: query.data?.resource.meta.next_cursor,
    onNextCursor: list.goNext,
    isCursorRefused: query.error instanceof ApiError && query.error.fieldMessage('cursor') !== undefined,
    sort: list.sort,
    onSortChange: list.setSort,
  };
}

/**
 * Renders a header or cell definition by calling it, not mounting it: TanStack's flexRender mounts
 * a function as a component, so a column list rebuilt on render would remount every cell and
 * lose state held inside (an open confirmation, say).
 */
function renderTemplate<P>(template: ((props: P) => unknown) | string | undefined, props: P): ReactNode {
  if (typeof template === 'function') return template(props) as ReactNode;
  return template ?? null;
}

// Placeholder rows have no identity of their own: fixed keys.
const SKELETON_ROWS = ['s1', 's2', 's3', 's4', 's5'];

/**
 * Archived grey wins over the highlight (the amber of an "SDS UPDATE REQUIRED" product): an
 * archived row must read as archived whatever else it is (spec 02 §2, "Archived rows are grey").
 */
function rowBackground<T>(props: DataTableProps<T>, row: T, isArchived: boolean): string {
  if (isArchived) return 'bg-slate-200 text-slate-600';
  return props.isRowHighlighted?.(row) ? 'bg-amber-50' : 'bg-white';
}

/** Server-paged table: the page, sort and search live in the URL and the API does the work. */
export function DataTable<T>(props: DataTableProps<T>) {
  const table = useReactTable({
    data: props.data ?? [],
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });
  const { page, lastPage, servedPage, onPageChange, isCursorRefused } = props;
  useEffect(() => {
    // The server's last page is at least 1, so an empty list lands on page 1.
    if (servedPage === page && page > lastPage && lastPage >= 1) onPageChange(lastPage);
  }, [page, lastPage, servedPage, onPageChange]);
  useEffect(() => {
    if (isCursorRefused) onPageChange(page);
  }, [isCursorRefused, page, onPageChange]);
  // A cursor is the next page's only when the rows shown are the page asked for (a list keeps the
  // previous answer while the next loads).
  const nextCursor = servedPage === page ? props.nextCursor : undefined;
  const onNextCursor = props.onNextCursor;
  const columnCount = props.columns.length;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={props.label}>
          <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortKey = header.column.columnDef.meta?.sortKey;
                  const direction =
                    props.sort && sortKey && props.sort.field === sortKey ? props.sort.direction : undefined;
                  const content = renderTemplate(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cn(
                        'px-2 py-3 font-semibold sm:px-4',
                        header.column.columnDef.meta?.className,
                      )}
                      aria-sort={
                        direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                      }
                    >
                      {sortKey ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={() => props.onSortChange(nextSort(props.sort, sortKey))}
                        >
                          {content}
                          {direction === 'asc' ? (
                            <ArrowUp className="h-3.5 w-3.5" aria-hidden />
                          ) : direction === 'desc' ? (
                            <ArrowDown className="h-3.5 w-3.5" aria-hidden />
                          ) : (
                            <ArrowUpDown className="h-3.5 w-3.5 opacity-50" aria-hidden />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {props.isLoading ? (
              SKELETON_ROWS.map((rowKey) => (
                <tr key={rowKey} data-testid="skeleton-row" className="border-t border-slate-100">
                  {props.columns.map((column, j) => (
                    <td key={column.id ?? `${rowKey}-${String(j)}`} className="px-4 py-3">
                      <Skeleton />
                    </td>
                  ))}
                </tr>
              ))
            ) : table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-slate-500">
                  No results.
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => {
                const isArchived = props.isRowArchived?.(row.original) ?? false;
                return (
                  <tr
                    key={row.id}
                    data-archived={isArchived ? 'true' : undefined}
                    className={cn(
                      'border-t border-slate-100',
                      rowBackground(props, row.original, isArchived),
                    )}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={cn('px-2 py-3 sm:px-4', cell.column.columnDef.meta?.className)}
                      >
                        {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <Pagination
        page={props.page}
        lastPage={props.lastPage}
        onPageChange={props.onPageChange}
        onNext={nextCursor && onNextCursor ? () => onNextCursor(nextCursor) : undefined}
      />
    </div>
  );
}

export function Pagination({
  page,
  lastPage,
  onPageChange,
  label = 'Pagination',
  onNext,
}: {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
  /** Where a screen has more than one (the report preview's tables), each says whose pages it turns. */
  label?: string;
  /** Next by the list's cursor, when it has one; else Next is the page number after this one. */
  onNext?: (() => void) | undefined;
}) {
  return (
    <nav
      aria-label={label}
      className="flex items-center justify-end gap-1 border-t border-slate-200 px-4 py-3"
    >
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Prev
      </Button>
      {getPageItems(page, Math.max(lastPage, 1)).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            variant={item === page ? 'primary' : 'ghost'}
            size="sm"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className="px-2 text-slate-400" aria-hidden>
            …
          </span>
        ),
      )}
      <Button
        variant="ghost"
        size="sm"
        disabled={page >= lastPage}
        onClick={onNext ?? (() => onPageChange(page + 1))}
      >
        Next
        <ChevronRight className="h-4 w-4" aria-hidden />
      </Button>
    </nav>
  );
}
