import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { ErrorLine } from '../../components/error-line.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { type PreviewPartBase, reportKeys } from './api.ts';

/** A part of the Reports screen still loading: one status line (the preview, the year changes). */
export function PendingLine({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> {text}
    </p>
  );
}

/**
 * A part of a drawn preview that failed (a page, an explanation, more warnings): the message in
 * place, and when the report changed since the preview was drawn (409, issue 37), a button that
 * draws it again.
 */
export function PreviewPartError({ error, request }: { error: Error; request: PreviewPartBase }) {
  const queryClient = useQueryClient();
  const { version: _version, ...body } = request;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ErrorLine error={error} />
      {error instanceof ApiError && error.status === 409 ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void queryClient.invalidateQueries({ queryKey: reportKeys.preview(body) })}
        >
          Draw the preview again
        </Button>
      ) : null}
    </div>
  );
}
