import { formatListedFigure, INVENTORY_PRODUCT_MSG, type InventoryProductListRow } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/actions-column.tsx';
import { WIDE_ONLY } from '../../components/data-table.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { SdsStatusBadge } from '../products/sds-status-badge.tsx';

const figure = (value: number | null) => (value === null ? '-' : String(value));

/**
 * The lines of one inventory. Edit opens the line's form (read-only for who may not change it);
 * unlink is an admin's, after the spec's question (spec 02 §6).
 */
export function inventoryProductsColumns({
  inventoryId,
  canEdit,
  canUnlink,
  onUnlink,
  isUnlinking,
}: {
  inventoryId: number;
  canEdit: boolean;
  canUnlink: boolean;
  onUnlink: (row: InventoryProductListRow) => void;
  isUnlinking: boolean;
}): ColumnDef<InventoryProductListRow>[] {
  return [
    {
      id: 'name',
      header: 'Product',
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <div className="flex flex-col gap-1">
          <span className="font-medium text-slate-900">{row.original.name}</span>
          <span className="flex flex-wrap gap-1">
            {row.original.is_resolve_question ? null : (
              <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                Open question
              </span>
            )}
            {row.original.is_unchecked_carry_over ? (
              <span className="rounded bg-sky-100 px-1.5 py-0.5 text-xs font-semibold text-sky-900">
                Not yet checked
              </span>
            ) : null}
          </span>
        </div>
      ),
    },
    {
      id: 'mfg_name',
      header: 'Manufacturer',
      meta: { sortKey: 'mfg_name', className: WIDE_ONLY },
      cell: ({ row }) => row.original.mfg_name,
    },
    {
      id: 'container',
      header: 'Container',
      meta: { sortKey: 'container', className: WIDE_ONLY },
      cell: ({ row }) => row.original.container?.name ?? '-',
    },
    {
      id: 'container_size',
      header: 'Size',
      meta: { sortKey: 'container_size', className: WIDE_ONLY },
      cell: ({ row }) =>
        [figure(row.original.container_size), row.original.container_unit?.name].filter(Boolean).join(' '),
    },
    {
      id: 'container_quantity',
      header: 'Qty',
      meta: { sortKey: 'container_quantity' },
      cell: ({ row }) => figure(row.original.container_quantity),
    },
    {
      id: 'location_stored',
      header: 'Location',
      meta: { sortKey: 'location_stored', className: WIDE_ONLY },
      cell: ({ row }) => row.original.location_stored || '-',
    },
    {
      id: 'max_gallons',
      header: 'Max Gallons',
      meta: { sortKey: 'max_gallons', className: WIDE_ONLY },
      cell: ({ row }) => formatListedFigure(row.original.max_gallons),
    },
    {
      id: 'max_pounds',
      header: 'Max Pounds',
      meta: { sortKey: 'max_pounds', className: WIDE_ONLY },
      cell: ({ row }) => formatListedFigure(row.original.max_pounds),
    },
    {
      id: 'sds_status',
      header: 'SDS',
      meta: { sortKey: 'sds_status', className: WIDE_ONLY },
      cell: ({ row }) => <SdsStatusBadge status={row.original.sds_status} />,
    },
    actionsColumn<InventoryProductListRow>({
      entity: 'Product',
      nameOf: (row) => row.name,
      className: 'w-24',
      edit: {
        can: canEdit,
        link: (row) => ({
          to: '/inventories/$inventoryId/products/$inventoryProductId',
          params: { inventoryId: String(inventoryId), inventoryProductId: String(row.id) },
          search: keepSearch,
        }),
      },
      ...(canUnlink && {
        remove: {
          onConfirm: onUnlink,
          isPending: isUnlinking,
          title: INVENTORY_PRODUCT_MSG.unlinkTitle,
          description: INVENTORY_PRODUCT_MSG.unlinkConfirm,
        },
      }),
    }),
  ];
}
