import { Loader2 } from 'lucide-react';

/** What a long download shows while it runs (`useLongDownload`): a spinner and the seconds waited. */
export function PreparingStatus({ seconds }: { seconds: number }) {
  return (
    <>
      <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
      <span role="status">Preparing… {seconds} s</span>
    </>
  );
}
