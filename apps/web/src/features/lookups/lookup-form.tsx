import type { LookupResource } from '@chemtrack/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ArchiveToggle } from '../../components/archive-toggle.tsx';
import { DeleteAction } from '../../components/delete-action.tsx';
import { LoadedRecord } from '../../components/loaded-record.tsx';
import { ModalForm, useModalRoute } from '../../components/modal-form.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useDeleteRecord } from '../../lib/use-delete-record.ts';
import { useRecordMutations } from '../../lib/use-record-mutations.ts';
import type { LookupArea, LookupBody, LookupFormValues } from './api.ts';

/** The fields the form shows errors under; any other error is of a field derived from the name. */
const FORM_FIELDS = new Set(['name', 'description', 'shell_capacity_gal', 'placement']);

type LookupModalProps<T extends LookupResource> = {
  area: LookupArea<T>;
  id: number | undefined;
  onClose: () => void;
};

/**
 * Create or edit one lookup record in a modal. Who may create, edit, archive and delete is the
 * area's `actions` in the domain's PERMISSIONS table; everyone else sees the record read-only.
 */
export function LookupModal<T extends LookupResource>(props: LookupModalProps<T>) {
  if (props.id === undefined) return <LookupForm {...props} record={undefined} />;
  return (
    <LoadedRecord options={props.area.api.detailOptions(props.id)}>
      {(record) => <LookupForm {...props} record={record} />}
    </LoadedRecord>
  );
}

/** The form of LookupModal, from the record the route loaded (none when creating). */
function LookupForm<T extends LookupResource>({
  area,
  id,
  record,
  onClose,
}: LookupModalProps<T> & { record: T | undefined }) {
  const { api, entity, actions } = area;
  const valuesOf = (r: T | undefined): LookupFormValues => ({
    ...(r ? { name: r.name, description: r.description } : { name: '', description: '' }),
    ...area.extraValues?.(r),
  });
  const canCreate = useCan(actions.create);
  const canUpdate = useCan(actions.update);
  const canArchive = useCan(actions.archive);
  // Areas without a delete (containers, units) ask for the archive action, so the hook runs every render.
  const canDelete = useCan(actions.delete ?? actions.archive) && actions.delete !== undefined;
  const isReadOnly = id === undefined ? !canCreate : !canUpdate;
  const { isOpen, close } = useModalRoute(onClose);

  const form = useForm<LookupFormValues, unknown, LookupBody>({
    // Each area's schema reads name and description; what it adds (a unit type) it derives.
    resolver: zodResolver(area.schema),
    mode: 'onTouched',
    defaultValues: valuesOf(record),
  });

  const { save, toggle } = useRecordMutations<T, LookupFormValues, LookupBody>({
    entity,
    isNew: id === undefined,
    nameOf: (r) => r.name,
    save: (body) => api.save(id, { ...body }, record?.updated_at),
    toggle: api.toggle,
    invalidate: [api.keys.all],
    setError: form.setError,
    onSaved: (r) => form.reset(valuesOf(r)),
    onDone: close,
    reload: record && {
      queryKey: api.keys.detail(record.id),
      load: (r) => form.reset({ name: r.name, description: r.description }),
    },
  });
  const remove = useDeleteRecord<T>({
    entity,
    nameOf: (record) => record.name,
    remove: api.remove,
    invalidate: [api.keys.all],
    onDone: close,
  });
  const { errors, isDirty, isValid } = form.formState;
  // A rule on a derived field (a unit's type, read from its alias) is shown under the name.
  const derivedError = Object.entries(errors).find(([field]) => !FORM_FIELDS.has(field))?.[1]?.message;

  return (
    <ModalForm
      open={isOpen}
      history={{ entity: area.auditEntity, id }}
      title={id === undefined ? area.createTitle : area.detailsTitle}
      isDirty={isDirty}
      isSaving={save.isPending}
      isValid={isValid}
      isReadOnly={isReadOnly}
      saveLabel={id === undefined ? area.saveLabel : 'Save Changes'}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      onClose={close}
      extraActions={
        record && (canArchive || canDelete) ? (
          <>
            {canDelete ? (
              <DeleteAction
                asText
                entity={entity}
                name={record.name}
                isPending={remove.isPending}
                onConfirm={() => remove.mutate(record.id)}
              />
            ) : null}
            {canArchive ? (
              <ArchiveToggle
                asText
                entity={entity}
                name={record.name}
                isActive={record.is_active}
                confirm={area.hasArchiveConfirmation}
                isPending={toggle.isPending}
                onConfirm={() => toggle.mutate(record.id)}
              />
            ) : null}
          </>
        ) : null
      }
    >
      {/* The ids keep their first name: the browser tests find the fields by them. */}
      <Field id="catalog-name" label={area.nameLabel} required error={errors.name?.message ?? derivedError}>
        <Input id="catalog-name" {...form.register('name')} />
      </Field>
      <Field id="catalog-description" label="Description" error={errors.description?.message}>
        <Textarea id="catalog-description" maxLength={500} {...form.register('description')} />
      </Field>
      {area.extraFields?.(form, isReadOnly)}
    </ModalForm>
  );
}
