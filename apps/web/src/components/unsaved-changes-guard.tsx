import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Full-page forms: leaving with unsaved changes asks first; closing or reloading the tab gets
 * the browser's own warning. Paths under `keepWithin` are not leaving: a modal route on top of
 * the form keeps the form (and its changes) on screen.
 */
export function UnsavedChangesGuard({ isDirty, keepWithin }: { isDirty: boolean; keepWithin?: string }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) =>
      isDirty && !(keepWithin !== undefined && isWithin(next.pathname, keepWithin)),
    enableBeforeUnload: () => isDirty,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.status === 'blocked') blocker.reset();
      }}
      title="You Have Unsaved Changes"
      description="You have unsaved changes that will be lost if you leave this page."
      confirmLabel="Leave"
      cancelLabel="Cancel"
      onConfirm={() => {
        if (blocker.status === 'blocked') blocker.proceed();
      }}
    />
  );
}

function isWithin(pathname: string, base: string): boolean {
  const trimmed = base.replace(/\/$/, '');
  return pathname === trimmed || pathname.startsWith(`${trimmed}/`);
}
