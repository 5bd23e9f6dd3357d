import { type ComponentResource, formatWeightPercent } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { useModalRoute } from '../../components/modal-form.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { PAGE_SIZE } from '../../lib/list-search.ts';
import { inventoryProductComponentsApi } from './inventory-products-api.ts';

const keepSearch = (s: Record<string, unknown>) => s;
const percent = (value: number | null) => (value === null ? '-' : `${value}%`);

/**
 * The chemical components of one inventory line, read-only under its form (spec 02 §2): the
 * line's copy of its product's components; a name opens the read-only modal.
 */
export function InventoryProductComponentsTable({
  inventoryId,
  lineId,
}: {
  inventoryId: number;
  lineId: number;
}) {
  const [page, setPage] = useState(1);
  const components = inventoryProductComponentsApi(inventoryId, lineId);
  const query = useQuery(components.listOptions({ page, ipp: PAGE_SIZE }));
  const columns = useMemo<ColumnDef<ComponentResource>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Link
            to="/inventories/$inventoryId/products/$inventoryProductId/chemical-components/$componentId"
            params={{
              inventoryId: String(inventoryId),
              inventoryProductId: String(lineId),
              componentId: String(row.original.product_chemical_component_id),
            }}
            search={keepSearch}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.original.name}
          </Link>
        ),
      },
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
    ],
    [inventoryId, lineId],
  );
  const meta = query.data?.resource.meta;
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">Chemical Components</h2>
      <DataTable
        label="Chemical components"
        columns={columns}
        data={query.data?.resource.items}
        isLoading={query.isPending}
        page={page}
        lastPage={meta?.last_page ?? 1}
        servedPage={meta?.current_page}
        onPageChange={setPage}
        sort={undefined}
        onSortChange={() => {}}
      />
    </section>
  );
}

const DETAILS = [
  { key: 'number', label: 'CAS #' },
  { key: 'percentage_weight', label: 'Percentage by Weight' },
  { key: 'percentage_volume', label: 'Percentage by Volume' },
  { key: 'regulations', label: 'Regulations' },
  { key: 'restrictions', label: 'Restrictions' },
  { key: 'reporting_requirements', label: 'Reporting Requirements' },
] as const;

/** One component of an inventory line, read-only (spec 02 §2); closing returns to the line's form. */
export function InventoryProductComponentModal({
  inventoryId,
  lineId,
  componentId,
}: {
  inventoryId: number;
  lineId: number;
  componentId: number;
}) {
  const navigate = useNavigate();
  const { isOpen, close } = useModalRoute(
    () =>
      void navigate({
        to: '/inventories/$inventoryId/products/$inventoryProductId',
        params: { inventoryId: String(inventoryId), inventoryProductId: String(lineId) },
        search: keepSearch,
      }),
  );
  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : close())}>
      <LoadedRecord options={inventoryProductComponentsApi(inventoryId, lineId).detailOptions(componentId)}>
        {(component) => (
          <DialogContent title="Chemical Component Details">
            <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              <dt className="font-medium text-slate-700">Name</dt>
              <dd className="text-slate-900">{component.name}</dd>
              {DETAILS.map((detail) => {
                const value = component[detail.key];
                const text =
                  typeof value === 'number' ? percent(value) : value === null || value === '' ? '-' : value;
                return (
                  <div key={detail.key} className="contents">
                    <dt className="font-medium text-slate-700">{detail.label}</dt>
                    <dd className="whitespace-pre-wrap break-words text-slate-900">
                      {detail.key === 'number' ? component.number : text}
                    </dd>
                  </div>
                );
              })}
            </dl>
            <div className="mt-4 flex justify-end">
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
            </div>
          </DialogContent>
        )}
      </LoadedRecord>
    </Dialog>
  );
}
