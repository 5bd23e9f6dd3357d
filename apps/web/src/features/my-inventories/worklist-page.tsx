import type { InventoryProductListRow } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { ErrorLine } from '../../components/error-line.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { inventoryProductsApi, inventoryTitle } from '../inventory-products/api.ts';
import { worklistParams } from './api.ts';

/**
 * One inventory's worklist for its technician (issue 22): carried-over lines not yet checked
 * first, then open questions, then the rest. A tap on a line opens its quick form; + Add Line
 * records one found on site.
 */
export function WorklistPage({ inventoryId }: { inventoryId: number }) {
  const [page, setPage] = useState(1);
  const lines = inventoryProductsApi(inventoryId);
  const query = useQuery(lines.listOptions(worklistParams(page)));
  const summary = query.data?.resource;
  const name = summary ? inventoryTitle(summary) : 'Inventory';
  usePageMeta('Worklist', [{ name: 'My Inventories', path: '/my-inventories' }, { name }]);
  const params = { inventoryId: String(inventoryId) };
  // Nothing to show and the read failed (not their inventory, gone, offline): its message in place
  // of the lines, not skeleton rows that wait forever. Lines already shown stay on a failed refetch.
  const loadError = summary === undefined && query.isError ? query.error : null;

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-label={`Worklist of ${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to="/my-inventories"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            My Inventories
          </Link>
          <p className="break-words font-medium text-slate-900">{name}</p>
          {summary ? (
            <p className="text-sm text-slate-600">
              {summary.unchecked_lines} not yet checked · {summary.open_questions} open{' '}
              {summary.open_questions === 1 ? 'question' : 'questions'} · {summary.lines} lines
            </p>
          ) : null}
        </div>
        {loadError ? (
          <Button disabled>
            <Plus className="h-4 w-4" aria-hidden />
            Add Line
          </Button>
        ) : (
          <Button asChild>
            <Link to="/my-inventories/$inventoryId/lines/create" params={params}>
              <Plus className="h-4 w-4" aria-hidden />
              Add Line
            </Link>
          </Button>
        )}
      </div>
      {loadError ? (
        <ErrorLine error={loadError} />
      ) : summary === undefined ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : summary.items.length === 0 ? (
        <p className="rounded-md bg-slate-100 px-3 py-4 text-sm text-slate-700">
          No lines yet. Add the first one.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Lines">
          {summary.items.map((line) => (
            <li key={line.id}>
              <WorklistLine inventoryId={inventoryId} line={line} />
            </li>
          ))}
        </ul>
      )}
      {summary && summary.meta.last_page > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600">
            Page {summary.meta.current_page} of {summary.meta.last_page}
          </span>
          <Button
            variant="secondary"
            disabled={page >= summary.meta.last_page}
            onClick={() => setPage(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

/** How much and where, as a technician reads it on the shelf: "4 × 55 GALLON · SHED A". */
function describeLine(line: InventoryProductListRow): string {
  const amount = [
    line.container_quantity ?? '–',
    '×',
    line.container_size ?? '–',
    line.container_unit?.name ?? '',
  ]
    .join(' ')
    .trim();
  return line.location_stored ? `${amount} · ${line.location_stored}` : amount;
}

function WorklistLine({ inventoryId, line }: { inventoryId: number; line: InventoryProductListRow }) {
  const isQuestion = !line.is_resolve_question;
  return (
    <Link
      to="/my-inventories/$inventoryId/lines/$lineId"
      params={{ inventoryId: String(inventoryId), lineId: String(line.id) }}
      className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500"
    >
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="break-words font-medium text-slate-900">{line.name}</span>
        <span className="break-words text-sm text-slate-600">{describeLine(line)}</span>
        {line.is_unchecked_carry_over || isQuestion ? (
          <span className="flex flex-wrap gap-1">
            {line.is_unchecked_carry_over ? (
              <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                Not yet checked
              </span>
            ) : null}
            {isQuestion ? (
              <span className="rounded bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800">
                Open question
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
      <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
    </Link>
  );
}
