import { monitorEventLoopDelay } from 'node:perf_hooks';

/** How often the delay is read, and the monitor's own resolution (its ticks' period). */
const SAMPLE_MS = 1000;
const RESOLUTION_MS = 10;

export interface EventLoopDelay {
  /** The mean delay over the last window, in ms (0 before the first). */
  current(): number;
  /** Called after each window's figure is taken (tests wait on it instead of sleeping). */
  onSample(listener: (delayMs: number) => void): void;
  stop(): void;
}

/**
 * The event loop's mean delay over the last second (decision 011), from Node's own monitor.
 *
 * A window in which the monitor did not tick once is one turn that covered it: its delay is how
 * late this sampler's own timer came, not an infinite one. `@fastify/under-pressure` read such a
 * window as `Infinity` (the mean of no values is NaN) and refused every request for the next
 * second; a single long turn that began right after a sample, with any timer of the server due
 * before the monitor's next tick, was enough (the fault scenario "one long turn" failed that way
 * in CI, and `event-loop-delay.test.ts` makes that sequence happen on purpose).
 */
export function watchEventLoopDelay(): EventLoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const listeners: ((delayMs: number) => void)[] = [];
  let delayMs = 0;
  let expectedAt = performance.now() + SAMPLE_MS;
  const timer = setInterval(() => {
    const now = performance.now();
    delayMs =
      histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : Math.max(0, now - expectedAt);
    histogram.reset();
    expectedAt = now + SAMPLE_MS;
    for (const listener of listeners) listener(delayMs);
  }, SAMPLE_MS);
  timer.unref();
  return {
    current: () => delayMs,
    onSample: (listener) => {
      listeners.push(listener);
    },
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
