import { Button } from '../../components/ui/button.tsx';

/**
 * Rows drawn per table before "Show more": a facility can hold thousands of lines and the
 * preview is for reading figures, the PDF and XLSX files hold every row.
 */
export const PREVIEW_ROW_LIMIT = 200;

/** Under a capped list: how much of it shows, and a button for the next PREVIEW_ROW_LIMIT. */
export function ShowMore({
  shown,
  total,
  what,
  onMore,
}: {
  shown: number;
  total: number;
  what: string;
  onMore: (next: number) => void;
}) {
  if (total <= shown) return null;
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
      <p>
        Showing the first {shown} of {total} {what}
        {what === 'rows' ? '; the PDF and Excel files hold every row.' : '.'}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onMore(shown + PREVIEW_ROW_LIMIT)}>
        Show more
      </Button>
    </div>
  );
}
