import { AREA_ACTIONS, type ContactResource } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { keepSearch, type ListSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useRowActions } from '../../lib/use-list-actions.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { contactsApi } from './api.ts';
import { contactsColumns } from './contacts-columns.tsx';

/** The customers' Tier II contacts (issue 25), shared by each customer's facilities. */
export function ContactsPage({ search }: { search: ListSearch & { customer_id?: number | undefined } }) {
  usePageMeta('Contacts', [
    { name: 'Customers and Facilities Management', path: '/customers-facilities-mgmt' },
    { name: 'Contacts' },
  ]);
  const list = useListState(search);
  const query = useQuery(contactsApi.listOptions(toListParams(search)));
  const actions = useRowActions<ContactResource>({
    actions: AREA_ACTIONS.contacts,
    api: contactsApi,
    entity: 'Contact',
    nameOf: (contact) => contact.name,
  });
  const columns = useMemo(() => contactsColumns(actions), [actions]);
  return (
    <section className="flex flex-col gap-3">
      <ListToolbar
        list={list}
        searchLabel="Search Contacts by Name"
        add={{
          label: '+ Add New Contact',
          link: { to: '/contacts/create', search: keepSearch },
        }}
      />
      <DataTable
        label="Contacts"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
      />
      <Outlet />
    </section>
  );
}
