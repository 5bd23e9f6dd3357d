import { formatPhone, type UserResource } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/actions-column.tsx';
import { keepSearch } from '../../lib/list-search.ts';

/** The technicians list's columns; archive and delete are for who may (spec 01 §6). */
export function techniciansColumns({
  canUpdate,
  canArchive,
  canDelete,
  onToggle,
  isToggling,
  onDelete,
  isDeleting,
}: {
  canUpdate: boolean;
  canArchive: boolean;
  canDelete: boolean;
  onToggle: (id: number) => void;
  isToggling: boolean;
  onDelete: (id: number) => void;
  isDeleting: boolean;
}): ColumnDef<UserResource>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => row.original.profile.full_name,
      meta: { sortKey: 'name' },
    },
    { id: 'phone', header: 'Phone', cell: ({ row }) => formatPhone(row.original.profile.phone) },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email, meta: { sortKey: 'email' } },
    actionsColumn<UserResource>({
      entity: 'Technician',
      nameOf: (technician) => technician.profile.full_name,
      edit: {
        link: (technician) => ({
          to: '/technicians-mgmt/$technicianId',
          params: { technicianId: String(technician.id) },
          search: keepSearch,
        }),
        can: canUpdate,
        whenDenied: 'disabled',
      },
      archive: {
        isActive: (technician) => technician.is_active,
        onConfirm: (technician) => onToggle(technician.id),
        isPending: isToggling,
        disabled: !canArchive,
      },
      remove: {
        onConfirm: (technician) => onDelete(technician.id),
        isPending: isDeleting,
        disabled: !canDelete,
      },
    }),
  ];
}
