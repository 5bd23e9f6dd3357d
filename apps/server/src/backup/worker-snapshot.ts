import { Readable } from 'node:stream';
import { startWorker } from '../lib/start-worker.ts';
import type { SnapshotReader } from './database-snapshot.ts';
import type { FromSnapshotWorker, ToSnapshotWorker } from './snapshot-worker-protocol.ts';

/** A request without its id (given here). */
type Request = ToSnapshotWorker extends infer Message
  ? Message extends { id: number }
    ? Omit<Message, 'id'>
    : never
  : never;

/**
 * A snapshot reader over a copy of a PGlite data directory, loaded and read in a worker thread
 * (snapshot-worker.ts; bundled as dist/backup-snapshot-worker.js): loading the copy into a second
 * PGlite and dumping every table are seconds of WASM that would otherwise block every request on
 * the event loop. Answers once the copy is loaded; `close` ends the worker.
 */
export async function openWorkerSnapshot(copy: Blob): Promise<SnapshotReader> {
  const worker = startWorker('backup-snapshot-worker', new URL('./snapshot-worker.ts', import.meta.url));
  const waiting = new Map<
    number,
    { resolve: (message: FromSnapshotWorker) => void; reject: (error: Error) => void }
  >();
  let lastId = 0;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of waiting.values()) reject(stopped);
    waiting.clear();
  };
  worker.on('message', (message: FromSnapshotWorker) => {
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (message.type === 'failed') request.reject(new Error(message.message));
    else request.resolve(message);
  });
  worker.on('error', stop);
  worker.on('exit', (code) =>
    stop(new Error(`The backup worker stopped (exit code ${code}) before it finished.`)),
  );

  function ask<Type extends FromSnapshotWorker['type']>(
    request: Request,
    answer: Type,
    id = ++lastId,
  ): Promise<Extract<FromSnapshotWorker, { type: Type }>> {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      waiting.set(id, {
        resolve: (message) =>
          message.type === answer
            ? resolve(message as Extract<FromSnapshotWorker, { type: Type }>)
            : reject(new Error(`The backup worker answered ${message.type} to ${request.type}.`)),
        reject,
      });
      worker.postMessage({ ...request, id } as ToSnapshotWorker);
    });
  }

  try {
    await ask({ type: 'open', copy }, 'opened');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    kind: 'pglite',
    async rows<Row>(text: string, params: unknown[] = []) {
      return (await ask({ type: 'rows', text, params }, 'rows')).rows as Row[];
    },
    copyOut(table, columns) {
      const id = ++lastId;
      async function* chunks() {
        let start: { table: string; columns: string[] } | undefined = { table, columns };
        for (;;) {
          const { bytes } = await ask({ type: 'next', ...(start ? { start } : {}) }, 'chunk', id);
          start = undefined;
          if (!bytes) return;
          yield Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async spoolTable(table, file) {
      return (await ask({ type: 'spool', table, file }, 'spooled')).table;
    },
    async close() {
      stop(new Error('The backup snapshot is closed.'));
      await worker.terminate();
    },
  };
}
