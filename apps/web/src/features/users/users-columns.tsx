import { formatPhone, type UserResource } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/actions-column.tsx';
import { keepSearch } from '../../lib/list-search.ts';

/** The users list's columns; your own account can be neither archived nor deleted here. */
export function usersColumns({
  ownId,
  onToggle,
  isToggling,
  onDelete,
  isDeleting,
}: {
  ownId: number | undefined;
  onToggle: (id: number) => void;
  isToggling: boolean;
  onDelete: (id: number) => void;
  isDeleting: boolean;
}): ColumnDef<UserResource>[] {
  // The server refuses to archive or delete your own account, so neither is offered.
  const isOwn = (user: UserResource) => user.id === ownId;
  return [
    {
      id: 'first_name',
      header: 'First Name',
      cell: ({ row }) => row.original.profile.first_name,
      meta: { sortKey: 'first_name' },
    },
    {
      id: 'last_name',
      header: 'Last Name',
      cell: ({ row }) => row.original.profile.last_name,
      meta: { sortKey: 'last_name' },
    },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email, meta: { sortKey: 'email' } },
    { id: 'phone', header: 'Phone', cell: ({ row }) => formatPhone(row.original.profile.phone) },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row }) => row.original.role.charAt(0).toUpperCase() + row.original.role.slice(1),
    },
    actionsColumn<UserResource>({
      entity: 'User',
      nameOf: (user) => user.profile.full_name,
      edit: {
        link: (user) => ({ to: '/users/$userId', params: { userId: String(user.id) }, search: keepSearch }),
      },
      archive: {
        isActive: (user) => user.is_active,
        onConfirm: (user) => onToggle(user.id),
        isPending: isToggling,
        disabled: isOwn,
      },
      remove: { onConfirm: (user) => onDelete(user.id), isPending: isDeleting, disabled: isOwn },
    }),
  ];
}
