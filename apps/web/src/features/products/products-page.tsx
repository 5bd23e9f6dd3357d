import { type ProductResource, SDS_STATUS_FILTERS, SDS_STATUSES } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { Select } from '../../components/ui/select.tsx';
import { keepSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { productsApi } from './api.ts';
import type { ProductListSearch } from './list-search.ts';
import { productsColumns } from './products-columns.tsx';

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
  const columns = useMemo(
    () => productsColumns({ onToggle: toggle.mutate, isToggling: toggle.isPending }),
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
        add={{ label: '+ Add New Product', link: { to: '/products/create', search: keepSearch } }}
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
