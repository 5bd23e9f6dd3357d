import { AREA_ACTIONS, formatPhone, type UserResource } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Pencil } from 'lucide-react';
import { useMemo } from 'react';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { DeleteAction } from '../../components/delete-action.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { type ListSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useCan } from '../../lib/permissions.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useDeleteRecord } from '../../lib/use-delete-record.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { deleteTechnician, techniciansKeys, techniciansListOptions, toggleTechnician } from './api.ts';

export function TechniciansPage({ search }: { search: ListSearch }) {
  usePageMeta('Technicians Management');
  const canUpdate = useCan(AREA_ACTIONS.technicians.update);
  const canArchive = useCan(AREA_ACTIONS.technicians.archive);
  const canDelete = useCan(AREA_ACTIONS.technicians.delete ?? AREA_ACTIONS.technicians.archive);
  const list = useListState(search);
  const query = useQuery(techniciansListOptions(toListParams(search)));
  const toggle = useArchiveToggle<UserResource>({
    entity: 'Technician',
    nameOf: (technician) => technician.profile.full_name,
    toggle: toggleTechnician,
    invalidate: [techniciansKeys.all],
  });
  const remove = useDeleteRecord<UserResource>({
    entity: 'Technician',
    nameOf: (technician) => technician.profile.full_name,
    remove: deleteTechnician,
    invalidate: [techniciansKeys.all],
    detailKey: techniciansKeys.detail,
  });

  const columns = useMemo<ColumnDef<UserResource>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => row.original.profile.full_name,
        meta: { sortKey: 'name' },
      },
      { id: 'phone', header: 'Phone', cell: ({ row }) => formatPhone(row.original.profile.phone) },
      { id: 'email', header: 'Email', cell: ({ row }) => row.original.email, meta: { sortKey: 'email' } },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            {canUpdate ? (
              <Button asChild variant="ghost" size="icon">
                <Link
                  to="/technicians-mgmt/$technicianId"
                  params={{ technicianId: String(row.original.id) }}
                  search={(s: Record<string, unknown>) => s}
                  aria-label={`Edit ${row.original.profile.full_name}`}
                  title="Edit"
                >
                  <Pencil className="h-4 w-4" aria-hidden />
                </Link>
              </Button>
            ) : (
              // Spec 01 §6: for non-admins the edit action is disabled and shows an eye instead.
              <Button
                variant="ghost"
                size="icon"
                disabled
                aria-label={`View ${row.original.profile.full_name}`}
              >
                <Eye className="h-4 w-4" aria-hidden />
              </Button>
            )}
            <ArchiveToggle
              entity="Technician"
              name={row.original.profile.full_name}
              isActive={row.original.is_active}
              disabled={!canArchive}
              isPending={toggle.isPending}
              onConfirm={() => toggle.mutate(row.original.id)}
            />
            {/* Spec 01 §6: like archive, deleting is for admins; others see it disabled. */}
            <DeleteAction
              entity="Technician"
              name={row.original.profile.full_name}
              disabled={!canDelete}
              isPending={remove.isPending}
              onConfirm={() => remove.mutate(row.original.id)}
            />
          </div>
        ),
      },
    ],
    [canUpdate, canArchive, canDelete, toggle.mutate, toggle.isPending, remove.mutate, remove.isPending],
  );

  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-4">
          <SearchInput label="Search Technicians" value={list.search} onChange={list.setSearch} />
          <label
            htmlFor="show-archived"
            className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-700"
          >
            <Checkbox
              id="show-archived"
              checked={list.isArchived}
              onCheckedChange={(v) => list.setArchived(v === true)}
            />
            Show Archived
          </label>
        </div>
        <Button asChild>
          <Link to="/technicians-mgmt/create" search={(s: Record<string, unknown>) => s}>
            + Add New
          </Link>
        </Button>
      </div>
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
