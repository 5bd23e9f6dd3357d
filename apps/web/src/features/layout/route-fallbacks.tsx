import { useId, useState } from 'react';

/**
 * Spec 01 §8 router fallback for a page inside the signed-in frame that failed: the box
 * "Something went wrong!" with a Show Error / Hide Error toggle, in the content area so the menu
 * and header stay usable. The same shape as TanStack Router's own ErrorComponent, but styled,
 * hidden by default and with the toggle's state announced (aria-expanded). `error` is whatever
 * was thrown: the router types it Error, but a loader may throw anything.
 */
export function RouteErrorBox({ error }: { error: unknown }) {
  const [isShown, setShown] = useState(false);
  const detailsId = useId();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div role="alert" className="max-w-full rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
      <div className="flex flex-wrap items-center gap-2">
        <strong className="text-base">Something went wrong!</strong>
        <button
          type="button"
          aria-expanded={isShown}
          aria-controls={detailsId}
          onClick={() => setShown((shown) => !shown)}
          className="rounded border border-current px-1.5 py-0.5 text-xs font-bold hover:bg-red-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-500"
        >
          {isShown ? 'Hide Error' : 'Show Error'}
        </button>
      </div>
      <pre
        id={detailsId}
        hidden={!isShown}
        className="mt-2 overflow-auto rounded border border-red-400 bg-white p-2 text-xs text-red-700"
      >
        <code>{message}</code>
      </pre>
    </div>
  );
}

/**
 * Spec 01 §8 router fallback for an address under a signed-in page that matches nothing: the
 * text Not Found, inside the frame. Unknown top-level addresses get the full 404 page instead.
 */
export function RouteNotFound() {
  return <p className="text-sm font-medium text-slate-700">Not Found</p>;
}
