import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadPriority } from '../../../lib/thread-priority.ts';
import { isMissingError, NotIncludedError, writeSdsMerge } from './merge.ts';
import type { FromWorker, MergeJob, ToWorker } from './protocol.ts';

/**
 * The merge worker: started ahead of time (index.ts keeps one ready), it waits for its one merge,
 * reads local source files itself and asks the main thread for the others, in order and a few
 * ahead of the one it merges (so a slow storage read or a busy main thread overlaps the copying), and
 * writes the PDF to the descriptor it was given as it goes, telling how much is written when asked
 * (the route sends the file while it grows). Only the summary and those counts are posted back.
 */

if (!parentPort) throw new Error('print-all-sds worker.ts runs in a worker thread');
const port = parentPort;
const post = (message: FromWorker) => port.postMessage(message);

/** A read's outcome, never a rejection: a prefetched read may settle before anyone awaits it. */
type Answer = { bytes: Uint8Array } | { error: NotIncludedError };

const waiting = new Map<number, (answer: Answer) => void>();
let started = false;
port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    if (started) return;
    started = true;
    void run(message.job);
    return;
  }
  const settle = waiting.get(message.index);
  if (!settle) return;
  waiting.delete(message.index);
  settle(
    message.type === 'file' ? { bytes: message.bytes } : { error: new NotIncludedError(message.reason) },
  );
});

/**
 * Reads asked for ahead of the one being merged: on a busy server each read waits for a core (or
 * for the main thread's turns: the request, the store's open and chunks), so several are kept in
 * flight; the byte budget keeps a run of large scans from piling up here.
 */
const READ_AHEAD = 4;
const READ_AHEAD_BYTES = 16 * 1024 * 1024;

function reader(job: MergeJob): (index: number) => Promise<Uint8Array | undefined> {
  const requested = new Map<number, Promise<Answer>>();
  let nextRequest = 0;
  let bufferedBytes = 0;

  function request(index: number): void {
    if (index >= job.names.length || requested.has(index)) return;
    nextRequest = Math.max(nextRequest, index + 1);
    const file = job.files[index];
    // A local file is read here, but asynchronously: the copying is done by libuv's threads, at
    // the server's priority and beside the merge, not by this thread at nice 10.
    const answer: Promise<Answer> = file
      ? fs.promises.readFile(file).then(
          (bytes) => ({ bytes }),
          (error: unknown) => ({
            error: new NotIncludedError(isMissingError(error) ? 'file missing' : 'unreadable'),
          }),
        )
      : new Promise<Answer>((resolve) => {
          waiting.set(index, resolve);
          post({ type: 'read', index });
        });
    requested.set(
      index,
      answer.then((settled) => {
        if ('bytes' in settled) bufferedBytes += settled.bytes.byteLength;
        return settled;
      }),
    );
  }

  return async (index) => {
    request(index);
    while (
      nextRequest < job.names.length &&
      nextRequest <= index + READ_AHEAD &&
      bufferedBytes < READ_AHEAD_BYTES
    ) {
      request(nextRequest);
    }
    const answer = requested.get(index)!;
    requested.delete(index);
    const settled = await answer;
    if ('bytes' in settled) {
      // The merge holds it from here; what is counted is what waits.
      bufferedBytes -= settled.bytes.byteLength;
      return settled.bytes;
    }
    if (settled.error.reason === 'no SDS on file') return undefined;
    throw settled.error;
  };
}

/**
 * The merge gives way to the server's own thread: a list request waiting for a core should not
 * wait behind a file nobody is watching page by page.
 */
const MERGE_NICE = 10;

async function run(job: MergeJob): Promise<void> {
  const read = reader(job);
  let total = 0;
  const writeAll = (chunk: Uint8Array) => {
    let written = 0;
    while (written < chunk.length) {
      written += fs.writeSync(job.fd, chunk, written, chunk.length - written);
    }
    total += written;
    // Told after the write returned: the reader never asks for bytes the file does not hold yet.
    if (job.written) post({ type: 'written', bytes: total });
  };
  try {
    const report = await writeSdsMerge(
      {
        title: job.title,
        items: job.names.map((name, index) => ({ name, read: () => read(index) })),
        ...(job.progress ? { onProgress: ({ done, total }) => post({ type: 'progress', done, total }) } : {}),
      },
      writeAll,
    );
    post({ ...report, type: 'done' });
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
  port.unref();
}

lowerThisThreadPriority(MERGE_NICE);
