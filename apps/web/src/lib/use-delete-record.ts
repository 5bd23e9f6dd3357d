import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceResponse } from './api.ts';
import { toast } from './toast.ts';

/**
 * Delete one record: the delete call, then the notice built from the answer's resource (spec 01
 * §7: "{Entity} {name} deleted successfully."), `onDone`, the dropped detail and the lists'
 * refresh. A refusal gets the default error notice with the server's message.
 * `onDone` runs before the refresh: a navigation racing it could drop what the user types next.
 */
export function useDeleteRecord<TResource extends { id: number }>({
  entity,
  nameOf,
  remove,
  invalidate,
  detailKey,
  onDone,
}: {
  entity: string;
  nameOf: (resource: TResource) => string;
  remove: (id: number) => Promise<ResourceResponse<TResource>>;
  invalidate: QueryKey[];
  /** The deleted record's cached detail is dropped, so reopening its address cannot show it. */
  detailKey?: (id: number) => QueryKey;
  onDone?: (resource: TResource) => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: async (result) => {
      toast({
        variant: 'success',
        title: `${entity} deleted`,
        description: `${entity} ${nameOf(result.resource)} deleted successfully.`,
      });
      await onDone?.(result.resource);
      if (detailKey) queryClient.removeQueries({ queryKey: detailKey(result.resource.id), exact: true });
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
