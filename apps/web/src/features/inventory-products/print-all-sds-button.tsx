import { Printer } from 'lucide-react';
import { PreparingStatus } from '../../components/preparing-status.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { toast } from '../../lib/toast.ts';
import { useLongDownload } from '../../lib/use-long-download.ts';

/**
 * Print All SDS (spec 02 §2, §8): one PDF of every SDS of the inventory's products. The merge
 * can take a while, so the button is disabled and counts the seconds while it runs; a failure
 * is the destructive notice titled 'Error' with the error's text, for 5 s.
 */
export function PrintAllSdsButton({
  download,
  fallbackName,
}: {
  download: (signal: AbortSignal) => Promise<{ blob: Blob; filename: string | undefined }>;
  fallbackName: string;
}) {
  const printing = useLongDownload();
  const run = () =>
    printing.run(download, {
      onDone: ({ blob, filename }) => saveBlob(blob, filename ?? fallbackName),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description:
            error instanceof ApiError
              ? error.description
              : error instanceof Error
                ? error.message
                : String(error),
          duration: 5000,
        }),
    });

  return (
    <Button
      variant="secondary"
      disabled={printing.isRunning}
      onClick={() => void run()}
      aria-busy={printing.isRunning || undefined}
    >
      {printing.isRunning ? (
        <PreparingStatus seconds={printing.seconds} />
      ) : (
        <>
          <Printer className="h-4 w-4" aria-hidden />
          Print All SDS
        </>
      )}
    </Button>
  );
}
