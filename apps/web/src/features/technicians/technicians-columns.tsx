import { formatPhone, type UserResource } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn, recordRowActions } from '../../components/actions-column.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import type { RowActions } from '../../lib/use-list-actions.ts';

/** The technicians list's columns; archive and delete are for who may (spec 01 §6). */
export function techniciansColumns(actions: RowActions): ColumnDef<UserResource>[] {
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
        can: actions.canUpdate,
        whenDenied: 'disabled',
      },
      ...recordRowActions<UserResource>(actions),
    }),
  ];
}
