import { Loader2 } from 'lucide-react';
import { ApiError } from '../../lib/api.ts';

/** A part of the Reports screen still loading: one status line (the preview, the year changes). */
export function PendingLine({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {text}
    </p>
  );
}

/** A part of the Reports screen that failed: the server's message in place, as an alert. */
export function ErrorLine({ error }: { error: Error }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {error instanceof ApiError ? (error.body.message ?? error.description) : error.message}
    </p>
  );
}
