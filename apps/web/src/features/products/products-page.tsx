import {
  formatHazardNames,
  type ProductListRow,
  type ProductResource,
  SDS_STATUS_FILTERS,
  SDS_STATUSES,
} from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { productsApi } from './api.ts';
import type { ProductListSearch } from './list-search.ts';
import { SdsStatusBadge } from './sds-status-badge.tsx';

const keepSearch = (s: Record<string, unknown>) => s;

function isSdsStatus(value: string): value is (typeof SDS_STATUSES)[number] {
  return (SDS_STATUSES as readonly string[]).includes(value);
}

/** Products Mgmt: the products list with search, Show Archived and the SDS status filter. */
export function ProductsPage({ search }: { search: ProductListSearch }) {
  usePageMeta('Products Mgmt', [{ name: 'Product Management' }]);
  const list = useListState(search);
  const query = useQuery(productsApi.listOptions(toListParams(search)));
  const toggle = useArchiveToggle<ProductResource>({
    entity: 'Product',
    nameOf: (product) => product.name,
    toggle: productsApi.toggle,
    invalidate: [productsApi.keys.all],
  });
  const columns = useMemo<ColumnDef<ProductListRow>[]>(
    () => [
      { id: 'name', header: 'Product', cell: ({ row }) => row.original.name, meta: { sortKey: 'name' } },
      {
        id: 'mfg_name',
        header: 'Manufacturer',
        cell: ({ row }) => row.original.mfg_name,
        meta: { sortKey: 'mfg_name' },
      },
      { id: 'hazards', header: 'Hazard Class', cell: ({ row }) => formatHazardNames(row.original.hazards) },
      {
        id: 'sds_status',
        header: 'Status',
        cell: ({ row }) => <SdsStatusBadge status={row.original.sds_status} />,
        meta: { sortKey: 'sds_status' },
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { className: 'w-28' },
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <Button asChild variant="ghost" size="icon">
              <Link
                to="/products/$productId"
                params={{ productId: String(row.original.id) }}
                search={keepSearch}
                aria-label={`Edit ${row.original.name}`}
                title="Edit"
              >
                <Pencil className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
            <ArchiveToggle
              entity="Product"
              name={row.original.name}
              isActive={row.original.is_active}
              confirm={false}
              isPending={toggle.isPending}
              onConfirm={() => toggle.mutate(row.original.id)}
            />
          </div>
        ),
      },
    ],
    [toggle.mutate, toggle.isPending],
  );
  return (
    <section className="flex flex-col gap-3">
      <ListToolbar
        list={list}
        searchLabel="Search Products"
        heading={<h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">Products List</h2>}
        filters={
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <label htmlFor="sds-status-filter">SDS Status</label>
            <Select
              id="sds-status-filter"
              className="h-9 w-32"
              value={search.sds_status ?? 'all'}
              onChange={(event) => {
                const value = event.target.value;
                list.setFilters({ sds_status: isSdsStatus(value) ? value : undefined });
              }}
            >
              {SDS_STATUS_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </Select>
          </div>
        }
        actions={
          <Button asChild>
            <Link to="/products/create" search={keepSearch}>
              + Add New Product
            </Link>
          </Button>
        }
      />
      <DataTable
        label="Products"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
        isRowHighlighted={(row) => row.sds_status === 'update'}
      />
    </section>
  );
}
