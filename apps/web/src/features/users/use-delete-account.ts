import type { UserResource } from '@chemtrack/domain';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceResponse } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/*
 * Users and technicians are both accounts (one server module, modules/accounts), so the
 * technicians page shares this hook rather than keeping a second copy.
 */

/**
 * The delete call, then the notice built from the answer's resource (spec 01 §7), `onDone`, and
 * the lists' refresh. A refusal (your own account, a technician still on an inventory) gets the
 * default error notice with the server's message.
 * `onDone` runs before the refresh: a navigation racing it could drop what the user types next.
 */
export function useDeleteAccount({
  entity,
  remove,
  invalidate,
  detailKey,
  onDone,
}: {
  entity: string;
  remove: (id: number) => Promise<ResourceResponse<UserResource>>;
  invalidate: QueryKey;
  /** The deleted record's cached detail is dropped, so reopening its address cannot show it. */
  detailKey: (id: number) => QueryKey;
  onDone?: (account: UserResource) => void | Promise<void>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: async (result) => {
      toast({
        variant: 'success',
        title: `${entity} deleted`,
        description: `${entity} ${result.resource.profile.full_name} deleted successfully.`,
      });
      await onDone?.(result.resource);
      queryClient.removeQueries({ queryKey: detailKey(result.resource.id), exact: true });
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
}
