import type { InventoryListRow } from '@chemtrack/domain';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/actions-column.tsx';
import { WIDE_ONLY } from '../../components/data-table.tsx';
import { keepSearch } from '../../lib/list-search.ts';

/** How an inventory is named in links and notices: "2025 of Pasadena Refinery", as the server's. */
export const inventoryName = (inventory: { year: number; facility: { name: string } }) =>
  `${inventory.year} of ${inventory.facility.name}`;

/**
 * The inventories list's columns (spec 02 §2); archive and unarchive ask first (spec 02 §4) and
 * are an admin's (spec 02 §6: disabled for staff, as in the other lists). Staff edit every
 * inventory but a completed one, which they open read-only: the edit link shows to everyone.
 */
export function inventoriesColumns({
  canArchive,
  onToggle,
  isToggling,
}: {
  canArchive: boolean;
  onToggle: (id: number) => void;
  isToggling: boolean;
}): ColumnDef<InventoryListRow>[] {
  return [
    { id: 'year', header: 'Year', cell: ({ row }) => row.original.year, meta: { sortKey: 'year' } },
    {
      id: 'customer_name',
      header: 'Customer Name',
      cell: ({ row }) => row.original.customer__name,
      meta: { sortKey: 'customer_name', className: WIDE_ONLY },
    },
    {
      id: 'facility_name',
      header: 'Facility Name',
      cell: ({ row }) => (
        <>
          {row.original.facility__name}
          {/* A phone has no customer column: the customer goes under the facility. */}
          <span className="block text-xs text-slate-500 md:hidden">{row.original.customer__name}</span>
        </>
      ),
      // A long name wraps anywhere rather than pushing View off a phone's screen.
      meta: { sortKey: 'facility_name', className: 'wrap-anywhere' },
    },
    {
      id: 'technician_names',
      header: 'Technician Name',
      cell: ({ row }) => row.original.technician__names || '-',
      meta: { sortKey: 'technician_names', className: WIDE_ONLY },
    },
    {
      id: 'products',
      header: 'Products',
      cell: ({ row }) => (
        <Link
          to="/inventories/$inventoryId/products"
          params={{ inventoryId: String(row.original.id) }}
          aria-label={`View products of ${inventoryName(row.original)}`}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          View
        </Link>
      ),
    },
    actionsColumn<InventoryListRow>({
      entity: 'Inventory',
      nameOf: inventoryName,
      className: 'w-28',
      edit: {
        link: (inventory) => ({
          to: '/inventories/$inventoryId',
          params: { inventoryId: String(inventory.id) },
          search: keepSearch,
        }),
      },
      archive: {
        isActive: (inventory) => inventory.is_active,
        onConfirm: (inventory) => onToggle(inventory.id),
        isPending: isToggling,
        disabled: !canArchive,
      },
    }),
  ];
}
