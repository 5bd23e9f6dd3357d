import type { Worker } from 'node:worker_threads';
import type { SdsReadResult } from '@chemtrack/domain';
import { startWorker } from '../../../lib/start-worker.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/** A read the worker could not finish: a broken or protected PDF, or one past the limits. */
export class SdsUnreadableError extends Error {}

export interface SdsReadOptions {
  /** A read past this is abandoned (the worker is ended and a new one started for the next). */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** A hostile PDF that grows the heap past this ends its worker alone, not the server. */
const MAX_HEAP_MB = 512;

interface Pending {
  resolve: (result: SdsReadResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  /** The worker doing the read: its end fails its reads only. */
  reader: Worker;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function failReadsOf(reader: Worker, error: Error): void {
  for (const [id, entry] of pending) {
    if (entry.reader !== reader) continue;
    clearTimeout(entry.timer);
    pending.delete(id);
    entry.reject(error);
  }
}

/** The reading worker, started at the first read and kept (idle, it keeps no process alive). */
function readingWorker(): Worker {
  if (worker) return worker;
  const started = startWorker('sds-reading-worker', new URL('./worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
  });
  started.unref();
  started.on('message', (message: FromWorker) => {
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    clearTimeout(entry.timer);
    if (![...pending.values()].some((other) => other.reader === started)) started.unref();
    if (message.type === 'done') entry.resolve(message.result);
    else entry.reject(new SdsUnreadableError(message.message));
  });
  const drop = (error: Error) => {
    if (worker === started) worker = undefined;
    failReadsOf(started, new SdsUnreadableError(error.message));
  };
  started.on('error', drop);
  started.on('exit', (code) => drop(new Error(`the SDS reading worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/**
 * Reads an SDS in the worker thread: text with positions (pdf.js), section 3's components and
 * section 9's specific gravity and physical state, proposed for review. The bytes are copied to
 * the worker; the caller keeps its buffer.
 */
export function readSdsInWorker(bytes: Uint8Array, options: SdsReadOptions = {}): Promise<SdsReadResult> {
  const reader = readingWorker();
  const id = nextId++;
  return new Promise<SdsReadResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new SdsUnreadableError('the SDS took too long to read'));
      // Its read may never end: the worker goes, the next read starts another.
      if (worker === reader) worker = undefined;
      void reader.terminate();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer, reader });
    reader.ref();
    reader.postMessage({ type: 'read', id, bytes } satisfies ToWorker);
  });
}

/** Ends the reading worker (shutdown; tests). */
export async function stopSdsReadingWorker(): Promise<void> {
  const current = worker;
  worker = undefined;
  await current?.terminate();
}
