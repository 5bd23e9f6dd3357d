import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { SPECIFIC_GRAVITY_CHECK_ABOVE } from './product-measure-fields.tsx';

export const HEAVY_GRAVITY_TITLE = 'Check Specific Gravity';

/**
 * A specific gravity above 5 is asked about before the save goes (issue 33 point 3): mercury
 * is 13.5 and common liquids 0.6-2, so 17.5 is almost always 1.75 mistyped, and it would weigh
 * every gallon of the product ten times over in the reports. Only a value changed in this form
 * is asked about: a saved one was confirmed when it was typed.
 */
export function useSpecificGravityCheck() {
  const [pending, setPending] = useState<{ gravity: number; save: () => void } | null>(null);
  const confirmThen = (gravity: number | null | undefined, isChanged: boolean, save: () => void) => {
    if (isChanged && gravity !== null && gravity !== undefined && gravity > SPECIFIC_GRAVITY_CHECK_ABOVE)
      setPending({ gravity, save });
    else save();
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      title={HEAVY_GRAVITY_TITLE}
      description={
        pending
          ? `Specific Gravity ${pending.gravity} is above ${SPECIFIC_GRAVITY_CHECK_ABOVE}: heavier than almost any liquid (mercury is 13.5). Save it anyway?`
          : null
      }
      confirmLabel="Save Anyway"
      onConfirm={() => {
        pending?.save();
        setPending(null);
      }}
    />
  );
  return { confirmThen, dialog };
}
