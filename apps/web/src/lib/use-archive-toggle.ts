import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceResponse } from './api.ts';
import { toast } from './toast.ts';

/**
 * Archive or unarchive one record: the activate call, then the notice (spec 01 §8: "unarchived"
 * when the record is now active, "archived" otherwise), `onDone`, and the lists' refresh.
 * `onDone` runs before the refresh: a navigation racing it could drop what the user types next.
 */
export function useArchiveToggle<TResource extends { is_active: boolean }>({
  entity,
  nameOf,
  toggle,
  invalidate,
  onDone,
}: {
  entity: string;
  nameOf: (resource: TResource) => string;
  /** Absent for records that are only removed, never archived (a product's components). */
  toggle: ((id: number) => Promise<ResourceResponse<TResource>>) | undefined;
  invalidate: QueryKey[];
  onDone?: (resource: TResource) => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggle ?? (() => Promise.reject(new Error(`${entity} cannot be archived.`))),
    onSuccess: async (result) => {
      const state = result.resource.is_active ? 'unarchived' : 'archived';
      toast({
        variant: 'success',
        title: `${entity} ${state}`,
        description: `${entity} ${nameOf(result.resource)} ${state} successfully.`,
      });
      await onDone?.(result.resource);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
