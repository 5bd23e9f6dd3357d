import fs from 'node:fs';
import { startWorker } from '../../../lib/start-worker.ts';
import { isMissingError, type SdsMergeInput, type SdsMergeReport } from './merge.ts';
import type { FromWorker, ToWorker, WorkerInput } from './protocol.ts';

export type {
  NotIncludedReason,
  SdsMergeEntry,
  SdsMergeInput,
  SdsMergeItem,
  SdsMergeProgress,
  SdsMergeReport,
  SdsMergeResult,
  SdsMergeTitle,
} from './merge.ts';
export { INDEX_BOOKMARK, INDEX_HEADING, mergeSdsFilesInProcess, notIncludedText } from './merge.ts';

export interface SdsMergeOptions {
  /** Stops the merge (e.g. the client went away): the worker is terminated, the promise rejects. */
  signal?: AbortSignal;
  /**
   * The worker's heap ceiling: a merge that outgrows it fails alone (ERR_WORKER_OUT_OF_MEMORY)
   * instead of taking the server down. The output is written as it goes, so the heap holds about
   * one source file and the bookkeeping.
   */
  maxHeapMb?: number;
  /**
   * Each `read` answers a buffer of its own that nobody uses afterwards (the store's reads do):
   * it is moved to the worker instead of copied. Off by default, so a caller may hand the same
   * buffer to several items.
   */
  transferReads?: boolean;
}

export class SdsMergeError extends Error {}

const DEFAULT_MAX_HEAP_MB = 2048;

/** Moved only when the view is the whole of an ArrayBuffer (not a slice of Node's shared pool). */
function transferable(bytes: Uint8Array): ArrayBuffer | undefined {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
    ? buffer
    : undefined;
}

/**
 * Builds the Print All SDS file in a worker thread (see merge.ts for what it holds), written to
 * `file` (created or truncated) as it goes. `read` is called here, on the calling thread, in
 * order and one item ahead of the merge, when the worker asks for it. Progress comes back per item.
 */
export async function mergeSdsFilesToFile(
  input: SdsMergeInput,
  file: string,
  options: SdsMergeOptions = {},
): Promise<SdsMergeReport> {
  const { title, items, onProgress } = input;
  const { signal } = options;
  if (signal?.aborted) throw signal.reason;
  // Opened here so that it is closed here whatever happens to the worker (a terminated worker
  // closes nothing it opened).
  const handle = await fs.promises.open(file, 'w');
  const workerData: WorkerInput = {
    title,
    names: items.map((item) => item.name),
    progress: onProgress !== undefined,
    fd: handle.fd,
  };
  const worker = startWorker('print-all-sds-worker', new URL('./worker.ts', import.meta.url), {
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB },
  });

  const outcome = new Promise<SdsMergeReport>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => finish(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });

    const send = (message: ToWorker, transfer: ArrayBuffer[] = []) => {
      if (!settled) worker.postMessage(message, transfer);
    };
    const read = async (index: number) => {
      const item = items[index];
      if (!item) return send({ type: 'no-file', index, reason: 'no SDS on file' });
      try {
        const bytes = await item.read();
        if (bytes === undefined) return send({ type: 'no-file', index, reason: 'no SDS on file' });
        const buffer = options.transferReads ? transferable(bytes) : undefined;
        send({ type: 'file', index, bytes }, buffer ? [buffer] : []);
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
          const { type: _type, ...report } = message;
          finish(() => resolve(report));
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

  try {
    return await outcome;
  } finally {
    // The descriptor is closed only once the worker can no longer write to it.
    await worker.terminate();
    await handle.close();
  }
}
