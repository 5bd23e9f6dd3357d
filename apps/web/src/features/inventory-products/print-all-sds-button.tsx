import { Loader2, Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { toast } from '../../lib/toast.ts';

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
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [seconds, setSeconds] = useState(0);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  // Leaving the page stops waiting for the file.
  useEffect(() => () => controller.current?.abort(), []);

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setSeconds(0);
    setStartedAt(Date.now());
    try {
      const { blob, filename } = await download(abort.signal);
      saveBlob(blob, filename ?? fallbackName);
    } catch (error) {
      // Stopped because the page went away: nothing to say (whatever the runtime's abort error is).
      if (abort.signal.aborted) return;
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
      });
    } finally {
      if (!abort.signal.aborted) setStartedAt(null);
    }
  };

  const isRunning = startedAt !== null;
  return (
    <Button
      variant="secondary"
      disabled={isRunning}
      onClick={() => void run()}
      aria-busy={isRunning || undefined}
    >
      {isRunning ? (
        <>
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          <span role="status">Preparing… {seconds} s</span>
        </>
      ) : (
        <>
          <Printer className="h-4 w-4" aria-hidden />
          Print All SDS
        </>
      )}
    </Button>
  );
}
