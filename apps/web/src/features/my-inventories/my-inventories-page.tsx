import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { usePageMeta } from '../../lib/page-meta.ts';
import { inventoriesApi } from '../inventories/api.ts';
import { MY_INVENTORIES_PARAMS } from './api.ts';

/**
 * A technician's landing (issue 22): the active inventories assigned to them, each opening its
 * worklist. Sized for a phone first: one tap target per inventory, nothing to scroll sideways.
 */
export function MyInventoriesPage() {
  usePageMeta('My Inventories');
  const query = useQuery(inventoriesApi.listOptions(MY_INVENTORIES_PARAMS));
  const items = query.data?.resource.items;

  return (
    <section className="flex min-w-0 flex-col gap-4" aria-label="My Inventories">
      {items === undefined ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-md bg-slate-100 px-3 py-4 text-sm text-slate-700">
          No inventories are assigned to you. The office assigns them.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((inventory) => (
            <li key={inventory.id}>
              <Link
                to="/my-inventories/$inventoryId"
                params={{ inventoryId: String(inventory.id) }}
                className="flex min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium text-slate-900">
                    {inventory.year} · {inventory.facility__name}
                  </span>
                  <span className="truncate text-sm text-slate-600">{inventory.customer__name}</span>
                </span>
                <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
