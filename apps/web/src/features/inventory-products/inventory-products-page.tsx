import { canEditInventoryLines, type InventoryProductListRow, printAllSdsFileName } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListFilter } from '../../components/list-filter.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import type { SortState } from '../../lib/pagination.ts';
import { useCan } from '../../lib/permissions.ts';
import { useDeleteRecord } from '../../lib/use-delete-record.ts';
import { useListState } from '../../lib/use-list-state.ts';
import {
  INVENTORY_PRODUCT_WORKLIST_FILTERS,
  type InventoryProductsSearch,
  inventoryProductsApi,
  inventoryProductsListParams,
  inventoryTitle,
} from './api.ts';
import { CopyProductsOffer } from './copy-products-offer.tsx';
import { inventoryProductsColumns } from './inventory-products-columns.tsx';
import { InventoryStatistics } from './inventory-statistics.tsx';
import { PrintAllSdsButton } from './print-all-sds-button.tsx';

/** Spec 02 §2: the list opens sorted by updated_at, newest first. */
const INITIAL_SORT: SortState = { field: 'updated_at', direction: 'desc' };

/**
 * The products of one inventory (spec 02 §2): Back, search, Print All SDS, + Add New Product, the
 * statistics, the worklist filter and the lines, paged and sorted by the server.
 */
export function InventoryProductsPage({
  inventoryId,
  search,
}: {
  inventoryId: number;
  search: InventoryProductsSearch;
}) {
  const lines = inventoryProductsApi(inventoryId);
  const list = useListState(search);
  const query = useQuery(lines.listOptions(inventoryProductsListParams(search)));
  const summary = query.data?.resource;
  const title = summary ? inventoryTitle(summary) : 'Inventory Products';
  usePageMeta('Inventory Products', [{ name: 'Inventories', path: '/inventories' }, { name: title }]);

  const mayAdd = useCan('inventory-products.create');
  const mayEdit = useCan('inventory-products.update');
  const mayEditClosed = useCan('inventory-products.update-closed');
  const canUnlink = useCan('inventory-products.unlink');
  // Until the list answers, nothing is offered that the inventory's state may forbid.
  const isOpenToUser = summary ? canEditInventoryLines(summary, mayEditClosed) : false;

  const unlink = useDeleteRecord({
    entity: 'Product',
    nameOf: (line) => line.name,
    remove: lines.unlink,
    invalidate: [lines.keys.all],
    detailKey: lines.keys.detail,
  });
  const columns = useMemo(
    () =>
      inventoryProductsColumns({
        inventoryId,
        canEdit: mayEdit && isOpenToUser,
        canUnlink,
        onUnlink: (row: InventoryProductListRow) => unlink.mutate(row.id),
        isUnlinking: unlink.isPending,
      }),
    [inventoryId, mayEdit, isOpenToUser, canUnlink, unlink.mutate, unlink.isPending],
  );

  return (
    <section className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to="/inventories"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden />
            Back
          </Link>
          <h2 className="text-base font-bold text-slate-900">{title}</h2>
        </div>
        <InventoryStatistics summary={summary} />
      </div>
      {summary && summary.lines === 0 && mayAdd && isOpenToUser ? (
        <CopyProductsOffer inventoryId={inventoryId} />
      ) : null}
      <ListToolbar
        list={list}
        searchLabel="Search Inventory by product or manufacturer"
        searchPlaceholder="Search Inventory by product or manufacturer"
        hasArchivedToggle={false}
        filters={
          <ListFilter
            id="worklist-filter"
            label="Show"
            className="h-9 w-auto"
            value={search.worklist}
            choices={INVENTORY_PRODUCT_WORKLIST_FILTERS}
            onChange={(worklist) => list.setFilters({ worklist })}
          />
        }
        actions={
          <PrintAllSdsButton
            download={lines.printAllSds}
            fallbackName={
              summary
                ? printAllSdsFileName({
                    customer: summary.customer_name,
                    facility: summary.facility_name,
                    year: summary.year,
                  })
                : `SDS_${inventoryId}.pdf`
            }
          />
        }
        add={
          mayAdd && isOpenToUser
            ? {
                label: '+ Add New Product',
                link: {
                  to: '/inventories/$inventoryId/products/create',
                  params: { inventoryId: String(inventoryId) },
                  search: keepSearch,
                },
              }
            : null
        }
      />
      <DataTable
        label="Inventory products"
        columns={columns}
        {...listTableProps(query, list)}
        sort={list.sort ?? INITIAL_SORT}
        isRowHighlighted={(row) => row.sds_status === 'update'}
      />
    </section>
  );
}
