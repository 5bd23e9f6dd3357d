import type { NotIncludedReason, SdsMergeProgress, SdsMergeReport, SdsMergeTitle } from './merge.ts';

/** What the main thread and the merge worker say to each other. */

export interface WorkerInput {
  title: SdsMergeTitle;
  names: string[];
  /** Whether the caller listens to progress (a message per item otherwise unread). */
  progress: boolean;
  /** An open file descriptor of the main thread's, written from the start; the main thread closes it. */
  fd: number;
}

export type ToWorker =
  | { type: 'file'; index: number; bytes: Uint8Array }
  | {
      type: 'no-file';
      index: number;
      reason: Extract<NotIncludedReason, 'no SDS on file' | 'file missing' | 'unreadable'>;
    };

export type FromWorker =
  | { type: 'read'; index: number }
  | ({ type: 'progress' } & SdsMergeProgress)
  | ({ type: 'done' } & SdsMergeReport)
  | { type: 'failed'; message: string };
