import {
  ROLE_LABELS,
  type SaveUserRequest,
  SaveUserRequestSchema,
  USER_ROLES,
  type UserResource,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { HistoryLink } from '../../components/history-link.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { applyFieldErrors, showApiError } from '../../lib/api.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useStaleRecordHandler } from '../../lib/stale-record.ts';
import { toast } from '../../lib/toast.ts';
import { usersApi } from './api.ts';
import { EndSessionsButton } from './end-sessions-button.tsx';

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

interface ArchiveProps {
  onToggle: (id: number) => void;
  isToggling: boolean;
}

/** The user being edited, as the route's loader fetched it. */
export function EditUserForm({ userId, ...archive }: { userId: number } & ArchiveProps) {
  return (
    <LoadedRecord options={usersApi.detailOptions(userId)}>
      {(user) => <UserForm userId={userId} user={user} {...archive} />}
    </LoadedRecord>
  );
}

/** CREATE NEW USER / EDIT USER: the form above the users list. */
export function UserForm({
  userId,
  user,
  onToggle,
  isToggling,
}: { userId: number | undefined; user: UserResource | undefined } & ArchiveProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isLoadingUser = userId !== undefined && !user;

  usePageMeta('User Management', [
    { name: 'User Management', path: '/users' },
    { name: userId === undefined ? 'Add New User' : (user?.profile.full_name ?? 'Loading...') },
  ]);

  const form = useForm<SaveUserRequest>({
    resolver: zodResolver(SaveUserRequestSchema),
    mode: 'onTouched',
    defaultValues: user ? toForm(user) : EMPTY_FORM,
  });
  // Spec 01 §8: the "user data loaded" notice, 2 s, once per user opened.
  const shownUserId = user?.id;
  useEffect(() => {
    if (shownUserId !== undefined) toast({ title: 'User data loaded', duration: 2000 });
  }, [shownUserId]);

  const onStale = useStaleRecordHandler<UserResource>(
    user && { queryKey: usersApi.keys.detail(user.id), load: (reloaded) => form.reset(toForm(reloaded)) },
  );
  const save = useMutation({
    mutationFn: (values: SaveUserRequest) => usersApi.save(userId, values, user?.updated_at),
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      const name = result.resource.profile.first_name;
      toast({
        variant: 'success',
        title: userId ? 'User updated' : 'User created',
        description: userId ? `User ${name} updated successfully.` : `User ${name} created successfully.`,
      });
      form.reset(userId ? toForm(result.resource) : EMPTY_FORM);
      await queryClient.invalidateQueries({ queryKey: usersApi.keys.all });
      await navigate({ to: '/users', search: keepSearch });
    },
    // The default notice shows the answer; its field errors also go under the fields.
    onError: (error) => {
      if (onStale(error)) return;
      showApiError(error);
      applyFieldErrors(error, form.setError);
    },
  });

  const { errors, isDirty, isValid } = form.formState;
  const isBusy = save.isPending || isLoadingUser;
  const onSubmit = form.handleSubmit((values) => save.mutate(values));

  return (
    <>
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
            <MaskedField
              id="phone"
              label="Mobile Phone"
              error={errors.phone?.message}
              control={form.control}
              name="phone"
              input={PhoneInput}
            />
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
            <HistoryLink entity="user" id={user?.id} />
            {user ? <EndSessionsButton userId={user.id} fullName={user.profile.full_name} /> : null}
            {user ? (
              <ArchiveToggle
                asText
                entity="User"
                name={user.profile.full_name}
                isActive={user.is_active}
                isPending={isToggling}
                onConfirm={() => onToggle(user.id)}
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
    </>
  );
}
