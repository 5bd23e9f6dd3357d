import type { QueryKey } from '@tanstack/react-query';
import type { ResourceResponse } from './api.ts';
import { useArchiveToggle } from './use-archive-toggle.ts';
import { useDeleteRecord } from './use-delete-record.ts';

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
}: {
  api: {
    toggle: (id: number) => Promise<ResourceResponse<TResource>>;
    remove: (id: number) => Promise<ResourceResponse<TResource>>;
    keys: { all: QueryKey; detail: (id: number) => QueryKey };
  };
  entity: string;
  nameOf: (resource: TResource) => string;
  onDone?: (resource: TResource) => void | Promise<void>;
}) {
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
