import type { Worker } from 'node:worker_threads';
import type { compliance, ReportFormat } from '@chemtrack/domain';
import { Lru } from '../../../lib/lru.ts';
import { startWorker } from '../../../lib/start-worker.ts';
import type { ReportFileSummary, ReportInputs } from '../documents/draw.ts';
import type { PreviewPart, PreviewPartAnswer } from '../documents/preview-parts.ts';
import type { FromReportWorker, ReferenceEntries, ToReportWorker, WorkerLines } from './protocol.ts';

/**
 * Report drawing off the event loop (issue 24, decision 016): the engine, the layout and the file
 * writers run in a small pool of worker threads, so a list request stays fast while a 2,000-line
 * report is drawn. The database is read on the calling thread (the worker gets plain data); a
 * job waits in a short queue when every worker is busy, and one past the queue is refused (back
 * pressure, 503) instead of piling up memory.
 */

/**
 * A facility-year's lines as a job names them (decision 022): `key` names the database, the
 * inventory and the versions of what the lines read, so the same key means the same lines;
 * `load` reads them, called only when the worker drawing the job does not keep them.
 */
export interface ReportLines {
  key: string;
  load: () => Promise<readonly compliance.SnapshotLine[]>;
}

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
  /**
   * Workers kept started (at most `size`): `warm()` starts them, and one left idle past `idleMs`
   * after drawing is replaced by a fresh one rather than stopped, so a report never waits for a
   * worker to load while its memory still goes back to the system.
   */
  keep?: number;
  /** Facility-years' line sets each worker keeps, and their lines added up (decision 022). */
  lineSets?: number;
  lineSetLines?: number;
}

/** How one job may wait and be stopped (issue 36: the reports of every facility, one job at a time). */
export interface ReportJobOptions {
  /**
   * Aborting drops the job: from the queue if it waits, and if a worker is drawing it, the worker
   * is stopped and replaced, so it is free at once rather than after a drawing of seconds.
   */
  signal?: AbortSignal;
  /**
   * Queued even when the queue is full. For a run that has started (the next facility of a ZIP):
   * it holds one job at a time, so it cannot pile up what the limit guards against, and failing
   * it halfway would throw away the files already drawn.
   */
  mayWait?: boolean;
}

type Job = { inputs: ReportInputs; lines?: ReportLines } & (
  | { kind: 'preview'; part: PreviewPart }
  | { kind: 'file'; format: ReportFormat }
);

interface Pending {
  job: Job;
  resolve: (answer: FromReportWorker & { ok: true }) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** `posted`: the worker has the job (its lines are no longer being read). */
  current: (Pending & { id: number; posted: boolean }) | undefined;
  idleTimer: NodeJS.Timeout | undefined;
  /**
   * The reference entries this worker holds: the array `referenceEntriesInUse` returned, which is
   * the same frozen array for as long as the lists' version has not moved (and another one for
   * another database), so the same array means the same entries.
   */
  entries: ReferenceEntries | undefined;
  /** The line sets this worker keeps, by key, weighed by their number of lines: the worker's own mirror. */
  lines: Lru<string, true>;
  /** The worker may keep line sets this side no longer knows of (a post failed): it forgets them all. */
  clearLines: boolean;
  /** It has drawn since it started: left idle, a kept worker is replaced by a fresh one. */
  used: boolean;
}

export class ReportWorkers {
  private readonly size: number;
  private readonly queueLimit: number;
  private readonly maxHeapMb: number;
  private readonly idleMs: number;
  private readonly keep: number;
  private readonly lineLimits: { entries: number; weight: number };
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private entriesPosted = 0;
  private linesPosted = 0;

  constructor(options: ReportWorkerOptions = {}) {
    this.size = options.size ?? 2;
    this.queueLimit = options.queue ?? 8;
    this.maxHeapMb = options.maxHeapMb ?? 1024;
    this.idleMs = options.idleMs ?? 60_000;
    this.keep = Math.min(options.keep ?? 0, this.size);
    this.lineLimits = { entries: options.lineSets ?? 4, weight: options.lineSetLines ?? 20_000 };
  }

