import { type ContactResource, formatTypedPhone } from '@chemtrack/domain';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn, recordRowActions } from '../../components/actions-column.tsx';
import { keepSearch } from '../../lib/list-search.ts';
import type { RowActions } from '../../lib/use-list-actions.ts';

/** The contacts list's columns: who, whose, which roles, the 24-hour phone. */
export function contactsColumns(actions: RowActions): ColumnDef<ContactResource>[] {
  return [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name, meta: { sortKey: 'name' } },
    {
      id: 'customer_name',
      header: 'Customer',
      cell: ({ row }) => row.original.customer.name,
      meta: { sortKey: 'customer_name' },
    },
    {
      id: 'contact_types',
      header: 'Contact Types',
      cell: ({ row }) => row.original.contact_types.join(', '),
    },
    {
      id: 'phone_24_hour',
      header: '24-Hour Phone',
      cell: ({ row }) => formatTypedPhone(row.original.phone_24_hour) || '-',
    },
    { id: 'email', header: 'Email', cell: ({ row }) => row.original.email || '-' },
    actionsColumn<ContactResource>({
      entity: 'Contact',
      nameOf: (contact) => contact.name,
      edit: {
        link: (contact) => ({
          to: '/contacts/$contactId',
          params: { contactId: String(contact.id) },
          search: keepSearch,
        }),
        can: actions.canUpdate,
        whenDenied: 'view',
      },
      ...recordRowActions<ContactResource>(actions),
    }),
  ];
}
