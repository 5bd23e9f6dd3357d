import type { TableInfo } from './database-snapshot.ts';
import type { SpooledTable } from './table-spool.ts';

/**
 * What the main thread and the online PGlite backup's worker (snapshot-worker.ts) say to each
 * other. Every request carries an id its answer repeats.
 */
export type ToSnapshotWorker =
  /** The live database's data directory as `dumpDataDir` gave it (a Blob is shared, not copied). */
  | { type: 'open'; id: number; copy: Blob }
  | { type: 'rows'; id: number; text: string; params: unknown[] }
  /** The next chunk of the COPY stream `id`, opened by its first request (`start`). */
  | { type: 'next'; id: number; start?: { table: string; columns: string[] } }
  | { type: 'spool'; id: number; table: TableInfo; file: string };

export type FromSnapshotWorker =
  | { type: 'opened'; id: number }
  | { type: 'rows'; id: number; rows: unknown[] }
  /** `null`: the stream is over. */
  | { type: 'chunk'; id: number; bytes: Uint8Array | null }
  | { type: 'spooled'; id: number; table: SpooledTable }
  | { type: 'failed'; id: number; message: string };
