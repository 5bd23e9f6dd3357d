import { parentPort, workerData } from 'node:worker_threads';
import { mergeSdsFilesInProcess, NotIncludedError } from './merge.ts';
import type { FromWorker, ToWorker, WorkerInput } from './protocol.ts';

/**
 * The merge worker: asks the main thread for one source file at a time (the next is requested
 * only once the previous one's pages are copied), and posts the finished PDF back, transferred.
 */

if (!parentPort) throw new Error('print-all-sds worker.ts runs in a worker thread');
const port = parentPort;
const input = workerData as WorkerInput;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const waiting = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
port.on('message', (message: ToWorker) => {
  const pending = waiting.get(message.index);
  if (!pending) return;
  waiting.delete(message.index);
  if (message.type === 'file') pending.resolve(message.bytes);
  else pending.reject(new NotIncludedError(message.reason));
});

function request(index: number): Promise<Uint8Array | undefined> {
  return new Promise<Uint8Array>((resolve, reject) => {
    waiting.set(index, { resolve, reject });
    post({ type: 'read', index });
  }).catch((error: unknown) => {
    if (error instanceof NotIncludedError && error.reason === 'no SDS on file') return undefined;
    throw error;
  });
}

try {
  const result = await mergeSdsFilesInProcess({
    title: input.title,
    items: input.names.map((name, index) => ({ name, read: () => request(index) })),
    onProgress: ({ done, total }) => post({ type: 'progress', done, total }),
  });
  const { pdf } = result;
  post({ ...result, type: 'done' }, [pdf.buffer as ArrayBuffer]);
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.unref();
