import { type ComponentResource, formatWeightPercent } from '@chemtrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { actionsColumn } from '../../components/actions-column.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PAGE_SIZE } from '../../lib/list-search.ts';
import { toast } from '../../lib/toast.ts';
import { componentsApi } from './api.ts';

const keepSearch = (s: Record<string, unknown>) => s;
const percent = (value: number | null) => (value === null ? '-' : `${value}%`);

/** The chemical components of one product, under its form: edit in a modal, remove after asking. */
export function ProductComponentsTable({ productId }: { productId: number }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const components = componentsApi(productId);
  const query = useQuery(components.listOptions({ page, ipp: PAGE_SIZE }));
  const unlink = useMutation({
    mutationFn: (component: ComponentResource) => components.unlink(component.product_chemical_component_id),
    onSuccess: async (result) => {
      toast({
        variant: 'success',
        title: 'Component removed',
        description: `Component ${result.resource.name} removed successfully.`,
      });
      await queryClient.invalidateQueries({ queryKey: components.keys.all });
    },
  });
  const columns = useMemo<ColumnDef<ComponentResource>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
      { id: 'number', header: 'CAS #', cell: ({ row }) => row.original.number },
      {
        id: 'percentage_weight',
        header: '% Weight',
        // One figure, or the SDS's range ("30–60%", "<5%") as stored (issue 21 point 9).
        cell: ({ row }) => formatWeightPercent(row.original),
      },
      {
        id: 'percentage_volume',
        header: '% Volume',
        cell: ({ row }) => percent(row.original.percentage_volume),
      },
      actionsColumn<ComponentResource>({
        entity: 'Component',
        nameOf: (component) => component.name,
        className: 'w-28',
        edit: {
          link: (component) => ({
            to: '/products/$productId/chemical-components/$productChemicalComponentId',
            params: {
              productId: String(productId),
              productChemicalComponentId: String(component.product_chemical_component_id),
            },
            search: keepSearch,
          }),
        },
        // A component is not deleted: it is removed from this product.
        remove: {
          verb: 'Remove',
          description: (name) => `Are you sure you want to remove ${name} from this product?`,
          onConfirm: (component) => unlink.mutate(component),
          isPending: unlink.isPending,
        },
      }),
    ],
    [productId, unlink.mutate, unlink.isPending],
  );
  const meta = query.data?.resource.meta;
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">Chemical Components</h2>
        <Button asChild>
          <Link
            to="/products/$productId/chemical-components/create"
            params={{ productId: String(productId) }}
            search={keepSearch}
          >
            <Plus className="h-4 w-4" aria-hidden />
            Add Component
          </Link>
        </Button>
      </div>
      <DataTable
        label="Chemical components"
        columns={columns}
        data={query.data?.resource.items}
        isLoading={query.isPending}
        page={page}
        lastPage={meta?.last_page ?? 1}
        // Removing the last row of the last page shows the page before it.
        servedPage={meta?.current_page}
        onPageChange={setPage}
        sort={undefined}
        onSortChange={() => {}}
      />
    </section>
  );
}
