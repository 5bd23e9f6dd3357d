import { Button } from '../../components/ui/button.tsx';

/** Under a list the preview shows a page at a time (the warnings, the groups): how much shows, and a button for more. */
export function ShowMore({
  shown,
  total,
  what,
  onMore,
  pending = false,
}: {
  shown: number;
  total: number;
  what: string;
  onMore: () => void;
  pending?: boolean;
}) {
  if (total <= shown) return null;
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
      <p>
        Showing the first {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')} {what}.
      </p>
      <Button variant="secondary" size="sm" disabled={pending} onClick={onMore}>
        {pending ? 'Loading...' : 'Show more'}
      </Button>
    </div>
  );
}
