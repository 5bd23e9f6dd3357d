import type { compliance, ReportFormat } from '@chemtrack/domain';
import type { ReportFileSummary, ReportInputs } from '../documents/draw.ts';
import type { PreviewPart, PreviewPartAnswer } from '../documents/preview-parts.ts';

/** What the main thread (index.ts, the pool) and a report worker (worker.ts) say to each other. */

export type ReferenceEntries = compliance.ReferenceLists['entries'];

/**
 * A job's inputs as they cross to a worker: without the reference entries (thousands of them with
 * EPA's full lists), which the worker keeps from the job that last brought them.
 */
export type WorkerInputs = Omit<ReportInputs, 'lists'> & {
  lists: Omit<ReportInputs['lists'], 'entries'>;
};

/**
 * The lines of a job as they cross: `rows` only when the worker does not keep `key`'s lines yet.
 * `drop`: the keys the worker forgets first (the pool decides what each worker keeps, so both
 * sides agree without asking); `clear`: forget every kept line set first (the pool lost track).
 * The worker keeps `rows` under `key` when `keep` says so.
 */
export interface WorkerLines {
  key: string;
  rows?: readonly compliance.SnapshotLine[];
  drop: string[];
  clear: boolean;
  /** False for a set too large to keep: drawn from `rows` and forgotten. */
  keep: boolean;
}

/**
 * `entries` comes only when the worker does not hold the job's entries already; `lines` only with
 * a job whose lines are kept between reports (otherwise `inputs.snapshot.lines` has them).
 */
export type ToReportWorker = {
  id: number;
  inputs: WorkerInputs;
  entries?: ReferenceEntries;
  lines?: WorkerLines;
} & ({ kind: 'preview'; part: PreviewPart } | { kind: 'file'; format: ReportFormat });

export type FromReportWorker =
  | { id: number; ok: true; kind: 'preview'; answer: PreviewPartAnswer }
  | { id: number; ok: true; kind: 'file'; bytes: Uint8Array; summary: ReportFileSummary }
  | { id: number; ok: false; message: string };
