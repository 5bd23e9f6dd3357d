import type { LookupResource } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { type ListSearch, toListParams } from '../../lib/list-search.ts';
import { useCan } from '../../lib/permissions.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useListState } from '../../lib/use-list-state.ts';
import type { LookupArea } from './api.ts';
import { lookupColumns } from './lookup-columns.tsx';

/**
 * The list of a lookup area (hazard classes, containers, units): search, Show Archived, one
 * name column, edit (or view for non-admins) and archive actions, and the add button.
 */
export function LookupList<T extends LookupResource>({
  area,
  search,
  editLink,
  createLink,
  children,
}: {
  area: LookupArea<T>;
  search: ListSearch;
  editLink: (id: number) => LinkProps;
  createLink: LinkProps;
  children?: ReactNode;
}) {
  const { api, entity, nameLabel: nameHeader, actions, hasArchiveConfirmation } = area;
  const canAdd = useCan(actions.create);
  const canEdit = useCan(actions.update);
  const canArchive = useCan(actions.archive);
  const list = useListState(search);
  const query = useQuery(api.listOptions(toListParams(search)));
  const toggle = useArchiveToggle<T>({
    entity,
    nameOf: (resource) => resource.name,
    toggle: api.toggle,
    invalidate: [api.keys.all],
  });
  const columns = useMemo(
    () =>
      lookupColumns({
        entity,
        nameHeader,
        editLink,
        canEdit,
        canArchive,
        hasArchiveConfirmation,
        onToggle: toggle.mutate,
        isToggling: toggle.isPending,
      }),
    [
      nameHeader,
      entity,
      canEdit,
      canArchive,
      hasArchiveConfirmation,
      editLink,
      toggle.mutate,
      toggle.isPending,
    ],
  );
  return (
    <section className="flex flex-col gap-3">
      <ListToolbar
        list={list}
        searchLabel={area.searchLabel}
        add={canAdd ? { label: area.addLabel, link: createLink } : null}
      />
      <DataTable
        label={nameHeader}
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
      />
      {children}
    </section>
  );
}
