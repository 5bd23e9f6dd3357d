import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../lib/api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * The question of a save whose name another record has (customers; products by name and
 * manufacturer): the server answers 409 with the record already there (the domain's
 * `sameNameConflictSchema`), the dialog names it (noting an archived one) and "Create anyway" or
 * "Save anyway" sends the same values again with `confirm_duplicate: true` through `resend`.
 * `onSaveError` goes to `useRecordMutations`; `dialog` is rendered by the form.
 */
export function useSameNameQuestion<
  TExisting extends { is_active: boolean },
  TValues extends { confirm_duplicate?: boolean | undefined },
>({
  conflict,
  isNew,
  title,
  question,
  resend,
}: {
  conflict: z.ZodType<{ message: string; existing: TExisting }>;
  isNew: boolean;
  title: string;
  /** What is asked after the message: of a new record, and of one being saved. */
  question: { create: string; save: string };
  resend: (values: TValues) => void;
}) {
  const [asked, setAsked] = useState<{ message: string; existing: TExisting; values: TValues } | null>(null);
  const onSaveError = (error: unknown, values: TValues): boolean => {
    if (!(error instanceof ApiError) || error.status !== 409) return false;
    const parsed = conflict.safeParse(error.body);
    if (parsed.success) setAsked({ ...parsed.data, values });
    return parsed.success;
  };
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => {
        if (!open) setAsked(null);
      }}
      title={title}
      description={
        asked
          ? `${asked.message}${asked.existing.is_active ? '' : ' (archived)'} ${
              isNew ? question.create : question.save
            }`
          : undefined
      }
      confirmLabel={isNew ? 'Create anyway' : 'Save anyway'}
      onConfirm={() => {
        if (asked) resend({ ...asked.values, confirm_duplicate: true });
        setAsked(null);
      }}
    />
  );
  return { onSaveError, dialog };
}
