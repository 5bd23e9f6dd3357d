import type { BackupService } from './backups.service.ts';

/** A backup due now (or overdue) still waits this long after a start, so a start is not slowed by it. */
const FIRST_DELAY_MIN_MS = 1_000;

export interface BackupSchedule {
  /** When the next scheduled backup starts (ms since the epoch); undefined before the start or once stopped. */
  nextAt(): number | undefined;
  /** Resolves once `count` scheduled backups have finished (well or not) since the start. */
  ran(count: number): Promise<void>;
  start(): Promise<void>;
  stop(): void;
}

/**
 * `BACKUP_EVERY`: the next backup comes one period after the last one taken (by its time, so a
 * restart does not push it back, and an archive taken by hand counts), never sooner than a second
 * from now. The timer never keeps the process alive.
 */
export function createBackupSchedule(
  service: BackupService,
  everyMs: number,
  log: { error(object: object, message: string): void },
): BackupSchedule {
  let timer: NodeJS.Timeout | undefined;
  let next: number | undefined;
  let finished = 0;
  let stopped = false;
  const waiters: { count: number; resolve: () => void }[] = [];

  /** After a failed one, the next comes a period later: not at once, again and again. */
  async function plan(failed = false): Promise<void> {
    const [last] = (await service.list()).items;
    const due = last && !failed ? Date.parse(last.created_at) + everyMs : Date.now() + everyMs;
    if (stopped) return;
    next = Math.max(due, Date.now() + FIRST_DELAY_MIN_MS);
    timer = setTimeout(fire, next - Date.now());
    timer.unref();
  }

  function fire(): void {
    next = undefined;
    service
      .run()
      .then(
        () => false,
        (error: unknown) => {
          log.error({ err: error }, 'scheduled backup failed');
          return true;
        },
      )
      .then((failed) => {
        finished++;
        for (const waiter of waiters.filter((w) => w.count <= finished)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
        return plan(failed);
      })
      .catch((error: unknown) => log.error({ err: error }, 'the next scheduled backup could not be planned'));
  }

  return {
    nextAt: () => next,
    ran(count) {
      if (finished >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    start: () => plan(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      next = undefined;
    },
  };
}
