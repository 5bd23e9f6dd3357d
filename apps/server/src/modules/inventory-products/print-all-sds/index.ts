import { startWorker } from '../../../lib/start-worker.ts';
import { isMissingError, type SdsMergeInput, type SdsMergeResult } from './merge.ts';
import type { FromWorker, ToWorker, WorkerInput } from './protocol.ts';

export type {
  NotIncludedReason,
  SdsMergeEntry,
  SdsMergeInput,
  SdsMergeItem,
  SdsMergeProgress,
  SdsMergeResult,
  SdsMergeTitle,
} from './merge.ts';
export { INDEX_BOOKMARK, INDEX_HEADING, mergeSdsFilesInProcess, notIncludedText } from './merge.ts';

export interface SdsMergeOptions {
  /** Stops the merge (e.g. the client went away): the worker is terminated, the promise rejects. */
  signal?: AbortSignal;
  /**
   * The worker's heap ceiling: a merge that outgrows it fails alone (ERR_WORKER_OUT_OF_MEMORY)
   * instead of taking the server down. The output lives in this heap until it is posted back.
   */
  maxHeapMb?: number;
}

export class SdsMergeError extends Error {}

const DEFAULT_MAX_HEAP_MB = 2048;

/**
 * Builds the Print All SDS file in a worker thread (see merge.ts for what it holds). `read` is
 * called here, on the calling thread, one item at a time when the worker asks for it; the bytes
 * are copied to the worker, so a caller's buffer stays usable. Progress comes back per item.
 */
export function mergeSdsFiles(input: SdsMergeInput, options: SdsMergeOptions = {}): Promise<SdsMergeResult> {
  const { title, items, onProgress } = input;
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const workerData: WorkerInput = { title, names: items.map((item) => item.name) };
  const worker = startWorker('print-all-sds-worker', new URL('./worker.ts', import.meta.url), {
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
  });

  return new Promise<SdsMergeResult>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = () => finish(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });

    const send = (message: ToWorker) => {
      if (!settled) worker.postMessage(message);
    };
    const read = async (index: number) => {
      const item = items[index];
      if (!item) return send({ type: 'no-file', index, reason: 'no SDS on file' });
      try {
        const bytes = await item.read();
        send(
          bytes === undefined
            ? { type: 'no-file', index, reason: 'no SDS on file' }
            : { type: 'file', index, bytes },
        );
      } catch (error) {
        send({ type: 'no-file', index, reason: isMissingError(error) ? 'file missing' : 'unreadable' });
      }
    };

    worker.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'read':
          void read(message.index);
          break;
        case 'progress':
          onProgress?.({ done: message.done, total: message.total });
          break;
        case 'done': {
          const { type: _type, ...result } = message;
          finish(() => resolve(result));
          break;
        }
        case 'failed':
          finish(() => reject(new SdsMergeError(message.message)));
          break;
      }
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() =>
        reject(new SdsMergeError(`the merge worker stopped (exit code ${code}) before it finished`)),
      ),
    );
  });
}
