import {
  MSG,
  ROLE_LABELS,
  type Role,
  UpdateProfileRequestSchema,
  USER_ROLES,
  type UserResource,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MaskedField } from '../../components/masked-field.tsx';
import { NewPasswordFields } from '../../components/password-input.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { applyFieldErrors } from '../../lib/api.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { updateProfile } from '../auth/api.ts';

// The form adds the confirmation on top of the request contract.
const ProfileFormSchema = UpdateProfileRequestSchema.omit({ encode: true, role: true })
  .extend({ password_confirmation: z.string().optional() })
  .refine((form) => (form.password ?? '') === (form.password_confirmation ?? ''), {
    message: MSG.passwordsDontMatch,
    path: ['password_confirmation'],
  });
type ProfileForm = z.input<typeof ProfileFormSchema>;

/** Spec 01 §6: the profile offers admin or staff, and staff when the role is not known. */
const DEFAULT_PROFILE_ROLE: Role = 'staff';

/**
 * Admin and Staff; a technician's own role is added only so the read-only choice shows the truth.
 */
function roleChoices(current: Role): Role[] {
  const choices: Role[] = [...USER_ROLES];
  return choices.includes(current) ? choices : [...choices, current];
}

function toForm(user: UserResource | null): ProfileForm {
  return {
    first_name: user?.profile.first_name ?? '',
    last_name: user?.profile.last_name ?? '',
    email: user?.email ?? '',
    phone: user?.profile.phone ?? '',
    password: '',
    password_confirmation: '',
  };
}

export function ProfilePage() {
  usePageMeta('Profile');
  const user = useSession((s) => s.user);
  // Shown and sent, never changed here (spec 01 §6): read from the session, not kept in the form.
  const role = user?.role ?? DEFAULT_PROFILE_ROLE;
  const form = useForm<ProfileForm>({
    resolver: zodResolver(ProfileFormSchema),
    mode: 'onTouched',
    defaultValues: toForm(user),
  });
  useEffect(() => {
    form.reset(toForm(useSession.getState().user));
  }, [form]);

  const save = useMutation({
    mutationFn: (values: ProfileForm) =>
      updateProfile({
        first_name: values.first_name,
        last_name: values.last_name,
        email: values.email,
        phone: values.phone ?? '',
        password: values.password ?? '',
        // Spec 01 §3: the user payload carries the role; the server keeps the current one anyway.
        role,
      }),
    onSuccess: (result) => {
      useSession.getState().updateUser(result.resource);
      form.reset(toForm(result.resource));
      toast({
        variant: 'success',
        title: 'Profile updated',
        description: 'Your profile was updated successfully.',
      });
    },
    // The default notice shows the answer; its field errors also go under the fields.
    onError: (error) => {
      applyFieldErrors(error, form.setError);
    },
  });
  const { errors, isDirty, isValid } = form.formState;

  return (
    <section className="max-w-3xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <UnsavedChangesGuard isDirty={isDirty && !save.isPending} />
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        <fieldset disabled={save.isPending} className="grid gap-4 md:grid-cols-2">
          <Field id="first_name" label="First Name" required error={errors.first_name?.message}>
            <Input id="first_name" {...form.register('first_name')} />
          </Field>
          <Field id="last_name" label="Last Name" required error={errors.last_name?.message}>
            <Input id="last_name" {...form.register('last_name')} />
          </Field>
          <Field id="email" label="Email" required error={errors.email?.message}>
            <Input id="email" type="email" {...form.register('email')} />
          </Field>
          <MaskedField
            id="phone"
            label="Mobile Phone"
            error={errors.phone?.message}
            control={form.control}
            name="phone"
            input={PhoneInput}
          />
          <NewPasswordFields
            labels={{ password: 'Password', password_confirmation: 'Confirm Password' }}
            errors={errors}
            register={(name) => form.register(name)}
          />
          <Field id="role" label="Role">
            <select
              id="role"
              value={role}
              disabled
              className="h-10 rounded-md border border-slate-300 bg-slate-100 px-3 text-sm"
            >
              {roleChoices(role).map((choice) => (
                <option key={choice} value={choice}>
                  {ROLE_LABELS[choice]}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>
        <div className="mt-6 flex justify-end">
          <Button type="submit" disabled={save.isPending || !isValid || !isDirty}>
            {save.isPending ? 'Saving changes...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </section>
  );
}
