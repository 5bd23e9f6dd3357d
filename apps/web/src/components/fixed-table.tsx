import type { ReactNode } from 'react';
import { Skeleton } from './ui/skeleton.tsx';

const SKELETON_KEYS = ['s1', 's2', 's3', 's4', 's5'];

/**
 * A short table read whole from one query, not paged (the permit amounts, the reference lists):
 * its failure in a row of its own, skeleton rows while it loads, then `row` for each of `rows`.
 */
export function FixedTable<T>({
  label,
  headers,
  rows,
  isError,
  errorText,
  skeletonRows,
  row,
}: {
  label: string;
  /** An empty header is the actions column's. */
  headers: readonly string[];
  rows: readonly T[] | undefined;
  isError: boolean;
  errorText: string;
  skeletonRows: number;
  row: (item: T) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {headers.map((header) => (
              <th key={header || 'actions'} scope="col" className="px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isError ? (
            <tr>
              <td colSpan={headers.length} className="px-4 py-10 text-center text-red-700">
                {errorText}
              </td>
            </tr>
          ) : rows === undefined ? (
            SKELETON_KEYS.slice(0, skeletonRows).map((key) => (
              <tr key={key} data-testid="skeleton-row" className="border-t border-slate-100">
                {headers.map((header) => (
                  <td key={header || 'actions'} className="px-4 py-3">
                    <Skeleton />
                  </td>
                ))}
              </tr>
            ))
          ) : (
            rows.map(row)
          )}
        </tbody>
      </table>
    </div>
  );
}
