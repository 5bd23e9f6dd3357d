import { AREA_ACTIONS, type UserResource } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { keepSearch, type ListSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useRowActions } from '../../lib/use-list-actions.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { techniciansApi } from './api.ts';
import { techniciansColumns } from './technicians-columns.tsx';

export function TechniciansPage({ search }: { search: ListSearch }) {
  usePageMeta('Technicians Management');
  const list = useListState(search);
  const query = useQuery(techniciansApi.listOptions(toListParams(search)));
  const actions = useRowActions<UserResource>({
    actions: AREA_ACTIONS.technicians,
    api: techniciansApi,
    entity: 'Technician',
    nameOf: (technician) => technician.profile.full_name,
  });

  const columns = useMemo(() => techniciansColumns(actions), [actions]);

  return (
    <section className="flex flex-col gap-3">
      <ListToolbar
        list={list}
        searchLabel="Search Technicians"
        add={{
          label: '+ Add New',
          link: { to: '/technicians-mgmt/create', search: keepSearch },
        }}
      />
      <DataTable
        label="Technicians"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
      />
      <Outlet />
    </section>
  );
}
