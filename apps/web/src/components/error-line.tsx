import { ApiError } from '../lib/api.ts';

/** A part of a page whose read failed (a report's preview, a worklist): the server's message in place, as an alert. */
export function ErrorLine({ error }: { error: Error }) {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {error instanceof ApiError ? (error.body.message ?? error.description) : error.message}
    </p>
  );
}