  /** Workers running now (started on demand, stopped when idle). */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Jobs that carried the reference entries to a worker (the others found them there). */
  get entriesSent(): number {
    return this.entriesPosted;
  }

  /** Jobs that carried their facility-year's lines to a worker (the others found them kept there). */
  get linesSent(): number {
    return this.linesPosted;
  }

  /**
   * A part of the preview (its first answer, a page of a table, a row's explanation) as JSON
   * text written in the worker from the document it keeps: the document (up to 10,000 rows,
   * several MB) is neither cloned back to this thread nor walked by a schema on the event loop
   * (issues 24 and 37).
   */
  async preview(inputs: ReportInputs, part: PreviewPart, lines?: ReportLines): Promise<PreviewPartAnswer> {
    const answer = await this.run({ kind: 'preview', inputs, part, ...(lines ? { lines } : {}) });
    if (answer.kind !== 'preview') throw new ReportWorkerError('the report worker answered a file');
    return answer.answer;
  }

  /** The report's file, drawn in a worker, with its summary. */
  async file(
    inputs: ReportInputs,
    format: ReportFormat,
    lines?: ReportLines,
    options: ReportJobOptions = {},
  ): Promise<{ bytes: Uint8Array; summary: ReportFileSummary }> {
    const answer = await this.run({ kind: 'file', inputs, format, ...(lines ? { lines } : {}) }, options);
    if (answer.kind !== 'file') throw new ReportWorkerError('the report worker answered a preview');
    return { bytes: answer.bytes, summary: answer.summary };
  }

