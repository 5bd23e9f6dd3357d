import type { Worker } from 'node:worker_threads';
import type { compliance, ReportFormat } from '@chemtrack/domain';
import { startWorker } from '../../lib/start-worker.ts';
import type { ReportFileSummary, ReportInputs } from './documents/draw.ts';

/**
 * Report drawing off the event loop (issue 24, decision 016): the engine, the layout and the file
 * writers run in a small pool of worker threads, so a list request stays fast while a 2,000-line
 * report is drawn. The database is read on the calling thread (the worker gets plain data); a
 * job waits in a short queue when every worker is busy, and one past the queue is refused (back
 * pressure, 503) instead of piling up memory.
 */

type ReferenceEntries = compliance.ReferenceLists['entries'];

/**
 * A job's inputs as they cross to a worker: without the reference entries (thousands of them with
 * EPA's full lists), which the worker keeps from the job that last brought them.
 */
export type WorkerInputs = Omit<ReportInputs, 'lists'> & {
  lists: Omit<ReportInputs['lists'], 'entries'>;
};

/** `entries` comes only when the worker does not hold the job's entries already. */
export type ToReportWorker =
  | { id: number; kind: 'preview'; inputs: WorkerInputs; entries?: ReferenceEntries }
  | { id: number; kind: 'file'; inputs: WorkerInputs; format: ReportFormat; entries?: ReferenceEntries };

export type FromReportWorker =
  | { id: number; ok: true; kind: 'preview'; body: string }
  | { id: number; ok: true; kind: 'file'; bytes: Uint8Array; summary: ReportFileSummary }
  | { id: number; ok: false; message: string };

/** The job could not be drawn: the worker threw, ran out of memory or stopped. */
export class ReportWorkerError extends Error {}

/** Every worker is busy and the queue is full: the caller answers 503 with Retry-After. */
export class ReportWorkersBusyError extends Error {}

export interface ReportWorkerOptions {
  /** Workers drawing at once (each one job at a time). */
  size?: number;
  /** Jobs waiting for a worker beyond those being drawn; one more is refused. */
  queue?: number;
  /** Each worker's heap ceiling: a report that outgrows it fails alone, not the server. */
  maxHeapMb?: number;
  /**
   * A worker idle this long is stopped, and its heap (hundreds of MB after a 2,000-line report)
   * goes back to the system; the next report starts a new one (well under a second).
   */
  idleMs?: number;
}

type Job =
  | { kind: 'preview'; inputs: ReportInputs }
  | { kind: 'file'; inputs: ReportInputs; format: ReportFormat };

interface Pending {
  job: Job;
  resolve: (answer: FromReportWorker & { ok: true }) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  current: (Pending & { id: number }) | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /**
   * The reference entries this worker holds: the array `referenceEntriesInUse` returned, which is
   * the same frozen array for as long as the lists' version has not moved (and another one for
   * another database), so the same array means the same entries.
   */
  entries: ReferenceEntries | undefined;
}

export class ReportWorkers {
  private readonly size: number;
  private readonly queueLimit: number;
  private readonly maxHeapMb: number;
  private readonly idleMs: number;
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private entriesPosted = 0;

  constructor(options: ReportWorkerOptions = {}) {
    this.size = options.size ?? 2;
    this.queueLimit = options.queue ?? 8;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
    this.idleMs = options.idleMs ?? 60_000;
  }

  /** Workers running now (started on demand, stopped when idle). */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Jobs that carried the reference entries to a worker (the others found them there). */
  get entriesSent(): number {
    return this.entriesPosted;
  }

  /**
   * The preview's answer, `{ "resource": <the report's document> }`, as JSON text written in the
   * worker: a document of up to 10,000 rows (several MB) is then neither cloned back to this
   * thread nor walked by the response schema on the event loop (issue 24).
   */
  async preview(inputs: ReportInputs): Promise<string> {
    const answer = await this.run({ kind: 'preview', inputs });
    if (answer.kind !== 'preview') throw new ReportWorkerError('the report worker answered a file');
    return answer.body;
  }

