import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import { type PhotoFromWorker, type PhotoToWorker, photoToPdf } from './label-photo.ts';

/**
 * Makes the PDF of one photo off the request thread (a PNG is decoded pixel by pixel, seconds
 * for a large one) and posts it back, transferred; a refusal comes back as its code and message.
 */

if (!parentPort) throw new Error('label-photo-worker.ts runs in a worker thread');
const port = parentPort;
const input = workerData as PhotoToWorker;
const post = (message: PhotoFromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const pdf = await photoToPdf(input.bytes, input.type);
  post({ type: 'done', pdf }, [pdf.buffer as ArrayBuffer]);
} catch (error) {
  if (
    error instanceof AppError &&
    (error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'PAYLOAD_TOO_LARGE')
  )
    post({ type: 'refused', code: error.code, message: error.message });
  else post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
