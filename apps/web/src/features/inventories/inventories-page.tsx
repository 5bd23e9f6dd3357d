import { AREA_ACTIONS, type InventoryResource } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListFilter } from '../../components/list-filter.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { SampleListsNotice } from '../reference-lists/sample-lists-notice.tsx';
import {
  INVENTORY_STATUS_FILTERS,
  type InventoriesSearch,
  inventoriesApi,
  inventoriesListParams,
} from './api.ts';
import { inventoriesColumns, inventoryName } from './inventories-columns.tsx';

/** Inventories List (spec 02 §2): search, the status filter, and the inventory modals over it. */
export function InventoriesPage({ search }: { search: InventoriesSearch }) {
  usePageMeta('Inventories');
  const canCreate = useCan(AREA_ACTIONS.inventories.create);
  const canArchive = useCan(AREA_ACTIONS.inventories.archive);
  const list = useListState(search);
  const query = useQuery(inventoriesApi.listOptions(inventoriesListParams(search)));
  const toggle = useArchiveToggle<InventoryResource>({
    entity: 'Inventory',
    nameOf: inventoryName,
    toggle: inventoriesApi.toggle,
    invalidate: [inventoriesApi.keys.all],
  });
  const columns = useMemo(
    () => inventoriesColumns({ canArchive, onToggle: toggle.mutate, isToggling: toggle.isPending }),
    [canArchive, toggle.mutate, toggle.isPending],
  );

  return (
    <section className="flex flex-col gap-3">
      <SampleListsNotice />
      <ListToolbar
        list={list}
        searchLabel="Search Inventories"
        searchPlaceholder="search inventories by customer, facility, technician or year"
        hasArchivedToggle={false}
        heading={
          <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">Inventories List</h2>
        }
        filters={
          <ListFilter
            id="inventory-status-filter"
            label="Status"
            className="h-9 w-36"
            value={search.status}
            choices={INVENTORY_STATUS_FILTERS}
            // All is the list's default, so it stays out of the URL.
            onChange={(status) => list.setFilters({ status })}
          />
        }
        add={
          canCreate
            ? { label: '+ Add New Inventory', link: { to: '/inventories/create', search: keepSearch } }
            : null
        }
      />
      <DataTable
        label="Inventories"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
      />
      <Outlet />
    </section>
  );
}
