import { describe, expect, it } from 'vitest';
import { type EventLoopDelay, watchEventLoopDelay } from './event-loop-delay.ts';

/** Runs `act` when the first sample is taken, and answers the delay the next sample reads. */
function sampleAfter(delay: EventLoopDelay, act: () => void): Promise<number> {
  return new Promise<number>((resolve) => {
    let samples = 0;
    delay.onSample((ms) => {
      samples += 1;
      if (samples === 1) act();
      else if (samples === 2) resolve(ms);
    });
  });
}

/** Keeps the event loop busy for `ms`, as one synchronous turn. */
function oneTurn(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy on purpose
  }
}

describe('the event-loop delay', () => {
  it('reads a window the monitor never ticked in as the turn that covered it, not as an infinite delay', async () => {
    const delay = watchEventLoopDelay();
    try {
      // The sequence that made @fastify/under-pressure refuse a whole second of requests: a 1.2 s
      // turn begun right after a sample, with another timer due before the monitor's next tick,
      // so the window holds no measurement at all (its mean is NaN).
      const afterTurn = await sampleAfter(delay, () => {
        setTimeout(() => {}, 1);
        oneTurn(1200);
      });
      // The sampler came about 200 ms late (a 1.2 s turn in a 1 s window): far under the 2 s limit.
      expect(Number.isFinite(afterTurn)).toBe(true);
      expect(afterTurn).toBeLessThan(1300);
      expect(delay.current()).toBe(afterTurn);
    } finally {
      delay.stop();
    }
  });

  it('reads a loop kept busy in slices as a delay near the slices', async () => {
    const delay = watchEventLoopDelay();
    try {
      const busy = await sampleAfter(delay, () => {
        // 300 ms turns with 1 ms gaps for 1.5 s: saturation, as the fault scenario's preload.
        const end = Date.now() + 1500;
        const slice = () => {
          oneTurn(Math.min(300, end - Date.now()));
          if (Date.now() < end) setTimeout(slice, 1);
        };
        slice();
      });
      expect(busy).toBeGreaterThan(150);
    } finally {
      delay.stop();
    }
  });
});
