import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../lib/start-worker.ts';
import { isMissingError, type SdsMergeInput, type SdsMergeReport } from './merge.ts';
import type { FromWorker, MergeJob, ToWorker } from './protocol.ts';

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
  /**
   * Hears how many bytes the file holds, from the handle's position, each time the worker has
   * written more (a part of the PDF: the header, one source's pages, the end): a reader may read
   * that far while the merge goes on. Called on the calling thread, in order, before the promise settles.
   */
  onWritten?: (bytes: number) => void;
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

function startMergeWorker(maxHeapMb: number): Worker {
  return startWorker('print-all-sds-worker', new URL('./worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
  });
}

/**
 * A worker started and loaded before anyone asks for a merge: starting one (a thread, pdf-lib and
 * the merge code, from source the TypeScript loader too) costs a few hundred milliseconds of CPU,
 * more than a second on a loaded server, which the click on Print All SDS would otherwise wait for.
 * Each worker does one merge and is ended (its heap goes with it); the next spare is started once
 * that merge is over, so it never competes with one.
 */
let keepSpare = false;
let spare: { worker: Worker; drop: () => void } | undefined;

function startSpare(): void {
  if (!keepSpare || spare) return;
  const worker = startMergeWorker(DEFAULT_MAX_HEAP_MB);
  // Waiting for work keeps no process alive.
  worker.unref();
  const drop = () => {
    if (spare?.worker === worker) spare = undefined;
  };
  worker.once('error', drop);
  worker.once('exit', drop);
  spare = { worker, drop };
}

function takeWorker(maxHeapMb: number): Worker {
  const taken = spare;
  if (taken === undefined || maxHeapMb !== DEFAULT_MAX_HEAP_MB) return startMergeWorker(maxHeapMb);
  spare = undefined;
  taken.worker.off('error', taken.drop);
  taken.worker.off('exit', taken.drop);
  taken.worker.ref();
  return taken.worker;
}

/** The server keeps a merge worker ready from now on (main.ts, once listening; tests do not). */
export function keepSdsMergeWorkerReady(): void {
  keepSpare = true;
  startSpare();
}

/** Ends the waiting worker and starts no other (shutdown; tests). */
export async function stopSdsMergeWorkerReady(): Promise<void> {
  keepSpare = false;
  const taken = spare;
  spare = undefined;
  await taken?.worker.terminate();
}

/** Whether a worker is started and waiting for a merge (tests). */
export function sdsMergeWorkerIsReady(): boolean {
  return spare !== undefined;
}

/**
 * Builds the Print All SDS file in a worker thread (see merge.ts for what it holds), written to
 * `file` (created or truncated) as it goes.
 */
export async function mergeSdsFilesToFile(
  input: SdsMergeInput,
  file: string,
  options: SdsMergeOptions = {},
): Promise<SdsMergeReport> {
  if (options.signal?.aborted) throw options.signal.reason;
  const handle = await fs.promises.open(file, 'w');
  try {
    return await mergeSdsFilesToHandle(input, handle, options);
  } finally {
    await handle.close();
  }
}

/**
 * Builds the Print All SDS file in a worker thread, written from the handle's current position as
 * it goes; the caller opens and closes the handle (the route unlinks its file first, so that no
 * crash can leave it behind, and then reads it back from the start). An item with a local `file`
 * is read by the worker; any other item's `read` is called here, on the calling thread, in order
 * and a few items ahead of the merge, when the worker asks for it. Progress comes back per item,
 * and (`onWritten`) the length written so far per part. The promise settles once the worker has
 * ended, so the descriptor can be closed then without the worker writing to whatever reuses it.
 */
export async function mergeSdsFilesToHandle(
  input: SdsMergeInput,
  handle: fs.promises.FileHandle,
  options: SdsMergeOptions = {},
): Promise<SdsMergeReport> {
  const { title, items, onProgress } = input;
  const { signal } = options;
  if (signal?.aborted) throw signal.reason;
  const job: MergeJob = {
    title,
    names: items.map((item) => item.name),
    files: items.map((item) => item.file ?? null),
    progress: onProgress !== undefined,
    written: options.onWritten !== undefined,
    fd: handle.fd,
  };
  const worker = takeWorker(options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB);

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
        case 'written':
          if (!settled) options.onWritten?.(message.bytes);
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
    worker.postMessage({ type: 'start', job } satisfies ToWorker);
  });

  try {
    return await outcome;
  } finally {
    // The caller closes the descriptor once this resolves: the worker can no longer write to it then.
    await worker.terminate();
    setImmediate(startSpare);
  }
}
