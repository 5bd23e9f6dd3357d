import type { UserResource } from '@chemtrack/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { ListToolbar } from '../../components/list-toolbar.tsx';
import { keepSearch, type ListSearch, toListParams } from '../../lib/list-search.ts';
import { useSession } from '../../lib/session.ts';
import { useListActions } from '../../lib/use-list-actions.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { usersApi } from './api.ts';
import { usersColumns } from './users-columns.tsx';
import { EditUserForm, UserForm } from './users-form.tsx';

/** User Management: the create or edit form above the list of existing users. */
export function UsersPage({ userId, search }: { userId: number | undefined; search: ListSearch }) {
  const navigate = useNavigate();
  // Archiving or deleting the user being edited leaves its form.
  const leaveIfEdited = async (user: UserResource) => {
    if (user.id === userId) await navigate({ to: '/users', search: keepSearch });
  };
  const { toggle, remove } = useListActions<UserResource>({
    api: usersApi,
    entity: 'User',
    nameOf: (user) => user.profile.full_name,
    onDone: leaveIfEdited,
  });

  return (
    <div className="flex flex-col gap-6">
      {userId === undefined ? (
        <UserForm
          userId={undefined}
          user={undefined}
          onToggle={toggle.mutate}
          isToggling={toggle.isPending}
        />
      ) : (
        <EditUserForm userId={userId} onToggle={toggle.mutate} isToggling={toggle.isPending} />
      )}
      <UsersList
        search={search}
        onToggle={toggle.mutate}
        isToggling={toggle.isPending}
        onDelete={remove.mutate}
        isDeleting={remove.isPending}
      />
    </div>
  );
}

function UsersList({
  search,
  onToggle,
  isToggling,
  onDelete,
  isDeleting,
}: {
  search: ListSearch;
  onToggle: (id: number) => void;
  isToggling: boolean;
  onDelete: (id: number) => void;
  isDeleting: boolean;
}) {
  const ownId = useSession((s) => s.user?.id);
  const list = useListState(search);
  const query = useQuery(usersApi.listOptions(toListParams(search)));
  const columns = useMemo(
    () => usersColumns({ ownId, onToggle, isToggling, onDelete, isDeleting }),
    [onToggle, isToggling, onDelete, isDeleting, ownId],
  );
  return (
    <section className="flex flex-col gap-3">
      <ListToolbar
        list={list}
        searchLabel="Search User"
        controlsAtEnd
        heading={<h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">existing users</h2>}
      />
      <DataTable
        label="Existing users"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
      />
    </section>
  );
}
