import type { SdsReadResult } from '@chemtrack/domain';

/** What the main thread and the SDS reading worker say to each other: one read per message. */

export type ToWorker = { type: 'read'; id: number; bytes: Uint8Array };

export type FromWorker =
  | { type: 'done'; id: number; result: SdsReadResult }
  | { type: 'failed'; id: number; message: string };
