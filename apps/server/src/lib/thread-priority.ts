import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's priority to `nice` (never raises it): a worker doing work nobody
 * watches (a merge, a backup) gives way to the server's own thread, whose requests should not
 * wait for a core behind it. On Linux a thread is a task of its own and setpriority on its id
 * (from /proc/thread-self) lowers that thread alone; elsewhere the thread keeps the server's
 * priority. A niced thread still gets a core that is otherwise idle.
 */
export function lowerThisThreadPriority(nice: number): void {
  try {
    const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0 && os.getPriority(threadId) < nice) {
      os.setPriority(threadId, nice);
    }
  } catch {
    // No /proc (macOS, Windows) or not allowed: the thread runs at the server's priority.
  }
}