  /** The report's file, drawn in a worker, with its summary. */
  async file(
    inputs: ReportInputs,
    format: ReportFormat,
  ): Promise<{ bytes: Uint8Array; summary: ReportFileSummary }> {
    const answer = await this.run({ kind: 'file', inputs, format });
    if (answer.kind !== 'file') throw new ReportWorkerError('the report worker answered a preview');
    return { bytes: answer.bytes, summary: answer.summary };
  }

  /**
   * Starts a worker when none is running, so the report that follows does not wait for one to
   * load the engine, pdfkit and exceljs (0.5-1 s bundled, seconds from source): called when the
   * Reports screen opens (`GET /report/list`). Unused, it is stopped after `idleMs` like any other.
   */
  warm(): void {
    if (this.slots.length > 0) return;
    this.next(this.startSlot());
  }

  /** Stops every worker; jobs in progress or waiting reject. The next job starts a new worker. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    for (const pending of this.waiting.splice(0))
      pending.reject(new ReportWorkerError('report workers closed'));
    await Promise.all(
      slots.map((slot) => {
        clearTimeout(slot.idleTimer);
        slot.current?.reject(new ReportWorkerError('report workers closed'));
        slot.current = undefined;
        return slot.worker.terminate();
      }),
    );
  }

  private run(job: Job): Promise<FromReportWorker & { ok: true }> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { job, resolve, reject };
      const idle = this.slots.find((slot) => slot.current === undefined);
      if (idle) return this.dispatch(idle, pending);
      if (this.slots.length < this.size) return this.dispatch(this.startSlot(), pending);
      if (this.waiting.length >= this.queueLimit) {
        return reject(new ReportWorkersBusyError('every report worker is busy and the queue is full'));
      }
      this.waiting.push(pending);
    });
  }

  private startSlot(): Slot {
    const worker = startWorker('report-worker', new URL('./report-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    const slot: Slot = { worker, current: undefined, idleTimer: undefined, entries: undefined };
    this.slots.push(slot);
    worker.unref();
    worker.on('message', (answer: FromReportWorker) => {
      const current = slot.current;
      if (!current || current.id !== answer.id) return;
      slot.current = undefined;
      if (answer.ok) current.resolve(answer);
      else current.reject(new ReportWorkerError(answer.message));
      this.next(slot);
    });
    const fail = (error: Error) => {
      // A worker that failed outside a job's answer (out of memory, a crash) is replaced.
      const index = this.slots.indexOf(slot);
      if (index === -1) return;
      this.slots.splice(index, 1);
      clearTimeout(slot.idleTimer);
      const current = slot.current;
      slot.current = undefined;
      current?.reject(new ReportWorkerError(error.message));
      void worker.terminate();
      const waiting = this.waiting.shift();
      if (waiting) this.dispatch(this.startSlot(), waiting);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the report worker stopped (exit code ${code})`)));
    return slot;
  }

  private dispatch(slot: Slot, pending: Pending) {
    const id = this.nextId++;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.current = { ...pending, id };
    // Referenced while it works, so a process waits for a report it started.
    slot.worker.ref();
    try {
      const { lists, ...inputs } = pending.job.inputs;
      const { entries, ...rest } = lists;
      const held = slot.entries === entries;
      const message: ToReportWorker = {
        ...pending.job,
        id,
        inputs: { ...inputs, lists: rest },
        ...(held ? {} : { entries }),
      };
      // Forgotten first: a message that fails to post leaves the worker's entries unknown here.
      slot.entries = undefined;
      slot.worker.postMessage(message);
      slot.entries = entries;
      if (!held) this.entriesPosted++;
    } catch (error) {
      slot.current = undefined;
      pending.reject(new ReportWorkerError(error instanceof Error ? error.message : String(error)));
      this.next(slot);
    }
  }

  private next(slot: Slot) {
    const waiting = this.waiting.shift();
    if (waiting) return this.dispatch(slot, waiting);
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs);
    slot.idleTimer.unref();
  }

  /** Stops an idle worker; its exit is then no failure (it has left the pool). */
  private retire(slot: Slot) {
    const index = this.slots.indexOf(slot);
    if (index === -1 || slot.current) return;
    this.slots.splice(index, 1);
    void slot.worker.terminate();
  }
}
