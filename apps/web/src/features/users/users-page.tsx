import {
  formatPhone,
  ROLE_LABELS,
  type SaveUserRequest,
  SaveUserRequestSchema,
  USER_ROLES,
  type UserResource,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { DataTable, listTableProps } from '../../components/data-table.tsx';
import { DeleteAction } from '../../components/delete-action.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, applyFieldErrors } from '../../lib/api.ts';
import { type ListSearch, toListParams } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { useDeleteRecord } from '../../lib/use-delete-record.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { deleteUser, saveUser, toggleUser, userOptions, usersKeys, usersListOptions } from './api.ts';

const ROLE_OPTIONS = [
  {
    value: 'admin',
    label: ROLE_LABELS.admin,
    description: 'All features, including user management and database entry.',
  },
  {
    value: 'staff',
    label: ROLE_LABELS.staff,
    description: 'All features except user management and database entry.',
  },
] as const;

const EMPTY_FORM: SaveUserRequest = { first_name: '', last_name: '', email: '', phone: '', role: 'admin' };

function toForm(user: UserResource): SaveUserRequest {
  return {
    first_name: user.profile.first_name,
    last_name: user.profile.last_name,
    email: user.email,
    phone: user.profile.phone,
    // The users screen gives accounts Admin or Staff; anything else shows as Admin, as before.
    role: USER_ROLES.find((role) => role === user.role) ?? 'admin',
  };
}

export function UsersPage({ userId, search }: { userId: number | undefined; search: ListSearch }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userQuery = useQuery({ ...userOptions(userId ?? 0), enabled: userId !== undefined });
  const user = userId !== undefined ? userQuery.data?.resource : undefined;
  const isLoadingUser = userId !== undefined && userQuery.isPending;
  // An id that does not exist: the notice says so and the page goes back to the new-user form.
  const isMissing = userQuery.error instanceof ApiError && userQuery.error.status === 404;
  useEffect(() => {
    if (isMissing) void navigate({ to: '/users', replace: true });
  }, [isMissing, navigate]);

  usePageMeta('User Management', [
    { name: 'User Management', path: '/users' },
    {
      name:
        userId === undefined
          ? 'Add New User'
          : isLoadingUser
            ? 'Loading...'
            : (user?.profile.full_name ?? 'Loading...'),
    },
  ]);

  const form = useForm<SaveUserRequest>({
    resolver: zodResolver(SaveUserRequestSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_FORM,
  });
  useEffect(() => {
    form.reset(user ? toForm(user) : EMPTY_FORM);
  }, [user, form]);
  // Spec 01 §8: the "user data loaded" notice, 2 s, once per user opened.
  const loadedId = user?.id;
  useEffect(() => {
    if (loadedId === undefined) return;
    toast({ title: 'User data loaded', duration: 2000 });
  }, [loadedId]);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
  const save = useMutation({
    mutationFn: (values: SaveUserRequest) => saveUser(userId, values),
    onSuccess: async (result) => {
      const name = result.resource.profile.first_name;
      toast({
        variant: 'success',
        title: userId ? 'User updated' : 'User created',
        description: userId ? `User ${name} updated successfully.` : `User ${name} created successfully.`,
      });
      form.reset(userId ? toForm(result.resource) : EMPTY_FORM);
      await invalidate();
      await navigate({ to: '/users', search: (s: Record<string, unknown>) => s });
    },
    // The default notice shows the answer; its field errors also go under the fields.
    onError: (error) => {
      applyFieldErrors(error, form.setError);
    },
  });
  const toggle = useArchiveToggle<UserResource>({
    entity: 'User',
    nameOf: (user) => user.profile.full_name,
    toggle: toggleUser,
    invalidate: [usersKeys.all],
    // Archiving the user being edited leaves its form.
    onDone: async (user) => {
      if (user.id === userId) await navigate({ to: '/users', search: (s: Record<string, unknown>) => s });
    },
  });

  const remove = useDeleteRecord<UserResource>({
    entity: 'User',
    nameOf: (user) => user.profile.full_name,
    remove: deleteUser,
    invalidate: [usersKeys.all],
    detailKey: usersKeys.detail,
    // Deleting the user being edited leaves its form.
    onDone: async (deleted) => {
      if (deleted.id === userId) await navigate({ to: '/users', search: (s: Record<string, unknown>) => s });
    },
  });

  const { errors, isDirty, isValid } = form.formState;
  const isBusy = save.isPending || isLoadingUser;
  const onSubmit = form.handleSubmit((values) => save.mutate(values));

  return (
    <div className="flex flex-col gap-6">
      <UnsavedChangesGuard isDirty={isDirty && !save.isPending} />
      <section className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="mb-4 text-sm font-bold uppercase tracking-wide text-slate-700">
          {userId === undefined ? 'CREATE NEW USER' : 'EDIT USER'}
        </h2>
        <form onSubmit={onSubmit} noValidate>
          <fieldset disabled={isBusy} className="grid gap-4 md:grid-cols-2">
            <Field id="first_name" label="First Name" required error={errors.first_name?.message}>
              <Input
                id="first_name"
                aria-invalid={errors.first_name ? true : undefined}
                {...form.register('first_name')}
              />
            </Field>
            <Field id="last_name" label="Last Name" required error={errors.last_name?.message}>
              <Input
                id="last_name"
                aria-invalid={errors.last_name ? true : undefined}
                {...form.register('last_name')}
              />
            </Field>
            <Field id="email" label="Email" required error={errors.email?.message}>
              <Input
                id="email"
                type="email"
                aria-invalid={errors.email ? true : undefined}
                {...form.register('email')}
              />
            </Field>
            <Field id="phone" label="Mobile Phone" error={errors.phone?.message}>
              <Controller
                control={form.control}
                name="phone"
                render={({ field }) => (
                  <PhoneInput
                    id="phone"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </Field>
            <div className="md:col-span-2">
              <span id="role-label" className="text-sm font-medium text-slate-700">
                Role
              </span>
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <RadioGroup.Root
                    aria-labelledby="role-label"
                    value={field.value}
                    onValueChange={field.onChange}
                    className="mt-2 grid gap-3 sm:grid-cols-2"
                  >
                    {ROLE_OPTIONS.map((option) => (
                      <label
                        key={option.value}
                        htmlFor={`role-${option.value}`}
                        className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[[data-state=checked]]:border-brand-500 has-[[data-state=checked]]:bg-brand-50"
                      >
                        <RadioGroup.Item
                          id={`role-${option.value}`}
                          value={option.value}
                          className="mt-0.5 flex h-4 w-4 items-center justify-center rounded-full border border-slate-400 data-[state=checked]:border-brand-600"
                        >
                          <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-brand-600" />
                        </RadioGroup.Item>
                        <span>
                          <span className="block text-sm font-medium text-slate-800">{option.label}</span>
                          <span className="block text-xs text-slate-600">{option.description}</span>
                        </span>
                      </label>
                    ))}
                  </RadioGroup.Root>
                )}
              />
            </div>
          </fieldset>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {user ? (
              <ArchiveToggle
                asText
                entity="User"
                name={user.profile.full_name}
                isActive={user.is_active}
                isPending={toggle.isPending}
                onConfirm={() => toggle.mutate(user.id)}
              />
            ) : null}
            <Button type="submit" disabled={isBusy || !isValid || (userId !== undefined && !isDirty)}>
              {userId === undefined
                ? save.isPending
                  ? 'Creating...'
                  : 'Create User'
                : save.isPending
                  ? 'Saving changes...'
                  : 'Save Changes'}
            </Button>
          </div>
        </form>
      </section>
      <UsersTable
        search={search}
        onToggle={toggle.mutate}
        isToggling={toggle.isPending}
        onDelete={remove.mutate}
        isDeleting={remove.isPending}
      />
    </div>
  );
}

function UsersTable({
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
  const params = toListParams(search);
  const query = useQuery(usersListOptions(params));
  const columns = useMemo<ColumnDef<UserResource>[]>(
    () => [
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
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <Button asChild variant="ghost" size="icon">
              <Link
                to="/users/$userId"
                params={{ userId: String(row.original.id) }}
                search={(s: Record<string, unknown>) => s}
                aria-label={`Edit ${row.original.profile.full_name}`}
                title="Edit"
              >
                <Pencil className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
            <ArchiveToggle
              entity="User"
              name={row.original.profile.full_name}
              isActive={row.original.is_active}
              isPending={isToggling}
              // The server refuses to archive or delete your own account, so neither is offered.
              disabled={row.original.id === ownId}
              onConfirm={() => onToggle(row.original.id)}
            />
            <DeleteAction
              entity="User"
              name={row.original.profile.full_name}
              isPending={isDeleting}
              disabled={row.original.id === ownId}
              onConfirm={() => onDelete(row.original.id)}
            />
          </div>
        ),
      },
    ],
    [onToggle, isToggling, onDelete, isDeleting, ownId],
  );
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">existing users</h2>
        <div className="flex items-center gap-4">
          <SearchInput label="Search User" value={list.search} onChange={list.setSearch} />
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
      </div>
      <DataTable
        label="Existing users"
        columns={columns}
        {...listTableProps(query, list)}
        isRowArchived={(row) => !row.is_active}
      />
    </section>
  );
}
