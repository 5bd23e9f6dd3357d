import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A download the user waits seconds or minutes for (Print All SDS, the reports of every facility):
 * the one way such a wait shows progress and stops. The seconds are counted while it runs, and
 * stopping it (Cancel, or leaving the page) aborts the request: the server takes the closed
 * connection as its signal to stop the work (its worker is freed), so nothing runs for nobody.
 */
export function useLongDownload() {
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

  /** Starts the download; `onError` hears every failure but a stop (which says nothing). */
  const run = useCallback(
    async <T>(
      download: (signal: AbortSignal) => Promise<T>,
      handlers: { onDone: (result: T) => void; onError: (error: unknown) => void },
    ) => {
      const abort = new AbortController();
      controller.current = abort;
      setSeconds(0);
      setStartedAt(Date.now());
      try {
        handlers.onDone(await download(abort.signal));
      } catch (error) {
        // Stopped by the user or by leaving the page (whatever the runtime's abort error is).
        if (abort.signal.aborted) return;
        handlers.onError(error);
      } finally {
        if (!abort.signal.aborted) setStartedAt(null);
      }
    },
    [],
  );

  /** Stops the download in progress: the request is aborted and the wait ends here at once. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    setStartedAt(null);
  }, []);

  return { run, cancel, isRunning: startedAt !== null, seconds };
}
