import type { DraftStatus } from '../lib/use-form-draft.ts';
import { Button } from './ui/button.tsx';

/** What a form says about its draft on the device (issue 22 point 8); the texts tests look for. */
export const DRAFT_TEXT = {
  sending: 'Sending…',
  kept: 'Saved on this device — will send when back online.',
  unkept: 'Not sent: no connection. Keep this page open; it will send when back online.',
  restored: 'Restored changes kept on this device. They are not saved yet.',
  discard: 'Discard Draft',
} as const;

const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A live status line, so a screen reader hears the change too; empty when there is no draft. */
export function DraftStatusNotice({ status, onDiscard }: { status: DraftStatus; onDiscard: () => void }) {
  const isWarning = status.kind === 'kept' || status.kind === 'unkept';
  return (
    // One element throughout: a live region announces what changes inside it. Not role="status":
    // the notices (toasts) are the page's status, and one page has one.
    <div
      aria-live="polite"
      aria-atomic="true"
      data-draft-status=""
      className={
        status.kind === 'none'
          ? 'sr-only'
          : isWarning
            ? 'flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900'
            : 'flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800'
      }
    >
      <span>
        {status.kind === 'none' ? null : DRAFT_TEXT[status.kind]}
        {status.kind === 'restored' ? ` (kept ${TIME.format(status.savedAt)})` : null}
      </span>
      {status.kind === 'restored' ? (
        <Button type="button" variant="secondary" onClick={onDiscard}>
          {DRAFT_TEXT.discard}
        </Button>
      ) : null}
    </div>
  );
}
