import { formatHazardNames, type ProductListRow } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/actions-column.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import { ProductStatusCell } from './product-status-cell.tsx';

/** The products list's columns; archiving a product does not ask first (spec 02 §4). */
export function productsColumns({
  onToggle,
  isToggling,
}: {
  onToggle: (id: number) => void;
  isToggling: boolean;
}): ColumnDef<ProductListRow>[] {
  return [
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
      cell: ({ row }) => (
        <ProductStatusCell status={row.original.sds_status} needsReview={row.original.needs_review} />
      ),
      meta: { sortKey: 'sds_status' },
    },
    actionsColumn<ProductListRow>({
      entity: 'Product',
      nameOf: (product) => product.name,
      className: 'w-28',
      edit: {
        link: (product) => ({
          to: '/products/$productId',
          params: { productId: String(product.id) },
          search: keepSearch,
        }),
      },
      archive: {
        isActive: (product) => product.is_active,
        onConfirm: (product) => onToggle(product.id),
        isPending: isToggling,
        confirm: false,
      },
    }),
  ];
}
