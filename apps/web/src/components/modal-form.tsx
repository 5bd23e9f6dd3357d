import type { AuditEntity } from '@chemtrack/domain';
import { useBlocker } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { HistoryLink } from './history-link.tsx';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';

/**
 * A modal that lives on its own route: `close()` first closes the dialog, then leaves the route
 * on the next tick. Unmounting an open Radix dialog leaves its layer behind and blocks the page.
 */
export function useModalRoute(leave: () => void) {
  const [isOpen, setOpen] = useState(true);
  const [latestLeave] = useState(() => ({ current: leave }));
  latestLeave.current = leave;
  useEffect(() => {
    if (isOpen) return;
    const timer = setTimeout(() => latestLeave.current(), 0);
    return () => clearTimeout(timer);
  }, [isOpen, latestLeave]);
  const close = useCallback(() => setOpen(false), []);
  return { isOpen, close };
}

/**
 * The shell of every modal form (spec 02 §2): the button reads Close until the form is dirty,
 * then the save label, and "Saving changes..." while saving; closing a dirty form asks first,
 * and so does leaving it any other way (browser Back, a link, closing the tab).
 */
export function ModalForm({
  open,
  title,
  isDirty,
  isSaving,
  isValid = true,
  isReadOnly = false,
  saveLabel = 'Save Changes',
  onSubmit,
  onClose,
  children,
  extraActions,
  history,
}: {
  open: boolean;
  title: string;
  isDirty: boolean;
  isSaving: boolean;
  isValid?: boolean;
  isReadOnly?: boolean;
  saveLabel?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
  extraActions?: ReactNode;
  /** The record's audit trail link (admins only); absent while creating. */
  history?: { entity: AuditEntity; id: number | undefined };
}) {
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const hasEdits = isDirty && !isReadOnly;
  // The modal's own close (`useModalRoute`) sets `open` to false before it navigates, so only
  // navigations the modal did not start are held; a form without edits lets them all through. A
  // change of the search alone keeps the modal's path: the list under it applying a search typed
  // just before the modal opened (its 500 ms debounce) does not close the modal.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => open && hasEdits && next.pathname !== current.pathname,
    enableBeforeUnload: () => open && hasEdits,
    withResolver: true,
  });
  const isBlocked = blocker.status === 'blocked';
  // Leaving after the question: the dialogs close first and the held navigation goes on at the
  // next tick, as `useModalRoute` does, so no open Radix layer is unmounted under the page.
  const [isLeaving, setLeaving] = useState(false);
  const proceed = blocker.proceed;
  useEffect(() => {
    if (!isLeaving || !proceed) return;
    const timer = setTimeout(proceed, 0);
    return () => clearTimeout(timer);
  }, [isLeaving, proceed]);
  // History from a form without edits: the dialog closes first, then the page changes, as when
  // leaving after the question; with edits the link navigates and the blocker asks first.
  const [historyLeave, setHistoryLeave] = useState<{ go: () => void } | null>(null);
  useEffect(() => {
    if (!historyLeave) return;
    const timer = setTimeout(historyLeave.go, 0);
    return () => clearTimeout(timer);
  }, [historyLeave]);
  const requestClose = () => {
    if (hasEdits) setConfirmOpen(true);
    else onClose();
  };
  const showSave = hasEdits;
  return (
    <Dialog
      open={open && !isLeaving && !historyLeave}
      onOpenChange={(open) => {
        if (!open) requestClose();
      }}
    >
      <DialogContent title={title}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <fieldset disabled={isSaving || isReadOnly} className="flex flex-col gap-4">
            {children}
          </fieldset>
          <div className="mt-2 flex flex-wrap justify-end gap-2">
            {history ? (
              <HistoryLink
                entity={history.entity}
                id={history.id}
                onLeave={(event, go) => {
                  if (hasEdits) return;
                  event.preventDefault();
                  setHistoryLeave({ go });
                }}
              />
            ) : null}
            {extraActions}
            {showSave ? (
              <Button type="submit" disabled={isSaving || !isValid}>
                {isSaving ? 'Saving changes...' : saveLabel}
              </Button>
            ) : (
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            )}
          </div>
        </form>
        <ConfirmDialog
          open={(isConfirmOpen || isBlocked) && !isLeaving}
          onOpenChange={(isOpen) => {
            if (isOpen) return;
            setConfirmOpen(false);
            // Staying: the address the navigation had already changed (Back) is put back.
            if (isBlocked) blocker.reset();
          }}
          title="Unsaved Changes!"
          description="You will lose unsaved data."
          confirmLabel="Close"
          onConfirm={() => {
            setConfirmOpen(false);
            if (isBlocked) setLeaving(true);
            else onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
