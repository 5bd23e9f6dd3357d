import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.ts';
import { lowerThisThreadPriority } from '../lib/thread-priority.ts';
import { pgliteReader, type SnapshotReader } from './database-snapshot.ts';
import type { FromSnapshotWorker, ToSnapshotWorker } from './snapshot-worker-protocol.ts';
import { spoolRows } from './table-spool.ts';

/**
 * The slow part of an online PGlite backup (decision 027), off the server's event loop: loads the
 * copy of the live data directory into an in-memory PGlite of its own and answers the archive
 * writer's reads from it: queries, COPY streams, and whole tables gzipped into spool files. Only
 * small answers (rows of the catalog, a spooled table's size and checksum) go back; the main
 * thread streams the finished spool files into the tar. One backup per worker, ended with it.
 */

if (!parentPort) throw new Error('snapshot-worker.ts runs in a worker thread');
const port = parentPort;
const post = (message: FromSnapshotWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

/** Nobody watches a backup: a request waiting for a core goes first. */
const BACKUP_NICE = 10;
lowerThisThreadPriority(BACKUP_NICE);

let reader: SnapshotReader | undefined;
const streams = new Map<number, AsyncIterator<Buffer>>();

function opened(): SnapshotReader {
  if (!reader) throw new Error('The backup copy is not loaded yet.');
  return reader;
}

async function answer(message: ToSnapshotWorker): Promise<void> {
  switch (message.type) {
    case 'open': {
      const instance = await PGlite.create({ loadDataDir: message.copy, extensions: PGLITE_EXTENSIONS });
      reader = pgliteReader(instance, { closeWith: () => instance.close() });
      return post({ type: 'opened', id: message.id });
    }
    case 'rows':
      return post({ type: 'rows', id: message.id, rows: await opened().rows(message.text, message.params) });
    case 'next': {
      let stream = streams.get(message.id);
      if (!stream && message.start) {
        stream = opened().copyOut(message.start.table, message.start.columns)[Symbol.asyncIterator]();
        streams.set(message.id, stream);
      }
      const next = await stream?.next();
      if (!next || next.done) {
        streams.delete(message.id);
        return post({ type: 'chunk', id: message.id, bytes: null });
      }
      // A chunk of its own (PGlite's blob read into a fresh buffer): moved, not copied.
      const bytes = new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      return post(
        { type: 'chunk', id: message.id, bytes },
        whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [],
      );
    }
    case 'spool': {
      const { table, file } = message;
      const spooled = await spoolRows(opened().copyOut(table.name, table.columns), file);
      return post({ type: 'spooled', id: message.id, table: spooled });
    }
  }
}

port.on('message', (message: ToSnapshotWorker) => {
  answer(message).catch((error: unknown) =>
    post({ type: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) }),
  );
});
