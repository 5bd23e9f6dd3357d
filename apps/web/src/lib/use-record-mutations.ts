import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors, type ResourceResponse } from './api.ts';
import { type RecordReload, useStaleRecordHandler } from './stale-record.ts';
import { toast } from './toast.ts';
import { useArchiveToggle } from './use-archive-toggle.ts';

/**
 * Save and archive-toggle for one record in a form: the success notice, the list refresh, the
 * server's field errors under their fields, then `onDone` (usually closing the modal). A save
 * over a newer version of the record keeps what was typed and offers `reload` (stale-record.ts).
 * `TVariables` is what `save` takes when the form hands over transformed values.
 */
export function useRecordMutations<TResource, TValues extends FieldValues, TVariables = TValues>({
  entity,
  isNew,
  nameOf,
  save,
  toggle,
  invalidate,
  setError,
  onSaved,
  onDone,
  onSaveError,
  onStaleSave,
  reload,
}: {
  entity: string;
  isNew: boolean;
  nameOf: (resource: TResource) => string;
  save: (values: TVariables) => Promise<ResourceResponse<TResource>>;
  /** Archive/unarchive; records that are only removed (a product's components) have none. */
  toggle?: (id: number) => Promise<ResourceResponse<TResource & { is_active: boolean }>>;
  invalidate: QueryKey[];
  setError: UseFormSetError<TValues>;
  onSaved?: (resource: TResource) => void;
  onDone: () => void;
  /** A failed save the form answers itself (a question to the user); true when it did. */
  onSaveError?: (error: Error, values: TVariables) => boolean;
  /** A save refused as stale (after the notice shows): a form with a device draft lets it wait. */
  onStaleSave?: () => void;
  /** An edit form's record: reloaded into the form when a save finds it changed by someone else. */
  reload?: RecordReload<TResource> | undefined;
}) {
  const queryClient = useQueryClient();
  const onStale = useStaleRecordHandler(reload);
  const refresh = () =>
    Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const saveMutation = useMutation({
    mutationFn: save,
    meta: { handlesErrors: true },
    onSuccess: async (result) => {
      const verb = isNew ? 'created' : 'updated';
      toast({
        variant: 'success',
        title: `${entity} ${verb}`,
        description: `${entity} ${nameOf(result.resource)} ${verb} successfully.`,
      });
      onSaved?.(result.resource);
      // Close first: a navigation racing the list refresh could drop what the user types next.
      onDone();
      await refresh();
    },
    onError: (error, values) => {
      if (onStale(error)) {
        onStaleSave?.();
        return;
      }
      if (onSaveError?.(error, values)) return;
      if (!applyFieldErrors(error, setError))
        toast({ variant: 'destructive', title: 'Error', description: error.message });
    },
  });
  const toggleMutation = useArchiveToggle<TResource & { is_active: boolean }>({
    entity,
    nameOf,
    toggle,
    invalidate,
    onDone,
  });
  return { save: saveMutation, toggle: toggleMutation };
}
