import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { type DraftRef, type DraftStore, draftKey, drafts } from './drafts.ts';

/**
 * Typing is kept this long after the last change: one write per burst, not per keystroke, and
 * short, since a reload or a closed tab takes whatever was not written yet.
 */
export const DRAFT_AUTOSAVE_MS = 150;

/**
 * The drafts a mounted form looks after (it sends its own when the connection returns): the
 * background sender (send-kept-drafts.ts) leaves those alone, so a save never goes out twice.
 */
const openDrafts = new Set<string>();
export function isDraftOpen(key: string): boolean {
  return openDrafts.has(key);
}

/**
 * Where the form's draft stands, as the form tells the user:
 * - restored: opened with changes kept on this device that were never sent;
 * - sending: the save is on its way (the draft stays until the server answers);
 * - kept: no connection; the device holds the values and sends them when it is back;
 * - unkept: no connection and the device could not keep them: only this open page has them.
 */
export type DraftStatus =
  | { kind: 'none' }
  | { kind: 'restored'; savedAt: number }
  | { kind: 'sending' }
  | { kind: 'kept' }
  | { kind: 'unkept' };

/**
 * A form's draft on the device (issue 22 point 8). Opening restores a kept draft into the form
 * (as changes over the record); typing is kept as it goes; `sending` before each save marks it
 * queued; the server's answer (`sent`, `refused`) ends the wait; a lost connection
 * (`lostConnection`) keeps it and `send` runs again when the browser is back online, or at the
 * next opening. `ref` null (no signed-in user) keeps nothing.
 */
export function useFormDraft<T extends FieldValues, TParsed = T>({
  ref,
  version,
  form,
  send,
  store = drafts,
}: {
  ref: DraftRef | null;
  /** The form values' shape: raise it when they change, and older drafts are dropped. */
  version: number;
  form: UseFormReturn<T, unknown, TParsed>;
  /** Submits the form as Save does: used to send a queued draft again. */
  send: () => void;
  store?: DraftStore;
}) {
  const [status, setStatus] = useState<DraftStatus>({ kind: 'none' });
  // formState is a proxy that tracks only what a render reads: read isDirty here, so the timer
  // below sees it change even in a form that shows no dirty state of its own.
  void form.formState.isDirty;
  const key = ref ? draftKey(ref) : null;
  // The latest of each, for listeners and timers set up once per record.
  const latest = useRef({ ref, send, form, version, store });
  latest.current = { ref, send, form, version, store };
  const queued = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isLeavingByCancel = useRef(false);

  useEffect(() => {
    if (key === null) return;
    openDrafts.add(key);
    return () => {
      openDrafts.delete(key);
    };
  }, [key]);

  useEffect(() => {
    if (key === null) return;
    let cancelled = false;
    const { ref: current, store: currentStore, version: currentVersion } = latest.current;
    if (!current) return;
    void currentStore.load<T>(current, currentVersion).then((draft) => {
      if (cancelled || !draft) return;
      // Over the record's values, so the restored fields count as changes and Save is offered.
      latest.current.form.reset(draft.values, { keepDefaultValues: true });
      queued.current = draft.queued;
      if (!draft.queued) setStatus({ kind: 'restored', savedAt: draft.savedAt });
      else if (navigator.onLine) latest.current.send();
      else setStatus({ kind: 'kept' });
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  useEffect(() => {
    if (key === null) return;
    const subscription = latest.current.form.watch(() => {
      // Typing after Cancel: the user chose to stay (the unsaved-changes question), keep going.
      isLeavingByCancel.current = false;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const {
          ref: current,
          form: currentForm,
          store: currentStore,
          version: currentVersion,
        } = latest.current;
        // Values equal to the record's (after a save, or put back by hand) are nothing to keep.
        if (!current || !currentForm.formState.isDirty) return;
        void currentStore.keep(current, currentVersion, currentForm.getValues(), queued.current);
      }, DRAFT_AUTOSAVE_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
      const { ref: current, store: currentStore } = latest.current;
      // A save kept for sending is not dropped by Cancel: the background sender sends it when the
      // connection returns (issue 33 point 8); Cancel only leaves the page.
      if (isLeavingByCancel.current && current && !queued.current) void currentStore.discard(current);
    };
  }, [key]);

  const waitingForConnection = status.kind === 'kept' || status.kind === 'unkept';
  useEffect(() => {
    if (!waitingForConnection) return;
    const retry = () => latest.current.send();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [waitingForConnection]);

  /** Before a save goes out: the values are kept, queued, until the server answers. */
  const sending = useCallback(async (values: T) => {
    const { ref: current, store: currentStore, version: currentVersion } = latest.current;
    queued.current = true;
    setStatus({ kind: 'sending' });
    if (current) await currentStore.keep(current, currentVersion, values, true);
  }, []);

  /** The server took the save: nothing is left to keep. */
  const sent = useCallback(() => {
    clearTimeout(timer.current);
    queued.current = false;
    setStatus({ kind: 'none' });
    const current = latest.current.ref;
    if (current) void latest.current.store.discard(current);
  }, []);

  /**
   * The server answered no (a message under a field, a question to confirm): the values stay in
   * the form and on the device as typing, not as a save to repeat by itself.
   */
  const refused = useCallback(() => {
    queued.current = false;
    setStatus({ kind: 'none' });
    const { ref: current, form: currentForm, store: currentStore, version: currentVersion } = latest.current;
    if (current) void currentStore.keep(current, currentVersion, currentForm.getValues(), false);
  }, []);

  /** No answer came (no connection): the queued values wait on the device for the connection. */
  const lostConnection = useCallback(async () => {
    const { ref: current, form: currentForm, store: currentStore, version: currentVersion } = latest.current;
    queued.current = true;
    const isKept = current
      ? await currentStore.keep(current, currentVersion, currentForm.getValues(), true)
      : false;
    setStatus({ kind: isKept ? 'kept' : 'unkept' });
  }, []);

  /** The user drops the draft: the form goes back to the record, the device forgets it. */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    queued.current = false;
    setStatus({ kind: 'none' });
    const { ref: current, form: currentForm, store: currentStore } = latest.current;
    currentForm.reset();
    if (current) void currentStore.discard(current);
  }, []);

  /**
   * Cancel was pressed: when the form goes away (after the unsaved-changes question, if asked)
   * its draft goes too; staying on the page keeps typing kept as before.
   */
  const discardOnLeave = useCallback(() => {
    isLeavingByCancel.current = true;
  }, []);

  return { status, sending, sent, refused, lostConnection, discard, discardOnLeave };
}
