import {
  AREA_ACTIONS,
  type SaveTechnicianRequest,
  SaveTechnicianRequestSchema,
  type UserResource,
} from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { MaskedField } from '../../components/masked-field.tsx';
import { ModalForm, useModalRoute } from '../../components/modal-form.tsx';
import { PhoneInput } from '../../components/phone-input.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { applyFieldErrors, showApiError } from '../../lib/api.ts';
import { keepSearch } from '../../lib/list-search.ts';
import { useCan } from '../../lib/permissions.ts';
import { useStaleRecordHandler } from '../../lib/stale-record.ts';
import { toast } from '../../lib/toast.ts';
import { useArchiveToggle } from '../../lib/use-archive-toggle.ts';
import { EndSessionsButton } from '../users/end-sessions-button.tsx';
import { techniciansApi } from './api.ts';

const EMPTY: SaveTechnicianRequest = { first_name: '', last_name: '', email: '', phone: '' };

function toForm(t: UserResource): SaveTechnicianRequest {
  return {
    first_name: t.profile.first_name,
    last_name: t.profile.last_name,
    email: t.email,
    phone: t.profile.phone,
  };
}

/** Create New Technician / Technician Details; read-only for everyone but admins on existing ones. */
export function TechnicianModal({ technicianId }: { technicianId: number | undefined }) {
  if (technicianId === undefined) return <TechnicianForm technicianId={undefined} technician={undefined} />;
  return (
    <LoadedRecord options={techniciansApi.detailOptions(technicianId)}>
      {(technician) => <TechnicianForm technicianId={technicianId} technician={technician} />}
    </LoadedRecord>
  );
}

/** The form of TechnicianModal, from the technician the route loaded (none when creating). */
function TechnicianForm({
  technicianId,
  technician,
}: {
  technicianId: number | undefined;
  technician: UserResource | undefined;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canUpdate = useCan(AREA_ACTIONS.technicians.update);
  const canArchive = useCan(AREA_ACTIONS.technicians.archive);
  const isReadOnly = technicianId !== undefined && !canUpdate;

  const form = useForm<SaveTechnicianRequest>({
    resolver: zodResolver(SaveTechnicianRequestSchema),
    mode: 'onTouched',
    defaultValues: technician ? toForm(technician) : EMPTY,
  });

  const { isOpen, close } = useModalRoute(
    () => void navigate({ to: '/technicians-mgmt', search: keepSearch }),
  );
  const invalidate = () => queryClient.invalidateQueries({ queryKey: techniciansApi.keys.all });
  const onStale = useStaleRecordHandler<UserResource>(
    technician && {
      queryKey: techniciansApi.keys.detail(technician.id),
      load: (reloaded) => form.reset(toForm(reloaded)),
    },
  );
  const save = useMutation({
    mutationFn: (values: SaveTechnicianRequest) =>
      techniciansApi.save(technicianId, values, technician?.updated_at),
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      const name = result.resource.profile.first_name;
      toast({
        variant: 'success',
        title: technicianId ? 'Technician updated' : 'Technician created',
        description: `Technician ${name} ${technicianId ? 'updated' : 'created'} successfully.`,
      });
      form.reset(toForm(result.resource));
      await invalidate();
      close();
    },
    // The default notice shows the answer; its field errors also go under the fields.
    onError: (error) => {
      if (onStale(error)) return;
      showApiError(error);
      applyFieldErrors(error, form.setError);
    },
  });
  const toggle = useArchiveToggle<UserResource>({
    entity: 'Technician',
    nameOf: (technician) => technician.profile.full_name,
    toggle: techniciansApi.toggle,
    invalidate: [techniciansApi.keys.all],
    onDone: close,
  });
  const { errors, isDirty, isValid } = form.formState;

  return (
    <ModalForm
      open={isOpen}
      history={{ entity: 'technician', id: technicianId }}
      title={technicianId === undefined ? 'Create New Technician' : 'Technician Details'}
      isDirty={isDirty}
      isSaving={save.isPending}
      isValid={isValid}
      isReadOnly={isReadOnly}
      saveLabel={technicianId === undefined ? 'Create Technician' : 'Save Changes'}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onClose={close}
      extraActions={
        technician ? (
          <>
            <EndSessionsButton
              base="/technicians"
              userId={technician.id}
              fullName={technician.profile.full_name}
            />
            {canArchive ? (
              <ArchiveToggle
                asText
                entity="Technician"
                name={technician.profile.full_name}
                isActive={technician.is_active}
                isPending={toggle.isPending}
                onConfirm={() => toggle.mutate(technician.id)}
              />
            ) : null}
          </>
        ) : null
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="t-first_name" label="First Name" required error={errors.first_name?.message}>
          <Input id="t-first_name" {...form.register('first_name')} />
        </Field>
        <Field id="t-last_name" label="Last Name" required error={errors.last_name?.message}>
          <Input id="t-last_name" {...form.register('last_name')} />
        </Field>
        <Field id="t-email" label="Email" required error={errors.email?.message}>
          <Input id="t-email" type="email" {...form.register('email')} />
        </Field>
        <MaskedField
          id="t-phone"
          label="Phone"
          error={errors.phone?.message}
          control={form.control}
          name="phone"
          input={PhoneInput}
        />
      </div>
    </ModalForm>
  );
}
