import { type ProductResource, SDS_STATUS_FILTERS } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListFilter } from '../../components/list-filter.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { keepSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { productsApi } from './api.ts';
import type { ProductListSearch } from './list-search.ts';
import { NeedsReviewFilter } from './needs-review-filter.tsx';
import { productsColumns } from './products-columns.tsx';

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
          <>
            <ListFilter
              id="sds-status-filter"
              label="SDS Status"
              className="h-9 w-32"
              value={search.sds_status}
              choices={SDS_STATUS_FILTERS}
              onChange={(sds_status) => list.setFilters({ sds_status })}
            />
            <NeedsReviewFilter
              checked={search.needs_review === '1'}
              onChange={(checked) => list.setFilters({ needs_review: checked ? '1' : undefined })}
            />
          </>
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
