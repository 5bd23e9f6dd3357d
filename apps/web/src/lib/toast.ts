import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';

/** shadcn-style toast store with the spec's numbers: one at a time, removal after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const DEFAULT_TOAST_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning';

export interface Toast {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** A button the notice offers (Reload), for callers below the components that build `action`. */
  button?: { label: string; onClick: () => void };
  variant?: ToastVariant;
  duration?: number;
  open: boolean;
}

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => {
    if (id === undefined || t.id === id) {
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }
    return t;
  });
  emit();
}

/** Shows a toast; a new one replaces the older one. */
export function toast(input: Omit<Toast, 'id' | 'open'>): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}

/** shadcn's hook shape: the open toasts plus the functions to add and dismiss them. */
export function useToast() {
  const current = useToasts();
  return { toasts: current, toast, dismiss: dismissToast };
}
