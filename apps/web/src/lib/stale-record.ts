import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ResourceResponse } from './api.ts';
import { toast } from './toast.ts';

/** How a form reloads its record after a stale save: the record's query and how to fill the form. */
export interface RecordReload<TResource> {
  queryKey: QueryKey;
  /** Fills the form with the record as it now is (a `form.reset`). */
  load: (resource: TResource) => void;
}

/** The title of the notice a save over a newer version gets. */
export const STALE_RECORD_TITLE = 'Record changed';

/**
 * The one answer to a save over a newer version of the record (409 with `stale`, issue 22): a
 * notice with the server's message that stays until closed and offers Reload. The form keeps what
 * was typed; Reload reads the record again and fills the form with it, and the next save carries
 * that newer version. Returns a handler for a mutation's `onError`: true when it was such a 409.
 */
export function useStaleRecordHandler<TResource>(reload: RecordReload<TResource> | undefined) {
  const queryClient = useQueryClient();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.status !== 409 || !error.body.stale) return false;
    const reloadRecord = async () => {
      if (!reload) return;
      await queryClient.refetchQueries({ queryKey: reload.queryKey, exact: true });
      const data = queryClient.getQueryData<ResourceResponse<TResource>>(reload.queryKey);
      if (data) reload.load(data.resource);
    };
    toast({
      variant: 'warning',
      title: STALE_RECORD_TITLE,
      description: error.message,
      duration: Number.POSITIVE_INFINITY,
      button: reload ? { label: 'Reload', onClick: () => void reloadRecord() } : undefined,
    });
    return true;
  };
}