  /**
   * Starts a worker when none is running (or the `keep` workers), so the report that follows does
   * not wait for one to load the engine, pdfkit and exceljs (most of a second bundled, more from
   * source; docs/decisions/020): called when the app starts listening and when the Reports screen opens
   * (`GET /report/list`). Unused, a worker beyond `keep` is stopped after `idleMs` like any other.
   */
  warm(): void {
    const wanted = Math.max(1, this.keep);
    while (this.slots.length < wanted) this.next(this.startSlot(true));
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

  private run(job: Job, options: ReportJobOptions = {}): Promise<FromReportWorker & { ok: true }> {
    return new Promise((resolve, reject) => {
      const { signal } = options;
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => this.cancel(pending, signal?.reason);
      const settled = () => signal?.removeEventListener('abort', onAbort);
      const pending: Pending = {
        job,
        resolve: (answer) => {
          settled();
          resolve(answer);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const key = job.lines?.key;
      // A worker keeping the job's lines first: it draws without them being read or sent.
      const idle =
        (key === undefined
          ? undefined
          : this.slots.find((slot) => slot.current === undefined && slot.lines.has(key))) ??
        this.slots.find((slot) => slot.current === undefined);
      if (idle) return this.dispatch(idle, pending);
      if (this.slots.length < this.size) return this.dispatch(this.startSlot(), pending);
      if (this.waiting.length >= this.queueLimit && !options.mayWait) {
        return pending.reject(
          new ReportWorkersBusyError('every report worker is busy and the queue is full'),
        );
      }
      this.waiting.push(pending);
    });
  }

  /** An aborted job: dropped from the queue, or its worker freed (see `ReportJobOptions.signal`). */
  private cancel(pending: Pending, reason: unknown) {
    const error = reason instanceof Error ? reason : new Error(String(reason));
    const queued = this.waiting.indexOf(pending);
    if (queued !== -1) {
      this.waiting.splice(queued, 1);
      return pending.reject(error);
    }
    const slot = this.slots.find((candidate) => candidate.current?.job === pending.job);
    const current = slot?.current;
    // Answered already (the answer and the abort crossed).
    if (!slot || !current) return;
    // Its lines are still being read: the worker has nothing of it yet and takes the next job.
    if (!current.posted) return this.failJob(slot, current.id, pending, error);
    // Being drawn: the worker is stopped, the job answered, and another worker takes its place.
    slot.current = undefined;
    pending.reject(error);
    this.replace(slot);
  }

  /** `warmUp`: started ahead of a report, it draws a made-up one first (worker.ts). */
  private startSlot(warmUp = false): Slot {
    const worker = startWorker('report-worker', new URL('./worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
      workerData: { warmUp },
    });
    const slot: Slot = {
      worker,
      current: undefined,
      idleTimer: undefined,
      entries: undefined,
      lines: new Lru(this.lineLimits),
      clearLines: false,
      used: false,
    };
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
      if (!this.slots.includes(slot)) return;
      const current = slot.current;
      slot.current = undefined;
      current?.reject(new ReportWorkerError(error.message));
      this.replace(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the report worker stopped (exit code ${code})`)));
    return slot;
  }

  /**
   * Stops a worker whose job is answered (it failed, or the job was aborted) and starts another in
   * its place for the next waiting job, or to keep `keep` started. Its exit is then no failure (it
   * has left the pool).
   */
  private replace(slot: Slot) {
    const index = this.slots.indexOf(slot);
    if (index === -1) return;
    this.slots.splice(index, 1);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
    const waiting = this.waiting.shift();
    if (waiting) this.dispatch(this.startSlot(), waiting);
    else if (this.slots.length < this.keep) this.next(this.startSlot());
  }

  private dispatch(slot: Slot, pending: Pending) {
    const id = this.nextId++;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.current = { ...pending, id, posted: false };
    slot.used = true;
    // Referenced while it works, so a process waits for a report it started.
    slot.worker.ref();
    const { job } = pending;
    const held = job.lines && slot.lines.has(job.lines.key);
    if (!job.lines || held) return this.post(slot, id, pending, undefined);
    // The slot is this job's while its lines are read: another job goes to another worker or waits.
    job.lines.load().then(
      (rows) => this.post(slot, id, pending, rows),
      // A read that failed (the database) is the caller's error as it is, not a drawing failure.
      (error: unknown) =>
        this.failJob(slot, id, pending, error instanceof Error ? error : new Error(String(error))),
    );
  }

  private post(
    slot: Slot,
    id: number,
    pending: Pending,
    rows: readonly compliance.SnapshotLine[] | undefined,
  ) {
    // The worker failed, or the pool closed, while the lines were read: the job was answered then.
    if (slot.current?.id !== id || !this.slots.includes(slot)) return;
    try {
      const { lines: jobLines, ...job } = pending.job;
      const { lists, ...inputs } = job.inputs;
      const { entries, ...rest } = lists;
      const held = slot.entries === entries;
      let lines: WorkerLines | undefined;
      let kept: Lru<string, true> | undefined;
      if (jobLines) {
        // What the worker keeps after this job, decided here: the same bounds on both sides.
        kept = slot.lines.clone();
        const drop = rows ? kept.set(jobLines.key, true, rows.length) : [];
        kept.get(jobLines.key);
        lines = {
          key: jobLines.key,
          drop,
          clear: slot.clearLines,
          keep: kept.has(jobLines.key),
          ...(rows ? { rows } : {}),
        };
      }
      const message: ToReportWorker = {
        ...job,
        id,
        inputs: { ...inputs, lists: rest },
        ...(held ? {} : { entries }),
        ...(lines ? { lines } : {}),
      };
      // Forgotten first: a message that fails to post leaves the worker's entries unknown here.
      slot.entries = undefined;
      if (lines) {
        slot.lines = new Lru(this.lineLimits);
        slot.clearLines = true;
      }
      slot.worker.postMessage(message);
      if (slot.current) slot.current.posted = true;
      slot.entries = entries;
      if (!held) this.entriesPosted++;
      if (kept && lines) {
        slot.lines = kept;
        slot.clearLines = false;
        if (lines.rows) this.linesPosted++;
      }
    } catch (error) {
      this.failJob(
        slot,
        id,
        pending,
        new ReportWorkerError(error instanceof Error ? error.message : String(error)),
      );
    }
  }

  private failJob(slot: Slot, id: number, pending: Pending, error: Error) {
    if (slot.current?.id !== id) return;
    slot.current = undefined;
    pending.reject(error);
    if (this.slots.includes(slot)) this.next(slot);
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
    // A kept worker that never drew holds nothing worth returning: it stays.
    if (!slot.used && this.slots.length <= this.keep) return;
    this.slots.splice(index, 1);
    void slot.worker.terminate();
    if (this.slots.length < this.keep) this.next(this.startSlot());
  }
}
