import type { AreaActions } from '@chemtrack/domain';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResourceResponse } from './api.ts';
import { useCan } from './permissions.ts';
import { useArchiveToggle } from './use-archive-toggle.ts';
import { useDeleteRecord } from './use-delete-record.ts';

interface ListActionsOptions<TResource> {
  api: {
    toggle: (id: number) => Promise<ResourceResponse<TResource>>;
    remove: (id: number) => Promise<ResourceResponse<TResource>>;
    keys: { all: QueryKey; detail: (id: number) => QueryKey };
  };
  entity: string;
  nameOf: (resource: TResource) => string;
  onDone?: (resource: TResource) => void | Promise<void>;
}

/**
 * A list's row actions over its area's resourceApi: archive/unarchive and delete, each with its
 * notice and the area's refresh (a deleted record's cached detail is dropped). `onDone` runs
 * after either (leaving a form that showed the record).
 */
export function useListActions<TResource extends { id: number; is_active: boolean }>({
  api,
  entity,
  nameOf,
  onDone,
}: ListActionsOptions<TResource>) {
  const invalidate = [api.keys.all];
  const toggle = useArchiveToggle<TResource>({
    entity,
    nameOf,
    toggle: api.toggle,
    invalidate,
    ...(onDone && { onDone }),
  });
  const remove = useDeleteRecord<TResource>({
    entity,
    nameOf,
    remove: api.remove,
    invalidate,
    detailKey: api.keys.detail,
    ...(onDone && { onDone }),
  });
  return { toggle, remove };
}

/** What a list page hands its columns for the row actions: who may do what, and the mutations. */
export interface RowActions {
  canUpdate: boolean;
  canArchive: boolean;
  canDelete: boolean;
  onToggle: (id: number) => void;
  isToggling: boolean;
  onDelete: (id: number) => void;
  isDeleting: boolean;
}

/**
 * `useListActions` with the area's permissions (`actions`, from AREA_ACTIONS; delete falls back to
 * archive where the area has no delete of its own), as one value that changes only when one of
 * them does, so the columns built from it are not rebuilt on every render.
 */
export function useRowActions<TResource extends { id: number; is_active: boolean }>({
  actions,
  ...options
}: ListActionsOptions<TResource> & { actions: AreaActions }): RowActions {
  const canUpdate = useCan(actions.update);
  const canArchive = useCan(actions.archive);
  const canDelete = useCan(actions.delete ?? actions.archive);
  const { toggle, remove } = useListActions<TResource>(options);
  return useMemo(
    () => ({
      canUpdate,
      canArchive,
      canDelete,
      onToggle: toggle.mutate,
      isToggling: toggle.isPending,
      onDelete: remove.mutate,
      isDeleting: remove.isPending,
    }),
    [canUpdate, canArchive, canDelete, toggle.mutate, toggle.isPending, remove.mutate, remove.isPending],
  );
}
