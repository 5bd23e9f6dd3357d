import type { NotIncludedReason, SdsMergeProgress, SdsMergeReport, SdsMergeTitle } from './merge.ts';

/** What the main thread and the merge worker say to each other. */

/** One merge, sent as the worker's first message (a worker may be started before its merge is asked for). */
export interface MergeJob {
  title: SdsMergeTitle;
  names: string[];
  /** Per item, a local file the worker reads itself; `null` where the main thread answers the read. */
  files: (string | null)[];
  /** Whether the caller listens to progress (a message per item otherwise unread). */
  progress: boolean;
  /** Whether the caller reads the file while it is written (a message per chunk written, otherwise unread). */
  written: boolean;
  /** An open file descriptor of the main thread's, written from its current position; the main thread closes it. */
  fd: number;
}

export type ToWorker =
  | { type: 'start'; job: MergeJob }
  | { type: 'file'; index: number; bytes: Uint8Array }
  | {
      type: 'no-file';
      index: number;
      reason: Extract<NotIncludedReason, 'no SDS on file' | 'file missing' | 'unreadable'>;
    };

export type FromWorker =
  | { type: 'read'; index: number }
  | ({ type: 'progress' } & SdsMergeProgress)
  /** The file now holds `bytes` bytes from where the worker began, every one of them written. */
  | { type: 'written'; bytes: number }
  | ({ type: 'done' } & SdsMergeReport)
  | { type: 'failed'; message: string };
