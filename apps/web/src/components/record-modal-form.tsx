import type { AuditEntity } from '@chemtrack/domain';
import type { ComponentProps } from 'react';
import { ArchiveToggle } from './archive-toggle.tsx';
import { ModalForm } from './modal-form.tsx';

/**
 * The modal form of a customer, facility or contact (spec 02 §4): titled "Create New {entity}" or
 * "{entity} Details", saved by "Create {entity}" or "Save Changes", with its history link and, for
 * who may archive (`archive` given), the archive toggle, which acts without asking first.
 */
export function RecordModalForm({
  entity,
  auditEntity,
  id,
  record,
  archive,
  ...form
}: Omit<ComponentProps<typeof ModalForm>, 'title' | 'saveLabel' | 'history' | 'extraActions'> & {
  entity: string;
  auditEntity: AuditEntity;
  id: number | undefined;
  record: { id: number; name: string; is_active: boolean } | undefined;
  archive: { isPending: boolean; mutate: (id: number) => void } | undefined;
}) {
  return (
    <ModalForm
      {...form}
      history={{ entity: auditEntity, id }}
      title={id === undefined ? `Create New ${entity}` : `${entity} Details`}
      saveLabel={id === undefined ? `Create ${entity}` : 'Save Changes'}
      extraActions={
        record && archive ? (
          <ArchiveToggle
            asText
            entity={entity}
            name={record.name}
            isActive={record.is_active}
            confirm={false}
            isPending={archive.isPending}
            onConfirm={() => archive.mutate(record.id)}
          />
        ) : null
      }
    />
  );
}
