import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { type ComponentProps, useEffect, useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { DEFAULT_TOAST_DURATION, dismissToast, type ToastVariant, useToasts } from '../lib/toast.ts';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-600 bg-red-600 text-white',
  success: 'border-emerald-700 bg-emerald-700 text-white',
  warning: 'border-amber-500 bg-amber-50 text-amber-900',
};

/**
 * The only way to put a button in a toast (`toast({ action: <ToastAction … /> })`). Radix reads
 * the alt text to screen readers instead of the button; spec 01 §5 says it must not be empty, and
 * Radix logs a console error and drops the action when it is.
 */
export function ToastAction({
  altText,
  className,
  ...props
}: ComponentProps<typeof ToastPrimitive.Action> & { altText: string }) {
  return (
    <ToastPrimitive.Action
      altText={altText}
      className={cn(
        'inline-flex h-8 shrink-0 items-center rounded-md border border-current px-3 text-sm font-medium hover:opacity-80 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
        className,
      )}
      {...props}
    />
  );
}

/**
 * The open notices' height in px (0 when none), which a phone's page adds above its content
 * (features/layout/app-layout.tsx): there the notice spans the screen's width and would cover
 * the page's first card (issue 33 point 15), so the card moves down below it instead.
 */
export const NOTICE_HEIGHT_VAR = '--notice-height';

export function Toaster() {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(
        NOTICE_HEIGHT_VAR,
        `${element.childElementCount > 0 ? element.offsetHeight : 0}px`,
      );
    publish();
    // jsdom (the component tests) has no ResizeObserver; the count of notices still moves it.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    resized?.observe(element);
    const changed = new MutationObserver(publish);
    changed.observe(element, { childList: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
      root.style.removeProperty(NOTICE_HEIGHT_VAR);
    };
  }, []);
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration ?? DEFAULT_TOAST_DURATION}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition-opacity',
            VARIANT_CLASSES[t.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            {t.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            ) : null}
            {/*
              A space between title and text: the notice's text (what tests and screen readers
              get) reads "Welcome back! Successfully…", not "Welcome back!Successfully…".
            */}
            {t.title && t.description ? ' ' : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {/* Built with ToastAction above, so it always carries its alt text. */}
          {t.action}
          {t.button ? (
            <ToastAction altText={t.button.label} onClick={t.button.onClick}>
              {t.button.label}
            </ToastAction>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/*
        Top centre, just below the app's header (the layout publishes its height as
        --app-header-height; 0 on pages without one): a notice never hides the title, the menu
        button or the user menu, on a phone least of all (issue 22 point 9). Not at the bottom:
        modal forms keep their buttons in a footer there (a bottom notice covered Close and Save),
        and their close cross sits in the top corner, right of this 420 px column. The viewport
        lets clicks through; only the notice itself takes them.
      */}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className="pointer-events-none fixed left-1/2 top-[var(--app-header-height,0px)] z-[100] flex max-h-screen w-full -translate-x-1/2 flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
