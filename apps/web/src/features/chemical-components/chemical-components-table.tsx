import { type ComponentResource, formatWeightPercent } from '@chemtrack/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { actionsColumn } from '../../components/actions-column.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { Button } from '../../components/ui/button.tsx';
import { keepSearch, PAGE_SIZE } from '../../lib/list-search.ts';
import { toast } from '../../lib/toast.ts';
import { type ComponentParent, componentLink, componentLinksApi, percentText } from './api.ts';

const FIGURE_COLUMNS: ColumnDef<ComponentResource>[] = [
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
    cell: ({ row }) => percentText(row.original.percentage_volume),
  },
];

/**
 * The chemical components of one parent, under its form (spec 02 §2). A product's are edited:
 * Add Component, edit in a modal, remove after asking. A line's are its copy of
 * its product's, read-only: the name opens the read-only modal.
 */
export function ChemicalComponentsTable({ parent }: { parent: ComponentParent }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const links = componentLinksApi(parent);
  const query = useQuery(links.listOptions({ page, ipp: PAGE_SIZE }));
  const isEditable = parent.kind === 'product';
  const unlink = useMutation({
    mutationFn: (component: ComponentResource) => links.unlink(component.product_chemical_component_id),
    onSuccess: async (result) => {
      toast({
        variant: 'success',
        title: 'Component removed',
        description: `Component ${result.resource.name} removed successfully.`,
      });
      await queryClient.invalidateQueries({ queryKey: links.keys.all });
    },
  });
  // A page of at most PAGE_SIZE rows: the columns are cheap to build on each render, and building
  // them here keeps them in step with the parent and the pending removal without a memo's deps.
  const columns: ColumnDef<ComponentResource>[] = isEditable
    ? [
        { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
        ...FIGURE_COLUMNS,
        actionsColumn<ComponentResource>({
          entity: 'Component',
          nameOf: (component) => component.name,
          className: 'w-28',
          edit: { link: (component) => componentLink(parent, component) },
          // A component is not deleted: it is removed from this product.
          remove: {
            verb: 'Remove',
            description: (name) => `Are you sure you want to remove ${name} from this product?`,
            onConfirm: (component) => unlink.mutate(component),
            isPending: unlink.isPending,
          },
        }),
      ]
    : [
        {
          id: 'name',
          header: 'Name',
          cell: ({ row }) => (
            <Link
              {...componentLink(parent, row.original)}
              className="font-medium text-brand-700 hover:underline"
            >
              {row.original.name}
            </Link>
          ),
        },
        ...FIGURE_COLUMNS,
      ];
  const meta = query.data?.resource.meta;
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">Chemical Components</h2>
        {parent.kind === 'product' ? (
          <Button asChild>
            <Link
              to="/products/$productId/chemical-components/create"
              params={{ productId: String(parent.productId) }}
              search={keepSearch}
            >
              <Plus className="h-4 w-4" aria-hidden />
              Add Component
            </Link>
          </Button>
        ) : null}
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
