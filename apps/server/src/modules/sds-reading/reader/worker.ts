import { parentPort } from 'node:worker_threads';
import { readPdfText } from './pdf-text.ts';
import type { FromWorker, ToWorker } from './protocol.ts';
import { readSdsText } from './read-sds.ts';

/**
 * The SDS reading worker: pdf.js parses the upload and the reader walks its text here, so the
 * server's event loop only posts the bytes and receives the proposal. It stays started between
 * reads (pdf.js loads once) and reads one file at a time. It keeps the server's priority: someone
 * waits on the answer.
 */

if (!parentPort) throw new Error('sds-reading worker.ts runs in a worker thread');
const port = parentPort;
const post = (message: FromWorker) => port.postMessage(message);

let queue = Promise.resolve();
port.on('message', (message: ToWorker) => {
  queue = queue.then(async () => {
    try {
      const text = await readPdfText(message.bytes);
      post({ type: 'done', id: message.id, result: readSdsText(text) });
    } catch (error) {
      // A broken, truncated or password-protected file: pdf.js throws, the upload is unreadable.
      post({
        type: 'failed',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});
