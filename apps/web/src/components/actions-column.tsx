import { Link, type LinkProps } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Pencil } from 'lucide-react';
import type { RowActions } from '../lib/use-list-actions.ts';
import { ArchiveToggle } from './archive-toggle.tsx';
import { DeleteAction } from './delete-action.tsx';
import { Button } from './ui/button.tsx';

type RowFlag<T> = boolean | ((row: T) => boolean);
const flag = <T,>(value: RowFlag<T> | undefined, row: T) =>
  typeof value === 'function' ? value(row) : (value ?? false);

/**
 * The archive and delete actions of a record's row (for `actionsColumn`), wired to the list's
 * mutations by the row's id and disabled for who may not.
 */
export function recordRowActions<T extends { id: number; is_active: boolean }>(actions: RowActions) {
  return {
    archive: {
      isActive: (row: T) => row.is_active,
      onConfirm: (row: T) => actions.onToggle(row.id),
      isPending: actions.isToggling,
      disabled: !actions.canArchive,
    },
    remove: {
      onConfirm: (row: T) => actions.onDelete(row.id),
      isPending: actions.isDeleting,
      disabled: !actions.canDelete,
    },
  };
}

/**
 * The Actions cell of a list: edit, archive and delete, each optional, in that order.
 * - `edit.link`: the row's edit address. Who may not edit sees an eye instead: a link to the
 *   same read-only form (`whenDenied: 'view'`, the catalog lists), or a disabled button (spec 01
 *   §6, `'disabled'`, technicians).
 * - `archive` and `remove` ask first (ArchiveToggle, DeleteAction); `disabled` may depend on the
 *   row (your own account).
 */
export function actionsColumn<T>({
  entity,
  nameOf,
  className,
  edit,
  archive,
  remove,
}: {
  entity: string;
  nameOf: (row: T) => string;
  className?: string;
  edit?: { link: (row: T) => LinkProps; can?: boolean; whenDenied?: 'view' | 'disabled' };
  archive?: {
    isActive: (row: T) => boolean;
    onConfirm: (row: T) => void;
    isPending: boolean;
    disabled?: RowFlag<T>;
    confirm?: boolean;
  };
  remove?: {
    onConfirm: (row: T) => void;
    isPending: boolean;
    disabled?: RowFlag<T>;
    verb?: 'Delete' | 'Remove';
    title?: string;
    description?: (name: string) => string;
  };
}): ColumnDef<T> {
  return {
    id: 'actions',
    header: 'Actions',
    ...(className && { meta: { className } }),
    cell: ({ row }) => {
      const name = nameOf(row.original);
      return (
        <div className="flex items-center gap-1">
          {edit ? (
            <EditAction
              name={name}
              link={edit.link(row.original)}
              can={edit.can}
              whenDenied={edit.whenDenied}
            />
          ) : null}
          {archive ? (
            <ArchiveToggle
              entity={entity}
              name={name}
              isActive={archive.isActive(row.original)}
              disabled={flag(archive.disabled, row.original)}
              {...(archive.confirm !== undefined && { confirm: archive.confirm })}
              isPending={archive.isPending}
              onConfirm={() => archive.onConfirm(row.original)}
            />
          ) : null}
          {remove ? (
            <DeleteAction
              entity={entity}
              name={name}
              disabled={flag(remove.disabled, row.original)}
              isPending={remove.isPending}
              {...(remove.verb && { verb: remove.verb })}
              {...(remove.title && { title: remove.title })}
              {...(remove.description && { description: remove.description(name) })}
              onConfirm={() => remove.onConfirm(row.original)}
            />
          ) : null}
        </div>
      );
    },
  };
}

function EditAction({
  name,
  link,
  can = true,
  whenDenied = 'view',
}: {
  name: string;
  link: LinkProps;
  can?: boolean | undefined;
  whenDenied?: 'view' | 'disabled' | undefined;
}) {
  if (!can && whenDenied === 'disabled')
    return (
      <Button variant="ghost" size="icon" disabled aria-label={`View ${name}`}>
        <Eye className="h-4 w-4" aria-hidden />
      </Button>
    );
  const label = can ? 'Edit' : 'View';
  return (
    <Button asChild variant="ghost" size="icon">
      <Link {...link} aria-label={`${label} ${name}`} title={label}>
        {can ? <Pencil className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
      </Link>
    </Button>
  );
}
