import type { LookupResource } from '@chemtrack/domain';
import type { LinkProps } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { actionsColumn } from '../../components/actions-column.tsx';

/**
 * A lookup list's columns: the name, then edit (a view for who may not edit) and archive.
 * `hasArchiveConfirmation`: spec 02 §4 asks before archiving hazard classes, not containers or units.
 */
export function lookupColumns<T extends LookupResource>(list: {
  entity: string;
  nameHeader: string;
  editLink: (id: number) => LinkProps;
  canEdit: boolean;
  canArchive: boolean;
  hasArchiveConfirmation: boolean;
  onToggle: (id: number) => void;
  isToggling: boolean;
}): ColumnDef<T>[] {
  const { entity, editLink, onToggle } = list;
  return [
    { id: 'name', header: list.nameHeader, cell: ({ row }) => row.original.name, meta: { sortKey: 'name' } },
    actionsColumn<T>({
      entity,
      nameOf: (resource) => resource.name,
      className: 'w-32',
      edit: { link: (resource) => editLink(resource.id), can: list.canEdit, whenDenied: 'view' },
      archive: {
        isActive: (resource) => resource.is_active,
        onConfirm: (resource) => onToggle(resource.id),
        isPending: list.isToggling,
        disabled: !list.canArchive,
        confirm: list.hasArchiveConfirmation,
      },
    }),
  ];
}
